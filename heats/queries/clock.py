"""The heat clock of a round: its start (recorded by the GM or taken from the
seating), the event's marks, and the clock feed the pages read (docs/feeds.md).

The pure rules are ``heats.core.clock``; this module reads the rows. The GM's
"Start clock" is recorded by ``heats.services.round_start``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, TypedDict

from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext, ngettext, pgettext

from heats.core import clock
from heats.models import (
    Event,
    ResultStatus,
    Round,
)


def current_round(event: Event) -> Round | None:
    """The round the room is playing: the last one seated or started, else the
    last one made (None before any); once every table of that round has its
    results, the last round made after it (a heat open for check-in: the phone
    view must not send its players to the last heat's tables). One query. The
    kiosk, the clock and the phone view show it unless asked for another."""
    owed = Count("tables", filter=Q(tables__result_status=ResultStatus.OWED))
    rounds = list(
        event.rounds.annotate(tables_n=Count("tables"), owed_n=owed).order_by("pk")
    )
    started = [i for i, r in enumerate(rounds) if r.seated_at or r.start_time]
    if not started:
        return rounds[-1] if rounds else None
    last = rounds[started[-1]]
    played = last.tables_n > 0 and last.owed_n == 0
    later = rounds[started[-1] + 1 :]
    return later[-1] if played and later else last


def marks(event: Event) -> clock.Marks:
    """The event's clock marks (event settings, tournament.md, Heats)."""
    return clock.Marks(
        first=event.first_mark_minutes,
        second=event.second_mark_minutes,
        call=event.call_minutes,
        end=event.heat_minutes,
        seat_after=event.seat_after_minutes,
    )


def clock_start(rnd: Round) -> datetime | None:
    """When ``rnd``'s clock reads 0:00 (``heats.core.clock.clock_start``): its
    recorded start, else from its first seating (seating it again does not
    move the clock; a round saved before that time was kept, from its seating)."""
    return clock.clock_start(
        rnd.start_time,
        rnd.first_seated_at or rnd.seated_at,
        rnd.event.seat_after_minutes,
    )


class RoundJson(TypedDict):
    """A round in the feeds (docs/feeds.md); times in ISO 8601, None when not yet."""

    code: str
    label: str
    kind: str
    start: str | None
    seated_at: str | None


class TablesIn(TypedDict):
    """A round's tables (``tables``) and how many have their results in."""

    tables: int
    tables_in: int


def round_json(rnd: Round | None) -> RoundJson | None:
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


# The phase of a seated round whose every table has its results in.
OVER_PHASE = "done"


def over_message(label: str) -> str:
    """What the clock says once every table of the round is in, in the active
    language: "Heat 2 is over — results in"."""
    return gettext("%(round)s is over — results in") % {"round": label}


def mark_message(phase: str, event_marks: clock.Marks) -> str:
    """The line the clock shows from the mark opening ``phase`` on, in the
    active language (the words of ``heats.core.clock.marks_of`` and
    ``WAITING``, which stay English: the pure core translates nothing).
    An unknown phase keeps the core's line for it."""
    if phase == clock.WAITING.phase:
        return gettext("Waiting for the start")
    if phase == "play":
        # Translators: the heat clock's line once a round has started.
        return pgettext("heat clock", "Play")
    if phase in ("first-mark", "second-mark"):
        minutes = event_marks.first if phase == "first-mark" else event_marks.second
        return ngettext(
            "%(minutes)s minute: pick up the pace",
            "%(minutes)s minutes: pick up the pace",
            minutes,
        ) % {"minutes": minutes}
    if phase == "called":
        return ngettext(
            "%(minutes)s minute: bidding stops, score",
            "%(minutes)s minutes: bidding stops, score",
            event_marks.call,
        ) % {"minutes": event_marks.call}
    if phase == "over":
        return gettext("Time: turn in the player records")
    known = {m.phase: m.message for m in clock.marks_of(event_marks)}
    return known.get(phase, "")


def progress_text(tables: int, done: int) -> str:
    """ "12 of 16 tables in" (``done`` of ``tables``), in the active language."""
    return ngettext(
        "%(tables_in)s of %(tables)s tables in",
        "%(tables_in)s of %(tables)s tables in",
        tables,
    ) % {"tables_in": done, "tables": tables}


def _ms(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


def clock_json(
    event: Event, rnd: Round | None, now: datetime | None = None
) -> dict[str, Any]:
    """The clock feed (docs/feeds.md): the server's ``now`` and the round's
    ``start`` in milliseconds since 1970 (``start`` null before the start), the
    end and seat-after delay in seconds, the marks, the state at ``now``, and
    the round's ``tables`` with how many have their results in (``tables_in``):
    all of them, the round is over. The words (``message``, the marks'
    ``message``, ``progress``: "12 of 16 tables in") are in the active language."""
    now = now or timezone.now()
    start = clock_start(rnd) if rnd is not None else None
    event_marks = marks(event)
    elapsed = (now - start).total_seconds() if start else None
    state = clock.clock_state(elapsed, event_marks)
    seated = bool(rnd and rnd.seated_at)
    counts = tables_in(rnd if seated else None)
    phase, message = state.phase, mark_message(state.phase, event_marks)
    if rnd is not None and counts["tables"] and counts["tables_in"] == counts["tables"]:
        phase, message = OVER_PHASE, over_message(rnd.label)
    return {
        "now": _ms(now),
        "round": round_json(rnd),
        "start": _ms(start) if start else None,
        "end": event_marks.end * 60,
        "seat_after": event_marks.seat_after * 60,
        "seated": seated,
        "marks": [
            {**m.to_json(), "message": mark_message(m.phase, event_marks)}
            for m in clock.marks_of(event_marks)
        ],
        "phase": phase,
        "message": message,
        "elapsed": state.elapsed,
        "remaining": state.remaining,
        "seat_due": not seated and clock.seat_due(elapsed, event_marks),
        **counts,
        "progress": progress_text(counts["tables"], counts["tables_in"])
        if counts["tables"]
        else "",
    }


def tables_in(rnd: Round | None) -> TablesIn:
    """``{"tables": n, "tables_in": m}``: the round's tables and how many are
    no longer owing results (``Table.result_status``); one query, none without
    a round."""
    if rnd is None:
        return {"tables": 0, "tables_in": 0}
    statuses = list(rnd.tables.values_list("result_status", flat=True))
    owed = sum(status == ResultStatus.OWED for status in statuses)
    return {"tables": len(statuses), "tables_in": len(statuses) - owed}


def clock_state(rnd: Round | None) -> str:
    """The round's recorded start as a page shows it: "not started" (also for no
    round, ``None``), or the start it records (ISO 8601).

    A "Start clock" button sends the state its page was drawn in, so a second
    press (or another GM's) made from the same page is recognised
    (``start_clock``'s ``state``).
    """
    return rnd.start_time.isoformat() if rnd and rnd.start_time else "not started"
