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
time zone
    The event's zone (an IANA name such as ``"Europe/Berlin"``): every time a
    GM types or a page shows is a *wall time* there (tournament.md, Time).
wall time
    A time of day as the room's clocks show it ("14:00"). On a daylight-saving
    night one may not exist (the clocks jump over it: a *gap*) or come twice
    (the clocks go back: a *fold*).

Times are seconds (float or int) and aware datetimes; nothing here reads a clock:
callers pass ``now``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from functools import cache
from zoneinfo import available_timezones

# A typed start may lie this far ahead of now: a designated start typed shortly
# before it (tournament.md, Time: otherwise the most recent such instant).
LOOKAHEAD = timedelta(hours=1)
# A start further ahead than this is worth a warning before seating.
FAR_AHEAD = timedelta(minutes=10)

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


class WallTimeError(ValueError):
    """A typed wall time that does not exist in the event's time zone on the day
    it would fall on (the clocks went forward over it); the message says so."""


def typed_start(
    wall: time, now: datetime, zone: tzinfo, ahead: timedelta = LOOKAHEAD
) -> datetime:
    """The instant a start typed as ``wall`` (a naive time of day) means in
    ``zone`` at ``now`` (aware): the most recent instant showing that wall time,
    counting up to ``ahead`` (an hour) past ``now``, so a designated start typed
    shortly before it is today's (tournament.md, Time). Returned in UTC: an
    aware datetime in a fold never equals one of another zone in Python, even
    for the same instant.

    At 00:17, "23:55" is yesterday's 23:55; at 13:55, "14:00" is today's. A
    wall time that comes twice (the night the clocks go back) is its later
    instant when that one is in range. Raises :class:`WallTimeError` when the
    most recent day's ``wall`` does not exist (the night the clocks go forward:
    Europe/Berlin has no 02:30 on 28 March 2027).
    """
    limit = now + ahead
    day = limit.astimezone(zone).date()
    for back in range(3):
        on = day - timedelta(days=back)
        instants = wall_instants(on, wall, zone)
        if not instants:
            if _gap_reached(on, wall, zone, limit):
                raise WallTimeError(_gap_message(on, wall, zone))
            continue
        reached = [moment for moment in instants if moment <= limit]
        if reached:
            return max(reached)
    raise AssertionError(f"no instant of {wall} in three days")  # pragma: no cover


def wall_instants(on: date, wall: time, zone: tzinfo) -> list[datetime]:
    """The instants (UTC, earliest first) at which ``zone``'s clocks show
    ``wall`` on day ``on``: one on most days, none in a gap, two in a fold."""
    shown = datetime.combine(on, wall.replace(tzinfo=None, fold=0))
    found: set[datetime] = set()
    for fold in (0, 1):
        moment = shown.replace(tzinfo=zone, fold=fold).astimezone(UTC)
        if moment.astimezone(zone).replace(tzinfo=None, fold=0) == shown:
            found.add(moment)
    return sorted(found)


def _gap_reached(on: date, wall: time, zone: tzinfo, limit: datetime) -> bool:
    """True when the clocks of ``zone`` had passed the missing ``wall`` of day
    ``on`` by ``limit``."""
    shown = datetime.combine(on, wall.replace(tzinfo=None, fold=0))
    earliest = min(
        shown.replace(tzinfo=zone, fold=fold).astimezone(UTC) for fold in (0, 1)
    )
    return earliest <= limit


def _gap_message(on: date, wall: time, zone: tzinfo) -> str:
    return (
        f"{wall:%H:%M} does not exist on {on:%A %d %B %Y} in {zone}: the clocks "
        "went forward that night. Type the time the room's clocks showed."
    )


def far_ahead(start: datetime | None, now: datetime) -> bool:
    """True when ``start`` lies more than ``FAR_AHEAD`` (10 minutes) after
    ``now``: seating then would come long before the designated start."""
    return start is not None and start - now > FAR_AHEAD


def before_seat_time(start: datetime | None, now: datetime, seat_after: int) -> bool:
    """True when the clock started at ``start`` (or starts within
    ``FAR_AHEAD``) and the ``seat_after`` minutes after it are not up at
    ``now``: the GM seats "exactly two minutes after the designated start time"
    (tournament.md, Heats), so seating now would cut the late-comers' grace.
    A start further ahead is :func:`far_ahead`'s case."""
    if start is None or far_ahead(start, now):
        return False
    return now < start + timedelta(minutes=seat_after)


@cache
def zone_names() -> tuple[str, ...]:
    """Every IANA time zone name this machine knows, sorted ("Africa/Abidjan",
    …, "Europe/Berlin", …, "UTC"); not the aliases "localtime" and "Factory"."""
    return tuple(sorted(available_timezones() - {"localtime", "Factory"}))


def is_zone(name: str) -> bool:
    """True when ``name`` is one of :func:`zone_names`."""
    return name in zone_names()
