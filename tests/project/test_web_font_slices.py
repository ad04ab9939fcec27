"""The web fonts' slices (``medici_tourney.ops.web_fonts``, issue 32 item 4): each
character of the shipped faces is drawn from a slice that holds it, whichever
slices a page loads, and the plan's pieces cut as documented."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from medici_tourney.ops import web_fonts
from medici_tourney.ops.web_fonts import bridged, cjk_groups, gb2312, unicode_range

ttlib = pytest.importorskip("fontTools.ttLib")

RULE = re.compile(
    r'font-family: "(?P<family>[^"]+)"; '
    r'src: url\("\.\./fonts/(?P<file>[\w-]+\.woff2)"\)'
    r".*?font-weight: (?P<weight>[\d ]+);.*?unicode-range: (?P<range>[^;]+);"
)


def codepoints(declared: str) -> set[int]:
    """The code points a CSS ``unicode-range`` value names."""
    found: set[int] = set()
    for part in declared.split(","):
        low, _, high = part.strip().removeprefix("U+").partition("-")
        found.update(range(int(low, 16), int(high or low, 16) + 1))
    return found


@cache
def rules() -> list[dict[str, str]]:
    """fonts.css's @font-face rules in their order: family, file, weight, range."""
    css = web_fonts.CSS.read_text(encoding="utf-8")
    return [match.groupdict() for match in RULE.finditer(css)]


@cache
def held(file: str) -> frozenset[int]:
    """The code points the slice ``file`` maps to glyphs."""
    with ttlib.TTFont(web_fonts.OUT / file) as font:
        return frozenset(font.getBestCmap())


def source_cmap(name: str) -> set[int]:
    with ttlib.TTFont(web_fonts.SOURCES / name, lazy=True) as font:
        return set(font.getBestCmap())


def test_the_rules_name_every_slice_file_and_only_those():
    named = {rule["file"] for rule in rules()}
    assert named == {path.name for path in Path(web_fonts.OUT).glob("*.woff2")}
    assert len(named) > 70  # 4 DejaVu slices, about 75 CJK


@pytest.mark.parametrize(
    ("family", "weight", "source", "ranges"),
    [
        ("Medici CJK", "400 700", "WenQuanYiMicroHei-CJK.ttf", None),
        ("Medici Names", "400", "DejaVuSans.ttf", web_fonts.HEBREW + web_fonts.ARABIC),
        (
            "Medici Names",
            "700",
            "DejaVuSans-Bold.ttf",
            web_fonts.HEBREW + web_fonts.ARABIC,
        ),
    ],
)
def test_each_character_comes_from_a_slice_that_holds_it(
    family, weight, source, ranges
):
    """A browser draws a character with the last-declared face of the family
    whose unicode-range names it: that slice must hold it, for every character
    of the source face in the shipped ranges."""
    faces = [r for r in rules() if (r["family"], r["weight"]) == (family, weight)]
    wanted = {
        c for c in source_cmap(source) if ranges is None or web_fonts.within(c, ranges)
    }
    drawn_from: dict[int, str] = {}
    for rule in faces:  # later rules win
        drawn_from.update(dict.fromkeys(codepoints(rule["range"]), rule["file"]))
    missing = [hex(c) for c in sorted(wanted) if c not in held(drawn_from.get(c, ""))]
    assert missing == []


def test_the_language_menu_label_has_a_slice_of_its_own():
    """ "中文" on every page costs one tiny slice, not a CJK one."""
    last = rules()[-1]
    assert (last["file"], codepoints(last["range"])) == (
        "menu-zh.woff2",
        {0x4E2D, 0x6587},
    )
    assert held("menu-zh.woff2") == {0x4E2D, 0x6587}
    assert (web_fonts.OUT / "menu-zh.woff2").stat().st_size < 2_000


def test_unicode_range_joins_runs():
    assert unicode_range([0x4E2D, 0x4E00, 0x4E01, 0x4E02]) == "U+4E00-4E02, U+4E2D"


def test_bridged_spans_only_gaps_held_by_later_slices():
    assert bridged([1, 5], later={2, 3, 4}) == (1, 2, 3, 4, 5)
    assert bridged([1, 5], later={2, 3}) == (1, 5)


def test_gb2312_level_1_is_the_3755_common_characters_in_pinyin_order():
    common = gb2312(1)
    assert (len(common), common[0], common[-1]) == (3755, "啊", "座")
    assert len(gb2312(2)) == 3008


def test_cjk_groups_put_menu_punctuation_and_the_catalogue_first():
    cmap = {0x3001, 0x4E2D, 0x6587, 0x4E00, 0x554A, 0x9F98, 0xAC00, 0x3042}
    groups = cjk_groups(cmap, frequent=["一"])
    assert groups == [
        ("menu-zh", [0x4E2D, 0x6587]),
        ("cjk-punct", [0x3001]),
        ("cjk-a01", [0x4E00]),  # 一, the catalogue's
        ("cjk-b01", [0x554A]),  # 啊, GB 2312 level 1
        ("cjk-d01", [0x9F98]),  # 龘, rare
        ("cjk-k01", [0xAC00]),  # 가
        ("cjk-z01", [0x3042]),  # あ
    ]
