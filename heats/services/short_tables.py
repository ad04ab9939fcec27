"""Tables left short before play moved: the players of a short table go to
the heat's open seats and the emptied table is removed. The words "short
table" and "open seat" are defined in ``heats.queries.short_tables``, which
finds them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from heats import permissions, signals
from heats.core import placement
from heats.core.errors import UserError
from heats.models import (
    AuditAction,
    Round,
    RoundKind,
    Seat,
    Table,
)
from heats.permissions import (
    Actor,
)
from heats.queries.short_tables import ShortTable, short_tables
from heats.services.audit import lock, log
from heats.services.seating import lock_tables


@dataclass(frozen=True)
class Dispersed:
    """What ``move_short_table`` did: the table removed, each player's new
    seat with the repeat opponents it gave them (the seat's table under its
    number afterwards), and ``renumbered``, each later table's old and new
    number when the gap was closed (empty otherwise)."""

    number: int
    seats: list[tuple[Seat, placement.Move]]
    renumbered: list[tuple[int, int]] = field(default_factory=list)


@transaction.atomic
def move_short_table(
    rnd: Round,
    number: int,
    user: Actor = None,
    *,
    kind: RoundKind = RoundKind.HEAT,
    close_gap: bool = False,
) -> Dispersed:
    """Move the players of the short table ``number`` of ``rnd`` (a round of
    ``kind``, a heat by default) to open seats (see "open seat"), each in the
    next free seat of their new table (play goes clockwise by seat: a newcomer
    plays last), and remove the emptied table; logged ("short-table"). With
    ``close_gap`` the later tables move down one number, so the round's
    tables stay numbered 1..n (a heat's keep their numbers: their scoresheets
    and late tables name them).

    Locks the round, then its tables, and decides on what is saved then.
    UserError when the table is not a short table of ``rnd`` (gone, 4 players
    or more, results saved) or the open seats are too few; NotAllowed unless
    ``user`` may seat (GMs).
    """
    permissions.require(rnd.event, user, permissions.SEAT)
    lock(rnd)
    lock_tables(rnd)
    short = _short_table(rnd, number, kind)
    assert short.plan is not None  # _short_table refuses a table without one
    moved = _move(rnd, short, short.plan)
    Table.objects.filter(round=rnd, number=number).delete()
    # The log tells it in order: the moves by the numbers then, then the gap.
    detail = "; ".join(
        f"{s.player} to table {s.table.number}, seat {s.number}" for s, _m in moved
    )
    renumbered = _close_gap(rnd, number) if close_gap else []
    for seat, _m in moved:
        seat.table.refresh_from_db(fields=["number"])
    entry = log(
        rnd.event,
        user,
        AuditAction.SHORT_TABLE,
        f"Table {number} of {rnd.label} had {len(short.players)} players: {detail}"
        f"; table {number} removed (repeat cost {short.plan.repeat_cost})"
        + "".join(f"; table {old} is now table {new}" for old, new in renumbered),
        round=rnd.code,
        table=number,
    )
    signals.table_dissolved.send(rnd.event, entry=entry, round=rnd, number=number)
    return Dispersed(number, moved, renumbered)


def _short_table(rnd: Round, number: int, kind: RoundKind) -> ShortTable:
    """The short table ``number`` of ``rnd`` with its plan; UserError when it
    is not one, or its players have nowhere to go."""
    short = next((t for t in short_tables(rnd, kind) if t.number == number), None)
    if short is None:
        raise UserError(
            _(
                "%(round)s has no table %(table)s of fewer than 4 players without "
                "results: nothing was moved."
            )
            % {"round": rnd.label, "table": number}
        )
    if short.plan is None:
        values = {"count": len(short.players), "table": number, "round": rnd.label}
        if rnd.kind != RoundKind.HEAT:
            raise UserError(
                ngettext(
                    "Too few open seats for the %(count)s player of table "
                    "%(table)s of %(round)s: seat it again.",
                    "Too few open seats for the %(count)s players of table "
                    "%(table)s of %(round)s: seat it again.",
                    len(short.players),
                )
                % values
            )
        raise UserError(
            ngettext(
                "Too few open seats for the %(count)s player of table %(table)s: "
                "seat late arrivals there, or seat %(round)s again.",
                "Too few open seats for the %(count)s players of table %(table)s: "
                "seat late arrivals there, or seat %(round)s again.",
                len(short.players),
            )
            % values
        )
    return short


def _close_gap(rnd: Round, number: int) -> list[tuple[int, int]]:
    """Move each table of ``rnd`` numbered above ``number`` (just removed) down
    one, lowest first so no two share a number at any time; their (old, new)
    numbers."""
    renumbered = []
    for table in rnd.tables.filter(number__gt=number).order_by("number"):
        renumbered.append((table.number, table.number - 1))
        table.number -= 1
        table.save(update_fields=["number"])
    return renumbered


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
