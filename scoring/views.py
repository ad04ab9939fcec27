"""Pages for results: the events, a new event, the public standings, and the GM's
results import."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.template.loader import render_to_string
from django.utils import timezone
from django.views.decorators.http import require_POST
from django.views.generic import FormView, ListView, TemplateView

from heats.core.errors import UserError
from heats.mixins import EventMixin, EventStaffRequiredMixin
from heats.models import Event, RoundKind, Table
from heats.services import get_round
from scoring import permissions, tables
from scoring.exports import standings_export
from scoring.forms import EventForm, ResultsImportForm, ScoresheetForm
from scoring.gm_tables import LaurelTable
from scoring.models import PlayerRecord, TableCheck
from scoring.public_cache import cached_response, event_with_version
from scoring.services import (
    finals,
    held_tables,
    import_results,
    new_event,
    rounds,
)
from scoring.services.checks import (
    acknowledge_check,
    attach_scoresheet,
    parse_sheet_text,
)
from scoring.services.standings import standings


class EventListView(ListView):
    """Home page: every event, newest first (public)."""

    model = Event
    template_name = "scoring/event_list.html"
    context_object_name = "events"


class EventCreateView(LoginRequiredMixin, FormView):
    """Create an event (any logged-in user, who becomes its GM)."""

    template_name = "scoring/event_create.html"
    form_class = EventForm
    # FormView would treat PUT as a POST; forms only post.
    http_method_names = ["get", "post", "head", "options"]

    def form_valid(self, form):
        data = form.cleaned_data
        user = self.request.user
        try:
            event = new_event(
                data["slug"],
                data["name"],
                data["rules"],
                user,
                gm=user,
                settings=form.settings(),
            )
        except UserError as exc:
            form.add_error(None, exc.render())
            return self.form_invalid(form)
        messages.success(
            self.request,
            f"{event.name} created: you are its GM. "
            "Add GMs and assistant GMs on its Staff page.",
        )
        return redirect("heats:event-gm", event=event.slug)


class StandingsView(EventMixin, TemplateView):
    """Public standings: heat winners, semi-final list, alternates, the latest
    heat's results (earlier heats on their own pages, ``scoring:heat-results``).

    Anonymous visitors get the page from the cache (``scoring.public_cache``);
    staff see it live, with their controls. ``?_export=csv&_table=results`` (or
    ``xlsx``) gives every result in the results CSV's columns
    (``scoring.results_export``).
    """

    template_name = "scoring/standings.html"

    def setup(self, request, *args, **kwargs):
        super().setup(request, *args, **kwargs)
        self.event = event_with_version(kwargs["event"])

    def get(self, request, *args, **kwargs):
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

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        try:
            data = standings(self.event)
        except UserError as exc:
            return {**context, "error": exc.render()}
        laurels = rounds.event_laurels(self.event, public=True)
        event_rounds = list(self.event.rounds.all())
        has_final = any(r.kind == RoundKind.FINAL for r in event_rounds)
        context.update(
            standings=data,
            seated_rounds=[r for r in event_rounds if r.seated_at is not None],
            laurel_table=LaurelTable([x.to_json() for x in laurels], prefix="laurels-")
            if laurels
            else None,
            updated=timezone.now(),
            result=data.result,
            posted=data.posted,
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


class ResultsImportView(EventStaffRequiredMixin, FormView):
    """Import a results CSV from a page (staff; seating, tie winners and replacing
    need a GM: ``ImportPlan.require_rights`` in ``scoring.services.imports``)."""

    template_name = "scoring/import.html"
    form_class = ResultsImportForm
    post_permission = permissions.IMPORT_RESULTS

    def form_valid(self, form):
        replace = form.cleaned_data["replace"]
        try:
            summary = import_results(
                self.event,
                form.cleaned_data["content"],
                replace=replace,
                user=self.request.user,
                source="page",
            )
        except permissions.NotAllowed as exc:
            form.add_error(None, str(exc))
            return self.render_to_response(self.get_context_data(form=form), status=403)
        except UserError as exc:
            form.add_error(None, exc.message)
            return self.render_to_response(
                self.get_context_data(form=form, problems=exc.problems)
            )
        messages.success(self.request, "\n".join(summary.lines()))
        return redirect("scoring:standings", event=self.event.slug)


def get_table(event: Event, round_code: str, number: int) -> Table:
    """The table ``number`` of round ``round_code``; 404 when either is missing."""
    try:
        rnd = get_round(event, round_code)
    except UserError:
        raise Http404(f"No round {round_code!r}") from None
    return get_object_or_404(Table, round=rnd, number=number)


class TableDetailView(EventMixin, FormView):
    """A table's result (public); for staff also the rules findings, attached
    scoresheets and the form to attach one (rules.md, Verifying)."""

    template_name = "scoring/table_detail.html"
    form_class = ScoresheetForm

    def setup(self, request, *args, **kwargs):
        super().setup(request, *args, **kwargs)
        self.event = get_object_or_404(Event, slug=kwargs["event"])
        self.table = get_table(self.event, kwargs["round"], kwargs["number"])

    def post(self, request, *args, **kwargs):
        permissions.require(self.event, request.user, permissions.ATTACH_SCORESHEET)
        return super().post(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        records = PlayerRecord.objects.filter(seat__table=self.table).select_related(
            "seat__player"
        )
        check = TableCheck.objects.filter(table=self.table).first()
        held = self.table.pk in held_tables(self.event)
        staff = permissions.may(self.event, self.request.user, permissions.SEE_GM_PAGES)
        context.update(
            table=self.table,
            seats=self.table.seats.select_related("player", "record"),
            has_records=records.exists(),
            being_checked=held,
            show_records=staff or not held,
            check=check,
            scoresheets=self.table.scoresheets.all(),
        )
        return context

    def form_valid(self, form):
        try:
            sheet = parse_sheet_text(form.cleaned_data["content"])
            submission = attach_scoresheet(self.table, sheet, self.request.user)
        except UserError as exc:
            form.add_error(None, exc.message)
            return self.form_invalid(form)
        count = len(submission.findings)
        level = submission.level
        if count:
            messages.warning(
                self.request,
                f"Scoresheet checked at level {level}: "
                f"{count} finding(s), listed below.",
            )
        else:
            messages.success(
                self.request, f"Scoresheet checked at level {level}: no findings."
            )
        return redirect(self.request.path)


@require_POST
def acknowledge_view(request, event: str, round: str, number: int):
    """A GM acknowledges a table's level-1 findings (POST only)."""
    event_obj = get_object_or_404(Event, slug=event)
    permissions.require(event_obj, request.user, permissions.ACKNOWLEDGE)
    table = get_table(event_obj, round, number)
    acknowledge_check(table, request.user)
    messages.success(request, f"Findings at {table} acknowledged.")
    return redirect("scoring:table-detail", event=event, round=round, number=number)
