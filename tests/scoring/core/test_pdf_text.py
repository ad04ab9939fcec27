"""Text for the printables without a database: right-to-left names, font fallback,
shortening (scoring.pdf.fonts) and name order (scoring.pdf.assignments)."""

from __future__ import annotations

from scoring.pdf import fonts
from scoring.pdf.assignments import sort_key


def test_arabic_names_are_joined_and_put_in_display_order():
    # محمد: meem (initial FEE3), hah (medial FEA4), meem (medial FEE4), dal (final
    # FEAA); displayed right to left, so set left to right as the reverse.
    assert fonts.visual("محمد") == "\ufeaa\ufee4\ufea4\ufee3"


def test_hebrew_names_are_reversed_for_left_to_right_setting():
    assert fonts.visual("דוד לוי") == "יול דוד"


def test_latin_names_are_left_alone():
    assert fonts.visual("Zoë Ñúñez-Öztürk") == "Zoë Ñúñez-Öztürk"


def test_chinese_goes_to_the_cjk_font_and_accents_stay_in_the_text_font():
    assert fonts.runs("Zoë 王芳") == [(fonts.REGULAR, "Zoë "), (fonts.CJK, "王芳")]


def test_markup_escapes_so_names_print_exactly():
    assert fonts.markup("Ann & Bo <Zed>") == "Ann &amp; Bo &lt;Zed&gt;"


def test_a_long_name_is_shortened_visibly_to_fit():
    name = "Maximiliano Bartholomew Featherstonehaugh-Cholmondeley"
    short = fonts.shorten(name, 12, 100)
    assert short.endswith("…") and name.startswith(short[:-1])
    assert fonts.width(short, 12) <= 100
    assert fonts.shorten("Ann", 12, 100) == "Ann"


def test_names_sort_ignoring_case_and_accents():
    names = ["Zed", "Ōtake", "otto", "Ann"]
    assert sorted(names, key=sort_key) == ["Ann", "Ōtake", "otto", "Zed"]
