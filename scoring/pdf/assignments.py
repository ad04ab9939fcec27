"""Table assignments of a round: by table (one cut-out slip per table, for the walls
and the tables), then by player name (name -> table, seat).

Pure module: no Django import; its words go through :mod:`scoring.pdf.words`.
Source: tournament.md, "Heats" (seat 1 is the start player) and "What people see"
(Printables: assignments by table and by name). Every page carries a QR code to the
event's standings page.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Table,
)

from scoring.pdf import fonts
from scoring.pdf.base import RULE, PrintDocument, draw_qr, grid, style, table_label
from scoring.pdf.data import RoundPrint, SeatedTable
from scoring.pdf.words import gettext as _
from scoring.pdf.words import pgettext

START = "★"
HEADER = 24 * mm
SLIP_LINE = 17.0


NAME_SIZE, SMALLEST = 13.0, 9.0


def _leading(size: float) -> float:
    """Baseline to baseline of a wrapped name's two lines (points)."""
    return size * 1.15


def _breaks(name: str) -> list[tuple[str, str]]:
    """Every way to cut ``name`` into two lines: at a space (dropped) or after a
    hyphen (kept)."""
    cuts = []
    for i, ch in enumerate(name):
        if ch == " ":
            cuts.append((name[:i], name[i + 1 :]))
        elif ch == "-" and 0 < i < len(name) - 1:
            cuts.append((name[: i + 1], name[i + 1 :]))
    return cuts


