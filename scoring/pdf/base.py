"""The printables' base class, styles, tables and QR codes (docs/architecture.md).

Pure module: no Django import (its words go through :mod:`scoring.pdf.words`). A
printable is a :class:`PrintDocument` subclass whose :meth:`~PrintDocument.story`
returns Platypus flowables; :meth:`build` lays them out on the paper and returns
the PDF as bytes, with "page x of y" and the event's name at the foot of every
page.

The printables' words are translated when a PDF is built (the builders run inside
the language to print in); a translated label may need the CJK font or more room
than its English: :func:`grid` sets such a plain-text cell as a paragraph.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from io import BytesIO
from typing import Any, Literal
from xml.sax.saxutils import escape

import segno
from reportlab.lib import colors, textsplit
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.pagesizes import A4, landscape, letter, portrait
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    PageTemplate,
    Paragraph,
    Table,
    TableStyle,
)
from reportlab.platypus import paragraph as reportlab_paragraph

from scoring.pdf import fonts
from scoring.pdf.data import PAPERS
from scoring.pdf.words import gettext as _

PAGE_SIZES = {"letter": letter, "a4": A4}
ALIGN: dict[str, Literal[0, 1, 2]] = {
    "left": TA_LEFT,
    "center": TA_CENTER,
    "right": TA_RIGHT,
}
CELL_ALIGN = {"LEFT": "left", "CENTER": "center", "CENTRE": "center", "RIGHT": "right"}
CELL_PADDING = 12
"""A table cell's default left plus right padding (reportlab: 6 + 6 points)."""
FULL_WIDTH_CLOSING = "，；：！？）》」』"
"""Chinese punctuation no line may begin with. reportlab's own list
(``textsplit.ALL_CANNOT_START``, read by its CJK wrapping) is Japanese's and
lacks the full-width comma, semicolon, colon, "!" and "?": they are added to
it once, here, so that such a mark hangs at the end of the line before."""
CANNOT_START = "".join(dict.fromkeys(textsplit.ALL_CANNOT_START + FULL_WIDTH_CLOSING))
# Both modules read the list at each wrap: a paragraph of one font wraps in
# textsplit, one of several in paragraph.
textsplit.ALL_CANNOT_START = CANNOT_START  # type: ignore[misc]  # stubs: Final; the list is extended on purpose
reportlab_paragraph.ALL_CANNOT_START = CANNOT_START  # type: ignore[attr-defined]  # stubs omit the imported name

GREY = colors.Color(0.9, 0.9, 0.9)
RULE = colors.Color(0.45, 0.45, 0.45)


@lru_cache(maxsize=64)
def style(
    size: float = 10,
    align: str = "left",
    leading: float | None = None,
    cjk: bool = False,
) -> ParagraphStyle:
    """A paragraph style in the text font (CJK runs switch font in the markup).
    ``cjk``: wrap as Chinese is set (reportlab's ``wordWrap="CJK"``): a line may
    break between any two CJK characters but not before closing punctuation
    ("。", "，"), which stays on the line it ends; without it a run of Chinese,
    having no spaces, is one long word cut wherever the line is full."""
    return ParagraphStyle(
        f"s{size}{align}{leading}{cjk}",
        fontName=fonts.REGULAR,
        fontSize=size,
        leading=leading or size * 1.2,
        alignment=ALIGN[align],
        splitLongWords=True,
        wordWrap="CJK" if cjk else None,
    )


def has_cjk(text: str) -> bool:
    """Whether ``text`` has a character only the CJK font prints (Chinese)."""
    return not text.isascii() and any(f == fonts.CJK for f, _p in fonts.runs(text))


def para(
    text: str, size: float = 10, bold: bool = False, align: str = "left"
) -> Paragraph:
    """A paragraph of plain ``text`` (escaped, font fallback): wraps, never
    overflows its cell."""
    return Paragraph(fonts.markup(text, bold), style(size, align, cjk=has_cjk(text)))


def grid(
    rows: Sequence[Sequence[Any]],
    widths: Sequence[float],
    *,
    extra: Sequence[tuple[Any, ...]] = (),
    header: bool = True,
    heights: Sequence[float | None] | None = None,
) -> Table:
    """A ruled table (first row a repeated grey header unless ``header`` is
    False); ``extra`` adds TableStyle commands."""
    commands: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), fonts.REGULAR, 9),
        ("GRID", (0, 0), (-1, -1), 0.5, RULE),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]
    if header:
        commands.append(("BACKGROUND", (0, 0), (-1, 0), GREY))
        commands.append(("FONT", (0, 0), (-1, 0), fonts.BOLD, 9))
    table = Table(
        _text_cells(rows, widths, [*commands, *extra]),
        colWidths=list(widths),
        rowHeights=list(heights) if heights else None,
        repeatRows=1 if header else 0,
    )
    table.setStyle(TableStyle([*commands, *extra]))
    return table


