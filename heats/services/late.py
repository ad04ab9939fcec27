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

from collections.abc import Sequence

from django.db import transaction
from django.db.models import Count, Max
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from heats import permissions
from heats.core import placement, seating
from heats.core.errors import UserError
from heats.models import (
    EntryStatus,
    Player,
    ResultStatus,
    Round,
    RoundKind,
    Seat,
    Table,
)
from heats.permissions import Actor
from heats.services.audit import (
    lock,
    log,
)
from heats.services.keep_apart import keep_apart_pairs
from heats.services.seating import lock_tables, seating_history, waiting_players


def open_tables(rnd: Round) -> list[Table]:
    """Tables of ``rnd`` a late player may join (see "open table"), by number;
    each has ``seated`` (its number of players) annotated."""
    tables = rnd.tables.filter(result_status=ResultStatus.OWED).annotate(
        seated=Count("seats", distinct=True)
    )
    return list(tables.filter(seated__lt=seating.MAX_TABLE).order_by("number"))


def table_players(tables: Sequence[Table]) -> dict[int, list[str]]:
    """Player keys (ids as text) at each of ``tables``, by table number, in seat
    order; one query."""
    seated: dict[int, list[str]] = {t.number: [] for t in tables}
    seats = Seat.objects.filter(table__in=tables).order_by("table__number", "number")
    for number, player_id in seats.values_list("table__number", "player_id"):
        seated[number].append(str(player_id))
    return seated


def late_options(
    rnd: Round, players: list[Player]
) -> dict[int, list[placement.JoinCost]]:
    """For each of ``players`` (waiting in ``rnd``), by id: the open tables
    (``open_tables``) in the order of the repeat cost seating them there would
    add, best first, with the count of repeat opponents (see "repeat
    opponents"; tournament.md, Heats: the objective). Empty without players."""
    if not players:
        return {}
    seated = table_players(open_tables(rnd))
    history = seating_history(rnd)
    apart = keep_apart_pairs(rnd.event)
    return {
        p.pk: placement.join_options(str(p.pk), seated, history, apart) for p in players
    }


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
        "late-seat",
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


def completion_blockers(rnd: Round, tied_tables: list[int]) -> list[str]:
    """Why a round whose tables all have results is not complete yet: players
    still waiting for a seat, and tables (``tied_tables``, numbers) with a tie for
    first no GM has resolved, in the reader's language. Empty when nothing holds
    it back.

    tournament.md, Heats ("Late arrivals") and Recording a table ("until
    resolved ... the event shows the unresolved tie as a warning").
    """
    blockers = []
    waiting = waiting_players(rnd) if rnd.kind == RoundKind.HEAT else []
    if waiting:
        blockers.append(
            ngettext(
                "%(count)s checked-in player still waiting for a seat",
                "%(count)s checked-in players still waiting for a seat",
                len(waiting),
            )
            % {"count": len(waiting)}
        )
    blockers += [
        _("tie for first unresolved at table %(table)s") % {"table": n}
        for n in tied_tables
    ]
    return blockers
