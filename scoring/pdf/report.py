"""The event report a WBC GM writes after the event.

Pure module: no Django import. Source: tournament.md, "What people see"
(Printables: the event report, with standings, laurels and per-heat statistics),
"Advancement to the semi-final" (the reason for every place) and "Semi-final and
final" (laurels 1-6). Sections: counts per heat, heat winners and double winners,
advancement with reasons, semi-final and final results, laurels, the GM's
decisions (ties broken and why, alternates who won a semi-final table, the
final's fill and why), time-called tables. A heading never ends a page: it moves
to the next page with the lines it heads (``CondPageBreak``).
"""

from __future__ import annotations

from collections import Counter

from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, Spacer

from scoring.pdf.base import PrintDocument, grid, para
from scoring.pdf.data import EventPrint, HeatPrint, Line, ResultTable
from scoring.pdf.fonts import isolate

HEADING_ROOM = 30 * mm
"""Room a heading needs below it (itself and a few lines) to stay on its page."""


def sizes_text(sizes: tuple[int, ...]) -> str:
    """``(5, 5, 4)`` -> ``"2 of 5, 1 of 4"`` (largest tables first)."""
    counts = Counter(sizes)
    return ", ".join(f"{counts[s]} of {s}" for s in sorted(counts, reverse=True))


class ReportDocument(PrintDocument):
    """The report of an event (:class:`EventPrint`)."""

    title = "event report"

    def __init__(self, data: EventPrint, paper: str = "letter") -> None:
        self.data = data
        super().__init__(data.event, paper)

    def story(self) -> list:
        d = self.data
        flow = [
            para(d.event, 20, bold=True),
            para("Event report", 13),
            Spacer(0, 3 * mm),
        ]
        if d.format_line:
            flow.append(para(d.format_line, 11, bold=True))
        winners = {w for h in d.heats for t in h.tables for w in t.winners}
        flow.append(
            para(
                f"{d.participants} players, {sum(len(h.tables) for h in d.heats)} heat "
                f"games in {len(d.heats)} heats, {len(winners)} distinct winners "
                f"({len(d.double_winners)} double winners).",
                11,
            )
        )
        if d.provisional:
            flow.append(
                para(
                    "Provisional: tables still owe results: "
                    + ", ".join(d.missing_tables),
                    10,
                    bold=True,
                )
            )
        for title, part in (
            ("Heats", self._heats()),
            ("Heat winners", self._winners()),
            ("Advancement to the semi-final", self._advancement()),
            ("Semi-final", self._round(d.semi, "The semi-final has not been seated.")),
            ("Final", self._round(d.final, "The final has not been seated.")),
            ("Laurels", self._laurels()),
            ("The GM's decisions", self._decisions()),
            ("Time-called tables", self._time_called()),
        ):
            flow += [
                CondPageBreak(HEADING_ROOM),
                Spacer(0, 5 * mm),
                para(title, 14, bold=True),
                Spacer(0, 1.5 * mm),
            ]
            flow += part
        return flow

    def _heats(self) -> list:
        rows = [["Heat", "Players", "Tables", "Table sizes", "Owing results"]]
        for heat in self.data.heats:
            owing = [str(t.number) for t in heat.tables if not t.has_results]
            rows.append(
                [
                    str(heat.number),
                    str(heat.players),
                    str(len(heat.tables)),
                    sizes_text(heat.sizes),
                    ", ".join(owing) or "none",
                ]
            )
        if len(rows) == 1:
            return [para("No heat has been played yet.", 10)]
        w = self.frame_width
        return [grid(rows, [w * 0.1, w * 0.14, w * 0.14, w * 0.32, w * 0.3])]

    def _winners(self) -> list:
        rows: list[list] = [["Heat", "Table", "Winner", "Final", "Runner-up"]]
        for heat in self.data.heats:
            rows += [self._winner_row(heat, t) for t in heat.tables if t.has_results]
        w = self.frame_width
        flow: list = []
        if len(rows) > 1:
            flow.append(grid(rows, [w * 0.08, w * 0.08, w * 0.38, w * 0.1, w * 0.36]))
        doubles = ", ".join(map(isolate, self.data.double_winners)) or "none"
        flow.append(para(f"Double winners: {doubles}", 10))
        return flow

    @staticmethod
    def _winner_row(heat: HeatPrint, table: ResultTable) -> list:
        ranked = sorted(table.finishes, key=lambda f: (f.place or 99, f.player))
        first = ranked[0]
        second = next((f for f in ranked if f.place != 1), None)
        runner = f"{isolate(second.player)} ({second.final})" if second else ""
        names = " / ".join(map(isolate, table.winners))
        names += " (tie)" if len(table.winners) > 1 else ""
        return [
            str(heat.number),
            str(table.number),
            para(names, 9),
            str(first.final),
            para(runner, 9),
        ]

    def _advancement(self) -> list:
        d = self.data
        if d.final_only:
            head = "No semi-final: the heat winners play the final."
        else:
            layout = " + ".join(map(str, d.semi_layout))
            head = f"Semi-final of {d.semi_size} ({layout})."
        flow: list = [para(head, 11, bold=True)]
        flow += self._lines("Qualifiers", d.qualifiers)
        flow += self._lines("Alternates in call order", d.alternates, numbered=True)
        flow += self._lines("Absent or passed over", d.skipped)
        flow += [para(f"Note: {w}", 9) for w in d.warnings]
        return flow

    def _lines(self, title: str, lines: tuple[Line, ...], numbered=False) -> list:
        if not lines:
            return [para(f"{title}: none", 10)]
        w = self.frame_width
        rows = [["#" if numbered else "", "Player", "Reason"]]
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

    def _round(self, tables: tuple[ResultTable, ...], empty: str) -> list:
        if not tables:
            return [para(empty, 10)]
        w = self.frame_width
        rows = [["Table", "Seat", "Player", "Final", "Place"]]
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

    def _laurels(self) -> list:
        if not self.data.laurels:
            return [para("The laurels follow the final's results.", 10)]
        w = self.frame_width
        rows = [["Place", "Player", "Reason"]]
        rows += [
            [
                str(line.place or i),
                para(line.player, 10, bold=line.place == 1),
                para(line.reason, 9),
            ]
            for i, line in enumerate(self.data.laurels, start=1)
        ]
        return [grid(rows, [w * 0.1, w * 0.4, w * 0.5])]

    def _decisions(self) -> list:
        if not self.data.decisions:
            return [para("None recorded.", 10)]
        return [para(line, 10) for line in self.data.decisions]

    def _time_called(self) -> list:
        if not self.data.time_called:
            return [para("None recorded.", 10)]
        return [para(line, 10) for line in self.data.time_called]


def build(data: EventPrint, paper: str = "letter") -> bytes:
    """The event report PDF of ``data`` on ``paper``."""
    return ReportDocument(data, paper).build()
