"""The bracket: heats -> semi-final tables -> final -> champion, on landscape pages.

Pure module: no Django import; its words go through :mod:`scoring.pdf.words`.
Source: tournament.md, "Advancement to the semi-final" (size and table layout,
alternates in call order) and "Semi-final and final" (the semi-final table winners
play the final). Whatever is not known yet prints as a blank line to fill in by
hand, so the bracket can be posted before any result exists.

Three columns side by side; a column too long for one page continues in the same
place on the next page (a 36-player semi-final, a large event's heat winners).
"""

from __future__ import annotations

from collections.abc import Sequence
from io import BytesIO
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame, Spacer, Table

from scoring.pdf import fonts
from scoring.pdf.base import (
    PrintDocument,
    _numbered_canvas,
    footer_text,
    grid,
    para,
    table_label,
    tie_text,
)
from scoring.pdf.data import EventPrint, ResultTable
from scoring.pdf.words import gettext as _
from scoring.pdf.words import ngettext, pgettext

BLANK = ""
HEAD = 16 * mm
BLANK_ROW = 13
# How close the heats column's lines sit: (a line's padding above, below it,
# the space after each heat), roomiest first. The column takes the first that
# lets every heat fit the page (landscape A4 is 6 mm lower than Letter, so a
# heats column that just fits Letter needs the second on A4); when none does,
# the roomiest, and the column goes on on the next page.
SPACINGS = ((1.0, 2.0, 1.5 * mm), (1.0, 1.0, 1.0 * mm), (0.5, 0.5, 0.5 * mm))
# ReportLab's default padding of a frame, at its top and at its bottom.
FRAME_PADDING = 6


def _finish_rows(table: ResultTable, seats: int) -> list[list[Any]]:
    """One row per seat: name (winner bold) with the GM's decision about the
    finish ("tie broken by the GM", "alternate: does not advance") and final
    florins; blanks for the seats nobody is known for yet."""
    rows: list[list[Any]] = []
    for finish in table.finishes:
        won = finish.place == 1
        score = "" if finish.final is None else str(finish.final)
        name = ("1. " if won else "") + fonts.isolate(finish.player)
        if finish.note:
            name += f" ({finish.note})"
        rows.append([para(name, 9, bold=won), para(score, 9, align="right")])
    rows += [[BLANK, BLANK] for _ in range(seats - len(table.finishes))]
    return rows


def _fill(frame: Frame, column: list[Flowable], canvas: Canvas) -> None:
    """Draw flowables from the front of ``column`` into ``frame`` until it is
    full, splitting the one that straddles the end (a table splits between rows);
    what is drawn leaves ``column``."""
    while column:
        if frame.add(column[0], canvas, trySplit=0):
            column.pop(0)
            continue
        parts = frame.split(column[0], canvas)
        if not parts:
            # taller than an empty column: would never fit (a private attribute,
            # not in the stubs)
            if frame._atTop:  # type: ignore[attr-defined]
                column.pop(0)
                continue
            return
        column[0:1] = parts
        if not frame.add(column[0], canvas, trySplit=0):
            return
        column.pop(0)


def _winners_line(table: ResultTable) -> str:
    """A heat table's line on the bracket: "T4  Ann Lee", its winners (a tie
    for first marked), or a blank to fill in while it owes its results."""
    names = " / ".join(
        fonts.isolate(f.player) + (f" ({f.note})" if f.note else "")
        for f in table.finishes
        if f.place == 1
    )
    winners = names if table.has_results else BLANK
    if len(table.winners) > 1:
        winners = tie_text(winners)
    # Translators: T is short for "table": a heat's table 4 and its
    # winner.
    return _("T%(number)s  %(winners)s") % {
        "number": table.number,
        "winners": winners,
    }


def _heat_title(number: int, players: int, table_list: Sequence[ResultTable]) -> str:
    """A heat's heading on the bracket: "Heat 1: 50 players, 10 tables"."""
    tables = len(table_list)
    # Translators: players is "78 players", tables "16 tables".
    return _("Heat %(number)s: %(players)s, %(tables)s") % {
        "number": number,
        "players": ngettext("%(count)s player", "%(count)s players", players)
        % {"count": players},
        "tables": ngettext("%(count)s table", "%(count)s tables", tables)
        % {"count": tables},
    }


