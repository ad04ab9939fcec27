"""Pages for results: the public standings, and the GM's results import."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect
from django.views.generic import FormView, ListView, TemplateView

from heats.errors import UserError
from heats.mixins import EventMixin, EventStaffRequiredMixin
from heats.models import Event
from scoring import tables
from scoring.forms import ResultsImportForm
from scoring.services import import_results
from scoring.standings import standings


class EventListView(ListView):
    """Home page: every event, newest first (public)."""

    model = Event
    template_name = "scoring/event_list.html"
    context_object_name = "events"


class StandingsView(EventMixin, TemplateView):
    """Public standings: heat winners, semi-final list, alternates, heat tables."""

    template_name = "scoring/standings.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        data = standings(self.event)
        context.update(
            standings=data,
            result=data.result,
            qualifier_table=tables.QualifierTable(data.qualifiers),
            alternate_table=tables.AlternateTable(data.alternates),
            next_alternate_table=tables.AlternateTable(data.next_alternates),
            winner_table=tables.HeatWinnerTable(data.winners, orderable=False),
            heat_tables=[
                (heat, tables.HeatResultTable(rows, orderable=False))
                for heat, rows in data.heats
            ],
        )
        return context


class ResultsImportView(EventStaffRequiredMixin, FormView):
    """Import a results CSV from a page (staff; replacing needs a GM)."""

    template_name = "scoring/import.html"
    form_class = ResultsImportForm

    def form_valid(self, form):
        replace = form.cleaned_data["replace"]
        if replace and not self.event.is_gm(self.request.user):
            raise PermissionDenied("Only the event's GMs may replace saved records.")
        try:
            summary = import_results(
                self.event,
                form.cleaned_data["content"],
                replace=replace,
                user=self.request.user,
                source="page",
            )
        except UserError as exc:
            form.add_error(None, exc.message)
            return self.render_to_response(
                self.get_context_data(form=form, problems=exc.problems)
            )
        messages.success(self.request, "\n".join(summary.lines()))
        return redirect("scoring:standings", event=self.event.slug)
