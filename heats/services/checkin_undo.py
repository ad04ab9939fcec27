"""Undoing a check-in (the round page's "undo" beside a name): the player leaves
the round, and a seated heat player leaves their table with the later seats
moved up; a player made by that check-in alone goes with it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from heats import permissions
from heats.core import seating
from heats.core.errors import UserError
from heats.models import (
    AuditAction,
    Entry,
    Player,
    ResultStatus,
    Round,
    RoundKind,
    Seat,
    Table,
)
from heats.permissions import (
    Actor,
)
from heats.services.audit import lock, log


@dataclass(frozen=True)
class UndoReport:
    """What undoing a check-in did: the ``table`` and ``seat`` numbers the player
    left (None when unseated), the players ``left`` at that table, and whether
    the player record was ``deleted`` (a new player with no other round)."""

    table: int | None = None
    seat: int | None = None
    left: int = 0
    deleted: bool = False


@transaction.atomic
def undo_check_in(rnd: Round, player: Player, user: Actor = None) -> UndoReport:
    """Remove ``player``'s check-in to ``rnd``; returns what it did.

    A player already seated in a heat (seated by mistake, or gone before play)
    also leaves their table, if a GM asks (permissions.SEAT): see
    ``_take_off_table``. A player with no other round (``only_here``: new, or a
    typo) is deleted with the check-in. UserError for a seat in the semi-final
    or final (their own pages replace no-shows), or for a player not checked in.
    """
    permissions.require(rnd.event, user, permissions.CHECK_IN)
    lock(rnd)
    seat = Seat.objects.filter(round=rnd, player=player).select_related("table").first()
    note, report = "", UndoReport()
    if seat is not None:
        note, left = _take_off_table(rnd, seat, user)
        report = UndoReport(seat.table.number, seat.number, left)
    deleted, _counts = Entry.objects.filter(round=rnd, player=player).delete()
    if not deleted:
        raise UserError(
            _("%(player)s is not checked in to %(round)s.")
            % {"player": player, "round": rnd.label}
        )
    log(
        rnd.event,
        user,
        AuditAction.UNDO_CHECK_IN,
        f"Undid {player}'s check-in to {rnd.label}{note}",
        round=rnd.code,
    )
    if not player.entries.exists() and not player.seats.exists():
        # A player made by this check-in alone (a typo) goes with it, so it never
        # comes back first in the type-ahead.
        log(rnd.event, user, AuditAction.PLAYER, f"Removed {player}: no other round")
        player.delete()
        report = replace(report, deleted=True)
    return report


def _players_left(rnd: Round, seat: Seat, count: int) -> int:
    """The players left at ``seat``'s table of ``count`` once it is taken off;
    UserError once the table has results or when fewer than 3 would be left."""
    table = seat.table
    if Table.objects.get(pk=table.pk).result_status != ResultStatus.OWED:
        raise UserError(
            _("%(player)s cannot leave: table %(table)s already has results.")
            % {"player": seat.player, "table": table.number}
        )
    left = count - 1
    if left < seating.MIN_TABLE - 1:
        raise UserError(
            ngettext(
                "%(player)s cannot leave table %(table)s: it would have %(left)s "
                "player. Move its players to open seats first, swap a waiting "
                "player in instead, or seat %(round)s again.",
                "%(player)s cannot leave table %(table)s: it would have %(left)s "
                "players. Move its players to open seats first, swap a waiting "
                "player in instead, or seat %(round)s again.",
                left,
            )
            % {
                "player": seat.player,
                "table": table.number,
                "left": left,
                "round": rnd.label,
            }
        )
    return left


def _take_off_table(rnd: Round, seat: Seat, user: Actor) -> tuple[str, int]:
    """Delete ``seat`` of a heat and move the later seats up one (clockwise order
    and the start player kept); returns the audit note and the players left.
    GMs only (it changes the seating). UserError once the table has results,
    when it would fall under 3 players, or outside a heat. A table of 4 left
    with 3 cannot play (tournament.md, Heats: tables of 4-6): the round page
    flags it and offers its players open seats, or late arrivals to fill it
    (``heats.services.short_tables``)."""
    permissions.require(rnd.event, user, permissions.SEAT)
    table = seat.table
    if rnd.kind != RoundKind.HEAT:
        raise UserError(
            _(
                "%(player)s is seated in the %(round)s: replace a no-show on the "
                "%(round)s page."
            )
            % {"player": seat.player, "round": rnd.label}
        )
    seats = list(
        Seat.objects.select_for_update().filter(table=table).order_by("number")
    )
    left = _players_left(rnd, seat, len(seats))
    number = seat.number
    seat.delete()
    for later in seats:
        if later.number > number:
            later.number -= 1
            later.save(update_fields=["number"])
    note = (
        f"; taken off table {table.number} (seat {number}), "
        f"which now has {left} players"
    )
    return note, left
