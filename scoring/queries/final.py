"""The final's field: who plays the final, and the GM's decision when fewer than
4 semi-final table winners can.

Words (tournament.md, "Semi-final and final"; seed 001):

finalist
    A semi-final table winner who entered the semi-final as a heat winner and is
    not marked absent from the final. "Table winners advance to the final; no
    alternates advance to the final under any circumstances": an alternate who
    wins a semi-final table stays out, and nobody takes an absent finalist's seat
    by right.
short final
    Fewer than 4 finalists: the final is "one table of 4-6", so it cannot be
    seated as it is. The spec says nothing more; the GM decides (``FinalFill``):
    a. add the best semi-final runner(s)-up, enough to make 4; or
    b. play a final of 3 (only with exactly 3 finalists), after confirming it.
runner-up candidate
    A player at place 2 of a semi-final table (a player tied for first but not
    declared the winner is a runner-up at 100%) who entered as a heat winner (an
    alternate never advances, so never as a runner-up either), is not marked
    absent from the final and is not a finalist. Ranked as the laurels rank
    semi-final runners-up (``scoring.core.laurels.semi_runners_up``): by the exact
    percentage of their own table winner's final score (Advancement, 6), then the
    day-2 and day-1 percentages against the same winner (a missing day below a
    recorded one), then the die roll from the event's seed, then the player key;
    so equal players are always ordered the same way, never by database order.

An event without a semi-final (straight to the final) takes the advancement list,
filled to 4 with alternates by the spec itself (Advancement, 4).

Reading only: the GM's decision, the final seated and a finalist marked absent
are ``scoring.services.final_seating``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from heats.core.errors import UserError
from heats.models import (
    EntryStatus,
    Event,
    Player,
    Round,
    RoundKind,
    Seat,
)
from heats.queries.desk import shown_names
from heats.queries.versions import (
    Topic,
)
from heats.translate import translate
from scoring.core import finals as rules
from scoring.core import reasons, sizes
from scoring.core.ids import PlayerId
from scoring.core.laurels import Laurel, semi_runners_up
from scoring.core.places import display_percent
from scoring.models import FinalFill, PlayerRecord
from scoring.queries.event_results import event_advancement, event_draw, player_names
from scoring.queries.laurels import round_results
from scoring.queries.rounds import final_round, players_by_id, semi_round
from scoring.wording import percent_text

FINAL_MIN = sizes.FINAL_MIN


@dataclass
class RunnerUp:
    """A runner-up candidate: the ``player``, their semi-final ``table`` and the
    laurel line that ranked them (``percent`` of their table winner's final)."""

    player: Player
    table: int
    line: Laurel

    @property
    def percent(self) -> float:
        """The percentage of the table winner's final, rounded for display."""
        return display_percent(self.line.percent) if self.line.percent else 0

    def label(self, name: str) -> str:
        """ "Ann Lee (runner-up, 97.5%)" for the runner-up shown as ``name``
        (told apart from namesakes: ``heats.queries.desk.shown_names``), as the
        public line says it: English, for the decision's stored summary
        (``fill_summary``, a message); the pages translate the summary
        (``heats.translate.translate``)."""
        return reasons.reason(
            reasons.RUNNER_UP_ADDED,
            name=name,
            percent=reasons.percent_field(self.percent),
        )

    @property
    def detail(self) -> str:
        """The GM's line: "97.5% of the winner at semi-final table 3" (", die
        roll" when the die placed the runner-up), in the active language."""
        values = {"percent": percent_text(self.percent), "table": self.line.table}
        if self.line.die:
            return (
                gettext(
                    "%(percent)s of the winner at semi-final table %(table)s, die roll"
                )
                % values
            )
        return gettext("%(percent)s of the winner at semi-final table %(table)s") % (
            values
        )


@dataclass
class FinalField:
    """Who plays the final and why. ``winners``: the finalists (module
    docstring); ``excluded``: alternates who won a semi-final table; ``absent``:
    players marked absent from the final; ``fill``: the GM's decision, if any;
    ``added``: the runners-up it adds that still count; ``candidates``: every
    runner-up candidate, best first."""

    winners: list[Player]
    excluded: list[Player] = field(default_factory=list)
    absent: list[Player] = field(default_factory=list)
    fill: FinalFill | None = None
    added: list[Player] = field(default_factory=list)
    candidates: list[RunnerUp] = field(default_factory=list)

    @property
    def players(self) -> list[Player]:
        """The final's players: the finalists, then the runners-up added."""
        return self.winners + self.added

    @property
    def needed(self) -> int:
        """Runners-up needed to make 4 finalists (``scoring.core.finals``)."""
        return rules.runners_up_needed(len(self.winners))

    @property
    def of_three(self) -> bool:
        """True when the GM confirmed a final of 3 and 3 finalists remain."""
        kind = self.fill.kind if self.fill else None
        confirmed = kind == FinalFill.Kind.FINAL_OF_THREE
        return rules.of_three(confirmed, len(self.winners))

    @property
    def short(self) -> bool:
        """True while the final cannot be seated as it stands (fewer than 4
        players and no confirmed final of 3)."""
        return rules.is_short(len(self.players), self.of_three)


def heat_winner_ids(event: Event) -> list[int]:
    """Ids of the players who won a heat table: everyone else in the semi-final
    entered it as an alternate (or by the GM's addition)."""
    return list(
        PlayerRecord.objects.filter(
            seat__round__event=event, seat__round__kind=RoundKind.HEAT, place=1
        ).values_list("seat__player_id", flat=True)
    )


def alternates_winning_semi_tables(event: Event) -> list[Player]:
    """Semi-final table winners who entered as alternates: they do not advance
    ("no alternates will advance to the final under any circumstances", seed 001)."""
    semi = semi_round(event)
    if semi is None:
        return []
    winners = Player.objects.filter(seats__round=semi, seats__record__place=1).exclude(
        pk__in=heat_winner_ids(event)
    )
    return list(winners.order_by("name_key"))


def final_field(event: Event) -> FinalField:
    """The final's field of ``event`` (module docstring). Reads only.

    UserError while a semi-final table has no result or an unresolved tie for
    first, or before the semi-final is seated when one is due.
    """
    final = final_round(event)
    semi = semi_round(event)
    if semi is None or not semi.tables.exists():
        result = event_advancement(event)
        if not result.final_only:
            raise UserError(
                gettext("Seat the semi-final first: the final is its table winners.")
            )
        return FinalField(players_by_id(event, [q.player for q in result.qualifiers]))
    heat_winners = set(heat_winner_ids(event))
    all_winners = semi_table_winners(semi, None)
    by_id: dict[PlayerId, Player] = {p.pk: p for p in all_winners}
    table_winners = list(by_id)
    absent = _absent(final)
    found = FinalField(
        winners=[
            by_id[pk] for pk in rules.finalists(table_winners, heat_winners, absent)
        ],
        excluded=alternates_winning_semi_tables(event),
        absent=list(Player.objects.filter(pk__in=absent).order_by("name_key")),
        fill=FinalFill.objects.filter(event=event).first(),
    )
    found.candidates = _candidates(
        event, semi, heat_winners, set(table_winners) | absent
    )
    if found.fill is not None and found.fill.kind == FinalFill.Kind.RUNNERS_UP:
        chosen = set(found.fill.added.values_list("pk", flat=True))
        ranked: dict[PlayerId, Player] = {
            c.player.pk: c.player for c in found.candidates
        }
        found.added = [
            ranked[pk]
            for pk in rules.added_runners_up(list(ranked), chosen, found.needed)
        ]
    return _as_played(found, final)


def _as_played(found: FinalField, final: Round | None) -> FinalField:
    """Once the final has a result, its field is who played it, as the laurels
    rank them: a heat correction made since (a finalist no longer a heat
    winner) changes neither (tournament.md, Advancement, 9: results stand)."""
    if final is None or not PlayerRecord.objects.filter(seat__round=final).exists():
        return found
    seats = Seat.objects.filter(round=final).select_related("player")
    played = [s.player for s in seats.order_by("number")]
    found.added = [p for p in found.added if p in played]
    found.winners = [p for p in played if p not in found.added]
    found.excluded = [p for p in found.excluded if p not in played]
    return found


def field_state(
    found: FinalField | None, problem: UserError | None = None
) -> dict[str, Any]:
    """The final's field as the final page shows it (players by id, or the
    reason there is no field yet: ``problem``), for its form version."""
    if found is None:
        return {"problem": problem.message if problem else ""}
    return {
        "players": [p.pk for p in found.players],
        "absent": [p.pk for p in found.absent],
        "candidates": [c.player.pk for c in found.candidates],
        "fill": found.fill.kind if found.fill else None,
    }


def _field_state_now(event: Event) -> dict[str, Any]:
    try:
        return field_state(final_field(event))
    except UserError as exc:
        return field_state(None, exc)


FIELD = Topic(_("the final's field"), _field_state_now)
"""What the final page's forms (fill, absent) show (``heats.queries.versions``)."""


def _absent(final: Round | None) -> set[int]:
    if final is None:
        return set()
    entries = final.entries.filter(status=EntryStatus.ABSENT)
    return set(entries.values_list("player_id", flat=True))


def semi_table_winners(semi: Round, final: Round | None) -> list[Player]:
    """The sole winner (place 1) of every semi-final table, minus absentees from
    the final. UserError for a table without results or with an unresolved tie."""
    problems = []
    winners = []
    for table in semi.tables.order_by("number"):
        seats = list(table.seats.select_related("player"))
        if Seat.objects.filter(table=table, record__isnull=True).exists():
            problems.append(
                gettext("semi-final table %(table)s has no results")
                % {"table": table.number}
            )
            continue
        first = [s.player for s in seats if s.record.place == 1]
        if len(first) != 1:
            problems.append(
                gettext("semi-final table %(table)s: tie for first unresolved")
                % {"table": table.number}
            )
        winners += first
    if problems:
        raise UserError(gettext("The final cannot be seated yet."), problems)
    if final is None:
        return winners
    absent = set(
        final.entries.filter(status=EntryStatus.ABSENT).values_list("player", flat=True)
    )
    return [p for p in winners if p.pk not in absent]


def _candidates(
    event: Event, semi: Round, heat_winners: set[int], leave_out: set[PlayerId]
) -> list[RunnerUp]:
    """Runner-up candidates, best first (module docstring)."""
    keys = player_names(event)
    tables = round_results(semi, keys)
    skip = set(leave_out) | {pk for pk in keys if pk not in heat_winners}
    lines = semi_runners_up(tables, skip, event_draw(event))
    players = Player.objects.in_bulk([line.player for line in lines])
    return [RunnerUp(players[line.player], line.table or 0, line) for line in lines]


def finalists(event: Event) -> list[Player]:
    """Who plays the final: ``final_field(event).players`` (module docstring)."""
    return final_field(event).players


def fill_summary(field: FinalField, picks: list[RunnerUp], three: bool) -> str:
    """The public line for a GM's decision: "Final: 3 semi-final winners + Ann
    Lee (runner-up, 97.5%) added by the GM", or "Final: 3 semi-final winners,
    played as a final of 3 (the GM's decision)". A reason (a message:
    ``scoring.core.reasons``), stored as data in ``FinalFill.summary`` (its
    English in the audit log), that the pages translate (:func:`public_note`)."""
    count = len(field.winners)
    if three:
        return reasons.reason(reasons.FILL_OF_THREE, count=count)
    # A runner-up who shares a name is told apart by badge, as on every page.
    players = [p.player for p in picks]
    shown = shown_names(players[0].event_id, players) if players else {}
    added = reasons.and_list(p.label(shown[p.player.pk]) for p in picks)
    template = reasons.FILL_RUNNERS_UP[1 if count == 1 else 2]
    return reasons.reason(template, count=count, added=added)


def public_note(event: Event) -> str:
    """The public line for the GM's decision on a short final, "" without one;
    in the active language (the stored summary is a message: ``fill_summary``)."""
    fill = FinalFill.objects.filter(event=event).only("summary").first()
    return translate(fill.summary) if fill else ""
