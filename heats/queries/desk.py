"""A round's tables as the GM pages show them: seats, the state of the results
(``Table.result_status``), what other apps add to each card (``heats.extensions``),
and what keeps a round from being complete (plain data for templates); whose
check-in the desk may undo (``heats.services.checkin_undo``)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TypedDict

from django.db.models import Count
from django.utils.translation import gettext, ngettext

from heats import extensions, permissions
from heats.core import placement, seating
from heats.core.message import SEMICOLON
from heats.core.names import badged_name
from heats.models import (
    Entry,
    Event,
    Player,
    ResultStatus,
    Round,
    RoundKind,
    Seat,
    Table,
)
from heats.permissions import Actor
from heats.queries.late import completion_blockers, late_options
from heats.queries.seating import checked_in_count, waiting_players
from heats.translate import listed


@dataclass(frozen=True)
class CardPlayer:
    """The player of a card's seat: id, name, badge and name key, and
    ``shown``, the name told apart from namesakes in the event (``badged_name``:
    what the card shows); ``str()`` as a ``Player`` ("Ann Lee (#1204)" with a
    badge)."""

    pk: int
    name: str
    badge: str
    name_key: str
    shown: str = ""

    def __str__(self) -> str:
        return f"{self.name} (#{self.badge})" if self.badge else self.name


@dataclass(frozen=True)
class CardSeat:
    """A seat of a table card: the ``Seat``'s id, its ``number`` (1: the start
    player) and its ``player``. Plain data read as tuples: a round of 1,000
    players would cost 2,000 model objects a page (issue 17, "Speed")."""

    pk: int
    number: int
    player: CardPlayer


@dataclass
class SeatLine:
    """One seat of a table card: the seat, and what the results app adds: the
    player's ``score`` (florins) and whether they are a ``winner``."""

    seat: CardSeat
    score: int | None = None
    winner: bool = False


@dataclass
class TableCard:
    """One table of a round as the GM pages show it: its seat lines, its
    ``status`` (``Table.result_status``), and what other apps add
    (``heats.extensions``): ``notes`` under it and the main ``action``."""

    table: Table
    lines: list[SeatLine]
    status: str
    notes: list[extensions.Note] = field(default_factory=list)
    action: extensions.Link | None = None

    @property
    def done(self) -> bool:
        """Every result is in (a tie or a rules check may remain)."""
        return self.status != ResultStatus.OWED

    @property
    def tied(self) -> bool:
        """A tie for first the GM has not declared."""
        return self.status == ResultStatus.TIE

    @property
    def to_check(self) -> bool:
        """Held back from the public for unacknowledged rules warnings."""
        return self.status == ResultStatus.CHECK


def table_cards(rnd: Round, *, only: Table | None = None) -> list[TableCard]:
    """The round's tables with their seats and result status, filled in by the
    apps registered with ``heats.extensions`` (scores, notes, actions); with
    ``only``, that table's card alone (what changed after an action on it)."""
    lines: dict[int, list[SeatLine]] = defaultdict(list)
    tables = rnd.tables.order_by("number")
    found = Seat.objects.filter(round=rnd)
    if only is not None:
        tables, found = tables.filter(pk=only.pk), found.filter(table=only)
    seats = found.order_by("number").values_list(
        "table_id",
        "pk",
        "number",
        "player_id",
        "player__name",
        "player__badge",
        "player__name_key",
    )
    namesakes = namesake_counts(rnd.event_id)
    # One query, grouped here.
    for table_id, pk, number, player_id, name, badge, key in seats:
        shown = badged_name(name, badge, namesakes.get(key, 1))
        seat = CardSeat(
            pk, number, CardPlayer(player_id, name, badge, key, shown=shown)
        )
        lines[table_id].append(SeatLine(seat))
    cards = [TableCard(table, lines[table.pk], table.result_status) for table in tables]
    extensions.fill_cards(rnd, cards)
    return cards


@dataclass(frozen=True)
class SeatRow:
    """One seat of a seated round as every seating page, feed and printable
    reads it: table (number, late or not), seat, the player's id, name, name key
    and badge, and ``shown``: the name told apart from namesakes in the event
    ("Ann Lee (#12)"), the same everywhere the player is named."""

    table: int
    late: bool
    seat: int
    player_id: int
    name: str
    name_key: str
    badge: str
    shown: str


