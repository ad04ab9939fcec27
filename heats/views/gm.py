"""GM pages for heats: the event dashboard, a round's page, seating, late
tables and clock. A round's tables as the pages show them are
``heats.queries.desk``'s; the check-in actions are ``heats.views.gm_checkin``,
the check-in list they share with the round page ``heats.views.common_desk``;
the audit log, keep-apart pairs and staff are ``heats.views.gm_records``.

Views are thin: they parse a form and call ``heats.services`` (docs/architecture.md).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.contrib import messages
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from heats import forms, permissions
from heats.core import seating
from heats.core.errors import UserError
from heats.exports import EXPORT_PARAM, export_response
from heats.forms import StorableTextForm
from heats.models import (
    EntryStatus,
    Event,
    Player,
    Round,
    RoundKind,
)
from heats.queries import (
    seat_questions,
)
from heats.queries.clock import (
    clock_json,
    clock_state,
)
from heats.queries.desk import (
    CardPlayer,
    TableCard,
    has_short_card,
    late_choices,
    round_figures,
    round_summary,
    table_cards,
)
from heats.queries.events import next_heat_number
from heats.queries.seating import (
    current_objective,
    previous_seating,
    seating_state,
)
from heats.queries.short_tables import (
    short_tables,
)
from heats.services.checkin import open_heat
from heats.services.round_start import (
    start_clock,
)
from heats.views.common import (
    EventStaffRequiredMixin,
    event_action,
    form_problems,
    round_or_404,
    round_url,
)
from heats.views.common_desk import (
    CHECKIN_PREFIX,
    FRAGMENT_TARGET,
    checkin_fragment,
    checkin_table,
    is_htmx,
)


class EventGMView(EventStaffRequiredMixin, TemplateView):
    """The GM's page for an event: rounds with counts and state, and links."""

    template_name = "heats/gm/event_gm.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        counts = {
            f"n_{status}": Count(
                "entries", filter=Q(entries__status=status), distinct=True
            )
            for status in EntryStatus.values
        }
        rounds = list(self.event.rounds.annotate(**counts).order_by("ordinal"))
        context["rounds"] = [
            dict(round_summary(r), counts=r, deletable=_deletable(r)) for r in rounds
        ]
        context["next_heat"] = next_heat_number(self.event)
        context["has_semi"] = any(r.kind == RoundKind.SEMI for r in rounds)
        context["semi_seated"] = any(
            r.kind == RoundKind.SEMI and r.seated_at for r in rounds
        )
        policies: dict[str, object] = dict(forms.SEATING_POLICY_CHOICES)
        context["seating_policy"] = policies.get(
            self.event.seating_policy, self.event.get_seating_policy_display()
        )
        context["format_name"] = forms.FORMAT_NAMES.get(
            self.event.format, self.event.format
        )
        return context


def _deletable(rnd: Round) -> bool:
    """True for a heat nobody is checked in to and not seated (its counts
    annotated): the dashboard offers to delete it (``services.delete_heat``)."""
    entries = sum(getattr(rnd, f"n_{status}") for status in EntryStatus.values)
    return rnd.kind == RoundKind.HEAT and not entries and not rnd.seated_at


@event_action(permissions.CREATE_HEAT)
def round_create(request: HttpRequest, event: Event) -> HttpResponse:
    """POST: create the next heat (GMs only) and open its check-in; ``number`` is
    the heat the page offered, so a second press opens that heat again."""
    number = request.POST.get("number", "")
    expected = int(number) if number.isdecimal() and len(number) < 6 else None
    rnd, created = open_heat(event, expected, request.user)
    if created:
        messages.success(
            request, _("%(round)s created: check players in.") % {"round": rnd.label}
        )
    else:
        messages.info(
            request,
            _(
                "%(round)s was already created (New heat pressed twice?): "
                "check players in."
            )
            % {"round": rnd.label},
        )
    return redirect(round_url(rnd))


