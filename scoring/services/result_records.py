"""A table's player records as a save of its results writes them
(``scoring.services.results``), all at once. Whether new scores change a
record and whose tie declaration stands are read by
``scoring.queries.result_check``.
"""

from __future__ import annotations

from typing import cast

from django.utils import timezone

from heats.models import Seat
from scoring.core.places import TablePlaces
from scoring.models import PlayerRecord
from scoring.queries.result_check import SeatScores, keeps_declaration
from scoring.queries.seats import seat_record

# The fields a save writes on a seat's record (``updated_at``: the time of the save).
WRITTEN = ("day1", "day2", "final", "place", "declared_winner", "tie_reason")


def write_records(
    seats: list[Seat], by_seat: dict[int, SeatScores], places: TablePlaces
) -> None:
    """Write every seat's record from ``by_seat`` (seat number -> scores) and
    ``places``, the seats read with their records under the table's lock: one
    insert of the new records and one update of the saved ones (each rewritten,
    ``updated_at`` too, as ``update_or_create`` did, seat by seat); a declared
    winner still tied keeps the declaration and its reason. The seats then hold
    their records as saved (no need to read them again)."""
    new: list[PlayerRecord] = []
    saved: list[PlayerRecord] = []
    now = timezone.now()
    for s in seats:
        scores, old = by_seat[s.number], seat_record(s)
        declared = keeps_declaration(places, s.player_id)
        record = old or PlayerRecord(seat=s)
        record.day1, record.day2 = scores.day1, scores.day2
        record.final = cast(int, scores.final)  # a save has every final
        record.place = places.places[str(s.player_id)]
        record.declared_winner = declared
        record.tie_reason = old.tie_reason if declared and old else ""
        record.updated_at = now
        (saved if old else new).append(record)
    if saved:
        PlayerRecord.objects.bulk_update(saved, [*WRITTEN, "updated_at"])
    for record in PlayerRecord.objects.bulk_create(new):
        record.seat.record = record
