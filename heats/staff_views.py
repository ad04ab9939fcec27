"""The event's Staff page: its GMs and assistant GMs, added and removed by
username, and new logins for them (GMs only: ``permissions.MANAGE_STAFF``).

Thin views over ``heats.services.staff``; a ``UserError`` comes back to this page
as a message (``event_action`` and the forms' ``next`` field).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.shortcuts import redirect
from django.urls import reverse
from django.views.generic import TemplateView

from heats import forms, permissions, services
from heats.core.errors import UserError
from heats.mixins import EventStaffRequiredMixin
from heats.models import Event
from heats.views import event_action


def staff_url(event: Event, name: str = "event-staff") -> str:
    return reverse(f"heats:{name}", kwargs={"event": event.slug})


class StaffView(EventStaffRequiredMixin, TemplateView):
    """The event's GMs and assistant GMs with "Remove" buttons, and the forms to
    add a login or create one."""

    template_name = "heats/staff.html"
    permission = permissions.MANAGE_STAFF

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        back = staff_url(self.event)
        staff = services.staff_of(self.event)
        context.update(
            gms=staff["gm"],
            assistants=staff["assistant"],
            back=back,
            add_form=forms.StaffAddForm(
                action=staff_url(self.event, "staff-add"), back=back
            ),
            login_form=forms.LoginCreateForm(
                action=staff_url(self.event, "staff-login"), back=back
            ),
        )
        return context


def _errors(form) -> list[str]:
    return [
        (f"{form[name].label}: " if name != "__all__" else "") + " ".join(errors)
        for name, errors in form.errors.items()
    ]


@event_action(permissions.MANAGE_STAFF)
def staff_add(request, event: Event):
    """POST: make an existing login a GM or an assistant GM of the event."""
    form = forms.StaffAddForm(request.POST)
    if not form.is_valid():
        raise UserError("Nobody was added.", _errors(form))
    data = form.cleaned_data
    member = services.add_staff(event, data["username"], data["role"], request.user)
    role = "a GM" if data["role"] == "gm" else "an assistant GM"
    messages.success(request, f"{member.get_username()} is now {role}.")
    return redirect(staff_url(event))


@event_action(permissions.MANAGE_STAFF)
def staff_remove(request, event: Event):
    """POST: remove one person (``member``, a user id) from the event's staff."""
    value = request.POST.get("member", "")
    member = get_user_model().objects.filter(
        pk=int(value) if value.isdigit() and len(value) < 12 else None
    )
    if not member.exists():
        raise UserError("Unknown login.")
    role = services.remove_staff(event, member.get(), request.user)
    messages.success(
        request, f"{member.get().get_username()} is no longer {role} of the event."
    )
    return redirect(staff_url(event))


@event_action(permissions.MANAGE_STAFF)
def staff_login(request, event: Event):
    """POST: create a login (username and password) and add it to the staff."""
    form = forms.LoginCreateForm(request.POST)
    if not form.is_valid():
        raise UserError("The login was not created.", _errors(form))
    data = form.cleaned_data
    member = services.create_login(
        event, data["username"], data["password1"], data["role"], request.user
    )
    role = "a GM" if data["role"] == "gm" else "an assistant GM"
    messages.success(
        request,
        f"Login {member.get_username()} created: they are now {role}. "
        "Give them the password; they log in at /accounts/login/.",
    )
    return redirect(staff_url(event))
