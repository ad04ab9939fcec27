"""The printables' base class, styles, tables and QR codes (STYLE.md, Printing).

Pure module: no Django import. A printable is a :class:`PrintDocument` subclass
whose :meth:`~PrintDocument.story` returns Platypus flowables; :meth:`build` lays
them out on the paper and returns the PDF as bytes, with "page x of y" and the
event's name at the foot of every page.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from io import BytesIO
from typing import Any

import segno
from reportlab.lib import colors
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

from scoring.pdf import fonts
from scoring.pdf.data import PAPERS

PAGE_SIZES = {"letter": letter, "a4": A4}
ALIGN = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT}
GREY = colors.Color(0.9, 0.9, 0.9)
RULE = colors.Color(0.45, 0.45, 0.45)


@lru_cache(maxsize=64)
def style(
    size: float = 10, align: str = "left", leading: float | None = None
) -> ParagraphStyle:
    """A paragraph style in the text font (CJK runs switch font in the markup)."""
    return ParagraphStyle(
        f"s{size}{align}{leading}",
        fontName=fonts.REGULAR,
        fontSize=size,
        leading=leading or size * 1.2,
        alignment=ALIGN[align],
        splitLongWords=True,
    )


def para(text: str, size: float = 10, bold: bool = False, align: str = "left"):
    """A paragraph of plain ``text`` (escaped, font fallback): wraps, never
    overflows its cell."""
    return Paragraph(fonts.markup(text, bold), style(size, align))


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
    commands = [
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
        list(rows),
        colWidths=list(widths),
        rowHeights=list(heights) if heights else None,
        repeatRows=1 if header else 0,
    )
    table.setStyle(TableStyle([*commands, *extra]))
    return table


@lru_cache(maxsize=1024)
def qr_modules(url: str) -> tuple[tuple[bool, ...], ...]:
    """The dark modules of the QR code for ``url`` (error correction level M, the
    mask chosen by the standard's penalty rules), row by row, without the quiet
    zone. segno encodes it: about twice as fast as reportlab's own encoder, which
    matters for 200 scoresheets."""
    code = segno.make_qr(url, error="m", boost_error=False)
    return tuple(tuple(bool(m) for m in row) for row in code.matrix)


def draw_qr(canvas, x: float, y: float, size: float, url: str) -> None:
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

    def wrap(self, *_args):
        return self.width, self.height

    def draw(self) -> None:
        draw_qr(self.canv, 0, self.height - self.size, self.size, self.url)
        if self.caption:
            text = fonts.shorten(self.caption, 7, self.size)
            start = (self.size - fonts.width(text, 7)) / 2
            fonts.draw(self.canv, start, 1, text, 7)


def _numbered_canvas(footer: str, margin: float):
    """A canvas class that keeps every page until the end, then writes "page x of
    y" and ``footer`` at the foot of each (reportlab's two-pass recipe)."""

    class NumberedCanvas(Canvas):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            self._pages: list[dict] = []

        def showPage(self) -> None:  # noqa: N802 (reportlab's name)
            self._pages.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self._pages)
            for state in self._pages:
                self.__dict__.update(state)
                self._foot(total)
                super().showPage()
            super().save()

        def _foot(self, total: int) -> None:
            width = self._pagesize[0]
            room = width - 2 * margin - 30 * mm
            fonts.draw(self, margin, margin / 2, fonts.shorten(footer, 8, room), 8)
            label = f"page {self._pageNumber} of {total}"
            self.setFont(fonts.REGULAR, 8)
            self.drawRightString(width - margin, margin / 2, label)

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

    def on_page(self, canvas, doc) -> None:
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
            title=f"{self.event} — {self.title}",
            author="medici-tourney",
            creator="medici-tourney",
        )
        doc.addPageTemplates(self.page_templates(doc))
        footer = f"{self.event} — {self.title}"
        doc.build(self.story(), canvasmaker=_numbered_canvas(footer, self.margin))
        return buffer.getvalue()
