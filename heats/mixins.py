"""View mixins: load the event from the URL, and refuse who may not act.

Anonymous users may read public pages only; changing an event needs its staff
(assistant GMs check in and enter results) or its GMs (seat, override, publish).
"""

from __future__ import annotations

from django.contrib.auth.mixins import AccessMixin
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from heats.models import Event


class EventMixin:
    """Loads ``self.event`` from the ``<slug:event>`` URL argument and puts it in
    the template context as ``event`` (with ``is_gm`` and ``is_staff_member``)."""

    event: Event

    def dispatch(self, request, *args, **kwargs):
        if getattr(self, "event", None) is None:  # a view's setup() may load it
            self.event = get_object_or_404(Event, slug=kwargs["event"])
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        user = self.request.user
        context.update(
            event=self.event,
            is_gm=self.event.is_gm(user),
            is_staff_member=self.event.is_staff_member(user),
        )
        return context


class EventStaffRequiredMixin(EventMixin, AccessMixin):
    """Only the event's GMs and assistant GMs; anonymous users go to the login page,
    other users get 403."""

    gm_only = False

    def dispatch(self, request, *args, **kwargs):
        self.event = get_object_or_404(Event, slug=kwargs["event"])
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        allowed = self.event.is_gm if self.gm_only else self.event.is_staff_member
        if not allowed(request.user):
            raise PermissionDenied("Only this event's GMs may do this.")
        return super(EventMixin, self).dispatch(request, *args, **kwargs)


class EventGMRequiredMixin(EventStaffRequiredMixin):
    """Only the event's GMs (seat, override, publish)."""

    gm_only = True


def require_event_role(request, event: Event, *, gm_only: bool = False) -> None:
    """For function views: PermissionDenied unless the user is event staff (or GM)."""
    allowed = event.is_gm if gm_only else event.is_staff_member
    if not allowed(request.user):
        raise PermissionDenied("Only this event's GMs may do this.")
