"""GM pages of one table's results: entry and correction, and the declaration of
a tie's winner. One-shot actions use ``heats.views.common.event_action``.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any, cast

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import resolve, reverse
from django.utils.html import format_html
from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.generic import FormView

from heats.core.errors import UserError
from heats.core.message import SEMICOLON
from heats.models import (
    Event,
    Player,
    RoundKind,
    Seat,
)
from heats.queries.desk import (
    shown_names,
)
from heats.translate import listed
from heats.views.common import (
    EventStaffRequiredMixin,
)
from heats.views.common_desk import is_htmx
from scoring import permissions
from scoring.core.medici.findings import root_count
from scoring.forms.gm import TieForm
from scoring.forms.result import ResultForm
from scoring.models import RecordHistory, TableCheck, TableReport
from scoring.queries import report_desk, result_check
from scoring.queries.event_results import (
    event_advancement,
)
from scoring.queries.published import (
    changes,
    latest_published,
)
from scoring.queries.result_check import last_change
from scoring.queries.seats import (
    table_seats,
)
from scoring.services import (
    results,
    ties,
)
from scoring.views.common import TableMixin, table_label, table_name
from scoring.views.common_desk import (
    as_get,
    desk_update,
    from_round_page,
    redirect_page,
)
from scoring.wording import shown_check

# FormView is generic in django-stubs only (not subscriptable when run).
if TYPE_CHECKING:
    _ResultView = FormView[ResultForm]
    _TieView = FormView[TieForm]
else:
    _ResultView = _TieView = FormView


class TableResultsView(EventStaffRequiredMixin, TableMixin, _ResultView):
    """Enter one table's results (GMs and assistants); change saved ones (GMs).

    "Save and next table" goes on to the next table of the round that owes
    results (``result_check.next_owed_table``); a correction with consequences after
    the semi-final is seated is shown first and saved once confirmed."""

    template_name = "scoring/gm/table_results.html"
    form_class = ResultForm
    post_permission = permissions.ENTER_RESULTS

    @cached_property
    def seats(self) -> list[Seat]:
        """The table's seats as this request read them (``results.table_seats``):
        once for the form, its initial values and the tie shown; read again
        after a save was tried (:meth:`form_valid`)."""
        return table_seats(self.table)

    def get_form_kwargs(self) -> dict[str, Any]:
        kwargs = super().get_form_kwargs()
        kwargs["seats"] = self.seats
        kwargs["check_url"] = reverse(
            "scoring:table-results-check", kwargs=self.table_kwargs()
        )
        kwargs["save_url"] = reverse(
            "scoring:table-results", kwargs=self.table_kwargs()
        )
        return kwargs

    def get_initial(self) -> dict[str, Any]:
        saved = ResultForm.initial_for(self.seats)
        report = self._report()
        if saved or report is None:
            return saved
        return report_desk.prefilled(report, self.seats)

    def _report(self) -> TableReport | None:
        """The players' report "Enter by hand" came from (``?report=``), if it
        is one of this table's."""
        pk = self.request.GET.get("report", "")
        if self.request.method != "GET" or not pk.isdecimal():
            return None
        return TableReport.objects.filter(table=self.table, pk=int(pk)).first()

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(
            check=shown_check(TableCheck.objects.filter(table=self.table).first()),
            history=RecordHistory.objects.filter(table=self.table).select_related(
                "user"
            )[:10],
            tied=ties.tied_players(self.table, self.seats),
            may_correct=permissions.may(
                self.event, self.request.user, permissions.CORRECT_RESULTS
            ),
            **kwargs,
        )
        tied = context["tied"]
        names = shown_names(self.event.pk, tied) if tied else {}
        context["tied_names"] = [names[p.pk] for p in tied]
        form = context["form"]
        context["saved"] = bool(ResultForm.initial_for(self.seats))
        context["from_report"] = None if context["saved"] else self._report()
        # Players' reports waiting for this table: said here too, so a GM typing
        # the scoresheet in knows a report could be confirmed instead.
        context["waiting_reports"] = (
            0
            if context["saved"] or context["from_report"]
            else self.table.reports.filter(confirmed_at__isnull=True).count()
        )
        if context["saved"] and not context["may_correct"]:
            # Saved results an assistant may not change: shown, not offered.
            for field in form.fields.values():
                field.disabled = True
            form.helper.inputs = []
        return context

    def form_valid(self, form: ResultForm) -> HttpResponse:
        # The save reads the seats again under the table's lock: a form drawn
        # again after a refusal shows the tie as saved then, not as read here.
        self.__dict__.pop("seats", None)
        try:
            outcome = results.save_table_results(
                self.table,
                form.scores(),
                self.request.user,
                version=form.cleaned_data["version"],
                time_called=form.time_called(),
                confirmed=form.confirmed(),
            )
        except results.UnconfirmedCorrectionError as exc:
            form.ask_confirmation(exc.consequences)
            form.add_error(None, exc.render())
            return self.form_invalid(form)
        except permissions.NotAllowed as exc:
            form.add_error(None, str(exc))
            response = self.form_invalid(form)
            if not is_htmx(self.request):  # htmx shows a 200's form only
                response.status_code = 403
            return response
        except result_check.StaleResultsError as exc:
            form.show_saved(exc.seats)
            form.add_error(None, exc.render())
            return self.form_invalid(form)
        except UserError as exc:
            form.add_error(None, exc.render())
            return self.form_invalid(form)
        target = self.after_save(outcome)
        if not is_htmx(self.request):
            return redirect(target)
        return self.htmx_answer(target)

    def htmx_answer(self, target: str) -> HttpResponse:
        """What htmx gets after a save instead of a redirect to ``target``: the
        next table's form itself (its URL pushed to the address bar), with, on
        the round page, the desk update (``scoring.views.common_desk``); the
        round page's desk update alone when the GM goes back there from its
        table panel; else the page at ``target`` loaded whole."""
        desk = from_round_page(self.request, self.round)
        match = resolve(target)
        if match.view_name == "scoring:table-results":
            # The form's GET answers a TemplateResponse, not rendered yet.
            work = cast(
                TemplateResponse,
                TableResultsView.as_view()(as_get(self.request), **match.kwargs),
            )
            if desk:
                return desk_update(self.request, self.table, work)
            work["HX-Push-Url"] = target
            return work
        if desk and target == self.round_page():
            return desk_update(self.request, self.table)
        return redirect_page(target)

    def after_save(self, outcome: results.TableOutcome) -> str:
        """Say what was saved; where the GM goes next: the tie's page when a GM
        must declare a winner, the next table owing results after "Save and next
        table", else the round page."""
        label = table_label(self.round, self.table.number)
        # Roots that block: a hint holds nothing, a follower is its root's.
        count = root_count(outcome.findings)
        if count:
            messages.warning(
                self.request,
                ngettext(
                    "%(table)s: %(count)s rules warning; a GM must acknowledge it.",
                    "%(table)s: %(count)s rules warnings; a GM must acknowledge them.",
                    count,
                )
                % {"table": label, "count": count},
            )
        if outcome.unresolved_tie:
            tie = {
                "table": label,
                "names": get_text_list(list(outcome.tied), _("and")),
            }
            if permissions.may(self.event, self.request.user, permissions.DECLARE_TIE):
                messages.warning(
                    self.request,
                    _("%(table)s: tie for first between %(names)s: who won?") % tie,
                )
                return reverse("scoring:table-tie", kwargs=self.table_kwargs())
            messages.warning(
                self.request,
                _("%(table)s: tie for first between %(names)s: a GM declares who won.")
                % tie,
            )
        else:
            messages.success(
                self.request, _("%(table)s: results saved.") % {"table": label}
            )
        moved = list_moved(self.event) if self.round.kind == RoundKind.HEAT else ""
        if moved:
            messages.warning(self.request, moved)
        if "next" not in self.request.POST:
            return self.round_page()
        return self.next_table()

    def next_table(self) -> str:
        """After "Save and next table": the next table owing results, else the
        round page, saying every table's results are in."""
        number = result_check.next_owed_table(self.table)
        if number is None:
            messages.info(
                self.request,
                _("%(round)s: every table's results are in.")
                % {"round": self.round.label},
            )
            return self.round_page()
        return reverse(
            "scoring:table-results", kwargs={**self.table_kwargs(), "table": number}
        )


