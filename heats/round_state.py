"""A round's tables as the GM pages show them: seats, paperwork, rules warnings,
ties, and what keeps a round from being complete (plain data for templates)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count, Prefetch

from heats import services
from heats.models import Player, Round, Seat, Table


@dataclass
class TableCard:
    """One table of a round as the round page shows it."""

    table: Table
    seats: list[Seat]
    done: bool
    winners: list[Player] = field(default_factory=list)
    findings: list[dict] = field(default_factory=list)
    acknowledged: bool = True
    tied: bool = False


def table_cards(rnd: Round) -> list[TableCard]:
    """The round's tables with their seats, paperwork state and rules warnings."""
    seats = Seat.objects.select_related("player", "record").order_by("number")
    tables = (
        rnd.tables.annotate(seated=Count("seats"), recorded=Count("seats__record"))
        .select_related("rules_check")
        .prefetch_related(Prefetch("seats", queryset=seats))
        .order_by("number")
    )
    cards = []
    for table in tables:
        done = table.seated > 0 and table.recorded == table.seated
        card = TableCard(table, list(table.seats.all()), done)
        if done:
            card.winners = [s.player for s in card.seats if s.record.place == 1]
            card.tied = len(card.winners) > 1
        check = getattr(table, "rules_check", None)
        if check is not None and check.findings:
            card.findings = check.findings
            card.acknowledged = check.acknowledged_at is not None
        cards.append(card)
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
