"""The web fonts: the faces the PDFs embed (``scoring/pdf/fonts/``) cut into WOFF2
slices in ``static/fonts/``, each declared in ``static/css/fonts.css`` with the
``unicode-range`` of exactly the characters it holds, so that a browser downloads
only the slices whose characters a page draws.

A *slice* is one WOFF2 file of one face holding a set of code points; its
``@font-face`` rule names that set. The CJK face is cut "common characters first":
the two glyphs of the language menu's "中文" alone (every page shows that label;
it costs about a kilobyte), CJK punctuation and full-width forms, then the Han
characters of the Chinese catalogue by how often the catalogue uses them, then the
rest of GB 2312's level 1 (the 3,755 characters of everyday text), then the
remaining Han characters, kana and Hangul in code point order, in larger
slices the rarer they are. Every character of the face is in exactly one slice,
whatever the catalogue says: the catalogue only orders the slices.

``python -m medici_tourney.ops.web_fonts`` (``make fonts``; needs fontTools and
brotli from requirements-dev.txt) writes the slices and the rules between the
marker lines of fonts.css; the same inputs give the same bytes. Serving needs
neither library: the slices are shipped.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from medici_tourney.ops.catalogues import read_catalog

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ROOT / "scoring" / "pdf" / "fonts"
OUT = ROOT / "static" / "fonts"
CSS = ROOT / "static" / "css" / "fonts.css"
CHINESE = ROOT / "locale" / "zh_Hans" / "LC_MESSAGES" / "django.po"
# Two families: Chromium joins the faces of a family into one only when their
# weight descriptors are the same, and the CJK slices' "400 700" would hide the
# DejaVu slices' "400" and "700" in one family.
FAMILY = "Medici Names"
CJK_FAMILY = "Medici CJK"
BEGIN = "/* @font-face rules made by medici_tourney/ops/web_fonts.py (make fonts) */"
END = "/* end of the made rules */"
MENU = "中文"
HEBREW = [(0x0590, 0x05FF), (0xFB1D, 0xFB4F)]
ARABIC = [(0x0600, 0x06FF), (0x0750, 0x077F), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF)]
PUNCTUATION = [(0x3000, 0x303F), (0xFE30, 0xFE4F), (0xFF00, 0xFFEF)]
HAN = [(0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF)]
HANGUL = [(0xAC00, 0xD7AF)]


@dataclass(frozen=True)
class Slice:
    """One WOFF2 file: ``name`` (its file name without ``.woff2``), the source
    face ``source``, the weight(s) its rule declares (``"400"``, ``"700"`` or
    ``"400 700"``: the CJK face has no bold, bold text is drawn with the regular),
    its code points, sorted, and ``declared``, the code points its rule's
    ``unicode-range`` names: its own, and between them any held by a slice
    declared after it (so the range is a few spans, not thousands of points;
    the browser checks the faces of a family last-declared first, so such a
    character still comes from its own slice)."""

    name: str
    source: str
    weight: str
    codepoints: tuple[int, ...]
    declared: tuple[int, ...]

    @property
    def family(self) -> str:
        """The font family the slice's rule adds a face to."""
        return FAMILY if self.source.startswith("DejaVu") else CJK_FAMILY


def within(code: int, ranges: Iterable[tuple[int, int]]) -> bool:
    """Whether ``code`` lies in one of the inclusive ``ranges``."""
    return any(low <= code <= high for low, high in ranges)


def gb2312(level: int) -> list[str]:
    """GB 2312's Han characters of ``level`` (1: rows 16-55, the common ones;
    2: rows 56-87), in the standard's order."""
    rows = range(0xB0, 0xD8) if level == 1 else range(0xD8, 0xF8)
    found: list[str] = []
    for row in rows:
        for cell in range(0xA1, 0xFF):
            try:
                found.append(bytes((row, cell)).decode("gb2312"))
            except UnicodeDecodeError:
                continue  # the unused cells at the end of row 55
    return found


def catalogue_order(po: Path = CHINESE) -> list[str]:
    """The Han characters of the Chinese catalogue's translations, the most used
    first (ties by code point)."""
    counts: Counter[str] = Counter()
    for message in read_catalog(po):
        strings = (
            message.string if isinstance(message.string, tuple) else [message.string]
        )
        for text in strings:
            counts.update(c for c in text or "" if within(ord(c), HAN))
    return sorted(counts, key=lambda c: (-counts[c], ord(c)))


def chunks(items: list[int], size: int) -> Iterator[list[int]]:
    """``items`` in consecutive runs of ``size`` (the last may be shorter)."""
    for start in range(0, len(items), size):
        yield items[start : start + size]


def cjk_groups(cmap: set[int], frequent: list[str]) -> list[tuple[str, list[int]]]:
    """The CJK face's code points ``cmap`` cut into named groups, common first:
    the menu label, punctuation, ``frequent`` Han characters (the catalogue's) in
    groups of 100, the rest of GB 2312's level 1 in groups of 200, the other Han
    characters in groups of 500 (in code point order: a short unicode-range),
    Hangul syllables of 1,000, what is left (kana, jamo, symbols) of 400. Each
    code point of ``cmap`` is in one group."""
    left = set(cmap)

    def take(codes: Iterable[int]) -> list[int]:
        kept = [c for c in dict.fromkeys(codes) if c in left]
        left.difference_update(kept)
        return kept

    groups = [("menu-zh", take(ord(c) for c in MENU))]
    groups.append(
        ("cjk-punct", take(c for c in sorted(cmap) if within(c, PUNCTUATION)))
    )
    tiers = [
        ("cjk-a", [ord(c) for c in frequent], 100),
        ("cjk-b", [ord(c) for c in gb2312(1)], 200),
        ("cjk-d", [c for c in sorted(cmap) if within(c, HAN)], 500),
        ("cjk-k", [c for c in sorted(cmap) if within(c, HANGUL)], 1000),
        ("cjk-z", sorted(cmap), 400),
    ]
    for prefix, codes, size in tiers:
        for n, group in enumerate(chunks(take(codes), size), start=1):
            groups.append((f"{prefix}{n:02d}", group))
    return [(name, codes) for name, codes in groups if codes]


