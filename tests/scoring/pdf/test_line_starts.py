"""Printed Chinese lines never begin with closing punctuation: a line break
falls before the character ahead of "。", "，" and the like, never before them
(Chinese typesetting's 避头点, line-start prohibition).

The scoresheets and the timer rules, built with the shipped catalogues, are
read back with poppler's ``pdftotext -layout`` line by line.
"""

from __future__ import annotations

import shutil
import subprocess

import pytest

from scoring.pdf import fonts
from scoring.pdf.base import para
from scoring.queries.printing import render

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(not shutil.which("pdftotext"), reason="needs poppler"),
]

CLOSING = "。，、；：）」』！？"
"""Punctuation a Chinese line may not begin with."""


def lines_of(content: bytes) -> list[str]:
    """The PDF's text, line by line as laid out, each stripped."""
    text = subprocess.run(
        ["pdftotext", "-layout", "-", "-"],
        input=content,
        capture_output=True,
        check=True,
    ).stdout.decode()
    return [line.strip() for line in text.splitlines() if line.strip()]


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("kind", ["scoresheets", "timer-rules"])
def test_no_chinese_line_begins_with_closing_punctuation(demo_event, kind, paper):
    round_code = "1" if kind == "scoresheets" else None
    content = render(
        demo_event, kind, round_code=round_code, paper=paper, language="zh-hans"
    ).content
    lines = lines_of(content)
    assert any("。" in line for line in lines)  # the rules' sentences were read
    starts = [line for line in lines if line[0] in CLOSING]
    assert starts == []


def line_texts(paragraph) -> list[str]:
    """The text of each line ``paragraph`` was wrapped into."""
    lines = paragraph.blPara.lines
    if paragraph.blPara.kind == 0:
        return ["".join(words) for _space, words in lines]
    return ["".join(frag.text for frag in line.words) for line in lines]


@pytest.mark.parametrize("mark", list("。，、；：）！？"))
@pytest.mark.parametrize("start", ["", "Ann "])
def test_a_mark_falling_at_a_line_start_stays_on_the_line_before(mark, start):
    """Ten CJK characters of 10 points fill a 100.5-point line: the eleventh,
    a closing mark, would begin the second line."""
    fonts.register()
    text = f"{start}一二三四五六七八九十{mark}十一"
    paragraph = para(text, 10)
    paragraph.wrap(100.5 + fonts.width(start, 10), 1000)
    lines = line_texts(paragraph)
    assert "".join(lines) == text.replace(" ", "") or "".join(lines) == text
    assert len(lines) == 2
    assert lines[1][0] not in CLOSING
