"""Tables left short before play: a player left a table of 4 (the GM took them
off it), so it has 3 and cannot play (tournament.md, Heats: tables of 4-6).
This module finds them and where their players would go; moving them is
``heats.services.short_tables.move_short_table``.

Words (``heats.core.placement``):

short table
    A table of the round without results and with fewer than 4 players.
open seat
    A free seat at another table of the round with 4 or 5 players and no
    results: the short table's players can move there, each to the table whose
    players they met least in earlier rounds (the repeat-opponent cost), and
    the emptied table is removed (in a heat the other tables keep their
    numbers; a round seated from a list closes the gap). Or, in a heat, the GM
    seats late arrivals at the short table (``late.add_late_player``).

Heats look for short tables on their round page; a semi-final's (a seated
no-show taken off a table of 4) are looked for by the app that seats it from
its list, with ``kind``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, TypedDict

from django.db.models import Count, QuerySet

from heats.core import placement, seating
from heats.models import Player, ResultStatus, Round, RoundKind, Table
from heats.queries.late import table_players
from heats.queries.seating import keep_apart_pairs, seating_history

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations


class _Seated(TypedDict):
    seated: int  # the table's seats


@dataclass(frozen=True)
class ShortTable:
    """A short table of a heat: its ``number``, its ``players`` in seat order,
    and ``plan``, where they would go (None: the open seats are too few)."""

    number: int
    players: list[Player]
    plan: placement.Dispersal | None

    @property
    def moves(self) -> list[tuple[Player, placement.Move]]:
        """Each player with their move under ``plan``, in seat order (empty
        without a plan)."""
        if self.plan is None:
            return []
        return list(zip(self.players, self.plan.moves, strict=True))


def _owed_tables(rnd: Round) -> QuerySet[WithAnnotations[Table, _Seated]]:
    return rnd.tables.filter(result_status=ResultStatus.OWED).annotate(
        seated=Count("seats", distinct=True)
    )


def short_tables(rnd: Round, kind: RoundKind = RoundKind.HEAT) -> list[ShortTable]:
    """The short tables of ``rnd`` by number, each with its plan (see "open
    seat"); empty unless ``rnd`` is of ``kind`` (a heat by default: the
    semi-final and final are seated from their lists, and the heat's round page
    offers no moves for them)."""
    if rnd.kind != kind:
        return []
    owed = list(_owed_tables(rnd).order_by("number"))
    short = [t for t in owed if 0 < t.seated < seating.MIN_TABLE]
    if not short:
        return []
    seated = table_players(owed)
    history = seating_history(rnd)
    apart = keep_apart_pairs(rnd.event)
    players = rnd.event.players.in_bulk(
        [int(k) for t in short for k in seated[t.number]]
    )
    found = []
    for table in short:
        keys = seated[table.number]
        targets = {n: seated[n] for n in seated if n != table.number}
        plan = placement.disperse(keys, targets, history, apart)
        found.append(ShortTable(table.number, [players[int(k)] for k in keys], plan))
    return found
