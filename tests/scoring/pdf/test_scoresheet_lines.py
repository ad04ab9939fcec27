"""The scoresheet's form rows keep their labels whole in every language: the
time-call row's day boxes ("pendant la saison : 1 ☐ 2 ☐ 3 ☐") on one line, no
word of the turn-in row's labels broken ("Entgegengenommen von:"). The columns
are widened to their words (``scoring.pdf.scoresheets.fitted``). The rule below
the boxes says the lot on auction goes unsold (``test_time_call_words``).

Built with the shipped catalogues and read back with poppler's
``pdftotext -layout``, one printed line per text line.
"""

from __future__ import annotations

import shutil
import subprocess

import pytest

from scoring.pdf.scoresheets import CELL_PAD, fitted
from scoring.queries.printing import render
from tests.scoring.pdf.test_time_call_words import says_the_lot_goes_unsold

LANGUAGES = ["en", "de", "fr", "zh-hans"]

BOXES = "1 ☐ 2 ☐ 3 ☐"
"""The day boxes as one printed line reads, spaces collapsed."""

WORDS = {
    "en": ["Received", "initials:"],
    "de": ["Entgegengenommen", "Spielleitung:"],
    "fr": ["Reçue", "l’arbitre"],
    "zh-hans": ["接收人：", "裁判签名："],
}
"""The longest word of each language's row labels, printed whole."""


def lines_of(content: bytes) -> list[str]:
    """The PDF's lines as laid out, runs of spaces collapsed."""
    text = subprocess.run(
        ["pdftotext", "-layout", "-l", "1", "-", "-"],
        input=content,
        capture_output=True,
        check=True,
    ).stdout.decode()
    return [" ".join(line.split()) for line in text.splitlines()]


@pytest.mark.django_db
@pytest.mark.skipif(not shutil.which("pdftotext"), reason="needs poppler")
@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_day_boxes_and_the_labels_stay_whole(demo_event, language, paper):
    content = render(
        demo_event, "scoresheets", round_code="1", paper=paper, language=language
    ).content
    lines = lines_of(content)
    assert sum(BOXES in line for line in lines) == 1
    # The time-call rule below the boxes: the lot on auction goes unsold.
    assert says_the_lot_goes_unsold(content, language)
    words = " ".join(lines).split()
    assert [word for word in WORDS[language] if word not in words] == []


def test_a_short_column_takes_room_from_the_columns_with_room_to_spare():
    # Needs 10 + 13 = 23 in the second column: 3 more than its 20, taken from
    # the spare room of the first (40 - 13 = 27) and third (40 - 28 = 12 when
    # its need is 15), 27 : 12.
    widths = fitted([40, 20, 40], [0, 10, 15])
    assert widths[1] == pytest.approx(10 + CELL_PAD)
    assert widths[0] == pytest.approx(40 - 3 * 27 / 39)
    assert widths[2] == pytest.approx(40 - 3 * 12 / 39)
    assert sum(widths) == pytest.approx(100)


def test_columns_wide_enough_are_left_alone_and_too_little_room_is_shared():
    assert fitted([40, 30, 30], [10, 10, 10]) == [40, 30, 30]
    # Spare room 2 (first column: 20 - 18); both short columns want 20 - 15.
    widths = fitted([20, 15, 15], [5, 7, 7])
    assert widths == pytest.approx([18, 16, 16])
