"""The semi-final and final rounds: made on first use, semi-final check-in (present
or absent) and seating, each round's results, the event's laurels.

Words (tournament.md, "Semi-final and final"):

qualifiers
    The semi-final list of ``scoring.services.core.event_advancement``: present
    winners, then the alternates called in order as no-shows are marked absent.

The final's field (who plays it) lives in ``scoring.services.final``. Every change
is written to the event's audit log (``heats.services.log``).
"""

from __future__ import annotations

from django.db import transaction

from heats import services as heat_services
from heats.core.errors import UserError
from heats.models import (
    EntryStatus,
    Event,
    Player,
    Round,
    RoundKind,
)
from scoring import permissions
from scoring.permissions import require
from scoring.services import (
    event_advancement,
    require_no_held_heats,
)


def semi_round(event: Event) -> Round | None:
    """The semi-final round of ``event``; None before anything was done in it
    (reading never creates it: no GET changes the database)."""
    return event.rounds.filter(kind=RoundKind.SEMI).first()


def final_round(event: Event) -> Round | None:
    """The final round of ``event``; None before anything was done in it."""
    return event.rounds.filter(kind=RoundKind.FINAL).first()


def _make_round(event: Event, code: str) -> Round:
    """The semi-final or final round, created by the first change made in it.

    The event is locked first, so two first changes made at once create one round.
    """
    heat_services.lock(event)
    return heat_services.get_round(event, code, create=True)


def players_by_id(event: Event, ids: list[int]) -> list[Player]:
    """The players of ``event`` with ``ids``, in that order."""
    found = event.players.in_bulk(ids)
    return [found[pk] for pk in ids]


@transaction.atomic
def mark_semi(event: Event, player: Player, present: bool, user=None) -> None:
    """Semi-final check-in: present makes an entry "in"; absent marks the player
    absent (never deleted) so the next alternate is called (Advancement, 3, 9).
    NotAllowed unless ``user`` may mark semi-final presence."""
    require(event, user, permissions.MARK_SEMI_PRESENCE)
    semi = _make_round(event, "semi")
    heat_services.lock(semi)
    if not present:
        heat_services.mark_absent(semi, player, user)
        return
    entry = semi.entries.filter(player=player).first()
    if entry is not None and entry.status == EntryStatus.CHECKED_IN:
        return
    semi.entries.update_or_create(
        player=player, defaults={"status": EntryStatus.CHECKED_IN}
    )
    heat_services.log(event, user, "check-in", f"{player} present for the semi-final")


@transaction.atomic
def seat_semi(event: Event, *, seed=None, user=None, state: str | None = None):
    """Seat the semi-final qualifiers in the layout for its size, avoiding repeat
    opponents (tournament.md, Semi-final and final). Returns the ``Seating``, or
    None when ``state`` is not the semi-final's (seated since the GM's page was
    drawn: see ``seat_round``).

    Raises UserError while heat tables owe results (the list is provisional) or
    are being checked (``scoring.services.require_no_held_heats``), when there is
    no semi-final (straight to the final), or as ``seat_round``;
    NotAllowed unless ``user`` may seat.
    """
    require(event, user, permissions.SEAT)
    semi = _make_round(event, "semi")
    heat_services.lock(semi)
    if state is not None and state != heat_services.seating_state(semi):
        return None
    require_no_held_heats(event, "seating the semi-final")
    result = event_advancement(event)
    if result.provisional:
        missing = [f"heat {h} table {t}" for h, t in result.missing_tables]
        raise UserError("Heat tables still owe results:", missing)
    if result.final_only:
        raise UserError("There is no semi-final: seat the final from the final page.")
    if len(result.qualifiers) > result.seats:
        raise UserError(
            f"The list holds {len(result.qualifiers)} players for {result.seats} "
            "seats: choose a larger size or take a player off the list first."
        )
    players = players_by_id(event, [q.player for q in result.qualifiers])
    return heat_services.seat_round(
        semi, seed=seed, user=user, players=players, sizes=list(result.tables)
    )
