"""Semi-final layouts typed one size a line, "25: 5 5 5 5 5" (tournament.md,
Advancement, 1: the table layout is configurable), with every wrong line named."""

from __future__ import annotations

import pytest

from heats.core.layout import (
    LayoutTextError,
    format_semi_layouts,
    parse_semi_layouts,
    semi_layout_problems,
)

STANDARD = {
    16: (4, 4, 4, 4),
    20: (5, 5, 5, 5),
    25: (5, 5, 5, 5, 5),
    30: (5, 5, 5, 5, 5, 5),
    36: (6, 6, 6, 6, 6, 6),
}
STANDARD_TEXT = (
    "16: 4 4 4 4\n20: 5 5 5 5\n25: 5 5 5 5 5\n30: 5 5 5 5 5 5\n36: 6 6 6 6 6 6"
)


def test_the_standard_layouts_are_written_one_size_a_line():
    assert format_semi_layouts(STANDARD) == STANDARD_TEXT


def test_the_text_written_reads_back():
    assert parse_semi_layouts(STANDARD_TEXT) == STANDARD


def test_commas_plus_signs_equals_and_blank_lines_are_read_sorted_by_size():
    text = "28 = 6+6+6+5+5\n\n  16:4,4,4,4  \n"
    assert parse_semi_layouts(text) == {16: (4, 4, 4, 4), 28: (6, 6, 6, 5, 5)}


def problems(text: str) -> list[str]:
    with pytest.raises(LayoutTextError) as refused:
        parse_semi_layouts(text)
    return refused.value.problems


def test_every_wrong_line_is_named_at_once():
    text = "16: 4 4 4 4\n25 5 5 5 5 5\n20: 5 5 x\n25: 7 6 6 6\n30: 5 5 5\n16: 4 4 4 4"
    assert problems(text) == [
        'Line 2 ("25 5 5 5 5 5"): write the size, a colon and the tables, '
        'e.g. "25: 5 5 5 5 5".',
        'Line 3 ("20: 5 5 x"): the tables are numbers of players (4, 5 or 6), '
        "e.g. 5 5 5 5 5.",
        "Line 4, 25 players: every table seats 4, 5 or 6 players (given 7 6 6 6).",
        "Line 5, 30 players: 5 + 5 + 5 seats 15 players, not 30.",
        "Line 6, a second layout for 16 players.",
    ]


def test_a_size_without_tables_is_refused():
    assert problems("20:") == [
        "Line 1, 20 players: every table seats 4, 5 or 6 players (given no table)."
    ]


def test_no_layout_at_all_is_refused():
    assert problems("  \n") == [
        "Give at least one semi-final layout, e.g. 25: 5 5 5 5 5."
    ]


def test_sizes_beyond_an_event_files_limit_are_refused():
    assert problems("0: 4") == [
        "Line 1, 0 players: a semi-final size is 1 to 9999 players."
    ]
    assert problems("12345: 5") == [
        'Line 1 ("12345: 5"): a semi-final size is 1 to 9999 players.'
    ]


def test_stored_layouts_are_checked_by_the_same_rule():
    assert semi_layout_problems({25: [5, 5, 5, 5], 16: [4, 4, 4, 4]}) == [
        "25 players: 5 + 5 + 5 + 5 seats 20 players, not 25."
    ]
    assert semi_layout_problems(STANDARD) == []
