"""A table's seats and a seat's player record, read as the results pages,
saves and laurels need them.
"""

from __future__ import annotations

from heats.models import Seat, Table
from scoring.models import PlayerRecord


def table_seats(table: Table) -> list[Seat]:
    """The table's seats in seat order, with players and records loaded."""
    return list(table.seats.select_related("player", "record").order_by("number"))


def seat_record(seat: Seat) -> PlayerRecord | None:
    """The seat's player record, None while it has no result."""
    return getattr(seat, "record", None)