class RoundDetailView(EventStaffRequiredMixin, TemplateView):
    """A round's working screen: check-in, layout, seating, late arrivals, swaps
    and which tables still owe paperwork.

    Its queries do not grow with the number of players: the check-in list is one
    page of a search (``heats.views.common_desk``); the figures are counted by
    the database (``heats.queries.desk.round_figures``). htmx's requests for the
    check-in list (``HX-Target: checkin-list``) get the check-in fragment."""

    template_name = "heats/gm/round_detail.html"

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        self.round = round_or_404(self.event, kwargs["round"])
        ahead = self.start_ahead()
        if ahead:
            messages.warning(request, ahead)
        if request.GET.get(EXPORT_PARAM):
            table = checkin_table(request, self.event, self.round, paginate=False)
            response = export_response(request, table, self.export_name())
            if response is not None:
                return response
        if is_htmx(request) and request.headers.get("HX-Target") == FRAGMENT_TARGET:
            return checkin_fragment(request, self.event, self.round)
        return super().get(request, *args, **kwargs)

    def start_ahead(self) -> str:
        """``seat_questions.start_ahead`` of the page's round, now."""
        return seat_questions.start_ahead(self.round, timezone.now())

    def seat_confirm(self, cards: list[TableCard]) -> str:
        """The question "Seat" asks first: re-seating a seated round, seating
        long before the clock's start, or inside the minutes after it
        (``seat_questions``); "" when none."""
        if cards:
            return _("Seat this round again? Every table is drawn anew.")
        ahead = self.start_ahead()
        if not ahead:
            return seat_questions.grace_question(self.round, timezone.now())
        return _("%(warning)s Seat now anyway?") % {"warning": ahead}

    def export_name(self) -> str:
        return f"{self.event.slug}-{self.round.code}-checkin"

    def url_kwargs(self) -> dict[str, str]:
        return {"event": self.event.slug, "round": self.round.code}

    def action(self, name: str) -> str:
        return reverse(f"heats:{name}", kwargs=self.url_kwargs())

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        rnd = self.round
        figures = round_figures(rnd)
        cards = table_cards(rnd) if figures.seated else []
        waiting = figures.waiting
        context.update(
            round=rnd,
            figures=figures,
            cards=cards,
            owed=figures.owed,
            complete=figures.complete,
            waiting=waiting,
            waiting_names=[p.name for p in waiting],
            late_ready=len(waiting) >= self.event.min_late_table,
            late_small=seating.MIN_TABLE <= len(waiting) < self.event.min_late_table,
            late_choices=late_choices(rnd, waiting) if waiting else [],
            short_tables=short_tables(rnd) if has_short_card(cards) else [],
            previous=previous_seating(rnd),
            checkin_table=None
            if self.list_folded()
            else checkin_table(
                self.request, self.event, rnd, tables=bool(figures.seated)
            ),
            is_heat=rnd.kind == RoundKind.HEAT,
            objective=current_objective(rnd, _keys(cards)) if cards else None,
            clock=clock_json(self.event, rnd),
            clock_url=reverse("heats:clock-json", kwargs={"event": self.event.slug})
            + f"?round={rnd.code}",
            **self.forms(cards, waiting, context["is_gm"]),
        )
        return context

    def list_folded(self) -> bool:
        """True when the check-in list is drawn folded and empty, loaded when
        opened (htmx; ``?checkin-page=1`` without JavaScript): a seated round
        whose list was not asked for (no query of the list's own)."""
        asked = any(key.startswith(CHECKIN_PREFIX) for key in self.request.GET)
        return bool(self.round.seated_at) and not asked

    def forms(
        self, cards: list[TableCard], waiting: list[Player], is_gm: bool
    ) -> dict[str, forms.StorableTextForm | None]:
        """The page's forms: check-in, paste; for GMs seat, start the clock, swap."""
        found: dict[str, forms.StorableTextForm | None] = {
            "checkin_form": forms.CheckInForm(
                action=self.action("round-checkin"),
                search_url=reverse(
                    "heats:player-search", kwargs={"event": self.event.slug}
                ),
            ),
            "paste_form": forms.PasteForm(action=self.action("round-paste")),
        }
        if not is_gm:
            return found
        return found | self.gm_forms(cards, waiting)

    def gm_forms(
        self, cards: list[TableCard], waiting: list[Player]
    ) -> dict[str, StorableTextForm | None]:
        """The forms for GMs only: seat, start the clock, undo the seating, swap."""
        rnd = self.round
        seated: list[Player | CardPlayer] = [
            line.seat.player for c in cards for line in c.lines
        ]
        return {
            "seat_form": forms.SeatForm(
                action=self.action("round-seat"),
                submit=_("Seat again") if cards else _("Seat now"),
                button_id="submit-seat-again" if cards else "submit-seat-now",
                state=seating_state(rnd),
                confirm=self.seat_confirm(cards),
                early=bool(seat_questions.grace_question(rnd, timezone.now())),
                in_place=True,
            ),
            "start_clock_form": forms.StartClockForm(
                action=self.action("round-start-clock"),
                submit=_("Correct the start") if rnd.start_time else _("Start clock"),
                button_id="submit-correct-the-start"
                if rnd.start_time
                else "submit-start-clock",
                started=clock_state(rnd),
            ),
            "undo_seating_form": forms.UndoSeatingForm(
                action=self.action("round-undo-seating"),
                state=seating_state(rnd),
                confirm=_(
                    "Put back the previous seating? The tables drawn by Seat "
                    "again are replaced."
                ),
            ),
            # Every player twice, in two lists: drawn only when asked for
            # (``?swap=1``; htmx loads it in place), the page being lighter.
            "swap_form": forms.SwapForm(
                players=sorted([*seated, *waiting], key=lambda p: p.name_key),
                action=self.action("round-swap"),
            )
            if self.request.GET.get("swap")
            else None,
        }