def name_lines(name: str, room: float, bold: bool) -> tuple[float, list[str]]:
    """``(size, lines)`` of a slip name in ``room`` points: one line shrunk from
    13 down to 10 points, else two lines (cut at a space or hyphen) at the
    largest size from 13 down to 9 that fits, else the second line shortened
    with "…" at 9 points. Never below 9 points (issue 18, 10)."""
    size = fonts.fit_size(name, NAME_SIZE, room, 10, bold)
    if fonts.width(name, size, bold) <= room:
        return size, [name]
    cuts = _breaks(name) or [(name[: len(name) // 2], name[len(name) // 2 :])]
    current = NAME_SIZE
    while current >= SMALLEST:
        best = min(cuts, key=lambda c: max(fonts.width(p, current, bold) for p in c))
        if max(fonts.width(p, current, bold) for p in best) <= room:
            return current, list(best)
        current -= 0.5
    first = fonts.shorten(best[0], SMALLEST, room, bold)
    return SMALLEST, [first, fonts.shorten(best[1], SMALLEST, room, bold)]


class Slips(Flowable):
    """One row of table slips side by side, each framed by a dashed cut line:
    the table number large, then the players in seat order, the start player
    marked. A long name shrinks, then wraps to two lines; it never overflows."""

    def __init__(self, tables: list[SeatedTable], width: float, per_row: int) -> None:
        super().__init__()
        self.tables, self.per_row = tables, per_row
        self.width = width
        self.room = width / per_row - 16 - 28
        self.names = [
            [name_lines(n, self.room, seat == 0) for seat, n in enumerate(t.players)]
            for t in tables
        ]
        extra = max((self._extra(names) for names in self.names), default=0)
        seats = max((len(t.players) for t in tables), default=4)
        self.height = 44 + SLIP_LINE * max(seats, 4) + extra + 8

    @staticmethod
    def _extra(names: list[tuple[float, list[str]]]) -> float:
        return sum(_leading(size) * (len(lines) - 1) for size, lines in names)

    def wrap(self, *_args: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        slip = self.width / self.per_row
        canvas = self.canv
        canvas.saveState()
        canvas.setDash(4, 3)
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.5)
        for i in range(len(self.tables)):
            canvas.rect(i * slip, 0, slip, self.height, stroke=1, fill=0)
        canvas.restoreState()
        for i, table in enumerate(self.tables):
            self._slip(table, self.names[i], i * slip + 8, slip - 16)

    def _slip(
        self,
        table: SeatedTable,
        names: list[tuple[float, list[str]]],
        x: float,
        room: float,
    ) -> None:
        canvas, top = self.canv, self.height - 34
        heading = table_label(table.number)
        fonts.draw(canvas, x, top, heading, 26, bold=True)
        if table.late:
            late = _("late table")
            fonts.draw(canvas, x + room - fonts.width(late, 9), top, late, 9)
        y = top - 22
        for seat, (size, lines) in enumerate(names, start=1):
            mark = f"{seat} {START}" if seat == 1 else f"{seat}"
            fonts.draw(canvas, x, y, mark, 12, bold=seat == 1)
            for line in lines:
                fonts.draw(canvas, x + 28, y, line, size, bold=seat == 1)
                y -= _leading(size)
            y -= SLIP_LINE - _leading(size)


def sort_key(name: str) -> str:
    """Alphabetical order that ignores case and accents ("Ōtake" with "Otto")."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def name_cell(name: str, size: float, room: float) -> str | Paragraph:
    """A name for a table cell: a plain string when the text font prints it on
    one line (fast), else a wrapping paragraph with font fallback."""
    shown = fonts.visual(name)
    plain = [font for font, _ in fonts.runs(shown)] == [fonts.REGULAR]
    if plain and fonts.width(name, size) <= room:
        return shown
    return Paragraph(fonts.markup(name), style(size))


class AssignmentsDocument(PrintDocument):
    """The assignments of one seated round (:class:`RoundPrint`)."""

    slips_per_row = 2
    name_columns = 2
    gap = 6 * mm

    def __init__(self, data: RoundPrint, paper: str = "letter") -> None:
        self.data = data
        # Translators: a printable's title; round is "Heat 2", "Semi-final"...
        self.title = _("%(round)s table assignments") % {"round": data.round}
        super().__init__(data.event, paper)

    def page_templates(self, doc: BaseDocTemplate) -> list[PageTemplate]:
        body = self.frame_height - HEADER
        tables = Frame(self.margin, self.margin, self.frame_width, body, id="tables")
        column = (
            self.frame_width - self.gap * (self.name_columns - 1)
        ) / self.name_columns
        columns = [
            Frame(self.margin + i * (column + self.gap), self.margin, column, body)
            for i in range(self.name_columns)
        ]
        names = {"round": self.data.round}
        # Translators: heading of the assignments' pages listing the tables.
        by_table = _("%(round)s — by table") % names
        # Translators: heading of the assignments' pages listing the players A-Z.
        by_name = _("%(round)s — by player name") % names
        return [
            PageTemplate("by-table", [tables], onPage=self._header(by_table)),
            PageTemplate("by-name", columns, onPage=self._header(by_name)),
        ]

    def _header(self, title: str) -> Callable[[Canvas, BaseDocTemplate], None]:
        # Translators: star is the start player's mark (★); url the standings page.
        note = _("%(star)s starts (seat 1). Standings: %(url)s") % {
            "star": START,
            "url": self.data.standings_url,
        }

        def draw(canvas: Canvas, doc: BaseDocTemplate) -> None:
            top = self.pagesize[1] - self.margin
            x = self.margin
            room = self.frame_width - HEADER - 4
            heading = fonts.shorten(title, 20, room, True)
            fonts.draw(canvas, x, top - 20, heading, 20, bold=True)
            fonts.draw(
                canvas, x, top - 36, fonts.shorten(self.data.event, 11, room), 11
            )
            fonts.draw(canvas, x, top - 50, fonts.shorten(note, 8, room), 8)
            size = HEADER - 4
            draw_qr(
                canvas,
                self.pagesize[0] - self.margin - size,
                top - size,
                size,
                self.data.standings_url,
            )

        return draw

    def story(self) -> list[Flowable]:
        tables = list(self.data.tables)
        flow: list[Flowable] = []
        width = self.frame_width
        for start in range(0, len(tables), self.slips_per_row):
            flow.append(
                Slips(
                    tables[start : start + self.slips_per_row],
                    width,
                    self.slips_per_row,
                )
            )
        if not tables:
            text = _("No tables are seated in this round.")
            flow.append(Paragraph(fonts.markup(text), style(12)))
        flow += [NextPageTemplate("by-name"), PageBreak(), self._by_name()]
        return flow

    def _name_rows(self) -> list[tuple[str, str, int, int]]:
        """(sort key, name, table, seat) of every player by name; a player
        waiting for a seat has table and seat 0."""
        return sorted(
            [
                (sort_key(name), name, table.number, seat)
                for table in self.data.tables
                for seat, name in enumerate(table.players, start=1)
            ]
            + [(sort_key(name), name, 0, 0) for name in self.data.waiting]
        )

    def _by_name(self) -> Table:
        column = (
            self.frame_width - self.gap * (self.name_columns - 1)
        ) / self.name_columns
        widths = [column - 64, 32, 32]
        rows = self._name_rows()
        # Translators: in the Table column for a player checked in but not seated
        # yet (waiting for a late table or a seat).
        wait = pgettext("player waiting for a seat", "wait")
        # Translators: in the Seat column for a player waiting: the GM seats them.
        by_gm = pgettext("seat given by", "GM")
        body = [
            [
                name_cell(name, 9, widths[0] - 8),
                str(number) if number else wait,
                (f"{seat} {START}" if seat == 1 else str(seat)) if seat else by_gm,
            ]
            for _key, name, number, seat in rows
        ]
        header = [_("Player"), pgettext("table of players", "Table"), _("Seat")]
        return grid(
            [header, *body],
            widths,
            extra=[
                ("FONT", (0, 0), (-1, -1), fonts.REGULAR, 9),
                ("FONT", (0, 0), (-1, 0), fonts.BOLD, 9),
                ("FONT", (1, 1), (1, -1), fonts.BOLD, 10),
                ("ALIGN", (1, 0), (-1, -1), "CENTER"),
                (
                    "ROWBACKGROUNDS",
                    (0, 1),
                    (-1, -1),
                    [colors.white, colors.Color(0.96, 0.96, 0.96)],
                ),
            ],
        )


def build(data: RoundPrint, paper: str = "letter") -> bytes:
    """The assignments PDF of ``data`` on ``paper`` ("letter" or "a4")."""
    return AssignmentsDocument(data, paper).build()
