"""The bracket takes as many pages on A4 as on Letter (issue 32): the demo
event's three heats (10, 11 and 11 tables), its semi-final of 25 and its final
fit one landscape page on either paper, in every language; on A4, 6 mm lower,
the heats column's lines sit closer (``scoring.pdf.bracket.SPACINGS``)."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from scoring.queries.printing import render

LANGUAGES = ["en", "de", "fr", "zh-hans"]


def pages(event, paper: str, language: str) -> list[str]:
    content = render(event, "bracket", paper=paper, language=language).content
    return [page.extract_text() for page in PdfReader(io.BytesIO(content)).pages]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a4_and_letter_print_the_demo_bracket_on_one_page(demo_event, language):
    assert len(pages(demo_event, "letter", language)) == 1
    assert len(pages(demo_event, "a4", language)) == 1


def test_the_last_heat_winner_is_on_the_a4_page(demo_event):
    # Heat 3's table 11 (the heats column's last line) went alone onto page 2.
    (page,) = pages(demo_event, "a4", "en")
    assert "T11 Casey Holloway" in page
