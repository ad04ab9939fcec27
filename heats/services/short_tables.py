"""Tables left short before play: a player left a table of 4 (the GM took them
off it), so it has 3 and cannot play (tournament.md, Heats: tables of 4-6).

Words (``heats.core.placement``):

short table
    A heat table without results and with fewer than 4 players.
open seat
    A free seat at another table of the heat with 4 or 5 players and no
    results: the short table's players can move there, each to the table whose
    players they met least in earlier rounds (the repeat-opponent cost), and
    the emptied table is removed (the other tables keep their numbers). Or the
    GM seats late arrivals at the short table (``late.add_late_player``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, TypedDict

from django.db import transaction
from django.db.models import Count, Max, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from heats import permissions
from heats.core import placement, seating
from heats.core.errors import UserError
from heats.models import Player, ResultStatus, Round, RoundKind, Seat, Table
from heats.permissions import Actor
from heats.services.audit import lock, log
from heats.services.keep_apart import keep_apart_pairs
from heats.services.late import table_players
from heats.services.seating import lock_tables, seating_history

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


def short_tables(rnd: Round) -> list[ShortTable]:
    """The short tables of the heat ``rnd`` by number, each with its plan (see
    "open seat"); empty for the semi-final and final (seated from their lists)."""
    if rnd.kind != RoundKind.HEAT:
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


@dataclass(frozen=True)
class Dispersed:
    """What ``move_short_table`` did: the table removed and each player's new
    seat, with the repeat opponents it gave them."""

    number: int
    seats: list[tuple[Seat, placement.Move]]


@transaction.atomic
def move_short_table(rnd: Round, number: int, user: Actor = None) -> Dispersed:
    """Move the players of the short table ``number`` of the heat ``rnd`` to
    open seats (see "open seat"), each in the next free seat of their new table
    (play goes clockwise by seat: a newcomer plays last), and remove the emptied
    table; logged ("short-table").

    Locks the round, then its tables, and decides on what is saved then.
    UserError when the table is not a short table of ``rnd`` (gone, 4 players
    or more, results saved) or the open seats are too few; NotAllowed unless
    ``user`` may seat (GMs).
    """
    permissions.require(rnd.event, user, permissions.SEAT)
    lock(rnd)
    lock_tables(rnd)
    short = next((t for t in short_tables(rnd) if t.number == number), None)
    if short is None:
        raise UserError(
            _(
                "%(round)s has no table %(table)s of fewer than 4 players without "
                "results: nothing was moved."
            )
            % {"round": rnd.label, "table": number}
        )
    if short.plan is None:
        raise UserError(
            ngettext(
                "Too few open seats for the %(count)s player of table %(table)s: "
                "seat late arrivals there, or seat %(round)s again.",
                "Too few open seats for the %(count)s players of table %(table)s: "
                "seat late arrivals there, or seat %(round)s again.",
                len(short.players),
            )
            % {"count": len(short.players), "table": number, "round": rnd.label}
        )
    moved = _move(rnd, short, short.plan)
    Table.objects.filter(round=rnd, number=number).delete()
    log(
        rnd.event,
        user,
        "short-table",
        f"Table {number} of {rnd.label} had {len(short.players)} players: "
        + "; ".join(
            f"{s.player} to table {s.table.number}, seat {s.number}" for s, _ in moved
        )
        + f"; table {number} removed (repeat cost {short.plan.repeat_cost})",
        round=rnd.code,
        table=number,
    )
    return Dispersed(number, moved)


def _move(
    rnd: Round, short: ShortTable, plan: placement.Dispersal
) -> list[tuple[Seat, placement.Move]]:
    """Give each player of ``short`` the next free seat at the table ``plan``
    sends them to; returns the new seats with their moves."""
    targets = {m.table for m in plan.moves}
    tables = {t.number: t for t in rnd.tables.filter(number__in=targets)}
    last = dict(
        rnd.seats.filter(table__number__in=targets)
        .values_list("table__number")
        .annotate(m=Max("number"))
    )
    by_id = {str(p.pk): p for p in short.players}
    Seat.objects.filter(round=rnd, table__number=short.number).delete()
    moved = []
    for move in plan.moves:
        last[move.table] += 1
        seat = Seat.objects.create(
            table=tables[move.table],
            round=rnd,
            number=last[move.table],
            player=by_id[move.player],
        )
        moved.append((seat, move))
    return moved
