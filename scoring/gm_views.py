"""GM pages for table results: result entry per table, ties and rules warnings.
The semi-final, final and laurels pages are in ``scoring.round_views``.

Thin views over ``scoring.services.results`` (STYLE.md). One-shot actions use
``heats.views.event_action`` (POST only, role checked, UserError as a message).
"""

from __future__ import annotations

from functools import cached_property

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.views.generic import FormView

from heats.core.errors import UserError
from heats.core.names import and_list
from heats.mixins import EventStaffRequiredMixin
from heats.models import Player, RoundKind, Table
from heats.views import (
    round_or_404,
)
from scoring import permissions
from scoring.gm_forms import (
    ResultForm,
    TieForm,
)
from scoring.models import RecordHistory, TableCheck
from scoring.services import (
    results,
)


class TableMixin:
    """Loads ``self.round`` and ``self.table`` from the URL (after the role check)."""

    @cached_property
    def round(self):
        return round_or_404(self.event, self.kwargs["round"])

    @cached_property
    def table(self) -> Table:
        return get_object_or_404(Table, round=self.round, number=self.kwargs["table"])

    def table_kwargs(self) -> dict:
        return {
            "event": self.event.slug,
            "round": self.round.code,
            "table": self.table.number,
        }

    def get_context_data(self, **kwargs):
        return super().get_context_data(round=self.round, table=self.table, **kwargs)

    def round_page(self) -> str:
        """Where the GM goes back to: the heat's page, or the semi-final or final
        page (their round page is about seating, not results)."""
        pages = {RoundKind.SEMI: "scoring:semi", RoundKind.FINAL: "scoring:final"}
        if self.round.kind in pages:
            return reverse(pages[self.round.kind], kwargs={"event": self.event.slug})
        return self.round.get_absolute_url()


class TableResultsView(EventStaffRequiredMixin, TableMixin, FormView):
    """Enter one table's results (GMs and assistants); change saved ones (GMs)."""

    template_name = "scoring/gm/table_results.html"
    form_class = ResultForm
    post_permission = permissions.ENTER_RESULTS

    def get_form_kwargs(self):
        kwargs = super().get_form_kwargs()
        kwargs["seats"] = results.table_seats(self.table)
        return kwargs

    def get_initial(self):
        return ResultForm.initial_for(results.table_seats(self.table))

    def get_context_data(self, **kwargs):
        context = super().get_context_data(
            check=TableCheck.objects.filter(table=self.table).first(),
            history=RecordHistory.objects.filter(table=self.table).select_related(
                "user"
            )[:10],
            tied=results.tied_players(self.table),
            may_correct=permissions.may(
                self.event, self.request.user, permissions.CORRECT_RESULTS
            ),
            **kwargs,
        )
        form = context["form"]
        if form.initial and not context["may_correct"]:
            # Saved results an assistant may not change: shown, not offered.
            for field in form.fields.values():
                field.disabled = True
            form.helper.inputs = []
        return context

    def form_valid(self, form):
        try:
            outcome = results.save_table_results(
                self.table,
                form.scores(),
                self.request.user,
                version=form.cleaned_data["version"] or None,
                time_called=form.time_called(),
            )
        except permissions.NotAllowed as exc:
            form.add_error(None, str(exc))
            response = self.form_invalid(form)
            response.status_code = 403
            return response
        except results.StaleResultsError as exc:
            form.show_saved(exc.seats)
            form.add_error(None, exc.render())
            return self.form_invalid(form)
        except UserError as exc:
            form.add_error(None, exc.render())
            return self.form_invalid(form)
        label = f"{self.round.label} table {self.table.number}"
        if outcome.findings:
            count = len(outcome.findings)
            warnings = "1 rules warning" if count == 1 else f"{count} rules warnings"
            them = "it" if count == 1 else "them"
            messages.warning(
                self.request, f"{label}: {warnings}; a GM must acknowledge {them}."
            )
        if outcome.unresolved_tie:
            tie = f"{label}: tie for first between {and_list(outcome.tied)}"
            if permissions.may(self.event, self.request.user, permissions.DECLARE_TIE):
                messages.warning(self.request, f"{tie}: who won?")
                return redirect("scoring:table-tie", **self.table_kwargs())
            messages.warning(self.request, f"{tie}: a GM declares who won.")
        else:
            messages.success(self.request, f"{label}: results saved.")
        return redirect(self.round_page())


class TableTieView(EventStaffRequiredMixin, TableMixin, FormView):
    """The GM declares the winner of a tie for first, and why."""

    permission = permissions.DECLARE_TIE

    template_name = "scoring/gm/table_tie.html"
    form_class = TieForm

    def get_form_kwargs(self):
        kwargs = super().get_form_kwargs()
        kwargs["tied"] = results.tied_players(self.table)
        return kwargs

    def get_context_data(self, **kwargs):
        return super().get_context_data(
            seats=results.table_seats(self.table),
            suggestion=results.tie_suggestion(self.table),
            **kwargs,
        )

    def form_valid(self, form):
        player = get_object_or_404(
            Player, event=self.event, pk=form.cleaned_data["winner"]
        )
        try:
            results.declare_winner(
                self.table, player, form.cleaned_data["reason"], self.request.user
            )
        except UserError as exc:
            form.add_error(None, exc.render())
            return self.form_invalid(form)
        messages.success(self.request, f"{player} declared the winner of {self.table}.")
        return redirect(self.round_page())
