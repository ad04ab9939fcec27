"""GM pages of players' reports (tournament.md, "Reported results"): one
table's reports side by side, confirmed with one press; the event's setting
that lets two identical reports confirm a table. Services:
``scoring.services.reports``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from heats.core.errors import UserError
from heats.models import Event
from heats.queries.desk import shown_names
from heats.views.common import EventStaffRequiredMixin, event_action
from scoring import permissions
from scoring.forms.report import AutoConfirmForm
from scoring.models import ReportSettings, TableReport
from scoring.queries import report_desk
from scoring.queries.seats import (
    seat_record,
    table_seats,
)
from scoring.services import (
    reports,
)
from scoring.views.common import TableMixin, table_label
from scoring.views.common_desk import as_get, desk_update, from_round_page
from scoring.wording import shown_check


class TableReportsView(EventStaffRequiredMixin, TableMixin, TemplateView):
    """GET: the table's reports, each beside the others, with its rules check;
    POST ``report``: confirm that report (GMs and assistants)."""

    template_name = "scoring/gm/table_reports.html"
    post_permission = permissions.ENTER_RESULTS

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        kwargs = {k: v for k, v in kwargs.items() if k not in ("round", "table")}
        seats = table_seats(self.table)
        shown = [
            replace(one, check=shown_check(one.check))
            for one in report_desk.shown_reports(self.table, seats)
        ]
        setting = ReportSettings.objects.filter(event=self.event).first()
        names = shown_names(self.event.pk, [s.player for s in seats])
        return super().get_context_data(
            seats=seats,
            seat_order=[f"{s.number}. {names[s.player_id]}" for s in seats],
            reports=shown,
            saved=any(seat_record(s) for s in seats),
            differ=len({(str(r.laid.values), r.report.time_called) for r in shown}) > 1,
            refusals=report_desk.table_refusals(self.table),
            two_confirm=bool(setting and setting.two_reports_confirm),
            **kwargs,
        )

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        pk = request.POST.get("report", "")
        report = get_object_or_404(
            TableReport, table=self.table, pk=int(pk) if pk.isdecimal() else 0
        )
        desk = from_round_page(request, self.round)
        try:
            outcome = reports.confirm_report(report, request.user)
        except UserError as exc:
            messages.error(request, exc.render())
            if desk:  # the reports again in the panel, the refusal above them
                return self.get(as_get(request), *args, **kwargs)
            return redirect(request.path)
        values = {
            "table": table_label(self.round, self.table.number),
            "seat": report.seat,
        }
        if outcome.unresolved_tie:
            messages.warning(
                request, _("%(table)s: report confirmed; tie for first.") % values
            )
        else:
            messages.success(
                request, _("%(table)s: report of seat %(seat)s saved.") % values
            )
        if desk:
            return desk_update(request, self.table)
        return redirect(self.round_page())


@event_action(permissions.EDIT_SETTINGS, back="heats:event-gm")
def report_auto_confirm(request: HttpRequest, event: Event) -> HttpResponse:
    """POST: turn on or off "two identical reports from two seats confirm"."""
    form = AutoConfirmForm(request.POST)
    form.is_valid()
    on = bool(form.cleaned_data.get("two_reports_confirm"))
    reports.set_two_reports_confirm(event, on, request.user)
    if on:
        text = _("Two identical reports confirm a table: on.")
    else:
        text = _("Two identical reports confirm a table: off.")
    messages.success(request, text)
    return redirect("heats:event-gm", event=event.slug)