def bridged(codes: list[int], later: set[int]) -> tuple[int, ...]:
    """``codes`` (sorted) and every code point between two neighbours of them
    when all the points between are in ``later``."""
    declared: list[int] = []
    for code in codes:
        gap = range(declared[-1] + 1, code) if declared else range(0)
        if all(point in later for point in gap):
            declared.extend(gap)
        declared.append(code)
    return tuple(declared)


def plan(cjk_cmap: set[int], dejavu_cmap: set[int], frequent: list[str]) -> list[Slice]:
    """Every slice to write, in the order of their rules: DejaVu Sans' Hebrew and
    Arabic letters in each weight (the system font draws Latin, Greek and
    Cyrillic), then the CJK groups, the rarest first (the last declared is the
    first the browser checks)."""
    slices = []
    for weight, source in (("400", "DejaVuSans.ttf"), ("700", "DejaVuSans-Bold.ttf")):
        for script, ranges in (("hebrew", HEBREW), ("arabic", ARABIC)):
            held = tuple(c for c in sorted(dejavu_cmap) if within(c, ranges))
            slices.append(
                Slice(f"dejavu-{script}-{weight}", source, weight, held, held)
            )
    later: set[int] = set()
    cjk = []
    for name, codes in cjk_groups(cjk_cmap, frequent):
        ordered = sorted(codes)
        source, declared = "WenQuanYiMicroHei-CJK.ttf", bridged(ordered, later)
        cjk.append(Slice(name, source, "400 700", tuple(ordered), declared))
        later.update(codes)
    return slices + cjk[::-1]


def unicode_range(codepoints: Iterable[int]) -> str:
    """The CSS ``unicode-range`` of ``codepoints``: runs of consecutive code
    points written as ranges, e.g. ``U+4E00-4E02, U+4E2D``."""
    runs: list[list[int]] = []
    for code in sorted(codepoints):
        if runs and code == runs[-1][1] + 1:
            runs[-1][1] = code
        else:
            runs.append([code, code])
    return ", ".join(f"U+{a:X}" if a == b else f"U+{a:X}-{b:X}" for a, b in runs)


def rules(slices: Iterable[Slice]) -> str:
    """The ``@font-face`` rules of ``slices``, between the marker lines."""
    lines = [BEGIN]
    for piece in slices:
        lines.append(
            f'@font-face {{ font-family: "{piece.family}"; '
            f'src: url("../fonts/{piece.name}.woff2") format("woff2"); '
            f"font-weight: {piece.weight}; font-display: swap; "
            f"unicode-range: {unicode_range(piece.declared)}; }}"
        )
    lines.append(END)
    return "\n".join(lines)


def with_rules(css: str, made: str) -> str:
    """``css`` with the text between the marker lines (markers included)
    replaced by ``made``; ``ValueError`` when the markers are missing."""
    pattern = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END), re.DOTALL)
    if not pattern.search(css):
        raise ValueError(f"{CSS}: the marker lines {BEGIN!r} … {END!r} are missing")
    return pattern.sub(lambda _: made, css, count=1)


def cmap_of(path: Path) -> set[int]:
    """The code points the font file at ``path`` maps to glyphs."""
    from fontTools.ttLib import TTFont

    with TTFont(path, lazy=True) as font:
        return set(font.getBestCmap())


def write_slice(piece: Slice, out: Path = OUT) -> Path:
    """Write ``piece`` as ``out/<name>.woff2`` with fontTools' subsetter: hinting
    dropped (browsers rasterise unhinted outlines well at text sizes), the
    Hebrew and Arabic slices keep their layout features (Arabic joins through
    them), the file's date kept from the source so the same input gives the
    same bytes."""
    from fontTools import subset

    options = subset.Options()
    options.flavor = "woff2"
    options.hinting = False
    options.layout_features = ["*"] if piece.source.startswith("DejaVu") else []
    font = subset.load_font(str(SOURCES / piece.source), options)
    font.recalcTimestamp = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=piece.codepoints)
    subsetter.subset(font)
    target = out / f"{piece.name}.woff2"
    subset.save_font(font, str(target), options)
    font.close()
    return target


def main(argv: list[str]) -> int:
    """Write every slice into ``static/fonts/`` (removing slices no longer
    planned) and the rules into fonts.css; print each file and its size."""
    slices = plan(
        cmap_of(SOURCES / "WenQuanYiMicroHei-CJK.ttf"),
        cmap_of(SOURCES / "DejaVuSans.ttf"),
        catalogue_order(),
    )
    OUT.mkdir(exist_ok=True)
    planned = {f"{piece.name}.woff2" for piece in slices}
    for stale in OUT.glob("*.woff2"):
        if stale.name not in planned:
            stale.unlink()
    for piece in slices:
        target = write_slice(piece)
        size = target.stat().st_size
        print(f"{target.name:20} {len(piece.codepoints):6} chars {size:8} bytes")
    CSS.write_text(
        with_rules(CSS.read_text(encoding="utf-8"), rules(slices)), encoding="utf-8"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
