"""Public pages of results: the event list, an event's standings (its home page),
a table's results and a heat's results, with their spreadsheets. Read-only and open
to anyone; the pages that depend on the event's data are cached per event version
(``medici_tourney.public_cache``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.contrib import messages
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_safe
from django.views.generic import FormView, ListView, TemplateView

from heats.core.errors import UserError
from heats.exports import export_response
from heats.models import Event, RoundKind
from heats.models.events import shown_format_line, shown_tiebreak_line
from heats.queries.desk import shown_names
from heats.views.common import (
    EventMixin,
)
from medici_tourney.public_cache import cached_response, event_with_version
from scoring import permissions, tables
from scoring.core.medici.findings import root_count
from scoring.core.tiebreak import decided_tie_note
from scoring.forms.gm import ScoresheetForm
from scoring.models import PlayerRecord, TableCheck
from scoring.queries import final as finals
from scoring.queries import laurels as laurel_places
from scoring.queries.event_results import heat_seat_rows, held_tables, player_names
from scoring.queries.rules_findings import parse_sheet_text
from scoring.queries.spreadsheets import PREFIX, results_table
from scoring.queries.standings import heat_rows, standings
from scoring.services.rules_checks import attach_scoresheet
from scoring.tables import LaurelTable
from scoring.views.common import get_table
from scoring.wording import heat_tables, shown_check

# FormView and ListView are generic in django-stubs only (not subscriptable when run).
if TYPE_CHECKING:
    _EventListView = ListView[Event]
    _SheetView = FormView[ScoresheetForm]
else:
    _EventListView = ListView
    _SheetView = FormView


class EventListView(_EventListView):
    """Home page: every event not archived, newest first (public); a logged-in
    GM also sees their archived events, to restore one."""

    template_name = "scoring/public/event_list.html"
    context_object_name = "events"

    def get_queryset(self) -> QuerySet[Event]:
        return Event.objects.filter(archived=False)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        user = self.request.user
        archived = Event.objects.filter(archived=True)
        if not user.is_authenticated:
            archived = archived.none()
        elif not user.is_superuser:
            archived = archived.filter(gms=user)
        return super().get_context_data(archived_events=archived, **kwargs)


class StandingsView(EventMixin, TemplateView):
    """Public standings: heat winners, semi-final list, alternates, the latest
    heat's results (earlier heats on their own pages, ``scoring:heat-results``).

    Anonymous visitors get the page from the cache (``medici_tourney.public_cache``);
    staff see it live, with their controls. ``?_export=csv&_table=results`` (or
    ``xlsx``) gives every result in the results CSV's columns
    (``scoring.queries.spreadsheets``).
    """

    template_name = "scoring/public/standings.html"

    def setup(self, request: HttpRequest, *args: Any, **kwargs: Any) -> None:
        super().setup(request, *args, **kwargs)
        self.event = event_with_version(kwargs["event"])

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            export = standings_export(request, self.event)
        except UserError:
            export = None  # the page shows the error
        if export is not None:
            return export
        if request.user.is_authenticated:
            return super().get(request, *args, **kwargs)

        def page() -> str:
            context = self.get_context_data(**kwargs)
            context["messages"] = ()  # a visitor's own messages are not shared
            return render_to_string(self.template_name, context, request)

        return cached_response(request, self.event, page)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        try:
            data = standings(self.event)
        except UserError as exc:
            return {**context, "error": exc.render()}
        laurels, empty_note = laurel_places.laurels_and_note(self.event, public=True)
        event_rounds = list(self.event.rounds.all())
        has_final = any(r.kind == RoundKind.FINAL for r in event_rounds)
        context.update(
            standings=data,
            seated_rounds=[r for r in event_rounds if r.seated_at is not None],
            laurel_table=LaurelTable([x.to_json() for x in laurels], prefix="laurels-")
            if laurels
            else None,
            laurels_note=empty_note,
            updated=timezone.now(),
            result=data.result,
            posted=data.posted,
            # The published list's own format and tie-break order, which the
            # event's settings may have left since it was published.
            format_line=shown_format_line(data.posted["format"]),
            tiebreak_line=shown_tiebreak_line(data.posted["tiebreaks"]),
            missing_tables=heat_tables(data.posted.get("missing_tables", ())),
            qualifier_table=tables.QualifierTable(
                data.qualifiers, prefix="qualifiers-"
            ),
            alternate_table=tables.AlternateTable(
                data.alternates, prefix="alternates-"
            ),
            next_alternate_table=tables.AlternateTable(
                data.next_alternates, prefix="next-"
            ),
            final_note=finals.public_note(self.event) if has_final else "",
            earlier_heats=[heat for heat, _ in data.heats[:-1]],
            open_heat=data.heats[-1] if data.heats else None,
        )
        return context


class TableDetailView(EventMixin, _SheetView):
    """A table's result (public); for staff also the rules findings, attached
    scoresheets and the form to attach one (rules.md, Verifying)."""

    template_name = "scoring/public/table_detail.html"
    form_class = ScoresheetForm

    def setup(self, request: HttpRequest, *args: Any, **kwargs: Any) -> None:
        super().setup(request, *args, **kwargs)
        self.event = get_object_or_404(Event, slug=kwargs["event"])
        self.table = get_table(self.event, kwargs["round"], kwargs["table"])

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        permissions.require(self.event, request.user, permissions.ATTACH_SCORESHEET)
        return super().post(request, *args, **kwargs)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        records = PlayerRecord.objects.filter(seat__table=self.table).select_related(
            "seat__player"
        )
        check = TableCheck.objects.filter(table=self.table).first()
        held = self.table.pk in held_tables(self.event)
        staff = permissions.may(self.event, self.request.user, permissions.SEE_GM_PAGES)
        seats = list(self.table.seats.select_related("player", "record"))
        # A badge only beside a namesake, as on every other public page.
        names = shown_names(self.event.pk, [s.player for s in seats])
        for seat in seats:
            # An attribute for the template only, not a field of Seat.
            seat.shown_name = names[seat.player_id]  # type: ignore[attr-defined]
        context.update(
            table=self.table,
            seats=seats,
            has_records=records.exists(),
            being_checked=held,
            show_records=staff or not held,
            check=shown_check(check),
            # Lazy: read only where the page shows them (to staff).
            scoresheets=map(shown_check, self.table.scoresheets.all()),
        )
        declared = next((r for r in records if r.declared_winner), None)
        if declared is not None:
            context.update(
                tie_note=decided_tie_note(declared.tie_reason),
                tie_final=declared.final,
            )
        return context

    def form_valid(self, form: ScoresheetForm) -> HttpResponse:
        try:
            sheet = parse_sheet_text(form.cleaned_data["content"])
            submission = attach_scoresheet(self.table, sheet, self.request.user)
        except UserError as exc:
            form.add_error(None, exc.message)
            return self.form_invalid(form)
        count = root_count(submission.findings)
        level = submission.level
        if count:
            messages.warning(
                self.request,
                ngettext(
                    "Scoresheet checked at level %(level)s: "
                    "%(count)s finding, listed below.",
                    "Scoresheet checked at level %(level)s: "
                    "%(count)s findings, listed below.",
                    count,
                )
                % {"level": level, "count": count},
            )
        else:
            messages.success(
                self.request,
                gettext("Scoresheet checked at level %(level)s: no findings.")
                % {"level": level},
            )
        return redirect(self.request.path)


@require_safe
def heat_results(request: HttpRequest, event: str, heat: int) -> HttpResponse:
    """One heat's results, every table (linked from the standings page); its
    CSV/XLSX with ``?_export=csv&_table=results``."""
    ev = event_with_version(event)
    export = results_export(request, ev, heat)
    if export is not None:
        return export

    def page() -> str:
        held = held_tables(ev)
        seats = heat_seat_rows(ev, held)
        rows = dict(heat_rows(ev, player_names(ev), seats)[0]).get(heat)
        checking = [
            n
            for kind, number, n in held.values()
            if (kind, number) == (RoundKind.HEAT, heat)
        ]
        if rows is None and not checking:
            raise Http404(gettext("No results for heat %(heat)s") % {"heat": heat})
        context = {
            "event": ev,
            "heat": heat,
            "rows": rows or [],
            "being_checked": sorted(checking),
        }
        return render_to_string("scoring/public/heat_results.html", context, request)

    if request.user.is_authenticated:  # the site menu names the user: not shared
        return HttpResponse(page())
    return cached_response(request, ev, page)


# --- spreadsheets (heats.exports: plain cells, neutralised formulas) ----------


RESULTS_PREFIX = PREFIX


def results_export(
    request: HttpRequest, event: Event, heat: int | None = None
) -> HttpResponse | None:
    """The CSV/XLSX of the event's results (every round), or of heat ``heat``,
    when the request asks for it (``?_export=csv&_table=results``); else None.
    Public: tables being checked are left out (``held_tables``), as on the page."""
    if request.GET.get("_table") != RESULTS_PREFIX.rstrip("-"):
        return None
    held = held_tables(event)
    if heat is None:
        table, name = results_table(event, held=held), f"{event.slug}-results"
    else:
        table = results_table(event, RoundKind.HEAT, heat, held)
        name = f"{event.slug}-heat-{heat}-results"
    return export_response(request, table, name)


def standings_export(request: HttpRequest, event: Event) -> HttpResponse | None:
    """The CSV/XLSX of one table of the standings page when the request asks for
    it (``_table``: ``results``, ``qualifiers``, ``alternates``, ``next`` for the
    next alternates, ``laurels``); else None. A standings error (``UserError``)
    propagates: the page shows it instead."""
    wanted = request.GET.get("_table", "")
    if wanted == RESULTS_PREFIX.rstrip("-"):
        return results_export(request, event)
    if wanted not in ("qualifiers", "alternates", "next", "laurels"):
        return None
    if wanted == "laurels":
        laurels = laurel_places.event_laurels(event, public=True)
        rows = [x.to_json() for x in laurels]
        table = LaurelTable(rows, prefix="laurels-")
    elif wanted == "qualifiers":
        table = tables.QualifierTable(standings(event).qualifiers, prefix="qualifiers-")
    else:
        data = standings(event)
        rows = data.alternates if wanted == "alternates" else data.next_alternates
        table = tables.AlternateTable(rows, prefix=f"{wanted}-")
    return export_response(request, table, f"{event.slug}-{wanted}")