def _cell_look(
    commands: Sequence[tuple[Any, ...]],
    col: int,
    row: int,
    widths: Sequence[float],
    rows: int,
) -> tuple[str, float, str, float]:
    """``(font, size, align, width)`` the TableStyle ``commands`` give cell
    ``(col, row)`` of a table of columns ``widths`` and ``rows`` rows: the last
    command covering it wins, as in reportlab; a spanned cell is as wide as its
    span."""
    font, size, align, width = fonts.REGULAR, 10.0, "left", widths[col]
    for command in commands:
        op, (c0, r0), (c1, r1) = command[0], command[1], command[2]
        if op not in ("FONT", "ALIGN", "SPAN"):
            continue
        c0, c1 = (c if c >= 0 else c + len(widths) for c in (c0, c1))
        r0, r1 = (r if r >= 0 else r + rows for r in (r0, r1))
        if not (c0 <= col <= c1 and r0 <= row <= r1):
            continue
        if op == "FONT":
            font = command[3]
            size = command[4] if len(command) > 4 else size
        elif op == "ALIGN":
            align = CELL_ALIGN.get(str(command[3]).upper(), align)
        elif col == c0:
            width = sum(widths[c0 : c1 + 1])
    return font, size, align, width


def _needs_paragraph(text: str, font: str, size: float, width: float) -> bool:
    """A plain-text cell the table's own drawing would spoil: a character only
    the CJK font has (a translated label in Chinese), or wider than its column
    of ``width`` points (a translated label longer than the English; running
    into the padding is allowed, as before)."""
    if not text or text.isdigit():
        return False
    bold = font == fonts.BOLD
    if not text.isascii() and any(f == fonts.CJK for f, _p in fonts.runs(text, bold)):
        return True
    return fonts.width(text, size, bold) > width - 4


def text_cell(text: str, font: str, size: float, align: str, room: float) -> Paragraph:
    """``text`` (a label, left to right) as a paragraph in a cell ``room`` points
    wide: CJK runs in the CJK font; one word too wide is set smaller (down to
    three quarters of ``size``), words wrap at spaces."""
    bold = font == fonts.BOLD
    if " " not in text.strip():
        size = fonts.fit_size(text, size, room, size * 0.75, bold)
    markup = "".join(
        f'<font name="{fonts.CJK}">{escape(piece)}</font>'
        if f == fonts.CJK
        else (f"<b>{escape(piece)}</b>" if bold else escape(piece))
        for f, piece in fonts.runs(text, bold)
    )
    return Paragraph(markup, style(size, align, cjk=has_cjk(text)))


def _text_cells(
    rows: Sequence[Sequence[Any]],
    widths: Sequence[float],
    commands: Sequence[tuple[Any, ...]],
) -> list[list[Any]]:
    """``rows`` with each plain-text cell that needs it (:func:`_needs_paragraph`)
    set by :func:`text_cell` in the cell's font, size and alignment. The other
    cells are unchanged. Plain-text cells are labels and numbers, or names
    already in visual order (``assignments.name_cell``): not reordered again."""
    out = []
    for r, row in enumerate(rows):
        cells = list(row)
        for c, cell in enumerate(cells):
            if not isinstance(cell, str) or not cell or c >= len(widths):
                continue
            font, size, align, width = _cell_look(commands, c, r, widths, len(rows))
            if _needs_paragraph(cell, font, size, width):
                cells[c] = text_cell(cell, font, size, align, width - CELL_PADDING)
        out.append(cells)
    return out


@lru_cache(maxsize=1024)
def qr_modules(url: str) -> tuple[tuple[bool, ...], ...]:
    """The dark modules of the QR code for ``url`` (error correction level M, the
    mask chosen by the standard's penalty rules), row by row, without the quiet
    zone. segno encodes it: about twice as fast as reportlab's own encoder, which
    matters for 200 scoresheets."""
    code = segno.make_qr(url, error="m", boost_error=False)
    return tuple(tuple(bool(m) for m in row) for row in code.matrix)


def draw_qr(canvas: Canvas, x: float, y: float, size: float, url: str) -> None:
    """Draw the QR code of ``url`` as a ``size``-point square with its lower left
    corner at ``(x, y)``, with the four-module quiet zone inside the square."""
    modules = qr_modules(url)
    unit = size / (len(modules) + 8)
    path = canvas.beginPath()
    for r, row in enumerate(modules):
        top = y + size - (r + 5) * unit
        c = 0
        while c < len(row):
            if not row[c]:
                c += 1
                continue
            start = c
            while c < len(row) and row[c]:
                c += 1
            path.rect(x + (start + 4) * unit, top, (c - start) * unit, unit * 1.02)
    canvas.saveState()
    canvas.setFillColor(colors.black)
    canvas.drawPath(path, stroke=0, fill=1)
    canvas.restoreState()


