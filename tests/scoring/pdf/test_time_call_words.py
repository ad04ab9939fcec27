"""The time-call rule on the scoresheets and the timer rules says what the WBC
rules mean by "the current loads going unsold": the lot on auction is not sold
(the ships' loads are scored), in English and in each catalogue's words
(docs/glossary.md, "time call").

The printables are built with the shipped catalogues and read back with
poppler's ``pdftotext``; spaces and line breaks are dropped before comparing,
so a sentence wrapped over two lines still matches.
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


@pytest.mark.parametrize("language", sorted(SAYS))
@pytest.mark.parametrize("kind", ["scoresheets", "timer-rules"])
def test_the_time_call_leaves_the_lot_on_auction_unsold(demo_event, kind, language):
    round_code = "1" if kind == "scoresheets" else None
    content = render(
        demo_event, kind, round_code=round_code, paper="letter", language=language
    ).content
    text = text_of(content)
    assert "".join(SAYS[language].split()) in text
    assert "loads" not in text
