"""Table slips with a long start player (issue 18, 10): the name wraps to two lines
at 9 points or more, whole, never shrunk below 9 points nor cut with "…".

Sizes are read from the PDF's own text operations (``tests.support.pdf_glyphs``).
"""

from __future__ import annotations

from scoring.pdf import assignments
from scoring.pdf.data import RoundPrint, SeatedTable
from tests.support.pdf_glyphs import blocks

LONG = "Maximilian Featherstonehaugh Cholmondely"  # 40 characters


def slip_blocks(players: tuple[str, ...]):
    data = RoundPrint(
        event="Medici Open",
        round="Heat 1",
        tables=(SeatedTable(1, players), SeatedTable(2, ("Ann", "Bo", "Cy", "Di"))),
        standings_url="http://x/",
    )
    return blocks(assignments.build(data))


def test_a_40_character_start_player_wraps_whole_at_9_points_or_more():
    assert len(LONG) == 40
    found = slip_blocks((LONG, "Ann", "Bo", "Cy"))
    wrapped = ["Maximilian Featherstonehaugh", "Cholmondely"]
    lines = [b for b in found if b.text in wrapped]
    # On the slip (the by-name list has the name once more, on one line).
    assert [b.text for b in lines] == wrapped
    assert all(b.size >= 9 for b in lines)
    assert not any("…" in b.text for b in found)


def test_a_name_that_fits_stays_on_one_line_at_13_points():
    found = slip_blocks(("Ann Lee", "Bo", "Cy", "Di"))
    ann = [b for b in found if b.text == "Ann Lee"]
    assert ann[0].size == 13
