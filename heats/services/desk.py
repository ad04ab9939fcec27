"""A round's tables as the GM pages show them: seats, the state of the results
(``Table.result_status``), what other apps add to each card (``heats.extensions``),
and what keeps a round from being complete (plain data for templates)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Prefetch

from heats import extensions, services
from heats.models import ResultStatus, Round, Seat, Table


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


def seating_rows(rnd: Round) -> list[dict]:
    """One row per seat: ``{"table", "seat", "player", "name_key", "badge",
    "late"}``."""
    seats = Seat.objects.filter(round=rnd).select_related("player", "table")
    return [
        {
            "table": s.table.number,
            "seat": s.number,
            "player": s.player.name,
            "name_key": s.player.name_key,
            "badge": s.player.badge,
            "late": s.table.late,
        }
        for s in seats
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
