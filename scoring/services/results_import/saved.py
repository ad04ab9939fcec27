"""What a results import decides on: the saved state of the event's players
and of the rounds a file names, and its fingerprint (the import plans from a
loaded state and, under its locks, writes only while the fingerprint is the
same). Reading only.

Words:
- *saved state*: the event's players and rounds, and the tables, seats and
  records of the rounds a file names, loaded in a few queries;
- *fingerprint*: those values in a canonical order; it changes when any of
  them does.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from heats.models import Event, Round, Seat, Table

RoundKey = tuple[str, int]
# (kind, round number, table number): a table of the file or of the event.
TableKey = tuple[str, int, int]
"""A round of the event: its kind and number."""


class SavedState:
    """What is saved of ``event`` for the rounds ``keys`` (``(kind, number)``).

    ``players``: the event's players; ``rounds``: the saved rounds among ``keys``;
    ``tables``: by ``(kind, number, table number)``; ``seats``: table id -> seats
    in seat order (player and record loaded); ``seat_of``: ``(round key, player
    id)`` -> seat. ``fingerprint`` is taken at loading, before any plan changes
    a player object.
    """

    def __init__(self, event: Event, keys: set[RoundKey]) -> None:
        self.event = event
        self.keys = set(keys)
        self.players = list(event.players.all())
        self.rounds = {
            (r.kind, r.number): r
            for r in event.rounds.all()
            if (r.kind, r.number) in self.keys
        }
        rounds = {r.pk: key for key, r in self.rounds.items()}
        self.tables = {
            (*rounds[t.round_id], t.number): t
            for t in Table.objects.filter(round__in=self.rounds.values())
        }
        self.seats: dict[int, list[Seat]] = defaultdict(list)
        self.seat_of: dict[tuple[RoundKey, int], Seat] = {}
        loaded = Seat.objects.filter(round__in=self.rounds.values()).select_related(
            "player", "record", "table"
        )
        for seat in loaded.order_by("table_id", "number"):
            self.seats[seat.table_id].append(seat)
            self.seat_of[(rounds[seat.round_id], seat.player_id)] = seat
        self.fingerprint = self._fingerprint()

    @classmethod
    def load(cls, event: Event, keys: set[RoundKey]) -> SavedState:
        """Load the saved state (five queries)."""
        return cls(event, keys)

    def _fingerprint(self) -> tuple[Any, ...]:
        def record(seat: Seat) -> tuple[Any, ...] | None:
            if not hasattr(seat, "record"):
                return None
            r = seat.record
            return (r.day1, r.day2, r.final, r.place, r.declared_winner)

        seats = [s for table in self.seats.values() for s in table]
        return _fingerprint(
            [(p.pk, p.name_key, p.badge) for p in self.players],
            [(key, t.pk, t.time_called) for key, t in self.tables.items()],
            [(s.pk, s.table_id, s.number, s.player_id, record(s)) for s in seats],
        )

    @staticmethod
    def fingerprint_now(event: Event, keys: set[RoundKey]) -> tuple[Any, ...]:
        """The fingerprint of what is saved now: equal to a loaded state's exactly
        when a plan made from it still holds. Three queries, no model objects, so
        it costs little under the import's locks."""
        rounds = {(r.pk): (r.kind, r.number) for r in event.rounds.all()}
        rounds = {pk: key for pk, key in rounds.items() if key in keys}
        tables = Table.objects.filter(round__in=rounds).values_list(
            "pk", "round_id", "number", "time_called"
        )
        seats = Seat.objects.filter(round__in=rounds).values_list(
            "pk",
            "table_id",
            "number",
            "player_id",
            "record__pk",
            "record__day1",
            "record__day2",
            "record__final",
            "record__place",
            "record__declared_winner",
        )
        return _fingerprint(
            list(event.players.values_list("pk", "name_key", "badge")),
            [((*rounds[r], n), pk, day) for pk, r, n, day in tables],
            [(*s[:4], tuple(s[5:]) if s[4] is not None else None) for s in seats],
        )

    def round(self, key: RoundKey) -> Round:
        """The saved round ``key``, else an unsaved one (for its label)."""
        saved = self.rounds.get(key)
        return saved or Round(event=self.event, kind=key[0], number=key[1])


def _fingerprint(
    players: list[Any], tables: list[Any], seats: list[Any]
) -> tuple[Any, ...]:
    """Players ``(id, name key, badge)``, tables ``((kind, round, number), id)``
    ``(…, time called)`` and seats ``(id, table id, number, player id, record
    values or None)``, in a
    canonical order."""
    return (tuple(sorted(players)), tuple(sorted(tables)), tuple(sorted(seats)))
