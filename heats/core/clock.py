"""The heat clock: where a round stands against the event's time marks. Pure.

Words (tournament.md, Heats; seed 001, "Time"):

start
    The designated start of a round, when its clock reads 0:00. The GM records it
    ("Start clock" on the round page, ``Round.start_time``); a round seated
    without one started ``seat_after`` minutes before its seating, because the GM
    seats "exactly two minutes after the designated starting time".
marks
    Minutes after the start: the 20- and 35-minute marks ("pick up the pace"),
    53 ("all bidding ceases, final scoring begins": time called) and 55, the end
    of the heat (paperwork due). All four are event settings.
phase
    The last mark passed: ``"waiting"`` (no start yet), ``"play"``,
    ``"first-mark"``, ``"second-mark"``, ``"called"`` or ``"over"``.
slow-player timer
    4:00 (``timer``), or 2:00 (``late_timer``) when picked up after the second
    mark (seed 001, "Reduce the timer to two minutes if picked up after the
    35-minute warning").

Times are seconds (float or int) and aware datetimes; nothing here reads a clock:
callers pass ``now``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

# The longest heat an event may set, in minutes (tournament.md, Event formats:
# "heat length up to 120 minutes (2023–24 ran 2-hour heats)").
MAX_HEAT_MINUTES = 120


@dataclass(frozen=True)
class Marks:
    """An event's marks in minutes after the start, and the seating delay."""

    first: int = 20
    second: int = 35
    call: int = 53
    end: int = 55
    seat_after: int = 2


@dataclass(frozen=True)
class Mark:
    """One mark: ``at`` seconds after the start, the ``phase`` it opens and the
    line the clock shows from then on."""

    at: int
    phase: str
    message: str

    def to_json(self) -> dict[str, int | str]:
        """``{"at", "phase", "message"}``."""
        return {"at": self.at, "phase": self.phase, "message": self.message}


@dataclass(frozen=True)
class ClockState:
    """The clock at one moment: ``phase``, its ``message``, seconds ``elapsed``
    since the start and ``remaining`` to the end (never below 0; both 0 while
    waiting)."""

    phase: str
    message: str
    elapsed: int
    remaining: int


WAITING = Mark(0, "waiting", "Waiting for the start")


def marks_of(marks: Marks) -> list[Mark]:
    """The marks in time order, from the start (0 s) to the end of the heat."""
    return [
        Mark(0, "play", "Play"),
        Mark(
            marks.first * 60, "first-mark", f"{marks.first} minutes: pick up the pace"
        ),
        Mark(
            marks.second * 60,
            "second-mark",
            f"{marks.second} minutes: pick up the pace",
        ),
        Mark(marks.call * 60, "called", f"{marks.call} minutes: bidding stops, score"),
        Mark(marks.end * 60, "over", "Time: turn in the player records"),
    ]


def clock_start(
    start_time: datetime | None, seated_at: datetime | None, seat_after: int
) -> datetime | None:
    """The round's start: its recorded start, else ``seat_after`` minutes before
    its seating, else None (not started)."""
    if start_time is not None:
        return start_time
    if seated_at is not None:
        return seated_at - timedelta(minutes=seat_after)
    return None


def clock_state(elapsed: float | None, marks: Marks) -> ClockState:
    """The clock ``elapsed`` seconds after the start (None: not started).

    Before the start (a start set in the future) the clock waits too.
    """
    if elapsed is None or elapsed < 0:
        return ClockState(WAITING.phase, WAITING.message, 0, 0)
    current = [m for m in marks_of(marks) if m.at <= elapsed][-1]
    remaining = max(0, marks.end * 60 - int(elapsed))
    return ClockState(current.phase, current.message, int(elapsed), remaining)


def seat_due(elapsed: float | None, marks: Marks) -> bool:
    """True once ``seat_after`` minutes have passed since the start: time to seat."""
    return elapsed is not None and elapsed >= marks.seat_after * 60


def timer_seconds(
    elapsed: float | None, marks: Marks, timer: int = 240, late_timer: int = 120
) -> int:
    """The slow-player timer picked up ``elapsed`` seconds after the start:
    ``late_timer`` from the second mark on, else ``timer`` (seed 001)."""
    if elapsed is not None and elapsed >= marks.second * 60:
        return late_timer
    return timer
