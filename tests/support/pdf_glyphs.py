"""The text a PDF sets, glyph by glyph in drawing order, with its font size.

Text extraction (pypdf, PDFium) reorders right-to-left text by its own guesses
and joins lines; these helpers read the content stream itself, so a test can
check the order and size reportlab laid the glyphs out in.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass

from pypdf import PdfReader
from pypdf.generic import ContentStream


@dataclass
class Block:
    """One BT ... ET block: its ``text`` in drawing order and the last font
    ``size`` (points) set in it."""

    text: str = ""
    size: float = 0.0


def _to_unicode(font) -> dict[int, str]:
    """Code -> character of a font subset reportlab wrote (its ToUnicode bfchar)."""
    if "/ToUnicode" not in font:  # reportlab's own Helvetica: unused, ASCII
        return {}
    data = font["/ToUnicode"].get_object().get_data().decode()
    pairs = re.findall(r"<([0-9A-F]{2})> <([0-9A-F]{4})>", data)
    return {int(code, 16): chr(int(char, 16)) for code, char in pairs}


def blocks(content: bytes) -> list[Block]:
    """Every text block of every page, in drawing order."""
    found: list[Block] = []
    reader = PdfReader(io.BytesIO(content))
    for page in reader.pages:
        fonts = page["/Resources"]["/Font"]
        maps = {name: _to_unicode(f.get_object()) for name, f in fonts.items()}
        current: dict[int, str] = {}
        for operands, op in ContentStream(page.get_contents(), reader).operations:
            if op == b"BT":
                found.append(Block())
            elif op == b"Tf":
                current = maps.get(operands[0], {})
                found[-1].size = float(operands[1])
            elif op == b"Tj":
                raw = operands[0].original_bytes
                found[-1].text += "".join(current.get(b, chr(b)) for b in raw)
    return found


def laid_out(content: bytes) -> str:
    """The text of every block, one block a line."""
    return "\n".join(block.text for block in blocks(content))
