"""View mixins: load the event from the URL, and refuse who may not act.

Anonymous users may read public pages only; every GM page names the
``heats.permissions`` action it needs, and the same decision is taken again by the
service that makes the change.
"""

from __future__ import annotations

from django.contrib.auth.mixins import AccessMixin
from django.shortcuts import get_object_or_404

from heats import permissions
from heats.models import Event


class EventMixin:
    """Loads ``self.event`` from the ``<slug:event>`` URL argument and puts it in
    the template context as ``event`` (with ``is_gm`` and ``is_staff_member``)."""

    event: Event
    # Forms post; PUT, PATCH and DELETE (which FormView would treat as a POST) are
    # served nowhere.
    http_method_names = ["get", "post", "head", "options"]

    def dispatch(self, request, *args, **kwargs):
        if getattr(self, "event", None) is None:  # a view's setup() may load it
            self.event = get_object_or_404(Event, slug=kwargs["event"])
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        role = permissions.role_of(self.event, self.request.user)
        context.update(
            event=self.event,
            is_gm=role == permissions.Role.GM,
            is_staff_member=role >= permissions.Role.ASSISTANT,
        )
        return context


class EventStaffRequiredMixin(EventMixin, AccessMixin):
    """A GM page: anonymous users go to the login page; a user who may not take
    ``permission`` (any request) or ``post_permission`` (POST, PUT, …) gets a 403
    saying why."""

    permission: permissions.Action = permissions.SEE_GM_PAGES
    post_permission: permissions.Action | None = None

    def dispatch(self, request, *args, **kwargs):
        self.event = get_object_or_404(Event, slug=kwargs["event"])
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        permissions.require(self.event, request.user, self.permission)
        unsafe = request.method not in ("GET", "HEAD", "OPTIONS")
        if unsafe and self.post_permission is not None:
            permissions.require(self.event, request.user, self.post_permission)
        return super(EventMixin, self).dispatch(request, *args, **kwargs)
