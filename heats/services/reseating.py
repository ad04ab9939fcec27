"""Putting back the seating "Seat again" replaced.

Words:

previous seating
    The tables and seats a heat had when the GM pressed "Seat again"
    (``Round.previous_seating``, kept by ``seat_round``): ``{"seed", "tables":
    [{"number", "late", "players": [draw keys in seat order]}]}``. Players are
    named by ``Player.draw_key``, never changed and carried by the event file,
    so an exported event keeps it without ids to remap.
put back
    The round's tables become the previous seating again, exactly (same table
    numbers, same seats, so seat 1 starts again); players checked in who have no
    seat in it wait for a late table. Refused once any table of the new seating
    has results, and while a player of the previous seating is no longer
    checked in. Only the last seating can be put back, once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from heats import permissions, signals
from heats.core.errors import UserError
from heats.models import (
    AuditAction,
    Entry,
    EntryStatus,
    Player,
    ResultStatus,
    Round,
    Seat,
    Table,
)
from heats.models.rounds import (
    SeatingSnapshot,
    SnapshotTable,
)
from heats.permissions import (
    Actor,
)
from heats.queries.seating import (
    WAITING_STATUSES,
    PreviousSeating,
    previous_seating,
    seating_state,
)
from heats.services.audit import lock, log
from heats.services.seating import lock_tables
from heats.translate import listed


@dataclass(frozen=True)
class PutBack:
    """What ``undo_seating`` did: the tables' sizes, the seed put back, and the
    players checked in who now wait for a seat (they had one at the tables
    replaced)."""

    previous: PreviousSeating
    waiting: list[Player]


@transaction.atomic
def undo_seating(
    rnd: Round, user: Actor = None, *, state: str | None = None
) -> PutBack | None:
    """Put back the seating the heat ``rnd`` had before its last "Seat again"
    (see "put back"); logged ("seating-undo").

    With ``state`` (``seating_state`` as the GM's page showed it), a round seated
    since the page was drawn is left as it is and None is returned ("Undo"
    pressed twice puts back once). Raises UserError when there is nothing to
    put back, when a table of the current seating has results, or naming the
    players of the previous seating no longer checked in; NotAllowed unless
    ``user`` may seat (GMs).
    """
    permissions.require(rnd.event, user, permissions.SEAT)
    lock(rnd)
    if state is not None and state != seating_state(rnd):
        return None
    previous = previous_seating(rnd)
    if previous is None:
        raise UserError(
            _("%(round)s has no earlier seating to put back.") % {"round": rnd.label}
        )
    lock_tables(rnd)
    _refuse_results(rnd)
    kept = cast(SeatingSnapshot, rnd.previous_seating)  # set: previous is not None
    tables = _tables(rnd, kept["tables"])
    seated_before = set(rnd.seats.values_list("player_id", flat=True))
    rnd.tables.all().delete()
    saved = _save(rnd, tables)
    seated = {p.pk for _, _, players in tables for p in players}
    waiting = _set_statuses(rnd, seated)
    rnd.seed, rnd.seated_at = previous.seed, timezone.now()
    rnd.previous_seating = None
    rnd.save(update_fields=["seed", "seated_at", "previous_seating"])
    newly_waiting = [p for p in waiting if p.pk in seated_before]
    entry = log(
        rnd.event,
        user,
        AuditAction.SEATING_UNDO,
        f"Put back the previous seating of {rnd.label}: {previous.shape}, seed "
        f"{previous.seed}, {len(waiting)} waiting",
        round=rnd.code,
    )
    signals.seating_undone.send(rnd.event, entry=entry, round=rnd, tables=saved)
    return PutBack(previous, newly_waiting)


def _refuse_results(rnd: Round) -> None:
    """UserError naming the tables of ``rnd`` (locked) that have results."""
    scored = list(
        rnd.tables.exclude(result_status=ResultStatus.OWED)
        .order_by("number")
        .values_list("number", flat=True)
    )
    if scored:
        numbers = listed(scored)
        raise UserError(
            ngettext(
                "The previous seating of %(round)s cannot be put back: table "
                "%(numbers)s of the new seating already has results.",
                "The previous seating of %(round)s cannot be put back: tables "
                "%(numbers)s of the new seating already have results.",
                len(scored),
            )
            % {"round": rnd.label, "numbers": numbers}
        )


def _tables(
    rnd: Round, kept: list[SnapshotTable]
) -> list[tuple[int, bool, list[Player]]]:
    """The kept tables with their players: ``(number, late, players in seat
    order)``. UserError naming the players no longer checked in to ``rnd`` (or
    no longer players of the event: merged, removed)."""
    keys = [key for table in kept for key in table["players"]]
    players = {
        p.draw_key: p for p in Player.objects.filter(event=rnd.event, draw_key__in=keys)
    }
    checked_in = set(
        rnd.entries.filter(status__in=WAITING_STATUSES).values_list(
            "player_id", flat=True
        )
    )
    gone = [
        str(players[key])
        if key in players
        else _("%(key)s (removed from the event)") % {"key": key}
        for key in keys
        if key not in players or players[key].pk not in checked_in
    ]
    if gone:
        raise UserError(
            _(
                "The previous seating of %(round)s cannot be put back: these "
                "players of it are no longer checked in (check them in again, or "
                "seat the round again)."
            )
            % {"round": rnd.label},
            gone,
        )
    return [
        (t["number"], t["late"], [players[key] for key in t["players"]]) for t in kept
    ]


def _save(rnd: Round, tables: list[tuple[int, bool, list[Player]]]) -> list[Table]:
    """Save ``tables`` as numbered: one bulk insert of tables, one of seats; the
    tables saved, in number order."""
    tables = sorted(tables, key=lambda t: t[0])
    saved = Table.objects.bulk_create(
        Table(round=rnd, number=number, late=late) for number, late, _ in tables
    )
    if any(t.pk is None for t in saved):
        # A database that does not return ids from a bulk insert.
        saved = list(rnd.tables.order_by("number"))
    Seat.objects.bulk_create(
        Seat(table=table, round=rnd, number=n, player=player)
        for table, (_, _, players) in zip(saved, tables, strict=True)
        for n, player in enumerate(players, start=1)
    )
    return saved


def _set_statuses(rnd: Round, seated: set[int]) -> list[Player]:
    """Seated players "in", every other player checked in "late" (waiting);
    returns those waiting, by name."""
    entries = Entry.objects.filter(round=rnd, status__in=WAITING_STATUSES)
    entries.filter(player_id__in=seated).update(status=EntryStatus.CHECKED_IN)
    entries.exclude(player_id__in=seated).update(status=EntryStatus.LATE)
    late = entries.filter(status=EntryStatus.LATE).select_related("player")
    return [e.player for e in late.order_by("player__name_key")]
