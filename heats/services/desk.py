"""A round's tables as the GM pages show them: seats, the state of the results
(``Table.result_status``), what other apps add to each card (``heats.extensions``),
and what keeps a round from being complete (plain data for templates)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count, OuterRef, Prefetch, Subquery

from heats import extensions, services
from heats.core import placement
from heats.core.names import badged_name
from heats.models import Player, ResultStatus, Round, Seat, Table


@dataclass
class SeatLine:
    """One seat of a table card: the seat, and what the results app adds: the
    player's ``score`` (florins) and whether they are a ``winner``."""

    seat: Seat
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


def table_cards(rnd: Round) -> list[TableCard]:
    """The round's tables with their seats and result status, filled in by the
    apps registered with ``heats.extensions`` (scores, notes, actions)."""
    seats = Seat.objects.select_related("player").order_by("number")
    tables = rnd.tables.prefetch_related(Prefetch("seats", queryset=seats)).order_by(
        "number"
    )
    cards = [
        TableCard(table, [SeatLine(s) for s in table.seats.all()], table.result_status)
        for table in tables
    ]
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
    printed assignments); one query."""
    namesakes = (
        Player.objects.filter(
            event_id=rnd.event_id, name_key=OuterRef("player__name_key")
        )
        .values("name_key")
        .annotate(n=Count("pk"))
        .values("n")
    )
    rows = (
        Seat.objects.filter(round=rnd)
        .order_by("table__number", "number")
        .annotate(namesakes=Subquery(namesakes))
        .values_list(
            "table__number",
            "table__late",
            "number",
            "player_id",
            "player__name",
            "player__name_key",
            "player__badge",
            "namesakes",
        )
    )
    return [
        SeatRow(*row[:7], shown=badged_name(row[4], row[6], row[7] or 1))
        for row in rows
    ]


def seating_rows(rnd: Round) -> list[dict]:
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


def blockers(rnd: Round, cards: list[TableCard]) -> list[str]:
    """What keeps a round whose tables all have results from being complete
    (``services.completion_blockers``): waiting players, unresolved ties."""
    tied = [c.table.number for c in cards if c.tied]
    return services.completion_blockers(rnd, tied)


def round_summary(rnd: Round) -> dict:
    """Counts and state of one round for the event dashboard."""
    cards = table_cards(rnd)
    owed = [c.table.number for c in cards if not c.done]
    held = blockers(rnd, cards) if cards else []
    if not cards and not rnd.seated_at:
        state = "check-in"
    elif owed:
        state = f"seated — {len(owed)} table(s) owe results"
    elif held:
        state = "results in — " + "; ".join(held)
    else:
        state = "results complete"
    return {"round": rnd, "tables": len(cards), "owed": owed, "state": state}


def option_label(option: placement.JoinCost) -> str:
    """How the late-seat form offers a table: "Table 3 (5 players) — 0 repeat
    opponents", keep-apart pairs it would break named too."""
    repeats = f"{option.repeats} repeat opponent{'s' if option.repeats != 1 else ''}"
    text = f"Table {option.table} ({option.seated} players) — {repeats}"
    if option.violations:
        pairs = "pair" if option.violations == 1 else "pairs"
        text += f", {option.violations} keep-apart {pairs}"
    return text


@dataclass(frozen=True)
class LateChoice:
    """One waiting player and the open tables offered to them, best first:
    ``[(table number, label)]`` (``services.late_options``)."""

    player: Player
    tables: list[tuple[int, str]]


def late_choices(rnd: Round, waiting: list[Player]) -> list[LateChoice]:
    """The late-seat forms of the round page: one per waiting player, in
    ``waiting``'s order; empty when no table is open."""
    options = services.late_options(rnd, waiting)
    choices = [
        LateChoice(p, [(o.table, option_label(o)) for o in options.get(p.pk, [])])
        for p in waiting
    ]
    return [c for c in choices if c.tables]
