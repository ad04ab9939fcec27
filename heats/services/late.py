"""Late arrivals below the late-table minimum: a seat at a table with no score
recorded yet, and whether a round's results are complete.

Words (tournament.md, Heats, "Late arrivals"):

waiting player
    A player checked in to a heat after its seating (or left over by it) who has
    no seat yet (``seat.waiting_players``).
open table
    A table of the heat with fewer than 6 players that owes its results
    (``Table.result_status``): no score is recorded, so a late player can still
    join the game.
    The GM adds one waiting player at a time, in the next free seat (play goes
    clockwise by seat, so the newcomer plays last).
repeat opponents
    The players of a table a waiting player already met in earlier rounds: the
    open tables are offered in the order of the repeat cost seating the player
    there would add (``heats.core.placement.join_options``), the count shown.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from heats import permissions
from heats.core import seating
from heats.core.errors import UserError
from heats.models import (
    AuditAction,
    EntryStatus,
    Player,
    ResultStatus,
    Round,
    RoundKind,
    Seat,
    Table,
)
from heats.permissions import Actor
from heats.queries.seating import waiting_players
from heats.services.audit import lock, log
from heats.services.seating import lock_tables


@transaction.atomic
def add_late_player(
    rnd: Round, player: Player, table: Table, user: Actor = None
) -> Seat:
    """Seat the waiting ``player`` at ``table`` of the heat ``rnd``, in the seat
    after the last one; logged. Returns the new seat.

    Locks the round, then the table (``core.lock`` order), and decides on what is
    saved then. Raises UserError when ``rnd`` is not a seated heat, ``player`` is
    not waiting in it, or ``table`` is not an open table of it (another round's,
    6 players already, or results saved). NotAllowed unless ``user`` may
    seat late arrivals (GMs). Source: tournament.md, Heats, "Late arrivals".
    """
    permissions.require(rnd.event, user, permissions.LATE_SEAT)
    if rnd.kind != RoundKind.HEAT:
        raise UserError(
            _("Late arrivals join heats only, not the %(round)s.")
            % {"round": rnd.label}
        )
    lock(rnd)
    if not rnd.seated_at:
        raise UserError(
            _("Seat %(round)s first; late arrivals come after.") % {"round": rnd.label}
        )
    if player.pk not in {p.pk for p in waiting_players(rnd)}:
        raise UserError(
            _("%(player)s is not waiting for a seat in %(round)s.")
            % {"player": player, "round": rnd.label}
        )
    lock_tables(rnd, [table.pk])
    if table.round_id != rnd.pk or not Table.objects.filter(pk=table.pk).exists():
        raise UserError(
            _("There is no such table in %(round)s.") % {"round": rnd.label}
        )
    _check_open(rnd, table)
    last = table.seats.aggregate(m=Max("number"))["m"] or 0
    seat = Seat.objects.create(table=table, round=rnd, number=last + 1, player=player)
    rnd.entries.filter(player=player).update(status=EntryStatus.CHECKED_IN)
    log(
        rnd.event,
        user,
        AuditAction.LATE_SEAT,
        f"{player} (late) seated at {rnd.label} table {table.number}, seat "
        f"{seat.number}: the table now has {seat.number} players",
        round=rnd.code,
        table=table.number,
        player=player.pk,
    )
    return seat


def _check_open(rnd: Round, table: Table) -> None:
    """UserError unless ``table`` is an open table of ``rnd`` (read under its lock)."""
    seated = table.seats.count()
    if seated >= seating.MAX_TABLE:
        raise UserError(
            _(
                "%(round)s table %(table)s already has %(seated)s players: a table "
                "holds %(most)s at most."
            )
            % {
                "round": rnd.label,
                "table": table.number,
                "seated": seated,
                "most": seating.MAX_TABLE,
            }
        )
    if Table.objects.get(pk=table.pk).result_status != ResultStatus.OWED:
        raise UserError(
            _(
                "%(round)s table %(table)s already has results: a late player can "
                "only join a table before any score is recorded."
            )
            % {"round": rnd.label, "table": table.number}
        )