def round_seats(rnd: Round) -> list[SeatRow]:
    """The seats of ``rnd`` in table and seat order: the one seating loader (the
    round's seating page, the kiosk, the phone view, the seating feed, the
    printed assignments); two queries: the seats, and the event's names held by
    more than one player (one grouping of the event's players, where a count
    per seat took a quarter of a second at 1,000 players)."""
    namesakes = namesake_counts(rnd.event_id)
    rows = (
        Seat.objects.filter(round=rnd)
        .order_by("table__number", "number")
        .values_list(
            "table__number",
            "table__late",
            "number",
            "player_id",
            "player__name",
            "player__name_key",
            "player__badge",
        )
    )
    return [
        SeatRow(*row, shown=badged_name(row[4], row[6], namesakes.get(row[5], 1)))
        for row in rows
    ]


def namesake_counts(event_id: int) -> dict[str, int]:
    """Name key -> how many players of the event hold it, for the keys held by
    more than one (namesakes); one grouping of the event's players. What
    ``badged_name`` needs, on every page that names players: the public pages
    through ``round_seats``, the GM pages through :func:`shown_names`."""
    return dict(
        Player.objects.filter(event_id=event_id)
        .values("name_key")
        .annotate(n=Count("pk"))
        .filter(n__gt=1)
        .values_list("name_key", "n")
    )


def shown_names(event_id: int, players: Iterable[Player]) -> dict[int, str]:
    """Player id -> the name a page shows, told apart from the event's namesakes
    ("John Smith (#2187)" beside another John Smith, else "John Smith"): the
    ``badged_name`` of ``round_seats``, for the GM pages (table cards, result
    forms, the semi-final's no-show list, the check-in list, the players page).
    One query (:func:`namesake_counts`)."""
    namesakes = namesake_counts(event_id)
    return {
        p.pk: badged_name(p.name, p.badge, namesakes.get(p.name_key, 1))
        for p in players
    }


class SeatingRow(TypedDict):
    """One seat as the round's seating table lists it (``seating_rows``)."""

    table: int
    seat: int
    player: str
    name_key: str
    badge: str
    late: bool


def seating_rows(rnd: Round) -> list[SeatingRow]:
    """One row per seat: ``{"table", "seat", "player", "name_key", "badge",
    "late"}`` (``round_seats``)."""
    return [
        {
            "table": s.table,
            "seat": s.seat,
            "player": s.name,
            "name_key": s.name_key,
            "badge": s.badge,
            "late": s.late,
        }
        for s in round_seats(rnd)
    ]


@dataclass
class RoundFigures:
    """The figures a round page shows at its top, read without loading a seat:

    - ``count``: players checked in (in or late), and ``layout``, the table sizes
      they would give now (``heats.core.seating.table_sizes``);
    - ``seated``: players per saved table, in table order (empty: not seated);
    - ``owed``: numbers of the tables whose results are owed;
    - ``waiting``: players checked in late with no seat, by name;
    - ``blockers``: what keeps a round whose tables all have results from being
      complete (``services.completion_blockers``; empty while results are owed).
    """

    count: int
    layout: seating.TableSizes
    seated: list[int]
    owed: list[int]
    waiting: list[Player]
    blockers: list[str]

    @property
    def complete(self) -> bool:
        """Every table has its results and nothing holds the round back."""
        return bool(self.seated) and not self.owed and not self.blockers

    @property
    def has_results(self) -> bool:
        """Some table has its results: the round cannot be seated again."""
        return len(self.owed) < len(self.seated)


def round_figures(rnd: Round) -> RoundFigures:
    """The figures of ``rnd`` (``RoundFigures``): four queries whatever the number
    of players (the count, the tables with their sizes and status, the waiting
    players, and ``blockers``' own when no result is owed)."""
    count, layout = checked_in_count(rnd)
    tables = list(
        rnd.tables.order_by("number")
        .annotate(n=Count("seats"))
        .values_list("number", "n", "result_status")
    )
    owed = [number for number, _, status in tables if status == ResultStatus.OWED]
    tied = [number for number, _, status in tables if status == ResultStatus.TIE]
    waiting = waiting_players(rnd) if rnd.kind == RoundKind.HEAT else []
    held = completion_blockers(rnd, tied) if tables and not owed else []
    return RoundFigures(
        count=count,
        layout=layout,
        seated=[n for _, n, _ in tables],
        owed=owed,
        waiting=waiting,
        blockers=held,
    )


