"""The semi-final's no-shows read: the present alternates who could take a
seat, in call order, and the open seats a no-show can still give up (read
only). The words ("no-show", "present alternate", "substitute") and the
replacement itself are in ``scoring.services.substitutes``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from heats.models import EntryStatus, Event, Player, Seat
from scoring.core.alternates import Alternate
from scoring.core.hmw import Listed
from scoring.models import SemiFinalOverride
from scoring.queries.event_results import event_advancement
from scoring.queries.rounds import semi_round


@dataclass(frozen=True)
class Candidate:
    """A present unseated player on the list: the ``player``, their place in the
    call order (``call``, 1 = next) and the list's ``reason`` for them."""

    player: Player
    call: int
    reason: str


def present_alternates(event: Event) -> list[Candidate]:
    """Present, unseated players on the semi-final list, in call order (module
    docstring); empty before the semi-final exists. Reads only."""
    semi = semi_round(event)
    if semi is None:
        return []
    result = event_advancement(event)
    seated = set(semi.seats.values_list("player_id", flat=True))
    present = set(
        semi.entries.filter(status=EntryStatus.CHECKED_IN).values_list(
            "player_id", flat=True
        )
    )
    listed: list[Listed | Alternate] = [*result.qualifiers, *result.next_alternates]
    wanted = [
        (item.player, item.reason)
        for item in listed
        if item.player in present and item.player not in seated
    ]
    players = Player.objects.in_bulk([pk for pk, _ in wanted])
    return [
        Candidate(players[pk], n, reason)
        for n, (pk, reason) in enumerate(wanted, start=1)
    ]


def open_seats(event: Event) -> list[Seat]:
    """Semi-final seats at tables without results, table and seat order: the
    seats a no-show can still give up."""
    semi = semi_round(event)
    if semi is None:
        return []
    seats = Seat.objects.filter(round=semi).exclude(table__seats__record__isnull=False)
    return list(
        seats.select_related("player", "table").order_by("table__number", "number")
    )


def no_show_state(seats: list[Seat], candidates: list[Candidate]) -> dict[str, Any]:
    """What the "Replace a no-show" form shows: ``open_seats`` and
    ``present_alternates``, by id (its form version's state)."""
    return {
        "seats": [[s.table.number, s.number, s.player_id] for s in seats],
        "waiting": [c.player.pk for c in candidates],
    }


def winners_present(event: Event) -> bool:
    """Whether the GM chose "the winners present" as the semi-final's size
    (``scoring.services.publishing.set_override``): no alternate is called
    then, so a seated no-show's seat comes off its table."""
    return SemiFinalOverride.objects.filter(event=event, winners_present=True).exists()
