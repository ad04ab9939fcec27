"""Players' reports laid on a table's seating, without Django.

Words:

seating signature
    Who sat where, as text: ``"seat:player id"`` pairs in seat order joined by
    commas (``"1:12,2:15,3:9"``). The GM's result form carries it and refuses a
    stale one; a report stores the one it was made for. ``""`` is unknown (a
    report stored before reports recorded it, or from an event file without
    it).
values
    One seat's reported florins: ``{"day1", "day2", "final"}`` (day scores may
    be None).
laying
    A report's values put on today's seats (:func:`lay_report`): for the same
    seating, seat by seat; for an earlier seating, player by player (a swap
    moved them); for an unknown seating, seat by seat when the seat numbers
    are the same. What cannot be laid is named: a seat of today whose player
    has no value in the report (a late arrival seated after it), a player of
    the report no longer at the table, a seat missing from the report.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

EMPTY: dict[str, int | None] = {"day1": None, "day2": None, "final": None}
CELLS = ("day1", "day2", "final")


class SeatLike(Protocol):
    """A seat as the signature reads it (``heats.models.Seat``)."""

    number: int
    player_id: int


def seating_signature(seats: Iterable[SeatLike]) -> str:
    """The seating signature of ``seats`` (in the order given: seat order)."""
    return ",".join(f"{s.number}:{s.player_id}" for s in seats)


def parse_signature(signature: str) -> dict[int, int] | None:
    """Seat number → player id of a seating signature; None when it is empty
    or not one (odd text from an event file is unknown, never an error)."""
    if not signature:
        return None
    pairs: dict[int, int] = {}
    for part in signature.split(","):
        seat, sep, player = part.partition(":")
        if not (sep and seat.isdecimal() and player.isdecimal()):
            return None
        pairs[int(seat)] = int(player)
    return pairs


def remap_signature(signature: str, players: Mapping[int, int]) -> str:
    """``signature`` with each player id replaced by ``players[id]`` (an event
    file's ids → the imported rows'); ``""`` (unknown) when it is not a
    signature or names a player ``players`` lacks: never another's id."""
    pairs = parse_signature(signature)
    if pairs is None or any(p not in players for p in pairs.values()):
        return ""
    return ",".join(f"{seat}:{players[p]}" for seat, p in sorted(pairs.items()))


@dataclass(frozen=True)
class Laid:
    """A report laid on today's seats.

    ``kind`` is "same" (made for today's seating), "earlier" (for an earlier
    one: laid by player) or "unknown" (no signature: laid by seat number).
    ``values`` maps today's seat numbers to the report's values for them (a
    seat that cannot be laid has none); ``missing`` lists today's seats without
    a value; ``gone`` the report's seats whose player is not at the table any
    more. The report can be confirmed as is when both are empty."""

    kind: str
    values: dict[int, dict[str, int | None]]
    missing: list[int] = field(default_factory=list)
    gone: list[int] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        """Every seat of today has the report's values, none left over."""
        return not self.missing and not self.gone


def _values(scores: Mapping[str, object], seat: int) -> dict[str, int | None] | None:
    raw = scores.get(str(seat))
    if not isinstance(raw, Mapping):
        return None
    return {cell: _number(raw.get(cell)) for cell in CELLS}


def _number(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def lay_report(
    signature: str, scores: Mapping[str, object], seats: Iterable[SeatLike]
) -> Laid:
    """Lay a report (its stored ``signature`` and ``scores``: seat number as
    text → values) on today's ``seats`` (see "laying")."""
    today = {s.number: s.player_id for s in seats}
    reported = parse_signature(signature)
    if reported is None:
        kind = "unknown"
        source = {n: n for n in today}
        gone = [n for n in _seat_numbers(scores) if n not in today]
    else:
        kind = "same" if reported == today else "earlier"
        seat_of = {player: seat for seat, player in reported.items()}
        source = {n: seat_of[p] for n, p in today.items() if p in seat_of}
        gone = sorted(n for n, p in reported.items() if p not in today.values())
    values: dict[int, dict[str, int | None]] = {}
    for number, seat in source.items():
        found = _values(scores, seat)
        if found is not None:
            values[number] = found
    missing = sorted(n for n in today if n not in values)
    return Laid(kind, values, missing, gone)


def _seat_numbers(scores: Mapping[str, object]) -> list[int]:
    return sorted(int(key) for key in scores if str(key).isdecimal())


def differing_cells(laid: list[Laid]) -> list[set[tuple[int, str]]]:
    """For each report of ``laid``, the (today's seat, cell) whose value differs
    from another report's value for the same seat (a seat one report lacks is
    no difference: it is marked as missing)."""
    marks: list[set[tuple[int, str]]] = [set() for _ in laid]
    for i, one in enumerate(laid):
        for j, other in enumerate(laid):
            if i == j:
                continue
            for seat, values in one.values.items():
                theirs = other.values.get(seat)
                if theirs is None:
                    continue
                marks[i].update((seat, c) for c in CELLS if values[c] != theirs[c])
    return marks