class RoundSummary(TypedDict):
    """One round on the event dashboard (``round_summary``)."""

    round: Round
    tables: int
    owed: list[int]
    state: str
    complete: bool


def round_summary(rnd: Round) -> RoundSummary:
    """Counts and state of one round for the event dashboard (``state`` in the
    reader's language; ``complete`` when every result is in)."""
    figures = round_figures(rnd)
    complete = False
    if not figures.seated and not rnd.seated_at:
        state = gettext("check-in")
    elif figures.owed:
        state = ngettext(
            "seated — %(count)s table owes results",
            "seated — %(count)s tables owe results",
            len(figures.owed),
        ) % {"count": len(figures.owed)}
    elif figures.blockers:
        state = gettext("results in — %(blockers)s") % {
            "blockers": listed(figures.blockers, SEMICOLON)
        }
    else:
        state, complete = gettext("results complete"), True
    return {
        "round": rnd,
        "tables": len(figures.seated),
        "owed": figures.owed,
        "state": state,
        "complete": complete,
    }


def option_label(option: placement.JoinCost) -> str:
    """How the late-seat form offers a table: "Table 3 (5 players) — 0 repeat
    opponents", keep-apart pairs it would break named too."""
    values = {
        "table": option.table,
        "seated": option.seated,
        "repeats": ngettext(
            "%(count)s repeat opponent", "%(count)s repeat opponents", option.repeats
        )
        % {"count": option.repeats},
        "pairs": ngettext(
            "%(count)s keep-apart pair",
            "%(count)s keep-apart pairs",
            option.violations,
        )
        % {"count": option.violations},
    }
    if option.violations:
        return (
            gettext("Table %(table)s (%(seated)s players) — %(repeats)s, %(pairs)s")
            % values
        )
    return gettext("Table %(table)s (%(seated)s players) — %(repeats)s") % values


@dataclass(frozen=True)
class LateChoice:
    """One waiting player and the open tables offered to them, best first:
    ``[(table number, label)]`` (``services.late_options``)."""

    player: Player
    tables: list[tuple[int, str]]


def late_choices(rnd: Round, waiting: list[Player]) -> list[LateChoice]:
    """The late-seat forms of the round page: one per waiting player, in
    ``waiting``'s order; empty when no table is open."""
    options = late_options(rnd, waiting)
    choices = [
        LateChoice(p, [(o.table, option_label(o)) for o in options.get(p.pk, [])])
        for p in waiting
    ]
    return [c for c in choices if c.tables]


def only_here(rnd: Round) -> set[int]:
    """Players checked in to ``rnd`` who have no other round (no other entry, no
    seat elsewhere): undoing their check-in deletes the player record too."""
    others = Round.objects.filter(event_id=rnd.event_id).exclude(pk=rnd.pk)
    elsewhere = Entry.objects.filter(round__in=others).values("player")
    seated = Seat.objects.filter(round__in=others).values("player")
    entries = (
        Entry.objects.filter(round=rnd)
        .exclude(player__in=elsewhere)
        .exclude(player__in=seated)
    )
    return set(entries.values_list("player_id", flat=True))


def removable_players(event: Event, user: Actor, rnd: Round) -> set[int]:
    """Seated players of ``rnd`` (of ``event``) whose check-in ``user`` may undo
    (:func:`undo_check_in`): a GM's, in a heat, at tables without results and of
    4 players or more (a table left with 3 is flagged as short)."""
    if rnd.kind != RoundKind.HEAT or not permissions.may(event, user, permissions.SEAT):
        return set()
    open_tables = (
        rnd.tables.filter(result_status=ResultStatus.OWED)
        .annotate(n=Count("seats"))
        .filter(n__gte=seating.MIN_TABLE)
    )
    seats = rnd.seats.filter(table__in=open_tables)
    return set(seats.values_list("player_id", flat=True))


def has_short_card(cards: Iterable[TableCard]) -> bool:
    """True when a card has fewer players than a table needs: only then can the
    round have short tables to plan (``heats.queries.short_tables``, a query
    of its own)."""
    return any(0 < len(card.lines) < seating.MIN_TABLE for card in cards)
