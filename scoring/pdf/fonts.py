"""Fonts and text for the printables: every name prints as written.

Pure module: no Django import.

Words:

text font
    DejaVu Sans (regular and bold), shipped in ``fonts/``: Latin with every accent,
    Greek, Cyrillic, Hebrew, Arabic and symbols.
CJK font
    WenQuanYi Micro Hei cut to its CJK code points, shipped in ``fonts/``: Chinese,
    Japanese kana and Korean Hangul. A character the text font lacks is set in it.
run
    A stretch of text set in one font; :func:`markup` splits a string into runs.
visual order
    Right-to-left names (Hebrew, Arabic) are shaped (Arabic letters joined) and put
    in display order before setting, since reportlab lays text out left to right;
    text extraction then gives the name in display order. python-bidi's
    pure-Python algorithm does it: it mirrors brackets in right-to-left runs
    ("(84)" stays "(84)"), which its default (Rust) one does not.
isolate
    A name inside a label ("1. " + name, name + " (84)") is wrapped by
    :func:`isolate` in FSI ... PDI (Unicode's first-strong isolate): the name is
    laid out on its own, in the direction of its first letter, and the label
    around it left to right, so a number or bracket of the label never joins the
    name's run ("1. דוד לוי", not "לוי דוד .1"). The labels are the printables'
    own (left-to-right) words.

Names are escaped for reportlab's paragraph markup, so "Ann & Bo" and "<Zed>"
print exactly as typed.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache
from pathlib import Path
from typing import cast
from xml.sax.saxutils import escape

import arabic_reshaper
from bidi.algorithm import get_display
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONT_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR = "MediciSans"
BOLD = "MediciSans-Bold"
CJK = "MediciCJK"
_FILES = {
    REGULAR: "DejaVuSans.ttf",
    BOLD: "DejaVuSans-Bold.ttf",
    CJK: "WenQuanYiMicroHei-CJK.ttf",
}
ELLIPSIS = "…"
FSI, PDI = "\u2068", "\u2069"
_ISOLATED = re.compile(f"{FSI}([^{FSI}{PDI}]*){PDI}")


@cache
def register() -> None:
    """Register the shipped fonts with reportlab (once per process).

    ``<b>`` in paragraph markup selects the bold text font; the CJK font has no bold
    and is used for both.
    """
    for name, filename in _FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / filename)))
    addMapping(REGULAR, 0, 0, REGULAR)
    addMapping(REGULAR, 1, 0, BOLD)
    addMapping(REGULAR, 0, 1, REGULAR)
    addMapping(REGULAR, 1, 1, BOLD)
    for bold in (0, 1):
        for italic in (0, 1):
            addMapping(CJK, bold, italic, CJK)


@cache
def _covered(font: str) -> frozenset[int]:
    register()
    # register() registers TrueType fonts only.
    return frozenset(cast(TTFont, pdfmetrics.getFont(font)).face.charToGlyph)


def _is_rtl(text: str) -> bool:
    return any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in text)


@cache
def _reshaper() -> arabic_reshaper.ArabicReshaper:
    """Arabic shaping with only the ligatures the text font has glyphs for (the
    others would print as empty boxes)."""
    have = _covered(REGULAR)
    config = {
        name: all(ord(ch) in have for form in forms[1] for ch in form)
        for name, forms in arabic_reshaper.ligatures.LIGATURES
    }
    return arabic_reshaper.ArabicReshaper(configuration=config)


def isolate(name: str) -> str:
    """``name`` marked to be laid out on its own inside a label (module
    docstring, isolate); :func:`visual` removes the marks."""
    return f"{FSI}{name}{PDI}"


def _display(text: str, base: str | None) -> str:
    """One stretch of ``text`` shaped and in display order: ``base`` "L" for a
    label's own words, None for a name (the direction of its first letter)."""
    if not _is_rtl(text):
        return text
    return str(get_display(_reshaper().reshape(text), base_dir=base))


@lru_cache(maxsize=4096)
def visual(text: str) -> str:
    """``text`` ready to set left to right: Arabic letters joined (presentation
    forms), right-to-left runs in display order with mirrored brackets, each
    isolated name laid out on its own; other text unchanged. Unmarked text is a
    name: it takes the direction of its first letter."""
    if FSI not in text:
        return _display(text, None)
    out, start = [], 0
    for match in _ISOLATED.finditer(text):
        out += [_display(text[start : match.start()], "L"), _display(match[1], None)]
        start = match.end()
    out.append(_display(text[start:], "L"))
    return "".join(out).replace(FSI, "").replace(PDI, "")


def runs(text: str, bold: bool = False) -> list[tuple[str, str]]:
    """``text`` (already in visual order) as ``[(font, piece), ...]``: each piece in
    the text font unless only the CJK font has its characters. A character neither
    font has stays in the text font (it prints as an empty box, visibly)."""
    main = BOLD if bold else REGULAR
    latin, cjk = _covered(main), _covered(CJK)
    out: list[tuple[str, str]] = []
    for ch in text:
        font = CJK if ord(ch) not in latin and ord(ch) in cjk else main
        if out and out[-1][0] == font:
            out[-1] = (font, out[-1][1] + ch)
        else:
            out.append((font, ch))
    return out


def markup(text: str, bold: bool = False) -> str:
    """Paragraph markup for ``text``: escaped, in visual order, CJK runs in the CJK
    font. ``bold`` sets the text-font runs in bold."""
    parts = []
    for font, piece in runs(visual(text), bold):
        body = escape(piece)
        if font == CJK:
            parts.append(f'<font name="{CJK}">{body}</font>')
        else:
            parts.append(f"<b>{body}</b>" if bold else body)
    return "".join(parts)


def width(text: str, size: float, bold: bool = False) -> float:
    """Width in points of ``text`` set at ``size`` points (with font fallback)."""
    return sum(
        pdfmetrics.stringWidth(piece, font, size)
        for font, piece in runs(visual(text), bold)
    )


def shorten(text: str, size: float, room: float, bold: bool = False) -> str:
    """``text`` cut to fit ``room`` points at ``size``, ending in "…" when cut, so
    a shortened name is visibly shortened."""
    if width(text, size, bold) <= room:
        return text
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if width(text[:middle].rstrip() + ELLIPSIS, size, bold) <= room:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ELLIPSIS


def fit_size(
    text: str, size: float, room: float, smallest: float, bold: bool = False
) -> float:
    """The largest size from ``size`` down to ``smallest`` (in half points) at
    which ``text`` fits in ``room`` points; ``smallest`` when none does."""
    current = size
    while current > smallest and width(text, current, bold) > room:
        current -= 0.5
    return max(current, smallest)


def draw(
    canvas: Canvas, x: float, y: float, text: str, size: float, bold: bool = False
) -> float:
    """Draw ``text`` on ``canvas`` from ``(x, y)`` with font fallback; returns the
    width drawn (points)."""
    start = x
    for font, piece in runs(visual(text), bold):
        canvas.setFont(font, size)
        canvas.drawString(x, y, piece)
        x += pdfmetrics.stringWidth(piece, font, size)
    return x - start
