"""The time-call rule on the scoresheets and the timer rules says what the WBC
rules mean by "the current loads going unsold": the lot on auction is not sold
(the ships' loads are scored), in English and in each catalogue's words
(docs/glossary.md, "time call").

The printables are built with the shipped catalogues and read back with
poppler's ``pdftotext``; spaces and line breaks are dropped before comparing,
so a sentence wrapped over two lines still matches. The scoresheets' rule is
read by ``test_scoresheet_lines``, which builds them anyway.
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

SAYS = {
    "en": "the lot on auction goes unsold",
    "de": "das laufende Los bleibt unverkauft",
    "fr": "le lot mis aux enchères n’est pas vendu",
    "zh-hans": "正在拍卖的一组货物流拍",
}
"""What the rule says of the lot on auction, per language (the glossary's words)."""


def text_of(content: bytes) -> str:
    """The PDF's text without spaces or line breaks."""
    text = subprocess.run(
        ["pdftotext", "-", "-"], input=content, capture_output=True, check=True
    ).stdout.decode()
    return "".join(text.split())


def says_the_lot_goes_unsold(content: bytes, language: str) -> bool:
    """Whether the PDF ``content`` says the time-call rule in ``language``'s
    words, and never English's "loads"."""
    text = text_of(content)
    return "".join(SAYS[language].split()) in text and "loads" not in text


@pytest.mark.parametrize("language", sorted(SAYS))
def test_the_timer_rules_leave_the_lot_on_auction_unsold(demo_event, language):
    content = render(demo_event, "timer-rules", paper="letter", language=language)
    assert says_the_lot_goes_unsold(content.content, language)