class QrCode(Flowable):
    """A QR code of ``url``, ``size`` points square, with a caption below."""

    def __init__(self, url: str, size: float = 30 * mm, caption: str = "") -> None:
        super().__init__()
        self.url, self.size, self.caption = url, size, caption
        self.width, self.height = size, size + (10 if caption else 0)

    def wrap(self, *_args: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        draw_qr(self.canv, 0, self.height - self.size, self.size, self.url)
        if self.caption:
            text = fonts.shorten(self.caption, 7, self.size)
            start = (self.size - fonts.width(text, 7)) / 2
            fonts.draw(self.canv, start, 1, text, 7)


def table_label(number: int) -> str:
    """A table of players by its number: "Table 4"."""
    return _("Table %(number)s") % {"number": number}


def tie_text(names: str) -> str:
    """``names`` of the players tied for first, marked as a tie."""
    # Translators: names are the players tied for first at a table.
    return _("%(names)s (tie)") % {"names": names}


def footer_text(event: str, title: str) -> str:
    """The foot of every page and the PDF's title: the event, then the
    printable's title."""
    # Translators: the foot of every printed page: the event's name, then what
    # the printable is ("Heat 2 scoresheets").
    return _("%(event)s — %(title)s") % {"event": event, "title": title}


def _numbered_canvas(footer: str, margin: float) -> type[Canvas]:
    """A canvas class that keeps every page until the end, then writes "page x of
    y" and ``footer`` at the foot of each (reportlab's two-pass recipe)."""
    # Translators: at the foot of every printed page.
    page_of = _("page %(page)s of %(pages)s")

    class NumberedCanvas(Canvas):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._pages: list[dict[str, Any]] = []

        def showPage(self) -> None:  # noqa: N802 (reportlab's name)
            self._pages.append(dict(self.__dict__))
            self._startPage()  # type: ignore[attr-defined]  # private, not in the stubs

        def save(self) -> None:
            total = len(self._pages)
            for state in self._pages:
                self.__dict__.update(state)
                self._foot(total)
                super().showPage()
            super().save()

        def _foot(self, total: int) -> None:
            width = self._pagesize[0]  # type: ignore[attr-defined]  # private, as above
            room = width - 2 * margin - 30 * mm
            fonts.draw(self, margin, margin / 2, fonts.shorten(footer, 8, room), 8)
            number = self._pageNumber  # type: ignore[attr-defined]  # private, as above
            label = page_of % {"page": number, "pages": total}
            start = width - margin - fonts.width(label, 8)
            fonts.draw(self, start, margin / 2, label, 8)

    return NumberedCanvas


class PrintDocument:
    """One printable: class attributes set the page, :meth:`story` the content.

    ``paper`` is "letter" or "a4" (ValueError otherwise); ``orientation``
    "portrait" or "landscape"; ``margin`` in points. ``title`` names the PDF and
    its footer, after the event's name.
    """

    orientation = "portrait"
    margin = 12 * mm
    title = "Printable"

    def __init__(self, event: str, paper: str = "letter") -> None:
        if paper not in PAPERS:
            raise ValueError(f"paper must be one of {', '.join(PAPERS)}, not {paper!r}")
        self.event = event
        self.paper = paper
        size = PAGE_SIZES[paper]
        self.pagesize = (
            landscape(size) if self.orientation == "landscape" else portrait(size)
        )
        fonts.register()

    @property
    def frame_width(self) -> float:
        return self.pagesize[0] - 2 * self.margin

    @property
    def frame_height(self) -> float:
        return self.pagesize[1] - 2 * self.margin

    def story(self) -> list[Flowable]:
        """The flowables to lay out, first page first."""
        raise NotImplementedError

    def page_templates(self, doc: BaseDocTemplate) -> list[PageTemplate]:
        """One frame filling the page inside the margins; override for columns."""
        frame = Frame(
            self.margin, self.margin, self.frame_width, self.frame_height, id="body"
        )
        return [PageTemplate(id="page", frames=[frame], onPage=self.on_page)]

    def on_page(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        """Hook to draw on every page (behind the flowables)."""

    def build(self) -> bytes:
        """The PDF as bytes."""
        buffer = BytesIO()
        doc = BaseDocTemplate(
            buffer,
            pagesize=self.pagesize,
            leftMargin=self.margin,
            rightMargin=self.margin,
            topMargin=self.margin,
            bottomMargin=self.margin,
            title=footer_text(self.event, self.title),
            author="medici-tourney",
            creator="medici-tourney",
        )
        doc.addPageTemplates(self.page_templates(doc))
        footer = footer_text(self.event, self.title)
        doc.build(self.story(), canvasmaker=_numbered_canvas(footer, self.margin))
        return buffer.getvalue()
