"""The event report a WBC GM writes after the event.

Pure module: no Django import; its words go through :mod:`scoring.pdf.words`.
Source: tournament.md, "What people see" (Printables: the event report, with
standings, laurels and per-heat statistics), "Advancement to the semi-final" (the
reason for every place) and "Semi-final and final" (laurels 1-6). Sections: counts
per heat, heat winners and double winners, advancement with reasons, semi-final and
final results, laurels, the GM's decisions (ties broken and why, alternates who won
a semi-final table, the final's fill and why), time-called tables. A heading never
ends a page: it moves to the next page with the lines it heads (``CondPageBreak``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, Flowable, Paragraph, Spacer

from scoring.pdf.base import PrintDocument, grid, para, tie_text
from scoring.pdf.data import EventPrint, HeatPrint, Line, ResultTable
from scoring.pdf.fonts import isolate
from scoring.pdf.words import gettext as _
from scoring.pdf.words import listed, ngettext, pgettext

HEADING_ROOM = 30 * mm
"""Room a heading needs below it (itself and a few lines) to stay on its page."""


def sizes_text(sizes: tuple[int, ...]) -> str:
    """``(5, 5, 4)`` -> ``"2 of 5, 1 of 4"`` (largest tables first)."""
    counts = Counter(sizes)
    # Translators: count tables of size players ("2 of 5": two tables of 5).
    of = _("%(count)s of %(size)s")
    return listed(
        of % {"count": counts[s], "size": s} for s in sorted(counts, reverse=True)
    )


def none_text() -> str:
    """What an empty list prints."""
    return pgettext("empty list", "none")


class ReportDocument(PrintDocument):
    """The report of an event (:class:`EventPrint`)."""

    def __init__(self, data: EventPrint, paper: str = "letter") -> None:
        self.data = data
        # Translators: a printable's title.
        self.title = _("event report")
        super().__init__(data.event, paper)

    def story(self) -> list[Flowable]:
        d = self.data
        flow = [
            para(d.event, 20, bold=True),
            para(_("Event report"), 13),
            Spacer(0, 3 * mm),
        ]
        flow += [para(d.format_line, 11, bold=True)] if d.format_line else []
        flow += [para(d.tiebreak_line, 11)] if d.tiebreak_line else []
        winners = {w for h in d.heats for t in h.tables for w in t.winners}
        flow.append(para(self._summary(len(winners)), 11))
        if d.provisional:
            flow.append(
                para(
                    _("Provisional: tables still owe results: %(tables)s")
                    % {"tables": listed(d.missing_tables)},
                    10,
                    bold=True,
                )
            )
        semi = self._round(d.semi, _("The semi-final has not been seated."))
        final = self._round(d.final, _("The final has not been seated."))
        for title, part in (
            (_("Heats"), self._heats()),
            (_("Heat winners"), self._winners()),
            (_("Advancement to the semi-final"), self._advancement()),
            (pgettext("round kind", "Semi-final"), semi),
            (pgettext("round kind", "Final"), final),
            (_("Laurels"), self._laurels()),
            (_("The GM's decisions"), self._decisions()),
            (_("Time-called tables"), self._time_called()),
        ):
            flow += [
                CondPageBreak(HEADING_ROOM),
                Spacer(0, 5 * mm),
                para(title, 14, bold=True),
                Spacer(0, 1.5 * mm),
            ]
            flow += part
        return flow

    def _summary(self, winners: int) -> str:
        """The summary line: "78 players, 32 heat games in 3 heats, 26 distinct
        winners (2 double winners)."."""
        d = self.data
        games, heats = sum(len(h.tables) for h in d.heats), len(d.heats)
        doubles = len(d.double_winners)
        parts = {
            "players": ngettext("%(count)s player", "%(count)s players", d.participants)
            % {"count": d.participants},
            "games": ngettext("%(count)s heat game", "%(count)s heat games", games)
            % {"count": games},
            "heats": ngettext("%(count)s heat", "%(count)s heats", heats)
            % {"count": heats},
            "winners": ngettext(
                "%(count)s distinct winner", "%(count)s distinct winners", winners
            )
            % {"count": winners},
            "doubles": ngettext(
                "%(count)s double winner", "%(count)s double winners", doubles
            )
            % {"count": doubles},
        }
        # Translators: the report's summary; each part is a count with its noun
        # ("78 players", "32 heat games", "3 heats", "26 distinct winners", "2
        # double winners").
        summary = _("%(players)s, %(games)s in %(heats)s, %(winners)s (%(doubles)s).")
        return summary % parts

    def _heats(self) -> list[Flowable]:
        rows = [
            [
                _("Heat"),
                _("Players"),
                _("Tables"),
                _("Table sizes"),
                # Translators: column of the tables that have not reported yet.
                _("Owing results"),
            ]
        ]
        for heat in self.data.heats:
            owing = [str(t.number) for t in heat.tables if not t.has_results]
            rows.append(
                [
                    str(heat.number),
                    str(heat.players),
                    str(len(heat.tables)),
                    sizes_text(heat.sizes),
                    listed(owing) or none_text(),
                ]
            )
        if len(rows) == 1:
            return [para(_("No heat has been played yet."), 10)]
        w = self.frame_width
        return [grid(rows, [w * 0.1, w * 0.14, w * 0.14, w * 0.32, w * 0.3])]

    def _winners(self) -> list[Flowable]:
        rows: list[list[Any]] = [
            [
                _("Heat"),
                pgettext("table of players", "Table"),
                _("Winner"),
                pgettext("final florins", "Final"),
                _("Runner-up"),
            ]
        ]
        for heat in self.data.heats:
            rows += [self._winner_row(heat, t) for t in heat.tables if t.has_results]
        w = self.frame_width
        flow: list[Flowable] = []
        if len(rows) > 1:
            flow.append(grid(rows, [w * 0.11, w * 0.08, w * 0.35, w * 0.1, w * 0.36]))
        doubles = listed(map(isolate, self.data.double_winners)) or none_text()
        flow.append(para(_("Double winners: %(names)s") % {"names": doubles}, 10))
        return flow

    @staticmethod
    def _winner_row(heat: HeatPrint, table: ResultTable) -> list[Any]:
        ranked = sorted(table.finishes, key=lambda f: (f.place or 99, f.player))
        first = ranked[0]
        second = next((f for f in ranked if f.place != 1), None)
        runner = f"{isolate(second.player)} ({second.final})" if second else ""
        names = " / ".join(map(isolate, table.winners))
        if len(table.winners) > 1:
            names = tie_text(names)
        return [
            str(heat.number),
            str(table.number),
            para(names, 9),
            str(first.final),
            para(runner, 9),
        ]

    def _advancement(self) -> list[Flowable]:
        d = self.data
        if d.final_only:
            head = _("No semi-final: the heat winners play the final.")
        else:
            # Translators: size is the number of players; layout the tables'
            # sizes ("5 + 5 + 5").
            head = _("Semi-final of %(size)s (%(layout)s).") % {
                "size": d.semi_size,
                "layout": " + ".join(map(str, d.semi_layout)),
            }
        flow: list[Flowable] = [para(head, 11, bold=True)]
        flow += self._lines(_("Qualifiers"), d.qualifiers)
        flow += self._lines(_("Alternates in call order"), d.alternates, numbered=True)
        flow += self._lines(_("Absent or passed over"), d.skipped)
        flow += [para(_("Note: %(warning)s") % {"warning": w}, 9) for w in d.warnings]
        return flow

    def _lines(
        self, title: str, lines: tuple[Line, ...], numbered: bool = False
    ) -> list[Flowable]:
        if not lines:
            # Translators: title is a list's title ("Qualifiers") and it is empty.
            return [para(_("%(title)s: none") % {"title": title}, 10)]
        w = self.frame_width
        rows: list[list[str | Paragraph]] = [
            ["#" if numbered else "", _("Player"), _("Reason")]
        ]
        rows += [
            [str(i), para(line.player, 9), para(line.reason, 9)]
            for i, line in enumerate(lines, start=1)
        ]
        return [
            CondPageBreak(HEADING_ROOM),
            Spacer(0, 2 * mm),
            para(title, 11, bold=True),
            grid(rows, [w * 0.06, w * 0.36, w * 0.58]),
        ]

    def _round(self, tables: tuple[ResultTable, ...], empty: str) -> list[Flowable]:
        if not tables:
            return [para(empty, 10)]
        w = self.frame_width
        rows: list[list[str | Paragraph]] = [
            [
                pgettext("table of players", "Table"),
                _("Seat"),
                _("Player"),
                pgettext("final florins", "Final"),
                _("Place"),
            ]
        ]
        for table in tables:
            for seat, f in enumerate(table.finishes, start=1):
                rows.append(
                    [
                        str(table.number),
                        str(seat),
                        para(f.player, 9, bold=f.place == 1),
                        "" if f.final is None else str(f.final),
                        "" if f.place is None else str(f.place),
                    ]
                )
        return [grid(rows, [w * 0.1, w * 0.1, w * 0.5, w * 0.15, w * 0.15])]

    def _laurels(self) -> list[Flowable]:
        if not self.data.laurels:
            return [para(_("The laurels follow the final's results."), 10)]
        w = self.frame_width
        rows: list[list[str | Paragraph]] = [[_("Place"), _("Player"), _("Reason")]]
        rows += [
            [
                str(line.place or i),
                para(line.player, 10, bold=line.place == 1),
                para(line.reason, 9),
            ]
            for i, line in enumerate(self.data.laurels, start=1)
        ]
        return [grid(rows, [w * 0.1, w * 0.4, w * 0.5])]

    def _decisions(self) -> list[Flowable]:
        if not self.data.decisions:
            return [para(_("None recorded."), 10)]
        return [para(line, 10) for line in self.data.decisions]

    def _time_called(self) -> list[Flowable]:
        if not self.data.time_called:
            return [para(_("None recorded."), 10)]
        return [para(line, 10) for line in self.data.time_called]


def build(data: EventPrint, paper: str = "letter") -> bytes:
    """The event report PDF of ``data`` on ``paper``."""
    return ReportDocument(data, paper).build()