def _height(flow: list[Flowable], width: float) -> float:
    """The height ``flow`` takes in a column ``width`` wide, the space around
    its flowables included."""
    return sum(
        f.wrap(width, 1e6)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in flow
    )


class BracketDocument(PrintDocument):
    """The bracket of an event (:class:`EventPrint`)."""

    orientation = "landscape"
    gap = 5 * mm
    shares = (0.3, 0.38, 0.32)

    def __init__(self, data: EventPrint, paper: str = "letter") -> None:
        self.data = data
        # Translators: a printable's title.
        self.title = _("bracket")
        super().__init__(data.event, paper)

    def columns(self, height: float | None = None) -> list[list[Flowable]]:
        """The flowables of each column, left to right, for columns ``height``
        high (default: the page's, under the heading)."""
        if height is None:
            height = self.frame_height - HEAD
        return [self._heats(height), self._semi(), self._final()]

    def _table(
        self,
        title: str,
        rows: list[list[Any]],
        width: float,
        extra: tuple[tuple[Any, ...], ...] = (),
    ) -> Table:
        body = rows or [[BLANK, BLANK]]
        # Blank lines are kept low so a 25-player semi-final fits one page; a name
        # that wraps gets the height it needs.
        heights = [None] + [BLANK_ROW if row[0] == BLANK else None for row in body]
        return grid(
            [[para(title, 8.5, bold=True), BLANK], *body],
            [width - 14 * mm, 14 * mm],
            heights=heights,
            extra=[
                ("SPAN", (0, 0), (-1, 0)),
                ("TOPPADDING", (0, 0), (-1, -1), 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
                *extra,
            ],
        )

    def _heats(self, height: float) -> list[Flowable]:
        """The heats column in the roomiest of :data:`SPACINGS` that fits
        ``height`` (the roomiest when none does)."""
        width = self._width(0)
        room = height - 2 * FRAME_PADDING
        flows = [self._heat_flow(width, spacing) for spacing in SPACINGS]
        fitting = [flow for flow in flows if _height(flow, width) <= room]
        return fitting[0] if fitting else flows[0]

    def _heat_flow(
        self, width: float, spacing: tuple[float, float, float]
    ) -> list[Flowable]:
        """The heats column, its lines spaced by ``spacing`` (:data:`SPACINGS`)."""
        above, below, between = spacing
        flow: list[Flowable] = [
            para(_("Heats: table winners"), 12, bold=True),
            Spacer(0, 2 * mm),
        ]
        for heat in self.data.heats:
            rows = [
                [
                    para(
                        _heat_title(heat.number, heat.players, heat.tables),
                        8.5,
                        bold=True,
                    )
                ]
            ]
            rows += [[para(_winners_line(table), 8)] for table in heat.tables]
            flow += [
                grid(
                    rows,
                    [width],
                    extra=[
                        ("TOPPADDING", (0, 0), (-1, -1), above),
                        ("BOTTOMPADDING", (0, 0), (-1, -1), below),
                    ],
                ),
                Spacer(0, between),
            ]
        if not self.data.heats:
            flow.append(para(_("No heat has been played yet."), 9))
        return flow

    def _semi(self) -> list[Flowable]:
        d, width = self.data, self._width(1)
        if d.final_only:
            return [
                para(_("No semi-final"), 12, bold=True),
                para(_("The heat winners play the final."), 9),
            ]
        layout = d.semi_layout or tuple(len(t.finishes) for t in d.semi)
        # Translators: size is the number of players; layout the tables' sizes
        # ("5 + 5 + 5").
        title = _("Semi-final of %(size)s: %(layout)s") % {
            "size": d.semi_size,
            "layout": " + ".join(map(str, layout)),
        }
        flow: list[Flowable] = [para(title, 12, bold=True), Spacer(0, 2 * mm)]
        seated = {t.number: t for t in d.semi}
        for number, seats in enumerate(layout, start=1):
            table = seated.get(number, ResultTable(number, ()))
            flow += [
                self._table(table_label(number), _finish_rows(table, seats), width),
                Spacer(0, 1.5 * mm),
            ]
        return flow

    def _final(self) -> list[Flowable]:
        d, width = self.data, self._width(2)
        table = d.final[0] if d.final else ResultTable(1, d.final_field)
        # Its players once known, one row each (a final of 4 prints 4 rows);
        # before, a row per semi-final table winner to come.
        seats = len(table.finishes) or (len(d.semi_layout) if not d.final_only else 4)
        flow: list[Flowable] = [
            para(pgettext("round kind", "Final"), 12, bold=True),
            Spacer(0, 2 * mm),
            self._table(_("Final table"), _finish_rows(table, seats), width),
            Spacer(0, 6 * mm),
            para(_("Champion"), 12, bold=True),
        ]
        champion = (
            table.winners[0] if table.has_results and len(table.winners) == 1 else ""
        )
        box = grid(
            [[para(champion, 16, bold=True)]],
            [width],
            header=False,
            extra=[
                ("TOPPADDING", (0, 0), (-1, -1), 10),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 12),
            ],
        )
        return [*flow, box, Spacer(0, 6 * mm), *self._alternates(width)]

    def _alternates(self, width: float) -> list[Flowable]:
        flow: list[Flowable] = [para(_("Alternates in call order"), 10, bold=True)]
        rows = [
            [para(f"{i}. {fonts.isolate(a.player)}", 8), para(a.reason, 7)]
            for i, a in enumerate(self.data.alternates, start=1)
        ]
        if rows:
            flow.append(grid(rows, [width * 0.45, width * 0.55], header=False))
        else:
            flow.append(para(pgettext("no alternates", "none"), 9))
        return flow

    def _width(self, index: int) -> float:
        return (self.frame_width - 2 * self.gap) * self.shares[index]

    def _header(self, canvas: Canvas) -> None:
        top = self.pagesize[1] - self.margin
        room = self.frame_width
        # Translators: the bracket's heading, after the event's name.
        heading = _("%(event)s — bracket") % {"event": self.event}
        fonts.draw(
            canvas,
            self.margin,
            top - 18,
            fonts.shorten(heading, 18, room, True),
            18,
            bold=True,
        )
        note = _("Blank lines are filled in as results come.")
        if self.data.provisional:
            note = _(
                "Provisional: heat tables still owe results. Blank lines are filled "
                "in as results come."
            )
        # The format's line, then the tie-breakers', before the note.
        for line in (self.data.tiebreak_line, self.data.format_line):
            if line:
                # Translators: format is the event's format ("Format: heats
                # winners only") or its tie-breakers, note the sentence after it.
                note = _("%(format)s. %(note)s") % {"format": line, "note": note}
        fonts.draw(canvas, self.margin, top - 32, fonts.shorten(note, 9, room), 9)

    def build(self) -> bytes:
        """Lay the columns out side by side, page after page, until all are used."""
        buffer = BytesIO()
        footer = footer_text(self.event, self.title)
        canvas = _numbered_canvas(footer, self.margin)(buffer, pagesize=self.pagesize)
        canvas.setTitle(footer)
        canvas.setAuthor("medici-tourney")
        columns = self.columns()
        height = self.frame_height - HEAD
        while any(columns):
            self._header(canvas)
            x = self.margin
            for index, column in enumerate(columns):
                frame = Frame(
                    x,
                    self.margin,
                    self._width(index),
                    height,
                    leftPadding=0,
                    rightPadding=0,
                )
                _fill(frame, column, canvas)
                x += self._width(index) + self.gap
            canvas.showPage()
        canvas.save()
        return buffer.getvalue()


def build(data: EventPrint, paper: str = "letter") -> bytes:
    """The bracket PDF of ``data`` on ``paper`` (landscape)."""
    return BracketDocument(data, paper).build()
