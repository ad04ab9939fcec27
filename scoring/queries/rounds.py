"""The semi-final and final rounds read: none before the first change made in
them (``scoring.services.semi_final`` makes them), and players by id.
"""

from __future__ import annotations

from collections.abc import Sequence

from heats.models import Event, Player, Round, RoundKind
from scoring.core.ids import PlayerId


def semi_round(event: Event) -> Round | None:
    """The semi-final round of ``event``; None before anything was done in it
    (reading never creates it: no GET changes the database)."""
    return event.rounds.filter(kind=RoundKind.SEMI).first()


def final_round(event: Event) -> Round | None:
    """The final round of ``event``; None before anything was done in it."""
    return event.rounds.filter(kind=RoundKind.FINAL).first()


def players_by_id(event: Event, ids: Sequence[PlayerId]) -> list[Player]:
    """The players of ``event`` with ``ids``, in that order."""
    found = event.players.in_bulk(ids)
    return [found[pk] for pk in ids]
