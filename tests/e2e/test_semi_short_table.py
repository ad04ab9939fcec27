"""Browser test: a semi-final table left short, moved from the semi-final page
(Playwright, Chromium). One page load: axe finds nothing wrong with its "Short
tables", the button asks first, and a "yes" moves the players.

The semi-final is ``build_short_semi`` (tests/scoring/conftest.py): 4+3+5 after
two no-shows; B1 and B2 go to table 1, B3 to table 3, which becomes table 2
(worked by hand in tests/scoring/services/test_short_semi.py).
"""

from __future__ import annotations

import pytest
from axe_playwright_python.base import AXE_SCRIPT

from heats.models import Seat
from tests.e2e.conftest import CHROMIUM, close_orm_connection, gm_logs_in
from tests.e2e.test_axe import OPTIONS
from tests.scoring.conftest import build_short_semi

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is missing"),
]


def test_the_gm_moves_a_short_semi_final_table(live_server, browser, gm_event):
    build_short_semi(gm_event)
    close_orm_connection()
    page = gm_logs_in(browser, live_server.url, "/e/wbc/gm/semi/")
    page.evaluate(AXE_SCRIPT)
    # The section only: this event's list (no heat results) draws the "No
    # semi-final" note, whose link axe finds too faint on its blue (test_axe's
    # events never draw it).
    before = len(browser.problems)
    found = page.evaluate("o => axe.run('#short-tables', o)", OPTIONS)
    del browser.problems[before:]  # axe's own inline styles, refused by the CSP
    assert [v["id"] for v in found["violations"]] == []
    questions = []

    def accept(dialog) -> None:
        questions.append(dialog.message)
        dialog.accept()

    page.once("dialog", accept)
    page.click("#short-table-2 button[type=submit]")
    page.wait_for_selector(".alert-success:has-text('Semi-final table 2 removed')")
    assert questions == [
        "Move the players of table 2 to the tables listed and remove table 2?"
    ]
    assert page.locator("#short-tables").count() == 0
    text = page.inner_text(".alert-success")
    assert "B3 to table 2, seat 6 (0 repeat opponents)" in text
    assert "Table 3 is now table 2." in text
    seats = Seat.objects.filter(round__event=gm_event, round__kind="semi")
    assert sorted(set(seats.values_list("table__number", flat=True))) == [1, 2]
    close_orm_connection()
