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
