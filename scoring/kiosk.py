"""What the room sees: the current round's seating, the clock, and the results so far.

Words (tournament.md, "What people see"):

current round
    The round the room is busy with: the latest round (heats in order, then the
    semi-final, then the final) that is seated or whose clock started; before any,
    the latest round; None for an event without rounds.
in play
    The current round is seated and a table still owes its player records: the
    kiosk shows the seating ("find your table"). Otherwise it shows the results:
    laurels, the semi-final list once published, heat winners (double winners
    marked) and the alternates in call order.

Rows are loaded as tuples (``values_list``), never as model instances, and only
what the screen shows is worked out: the seating of a round in play needs no
advancement.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime

from django.utils import timezone

from heats import clock
from heats.models import Event, Round, Seat
from heats.services import ROUND_ORDER
from scoring import operations
from scoring.standings import Standings, standings

# How many alternates beyond those called the kiosk lists ("the top alternates").
TOP_ALTERNATES = 8


@dataclass
class Seating:
    """A round's seating: ``tables`` as ``(number, late, [names in seat order])``
    and ``names`` as ``(name, table, seat)`` sorted by name (case ignored)."""

    round: Round
    tables: list[tuple[int, bool, list[str]]]
    names: list[tuple[str, int, int]]
    owed: int = 0

    def to_json(self) -> dict:
        """The seating feed (docs/feeds.md)."""
        return {
            "round": round_json(self.round),
            "tables": [
                {
                    "table": number,
                    "late": late,
                    "seats": [
                        {"seat": i, "player": name}
                        for i, name in enumerate(names, start=1)
                    ],
                }
                for number, late, names in self.tables
            ],
        }


@dataclass
class Kiosk:
    """Everything the kiosk shows; ``standings`` only when not in play."""

    event: Event
    round: Round | None
    seating: Seating | None
    standings: Standings | None = None
    laurels: list[dict] = field(default_factory=list)
    top_alternates: list[dict] = field(default_factory=list)

    @property
    def in_play(self) -> bool:
        return self.seating is not None and self.seating.owed > 0


def _order(rnd: Round) -> tuple[int, int]:
    return (ROUND_ORDER[rnd.kind], rnd.number)


def current_round(event: Event) -> Round | None:
    """The current round of ``event`` (see module docstring); one query."""
    rounds = sorted(event.rounds.all(), key=_order)
    started = [r for r in rounds if r.seated_at or r.start_time]
    if started:
        return started[-1]
    return rounds[-1] if rounds else None


def round_seating(rnd: Round) -> Seating:
    """The seating of ``rnd`` with the number of tables owing results; two
    queries. A name two players share gets the badge: "Ann Lee (#12)"."""
    rows = list(
        Seat.objects.filter(round=rnd)
        .order_by("table__number", "number")
        .values_list(
            "table__number", "table__late", "number", "player__name", "player__badge"
        )
    )
    shared = Counter(name.casefold() for _, _, _, name, _ in rows)
    tables: dict[int, tuple[int, bool, list[str]]] = {}
    names = []
    for number, late, seat, name, badge in rows:
        label = f"{name} (#{badge})" if badge and shared[name.casefold()] > 1 else name
        tables.setdefault(number, (number, late, []))[2].append(label)
        names.append((label, number, seat))
    names.sort(key=lambda row: (row[0].casefold(), row[1]))
    owed = rnd.tables.filter(seats__record__isnull=True).distinct().count()
    return Seating(rnd, list(tables.values()), names, owed)


def kiosk(event: Event) -> Kiosk:
    """The kiosk of ``event``: the current round's seating while in play, else
    the results (laurels, semi-final list, winners, top alternates)."""
    rnd = current_round(event)
    seating = round_seating(rnd) if rnd is not None and rnd.seated_at else None
    screen = Kiosk(event, rnd, seating)
    if screen.in_play:
        return screen
    screen.standings = standings(event)
    screen.laurels = [x.to_json() for x in operations.event_laurels(event)]
    screen.top_alternates = (
        screen.standings.alternates + screen.standings.next_alternates
    )[: len(screen.standings.alternates) + TOP_ALTERNATES]
    return screen


def round_json(rnd: Round | None) -> dict | None:
    """``{"code", "label", "kind", "start", "seated_at"}`` (ISO 8601 times)."""
    if rnd is None:
        return None
    start = clock_start(rnd)
    return {
        "code": rnd.code,
        "label": rnd.label,
        "kind": rnd.kind,
        "start": start.isoformat() if start else None,
        "seated_at": rnd.seated_at.isoformat() if rnd.seated_at else None,
    }


def marks(event: Event) -> clock.Marks:
    """The event's clock marks (event settings)."""
    return clock.Marks(
        first=event.first_mark_minutes,
        second=event.second_mark_minutes,
        call=event.call_minutes,
        end=event.heat_minutes,
        seat_after=event.seat_after_minutes,
    )


def clock_start(rnd: Round) -> datetime | None:
    """When ``rnd``'s clock reads 0:00 (``heats.clock.clock_start``)."""
    return clock.clock_start(
        rnd.start_time, rnd.seated_at, rnd.event.seat_after_minutes
    )


def clock_json(event: Event, rnd: Round | None, now: datetime | None = None) -> dict:
    """The clock feed (docs/feeds.md): the server's ``now`` and the round's
    ``start`` in milliseconds since 1970 (``start`` null before the start), the
    marks, the seat-after delay in seconds, and the state at ``now``."""
    now = now or timezone.now()
    start = clock_start(rnd) if rnd is not None else None
    event_marks = marks(event)
    elapsed = (now - start).total_seconds() if start else None
    state = clock.clock_state(elapsed, event_marks)
    return {
        "now": int(now.timestamp() * 1000),
        "round": round_json(rnd),
        "start": int(start.timestamp() * 1000) if start else None,
        "end": event_marks.end * 60,
        "seat_after": event_marks.seat_after * 60,
        "seated": bool(rnd and rnd.seated_at),
        "marks": [m.to_json() for m in clock.marks_of(event_marks)],
        "phase": state.phase,
        "message": state.message,
        "elapsed": state.elapsed,
        "remaining": state.remaining,
        "seat_due": not (rnd and rnd.seated_at)
        and clock.seat_due(elapsed, event_marks),
    }
