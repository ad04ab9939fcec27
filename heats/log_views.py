"""GM pages of an event's records: the audit log (every change with who and
when) and the pairs the seating keeps apart."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django_tables2 import SingleTableView
from django_tables2.export import ExportMixin

from heats import forms, permissions, services
from heats.core.errors import UserError
from heats.exports import SafeTableExport
from heats.mixins import EventStaffRequiredMixin
from heats.models import AuditEntry, Event, KeepApart
from heats.tables import AuditTable, KeepApartTable
from heats.views import event_action


class AuditView(EventStaffRequiredMixin, ExportMixin, SingleTableView):
    """Every change to the event with who and when, newest first; CSV/XLSX."""

    template_name = "heats/audit.html"
    table_class = AuditTable
    paginate_by = 100
    export_class = SafeTableExport
    export_formats = ("csv", "xlsx")

    def get_queryset(self):
        return AuditEntry.objects.filter(event=self.event).select_related("user")

    def get_export_filename(self, export_format: str) -> str:
        return f"{self.event.slug}-audit.{export_format}"


class KeepApartView(EventStaffRequiredMixin, SingleTableView):
    """Keep-apart pairs of the event (GMs add and remove them)."""

    template_name = "heats/keep_apart.html"
    table_class = KeepApartTable
    permission = permissions.KEEP_APART

    def get_queryset(self):
        return KeepApart.objects.filter(event=self.event).select_related(
            "event", "player_a", "player_b"
        )

    def get_context_data(self, **kwargs):
        action = reverse("heats:keep-apart-add", kwargs={"event": self.event.slug})
        return super().get_context_data(
            form=forms.KeepApartForm(event=self.event, action=action), **kwargs
        )


@event_action(permissions.KEEP_APART)
def keep_apart_add(request, event: Event):
    """POST: add a pair the seating keeps apart (GMs only)."""
    form = forms.KeepApartForm(request.POST, event=event)
    if not form.is_valid():
        raise UserError("Choose two different players.")
    data = form.cleaned_data
    pair = services.add_keep_apart(
        event, data["player_a"], data["player_b"], data["note"], request.user
    )
    messages.success(request, f"Keep apart: {pair}.")
    return redirect("heats:keep-apart", event=event.slug)


@event_action(permissions.KEEP_APART)
def keep_apart_delete(request, event: Event, pk: int):
    """POST: remove a keep-apart pair (GMs only)."""
    pair = get_object_or_404(KeepApart, event=event, pk=pk)
    services.remove_keep_apart(pair, request.user)
    messages.success(request, f"No longer kept apart: {pair}.")
    return redirect("heats:keep-apart", event=event.slug)