class TableResultsCheckView(TableResultsView):
    """The dry run of the entry form (``result_check.check_table_results``): the
    level-1 findings on the values typed, per seat and for the table, and what a
    correction would change; nothing is written. Answers htmx with the fragment
    (``table_check.html``: the table's part, each seat's slot out of band), a
    browser without JavaScript with the whole page."""

    http_method_names = ["post"]

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        form = self.get_form()
        problem = self.dry_run(form)
        context = self.get_context_data(form=form, checked=form.check, problem=problem)
        if request.headers.get("HX-Request") != "true":
            return self.render_to_response(context)
        context["slots"] = [form.slot(s.number, errors=True) for s in form.seats]
        return TemplateResponse(request, "scoring/gm/table_check.html", context)

    def dry_run(self, form: ResultForm) -> str:
        """Run the dry run into ``form.check``; what stops it, or ""."""
        if not form.is_valid() and form.non_field_errors():
            return form.non_field_errors().as_text()
        try:
            form.check = result_check.check_table_results(
                self.table,
                form.scores(),
                self.request.user,
                version=form.cleaned_data.get("version") or None,
                time_called=form.time_called(),
            )
        except result_check.StaleResultsError:
            return _(
                "%(change)s while this form was open: saving these values would be "
                "refused. Open the page again for the saved ones."
            ) % {"change": last_change(self.table)}
        except permissions.NotAllowed as exc:
            return str(exc)
        except UserError as exc:
            return exc.render()
        return ""


