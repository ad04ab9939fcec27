"""Timer rules and clock marks in large type, for a table tent.

Pure module: no Django import; its words go through :mod:`scoring.pdf.words`.
Source: tournament.md, "Heats" (the clock: two pace marks and the call mark, all
configurable; the slow-player timer, 4:00, or 2:00 when picked up after the second
mark; the slow-play guidance figures) and seed 001, "Time". Every figure comes from
the event's settings (:class:`ClockPrint`).
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Spacer

from scoring.pdf.base import PrintDocument, grid, para
from scoring.pdf.data import ClockPrint
from scoring.pdf.words import gettext as _
from scoring.pdf.words import ngettext


def clock(seconds: int) -> str:
    """``240`` -> ``"4:00"`` (minutes:seconds, as a timer shows it)."""
    return f"{seconds // 60}:{seconds % 60:02d}"


class TimerRulesDocument(PrintDocument):
    """Two landscape pages: the clock, then the slow-player timer."""

    orientation = "landscape"

    def __init__(self, data: ClockPrint, paper: str = "letter") -> None:
        self.data = data
        # Translators: a printable's title.
        self.title = _("timer rules")
        super().__init__(data.event, paper)

    def story(self) -> list[Flowable]:
        return [*self._clock(), PageBreak(), *self._timer()]

    def _marks(self) -> list[tuple[str, str]]:
        d = self.data
        return [
            (
                "0",
                ngettext(
                    "The heat starts. Seats are assigned %(minutes)s minute after "
                    "the start: do not be late.",
                    "The heat starts. Seats are assigned %(minutes)s minutes after "
                    "the start: do not be late.",
                    d.seat_after_minutes,
                )
                % {"minutes": d.seat_after_minutes},
            ),
            (
                str(d.first_mark_minutes),
                _(
                    "Pace mark: a game still in its first buying session picks up "
                    "the pace."
                ),
            ),
            (
                str(d.second_mark_minutes),
                _(
                    # Translators: time is a timer's setting, minutes:seconds ("2:00").
                    "Pace mark: a game still in its second buying session picks up "
                    "the pace. Timers picked up from now on are set to %(time)s."
                )
                % {"time": clock(d.late_timer_seconds)},
            ),
            *self._end_marks(),
        ]

    def _end_marks(self) -> list[tuple[str, str]]:
        """The heat's last two marks: time called, paperwork due."""
        d = self.data
        return [
            (
                str(d.call_minutes),
                _(
                    "Time is called: all bidding stops, the lot on auction goes "
                    "unsold, and final scoring begins."
                ),
            ),
            (
                str(d.heat_minutes),
                _(
                    "Paperwork due: a table that has not turned in its scoresheet by "
                    "now advances nobody."
                ),
            ),
        ]

    def _clock(self) -> list[Flowable]:
        d = self.data
        rows = [
            [para(f"{m}'", 30, bold=True, align="right"), para(text, 17)]
            for m, text in self._marks()
        ]
        heading = ngettext(
            "Each heat lasts %(minutes)s minute",
            "Each heat lasts %(minutes)s minutes",
            d.heat_minutes,
        ) % {"minutes": d.heat_minutes}
        return [
            para(heading, 34, bold=True),
            para(self.event, 14),
            Spacer(0, 6 * mm),
            grid(
                rows,
                [32 * mm, self.frame_width - 32 * mm],
                header=False,
                extra=[
                    ("TOPPADDING", (0, 0), (-1, -1), 7),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 9),
                ],
            ),
            Spacer(0, 4 * mm),
            para(
                _(
                    "The GM announces the marks in minutes after the heat's start. A "
                    "player's own time for the whole game should be about nine "
                    "minutes: decide a bid before the lot comes to you."
                ),
                14,
            ),
        ]

    def _timer(self) -> list[Flowable]:
        d = self.data
        full, late = clock(d.timer_seconds), clock(d.late_timer_seconds)
        figures = {
            "bid": d.slow_bid_seconds,
            "draw": d.slow_draw_seconds,
            "full": full,
            "late": late,
            "mark": d.second_mark_minutes,
        }
        rows = [
            [para(str(i), 24, bold=True, align="right"), para(text, 16)]
            for i, text in enumerate(_timer_steps(figures), start=1)
        ]
        return [
            para(_("Slow-player timer: %(full)s") % figures, 34, bold=True),
            para(
                _("%(late)s if picked up after the %(mark)s-minute mark") % figures,
                20,
                bold=True,
            ),
            Spacer(0, 5 * mm),
            grid(
                rows,
                [16 * mm, self.frame_width - 16 * mm],
                header=False,
                extra=[
                    ("TOPPADDING", (0, 0), (-1, -1), 5),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 7),
                ],
            ),
        ]


def _timer_steps(figures: dict[str, Any]) -> list[str]:
    """The numbered rules of the slow-player timer, with the event's
    ``figures`` (seconds for a bid and a draw, the timer's settings, the
    second pace mark)."""
    slow = _(
        # Translators: bid and draw are ranges of seconds ("7–9", "15–20").
        "Slow play: more than %(bid)s seconds for a bid, or more than %(draw)s "
        "seconds to draw and start an auction."
    )
    fetch = _(
        # Translators: full and late are timer settings ("4:00", "2:00"); mark is
        # the second pace mark in minutes.
        "Any player may fetch a timer from the check-in table: it is set to "
        "%(full)s (%(late)s after the %(mark)s-minute mark). No arguing, no "
        "accusations."
    )
    steps = [
        slow % figures,
        fetch % figures,
        _(
            "The timer runs only while the slow player acts: start it when they "
            "start to draw, bid or hold up play, stop it when they finish. The "
            "others watch that it is run fairly."
        ),
        _(
            "When it runs out, that player makes no more bids, takes no more "
            "turns and only watches, silently, to the end."
        ),
        _(
            "GMs may hand out a timer with any time left, or penalties; an "
            "appeal goes to two other officials while the appellant's timer runs."
        ),
    ]
    return steps


def build(data: ClockPrint, paper: str = "letter") -> bytes:
    """The timer-rules PDF of ``data`` on ``paper`` (landscape)."""
    return TimerRulesDocument(data, paper).build()
