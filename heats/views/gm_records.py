"""GM pages of an event's records: the audit log (every change with who and when),
the keep-apart pairs, and the event's staff (GMs and assistant GMs).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.db.models import Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import TemplateView
from django_tables2 import SingleTableView
from django_tables2.export import ExportMixin

from heats import (
    forms,
    permissions,
    staff_forms,
)
from heats.core.errors import UserError
from heats.exports import SafeTableExport
from heats.models import AuditEntry, Event, KeepApart
from heats.queries.staff import GM, staff_of
from heats.queries.versions import form_version
from heats.services.keep_apart import KEEP_APART, add_keep_apart, remove_keep_apart
from heats.services.staff import ROLES, STAFF, add_staff, create_login, remove_staff
from heats.tables import AuditTable, KeepApartTable
from heats.views.common import (
    EventStaffRequiredMixin,
    event_action,
    form_problems,
    posted_version,
)


class AuditView(EventStaffRequiredMixin, ExportMixin, SingleTableView):
    """Every change to the event with who and when, newest first, ``paginate_by``
    a page, found by the search box; CSV/XLSX (of the search)."""

    template_name = "heats/gm/audit.html"
    table_class = AuditTable
    paginate_by = 100
    export_class = SafeTableExport
    export_formats = ("csv", "xlsx")

    def get_queryset(self) -> QuerySet[AuditEntry]:
        entries = AuditEntry.objects.filter(event=self.event).select_related("user")
        query = self.search()
        if query:
            entries = entries.filter(Q(detail__icontains=query) | Q(action=query))
        return entries

    def search(self) -> str:
        """The search box's text (``q``): entries whose detail holds it, or of
        that action ("seating", "check-in")."""
        return self.request.GET.get("q", "").strip()[:120]

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(search=self.search(), **kwargs)

    def get_export_filename(self, export_format: str) -> str:
        return f"{self.event.slug}-audit.{export_format}"


class KeepApartView(EventStaffRequiredMixin, SingleTableView):
    """Keep-apart pairs of the event (GMs add and remove them)."""

    template_name = "heats/gm/keep_apart.html"
    table_class = KeepApartTable
    permission = permissions.KEEP_APART

    def get_queryset(self) -> QuerySet[KeepApart]:
        return KeepApart.objects.filter(event=self.event).select_related(
            "event", "player_a", "player_b"
        )

    def get_table_kwargs(self) -> dict[str, str]:
        return {"version": self.version}

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        self.version = form_version(self.event, KEEP_APART)
        response: HttpResponse = super().get(request, *args, **kwargs)
        return response

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        action = reverse("heats:keep-apart-add", kwargs={"event": self.event.slug})
        form = forms.KeepApartForm(
            event=self.event, action=action, initial={"version": self.version}
        )
        return super().get_context_data(form=form, **kwargs)


@event_action(permissions.KEEP_APART, back="heats:keep-apart")
def keep_apart_add(request: HttpRequest, event: Event) -> HttpResponse:
    """POST: add a pair the seating keeps apart (GMs only)."""
    form = forms.KeepApartForm(request.POST, event=event)
    if not form.is_valid():
        raise UserError(_("Choose two different players."))
    data = form.cleaned_data
    pair = add_keep_apart(
        event,
        data["player_a"],
        data["player_b"],
        data["note"],
        request.user,
        version=data["version"],
    )
    messages.success(request, _("Keep apart: %(pair)s.") % {"pair": pair})
    return redirect("heats:keep-apart", event=event.slug)


@event_action(permissions.KEEP_APART, back="heats:keep-apart")
def keep_apart_delete(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    """POST: remove a keep-apart pair (GMs only); a pair removed meanwhile (a
    second press) is a message, not a 404."""
    pair = KeepApart.objects.filter(event=event, pk=pk).first()
    if pair is None:
        raise UserError(_("That keep-apart pair was already removed."))
    remove_keep_apart(pair, request.user, posted_version(request))
    messages.success(request, _("No longer kept apart: %(pair)s.") % {"pair": pair})
    return redirect("heats:keep-apart", event=event.slug)


def staff_url(event: Event, name: str = "event-staff") -> str:
    return reverse(f"heats:{name}", kwargs={"event": event.slug})


class StaffView(EventStaffRequiredMixin, TemplateView):
    """The event's GMs and assistant GMs with "Remove" buttons, and the forms to
    add a login or create one."""

    template_name = "heats/gm/staff.html"
    permission = permissions.MANAGE_STAFF

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        back = staff_url(self.event)
        staff = staff_of(self.event)
        version = form_version(self.event, STAFF)
        context.update(
            gms=staff["gm"],
            assistants=staff["assistant"],
            back=back,
            version=version,
            add_form=staff_forms.StaffAddForm(
                action=staff_url(self.event, "staff-add"),
                back=back,
                initial={"version": version},
            ),
            login_form=staff_forms.LoginCreateForm(
                action=staff_url(self.event, "staff-login"), back=back
            ),
        )
        return context


@event_action(permissions.MANAGE_STAFF)
def staff_add(request: HttpRequest, event: Event) -> HttpResponse:
    """POST: make an existing login a GM or an assistant GM of the event."""
    form = staff_forms.StaffAddForm(request.POST)
    if not form.is_valid():
        raise UserError(_("Nobody was added."), form_problems(form))
    data = form.cleaned_data
    member = add_staff(
        event, data["username"], data["role"], request.user, data["version"]
    )
    if data["role"] == "gm":
        text = _("%(name)s is now a GM.")
    else:
        text = _("%(name)s is now an assistant GM.")
    messages.success(request, text % {"name": member.get_username()})
    return redirect(staff_url(event))


@event_action(permissions.MANAGE_STAFF)
def staff_remove(request: HttpRequest, event: Event) -> HttpResponse:
    """POST: remove one person (``member``, a user id) from the event's staff."""
    value = request.POST.get("member", "")
    users = get_user_model().objects
    member = (
        users.filter(pk=int(value))
        if value.isdecimal() and len(value) < 12
        else users.none()
    )
    if not member.exists():
        raise UserError(_("Unknown login."))
    role = remove_staff(event, member.get(), request.user, posted_version(request))
    if role == ROLES[GM]:
        text = _("%(name)s is no longer a GM of the event.")
    else:
        text = _("%(name)s is no longer an assistant GM of the event.")
    messages.success(request, text % {"name": member.get().get_username()})
    return redirect(staff_url(event))


@event_action(permissions.MANAGE_STAFF)
def staff_login(request: HttpRequest, event: Event) -> HttpResponse:
    """POST: create a login (username and password) and add it to the staff."""
    form = staff_forms.LoginCreateForm(request.POST)
    if not form.is_valid():
        raise UserError(_("The login was not created."), form_problems(form))
    data = form.cleaned_data
    member = create_login(
        event, data["username"], data["password1"], data["role"], request.user
    )
    if data["role"] == "gm":
        text = _(
            "Login %(name)s created: they are now a GM. Give them the password; "
            "they log in at %(url)s."
        )
    else:
        text = _(
            "Login %(name)s created: they are now an assistant GM. Give them the "
            "password; they log in at %(url)s."
        )
    messages.success(
        request, text % {"name": member.get_username(), "url": "/accounts/login/"}
    )
    return redirect(staff_url(event))
