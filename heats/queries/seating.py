"""A round's seating read: who waits for a seat, the tables as saved, the
times players met in earlier rounds and the keep-apart pairs the seating avoids,
the seating's state and objective, and the previous seating "Undo" would put
back. The seating is drawn and saved by ``heats.services.seating``, put back by
``heats.services.reseating`` (where "previous seating" is defined).

tournament.md, Heats (seating, late arrivals).
"""

from __future__ import annotations

from dataclasses import dataclass

from heats.core import seating
from heats.models import (
    EntryStatus,
    Event,
    KeepApart,
    Player,
    ResultStatus,
    Round,
    RoundKind,
    Seat,
)
from heats.models.rounds import SeatingSnapshot

WAITING_STATUSES = (EntryStatus.CHECKED_IN, EntryStatus.LATE)


def checked_in_count(rnd: Round) -> tuple[int, seating.TableSizes]:
    """Players checked in (in or late) and the layout they would give now."""
    count = rnd.entries.filter(status__in=WAITING_STATUSES).count()
    return count, seating.table_sizes(count, rnd.event.seating_policy)


def keep_apart_pairs(event: Event) -> set[frozenset[str]]:
    """The event's keep-apart pairs as ``frozenset({id, id})`` of player keys."""
    pairs = KeepApart.objects.filter(event=event)
    return {
        frozenset((str(a), str(b)))
        for a, b in pairs.values_list("player_a_id", "player_b_id")
    }


def _earlier_rounds(rnd: Round) -> list[Round]:
    """Rounds of the event before ``rnd``: heats by number, then semi, then final."""
    return list(rnd.event.rounds.filter(ordinal__lt=rnd.round_code.ordinal))


def seating_history(rnd: Round) -> dict[frozenset[str], int]:
    """Times-met counts from the tables of earlier rounds (player keys are ids)."""
    tables: dict[int, list[str]] = {}
    seats = Seat.objects.filter(round__in=_earlier_rounds(rnd)).order_by("pk")
    for table_id, player_id in seats.values_list("table_id", "player_id"):
        tables.setdefault(table_id, []).append(str(player_id))
    return seating.history_from_tables([tables.values()])


def round_tables(rnd: Round, *, late: bool | None = None) -> list[list[str]]:
    """Player keys per table of ``rnd`` in table, then seat order."""
    seats = Seat.objects.filter(round=rnd).order_by("table__number", "number")
    if late is not None:
        seats = seats.filter(table__late=late)
    tables: dict[int, list[str]] = {}
    for table_id, player_id in seats.values_list("table_id", "player_id"):
        tables.setdefault(table_id, []).append(str(player_id))
    return list(tables.values())


def has_results(rnd: Round) -> bool:
    """True once any table of ``rnd`` has results (``Table.result_status``)."""
    return rnd.tables.exclude(result_status=ResultStatus.OWED).exists()


def seating_state(rnd: Round | None) -> str:
    """The round's seating as a page shows it: "unseated" (also for a semi-final
    or final not made yet, ``None``), or when it was seated.

    A "Seat" button sends the state its page was drawn in, so a second press (or
    another GM's) made from the same page is recognised (``seat_round``'s
    ``state``).
    """
    return rnd.seated_at.isoformat() if rnd and rnd.seated_at else "unseated"


def seating_snapshot(rnd: Round) -> SeatingSnapshot | None:
    """``rnd``'s saved tables as ``Round.previous_seating`` keeps them (players
    by draw key, seat order, late tables flagged), with the round's seed; None
    before it has any."""
    rows = (
        Seat.objects.filter(round=rnd)
        .order_by("table__number", "number")
        .values_list("table__number", "table__late", "player__draw_key")
    )
    tables: dict[tuple[int, bool], list[str]] = {}
    for number, late, key in rows:
        tables.setdefault((number, late), []).append(key)
    if not tables:
        return None
    return {
        "seed": rnd.seed,
        "tables": [
            {"number": number, "late": late, "players": keys}
            for (number, late), keys in tables.items()
        ],
    }


def current_objective(
    rnd: Round, tables: list[list[str]] | None = None
) -> tuple[int, int]:
    """The objective of ``rnd``'s saved tables (late tables included);
    ``tables``: their player keys when the caller read them (``round_tables``'
    shape: the round page's cards)."""
    if tables is None:
        tables = round_tables(rnd)
    return seating.objective(tables, seating_history(rnd), keep_apart_pairs(rnd.event))


def waiting_players(rnd: Round) -> list[Player]:
    """Late arrivals (and players left over by the seating) without a seat, by name."""
    seated = Seat.objects.filter(round=rnd).values("player")
    entries = rnd.entries.filter(status=EntryStatus.LATE).exclude(player__in=seated)
    return [
        e.player for e in entries.select_related("player").order_by("player__name_key")
    ]


@dataclass(frozen=True)
class PreviousSeating:
    """The seating that can be put back, as the round page names it: its table
    sizes in table order and its seed."""

    sizes: list[int]
    seed: str

    @property
    def shape(self) -> str:
        """ "6+6+6+5"."""
        return "+".join(map(str, self.sizes))


def previous_seating(rnd: Round) -> PreviousSeating | None:
    """What ``undo_seating`` would put back for the heat ``rnd``; None when
    nothing can be (not a heat, never seated again, or put back already)."""
    kept = rnd.previous_seating
    if rnd.kind != RoundKind.HEAT or not kept:
        return None
    return PreviousSeating([len(t["players"]) for t in kept["tables"]], kept["seed"])
