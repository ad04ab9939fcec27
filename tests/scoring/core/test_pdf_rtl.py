"""Right-to-left names in the printables, read back from the PDFs (no database):
brackets mirrored, list numbers and scores outside the name's run (issue 18, 9).

The expected strings are the names in display order, worked out by hand from the
Unicode Bidirectional Algorithm, compared with the glyphs in the order the PDF sets
them, left to right (``tests.support.pdf_glyphs``). Text extraction is no judge
here: pypdf and PDFium both reorder right-to-left text by their own guesses.
"""

from __future__ import annotations

from scoring.pdf import bracket, fonts, report
from scoring.pdf.data import EventPrint, Finish, HeatPrint, Line, ResultTable
from tests.support.pdf_glyphs import laid_out

DAVID = "דוד לוי"
MUHAMMAD = "محمد علي"
# דוד לוי set right to left: "לוי" leftmost, each word's letters reversed.
DAVID_SHOWN = "יול דוד"
# محمد علي joined and set right to left: علي (ain initial FECB, lam medial FEE0,
# yeh final FEF2) leftmost, then محمد (meem FEE3, hah FEA4, meem FEE4, dal FEAA).
MUHAMMAD_SHOWN = "\ufef2\ufee0\ufecb \ufeaa\ufee4\ufea4\ufee3"


def text(content: bytes) -> str:
    return laid_out(content)


def event() -> EventPrint:
    """Heat 1 table 1 won by David (90) over Muhammad (84); David also tops the
    alternates' list and wins the final."""
    heat = ResultTable(1, (Finish(DAVID, 90, 1), Finish(MUHAMMAD, 84, 2)))
    final = ResultTable(
        1, (Finish(DAVID, 120, 1), Finish(MUHAMMAD, 100, 2), Finish("Ann", 90, 3))
    )
    return EventPrint(
        event="Medici Open",
        standings_url="http://x/",
        heats=(HeatPrint(1, (heat,)),),
        final_only=True,
        alternates=(Line(MUHAMMAD, "93.3% of the winner at heat 1 table 1"),),
        final=(final,),
    )


def test_a_hebrew_winner_keeps_the_list_number_on_the_left():
    shown = text(bracket.build(event()))
    assert f"1. {DAVID_SHOWN}" in shown
    assert f"{DAVID_SHOWN} .1" not in shown.replace("\n", " ")


def test_the_alternates_number_stays_before_an_arabic_name():
    assert f"1. {MUHAMMAD_SHOWN}" in text(bracket.build(event()))


def test_a_runner_ups_score_in_brackets_follows_the_arabic_name():
    shown = text(report.build(event()))
    assert f"{MUHAMMAD_SHOWN} (84)" in shown
    assert ")84(" not in shown


def test_brackets_inside_a_right_to_left_name_are_mirrored():
    # "דוד (ב)" in display order: "(ב)" leftmost, its brackets mirrored so they
    # still open towards the letter.
    assert fonts.visual("דוד (ב)") == "(ב) דוד"


def test_an_isolated_name_is_laid_out_apart_from_its_label():
    assert fonts.visual("1. " + fonts.isolate(DAVID)) == f"1. {DAVID_SHOWN}"
    assert fonts.visual(fonts.isolate(MUHAMMAD) + " (84)") == f"{MUHAMMAD_SHOWN} (84)"
