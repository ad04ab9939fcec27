"""Results read whole: player names, the event's die, held tables, the heat
seats' rows and the semi-final list's inputs (``event_advancement``, loaded
once for a presence mark: ``ListInputs``).

Load rows and call the pure code (``scoring.core``: ``advancement``); nothing
here writes. The event's own writers (new, edited, removed) are
``scoring.services.events``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass
from typing import cast

from heats.core.errors import UserError
from heats.core.names import badged_name
from heats.core.rounds import RoundCode, round_ordinal
from heats.models import Event, RoundKind, Seat
from heats.queries.players import PlayerFinder
from scoring.core import advancement
from scoring.core.draw import Draw
from scoring.core.ids import PlayerId
from scoring.core.sizes import WINNERS_PRESENT
from scoring.models import SemiFinalOverride, TableCheck


def player_names(event: Event) -> dict[int, str]:
    """Player id -> the name pages, PDFs and feeds show, unique in the event: two
    players sharing a name are told apart by badge, "Ann Lee (#1204)" (names only
    at the edges: everything else keys players by id). The
    same query leaves ``event.draw_keys`` (id -> ``Player.draw_key``) for
    :func:`event_draw`.
    """
    players = list(
        event.players.values_list("pk", "name", "name_key", "badge", "draw_key")
    )
    counts: dict[str, int] = defaultdict(int)
    for _, _, key, _, _ in players:
        counts[key] += 1
    # A memo on this event object for event_draw, not a field of Event.
    event.draw_keys = {pk: draw for pk, _, _, _, draw in players}  # type: ignore[attr-defined]
    return {
        pk: badged_name(name, badge, counts[key]) for pk, name, key, badge, _ in players
    }


def event_draw(event: Event) -> Draw:
    """The event's die (``scoring.core.draw.Draw``): its recorded seed, and each
    player's rolls seeded by their ``Player.draw_key``, set when they were created
    (tournament.md, Advancement, 7): a namesake checked in later, a corrected
    name or a merge never re-rolls a die."""
    if not hasattr(event, "draw_keys"):
        player_names(event)
    return Draw(event.seed, event.draw_keys)  # type: ignore[attr-defined]  # as above


def resolve_absent(event: Event, names: list[str]) -> set[int]:
    """Player ids for absent names (or ``#badge``); UserError names unknowns."""
    if not any(n.strip() for n in names):
        return set()  # the directory loads every player: not for nothing
    directory = PlayerFinder(event)
    found, unknown = set(), []
    for name in (n.strip() for n in names):
        if not name:
            continue
        badge = name[1:] if name.startswith("#") else ""
        player = directory.find("" if badge else name, badge)
        if player is None:
            unknown.append(name)
        else:
            found.add(player.pk)
    if unknown:
        raise UserError(
            f"{len(unknown)} absent name(s) match no player of {event.slug}.",
            [f"unknown player: {n!r}" for n in unknown],
        )
    return found


# One heat seat as ``heat_seat_rows`` loads it: heat, table, seat, player id, then
# the record's final, day 1, day 2, place and declared winner (all None without one),
# then the day time was called at the table (None for a game played out).
HeatSeatRow = tuple[
    int,
    int,
    int,
    int,
    "int | None",
    "int | None",
    "int | None",
    "int | None",
    "bool | None",
    "int | None",
]


# A held table as ``held_tables`` gives it: round kind, round number, table number.
HeldTable = tuple[str, int, int]


def held_tables(event: Event) -> dict[int, HeldTable]:
    """The tables of ``event`` whose results the public does not see yet, by id:
    those with level-1 rules findings (or a scoresheet's) no GM has acknowledged
    (``scoring.services.rules_checks``: e.g. 1004 typed for 104, every final 0). The
    results are saved and the GM pages show them "to check"; the public pages, the
    public list, the kiosk and the feeds treat the table as "being checked" until a GM
    acknowledges the findings or corrects the scores (both logged, so the public
    cache moves on). This is the one place that decides which records are
    public; one query.
    """
    checks = TableCheck.objects.filter(
        table__round__event=event, acknowledged_at__isnull=True
    ).values_list(
        "table_id",
        "findings",
        "table__round__kind",
        "table__round__number",
        "table__number",
    )
    return {pk: (kind, rnd, n) for pk, findings, kind, rnd, n in checks if findings}


def held_heat_tables(event: Event) -> dict[int, HeldTable]:
    """The heat tables of ``held_tables``: those that keep the GM's semi-final
    list from being published (:func:`require_no_held_heats`)."""
    return {k: v for k, v in held_tables(event).items() if v[0] == RoundKind.HEAT}


def require_no_held_heats(event: Event, what: str) -> None:
    """UserError naming the heat tables being checked (``held_heat_tables``)
    before ``what`` ("publishing the list") makes the GM's list public: a GM
    first acknowledges or corrects them."""
    held = held_heat_tables(event)
    if held:
        raise UserError(
            f"Before {what}, check the heat tables with rules warnings: acknowledge "
            "the warnings or correct the scores on each table's page (until then "
            "the public pages do not count them).",
            [f"{label}: to check" for label in held_labels(held)],
        )


def held_labels(held: dict[int, HeldTable]) -> list[str]:
    """``held_tables`` as the pages say them, heats first: "Heat 1, table 7",
    "Final, table 1"."""
    return [
        f"{RoundCode(kind, rnd).label}, table {n}"
        for kind, rnd, n in sorted(
            held.values(), key=lambda t: (round_ordinal(t[0], t[1]), t[2])
        )
    ]


def heat_seat_rows(event: Event, held: Collection[int] = ()) -> list[HeatSeatRow]:
    """Every heat seat of ``event`` with its record, as plain tuples (one query, no
    model instances: the standings of a 1,000-player event load 3,000 of them), in
    heat, table and seat order.

    The seats of the tables ``held`` (ids: ``held_tables(event)`` for the public
    standings and list) come without their records, as if the tables owed them.
    """
    rows = (
        Seat.objects.filter(round__event=event, round__kind=RoundKind.HEAT)
        .order_by("round__number", "table__number", "number")
        .values_list(
            "table_id",
            "round__number",
            "table__number",
            "number",
            "player_id",
            "record__final",
            "record__day1",
            "record__day2",
            "record__place",
            "record__declared_winner",
            "table__time_called",
        )
    )
    return [
        (*row[1:5], None, None, None, None, None, None) if row[0] in held else row[1:]
        for row in rows
    ]


def heat_tables(
    event: Event,
    keys: dict[int, str] | None = None,
    rows: list[HeatSeatRow] | None = None,
) -> tuple[list[advancement.HeatTable], list[tuple[int, int]], set[int]]:
    """The heat tables as plain data (players by id, named by ``keys``), the
    (heat, table) pairs with no result, and the ids of the players seated at those
    (they count as participants already).

    A table counts as missing until every seat has a record (tournament.md,
    Advancement, 8: "provisional"). ``rows`` (``heat_seat_rows``) saves loading
    them again.
    """
    keys = keys or player_names(event)
    grouped: dict[tuple[int, int], list[HeatSeatRow]] = defaultdict(list)
    for row in heat_seat_rows(event) if rows is None else rows:
        grouped[(row[0], row[1])].append(row)
    tables: list[advancement.HeatTable] = []
    missing: list[tuple[int, int]] = []
    pending: set[int] = set()
    for (heat, number), table_rows in grouped.items():
        if any(row[4] is None for row in table_rows):
            missing.append((heat, number))
            pending.update(row[3] for row in table_rows)
            continue
        records = tuple(
            advancement.PlayerResult(
                player=player,
                final=cast(int, final),  # a table missing a record was skipped
                day1=day1,
                day2=day2,
                declared_place=1 if declared else None,
                name=keys[player],
            )
            for _, _, _, player, final, day1, day2, _, declared, _ in table_rows
        )
        tables.append(advancement.HeatTable(heat=heat, table=number, records=records))
    return tables, missing, pending


def absent_ids(event: Event) -> set[int]:
    """Players marked absent from the semi-final (tournament.md, Advancement, 9)."""
    return set(
        event.players.filter(
            entries__round__kind=RoundKind.SEMI, entries__status="absent"
        ).values_list("pk", flat=True)
    )


def event_advancement(
    event: Event,
    extra_absent: list[str] | None = None,
    *,
    override: bool = True,
    keys: dict[int, str] | None = None,
    rows: list[HeatSeatRow] | None = None,
    absent: set[int] | None = None,
    size: int | str | None = None,
    size_reason: str | None = None,
) -> advancement.Advancement:
    """The semi-final list for ``event`` (tournament.md, Advancement), under the
    event's format and table-size rule (tournament.md, Event formats) and its
    HMW tie-break order (``Event.tiebreaks``).

    Absent players are those marked absent from the semi-final plus ``extra_absent``
    (names or ``#badge``; UserError for unknown names). With ``override`` the GM's
    size (a number of players, or "the winners present": ``WINNERS_PRESENT``)
    and added players (``SemiFinalOverride``) apply; without, the plain
    recommendation. ``size`` (a layout's size or ``WINNERS_PRESENT``) replaces
    the GM's size for this list, with ``size_reason`` (default: the GM's
    stored reason); UserError for a size the event has no layout for.
    ``keys`` (``player_names(event)``), ``rows`` (``heat_seat_rows(event)``)
    and ``absent`` (``absent_ids(event)``) save loading them again. Nothing is
    saved.
    """
    keys = keys or player_names(event)
    if absent is None:
        absent = absent_ids(event)
    absent = absent | resolve_absent(event, extra_absent or [])
    tables, missing, pending = heat_tables(event, keys, rows)
    gm = SemiFinalOverride.objects.filter(event=event).first() if override else None
    if size is None and gm is not None:
        size = WINNERS_PRESENT if gm.winners_present else gm.size
    if size_reason is None:
        size_reason = gm.reason if gm else ""
    try:
        settings = advancement.AdvancementSettings(
            layouts=event.semi_layout_map(),
            seed=event.seed,
            draws=event_draw(event).keys,
            names=dict(keys.items()),  # Mapping keys are invariant: ids as PlayerId
            forced_size=None if size == WINNERS_PRESENT else cast("int | None", size),
            format=event.format,
            policy=event.seating_policy,
            winners_present=size == WINNERS_PRESENT,
            size_reason=size_reason,
            tiebreaks=event.tiebreaks,
        )
    except ValueError as exc:
        raise UserError(f"The event's semi-final settings are wrong: {exc}") from exc
    try:
        return advancement.advance(
            tables,
            absent=absent,
            settings=settings,
            missing_tables=missing,
            pending_players=pending,
            added=[p.pk for p in gm.added.all()] if gm else (),
        )
    except ValueError as exc:
        raise UserError(f"The advancement cannot be worked out: {exc}") from exc


@dataclass(frozen=True)
class ListInputs:
    """What a semi-final check-in leaves as it was, loaded once for the list
    before and after it: the players' names (``player_names``) and the heat
    seats with their records (``heat_seat_rows``)."""

    keys: dict[int, str]
    rows: list[HeatSeatRow]

    @classmethod
    def load(cls, event: Event) -> ListInputs:
        return cls(player_names(event), heat_seat_rows(event))


def qualifier_labels(event: Event, inputs: ListInputs) -> dict[PlayerId, str]:
    """The semi-final list's qualifiers as it stands now (absences read
    afresh), by player id, named as the list names them."""
    result = event_advancement(event, keys=inputs.keys, rows=inputs.rows)
    return {q.player: q.label for q in result.qualifiers}