def _keys(cards: list[TableCard]) -> list[list[str]]:
    """The player keys of each card's seats, as ``round_tables`` reads them."""
    return [[str(line.seat.player.pk) for line in card.lines] for card in cards]


@event_action(permissions.START_CLOCK)
def round_start_clock(request: HttpRequest, event: Event, round: str) -> HttpResponse:
    """POST: start the round's clock now or at the time typed (GMs only); a
    clock started since the page was drawn (its ``started``; none: not started) is
    left as it is."""
    rnd = round_or_404(event, round)
    form = forms.StartClockForm(request.POST, zone=event.zone)
    if not form.is_valid():
        raise UserError(_("The clock was not started."), form_problems(form))
    state = form.cleaned_data["started"] or clock_state(None)
    started = start_clock(rnd, form.cleaned_data["at"], request.user, state=state)
    start = timezone.localtime(rnd.start_time)
    if started is None:
        messages.info(request, _clock_unchanged(rnd, state, start))
    else:
        values = {
            "round": rnd.label,
            "time": date_format(start, "H:i"),
            "day": date_format(start, "D d M"),
        }
        if start.date() == timezone.localdate():
            text = _("%(round)s clock started at %(time)s.")
        else:
            text = _("%(round)s clock started at %(time)s %(day)s.")
        messages.success(request, text % values)
    return redirect(round_url(rnd))


def _clock_unchanged(rnd: Round, state: str, start: datetime) -> str:
    """The message for a "Start clock" press made from a page drawn before the
    clock's latest start (a second press, or another GM's): nothing changed."""
    values = {"round": rnd.label, "time": date_format(start, "H:i")}
    if state == clock_state(None):
        return (
            _(
                "%(round)s's clock is already running (started at %(time)s; Start "
                "clock pressed twice?): nothing changed. To move its start, use "
                "Correct the start."
            )
            % values
        )
    return (
        _(
            "%(round)s's clock changed since this page was opened (now started at "
            "%(time)s): nothing changed. Check it before correcting it again."
        )
        % values
    )