class TableTieView(EventStaffRequiredMixin, TableMixin, _TieView):
    """The GM declares the winner of a tie for first, and why."""

    permission = permissions.DECLARE_TIE

    template_name = "scoring/gm/table_tie.html"
    form_class = TieForm

    def get_form_kwargs(self) -> dict[str, Any]:
        kwargs = super().get_form_kwargs()
        kwargs["tied"] = ties.tied_players(self.table)
        kwargs["names"] = shown_names(self.event.pk, kwargs["tied"])
        return kwargs

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        seats = table_seats(self.table)
        names = shown_names(self.event.pk, [s.player for s in seats])
        for seat in seats:  # the name told apart from namesakes, for the template
            seat.shown = names[seat.player_id]  # type: ignore[attr-defined]
        return super().get_context_data(
            seats=seats,
            suggestion=ties.tie_suggestion(self.table),
            **kwargs,
        )

    def form_valid(self, form: TieForm) -> HttpResponse:
        player = get_object_or_404(
            Player, event=self.event, pk=form.cleaned_data["winner"]
        )
        try:
            ties.declare_winner(
                self.table, player, form.cleaned_data["reason"], self.request.user
            )
        except UserError as exc:
            form.add_error(None, exc.render())
            return self.form_invalid(form)
        messages.success(
            self.request,
            _("%(player)s declared the winner of %(table)s.")
            % {"player": player, "table": table_name(self.table)},
        )
        return redirect(self.round_page())


def list_moved(event: Event) -> str:
    """How the semi-final list now differs from the published one, after a heat
    result is saved: who gains and loses a seat and whose call order or reason
    changed, the public still seeing the published list, with a link to
    "Publish changes" (the semi-final page's publish button); "" when no list
    is published or it is the same. Said as a difference, not as this save's
    doing: an absence marked earlier may be part of it."""
    published = latest_published(event)
    if published is None:
        return ""
    moved = changes(published, event_advancement(event))
    if not moved:
        return ""
    parts = []
    if moved.gains or moved.losses:
        none = _("nobody")
        parts.append(
            _("gains a seat: %(gains)s; loses a seat: %(losses)s")
            % {
                "gains": listed(moved.gains) or none,
                "losses": listed(moved.losses) or none,
            }
        )
    if moved.revised or moved.joined:
        parts.append(
            _("call order or percentage changed: %(names)s")
            % {"names": listed([*moved.revised, *moved.joined])}
        )
    text = _(
        "The semi-final list now differs from the published one: %(changes)s. "
        "The public still sees the published list."
    ) % {"changes": listed(parts, SEMICOLON)}
    url = reverse("scoring:semi", kwargs={"event": event.slug}) + "#publish-button"
    return format_html(
        '{} <a href="{}" id="publish-changes-link">{}</a>',
        text,
        url,
        _("Publish changes"),
    )
