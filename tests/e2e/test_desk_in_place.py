"""Browser test: the GM's desk without reloading the round page ("The GM's
desk", item 7). A card's "Enter results" opens the form in the round page's
table panel; saving it changes that card and the figures in place, with the
message in the panel; "Save and next table" brings the next form there; a
players' report is confirmed the same way; the page is never loaded again."""

from __future__ import annotations

import pytest

from heats.models import Round, RoundKind
from heats.services.checkin import check_in
from heats.services.seating import seat_round
from scoring.models import PlayerRecord
from scoring.queries.result_check import SeatScores
from scoring.services import reports
from tests.e2e.conftest import CHROMIUM, close_orm_connection, gm_logs_in

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is missing"),
]

FINALS = [70, 95, 60, 88, 102]  # seat 5 wins


@pytest.fixture
def seated(gm_event):
    """Heat 1 of 15 players at three tables of five; a players' report (seat
    1's) held for table 3."""
    heat = Round.objects.create(event=gm_event, kind=RoundKind.HEAT, number=1)
    check_in(heat, [(f"Player {i:02d}", "") for i in range(1, 16)])
    seat_round(heat, seed=1)
    table = heat.tables.get(number=3)
    scores = [SeatScores(n, None, None, f) for n, f in enumerate(FINALS, start=1)]
    reports.submit_report(table, table.report_link.token, 1, scores, None, None)
    return heat


def fill_finals(page) -> None:
    for seat, final in enumerate(FINALS, start=1):
        page.fill(f"#table-panel #id_final_{seat}", str(final))


def test_saves_and_a_report_change_the_cards_and_figures_in_place(
    live_server, browser, seated
):
    page = gm_logs_in(browser, live_server.url, "/e/wbc/gm/round/1/")
    page.evaluate("window.stillThisPage = true")
    assert page.inner_text("#owed") == "3"

    page.click("#table-1 >> text=Enter results")
    page.wait_for_selector("#table-panel h1:has-text('Heat 1, table 1')")
    fill_finals(page)
    page.click("#table-panel [name=save]")
    page.wait_for_selector("#table-1:has-text('results in')")
    page.wait_for_selector("#owed:text-is('2')")
    assert "Heat 1 table 1: results saved." in page.inner_text("#table-panel")
    assert page.locator("#table-panel #result-form").count() == 0
    assert "102" in page.inner_text("#table-1 .winner-row")

    # Save and next table: the next table owing results comes in the panel.
    page.click("#table-2 >> text=Enter results")
    page.wait_for_selector("#table-panel h1:has-text('Heat 1, table 2')")
    fill_finals(page)
    page.click("#table-panel [name=next]")
    page.wait_for_selector("#table-panel h1:has-text('Heat 1, table 3')")
    page.wait_for_selector("#table-2:has-text('results in')")
    assert page.inner_text("#owed") == "1"

    # Table 3's players' report, confirmed from its card.
    page.click("#table-3 >> text=confirm")
    page.wait_for_selector("#table-panel .table-report")
    page.click("#table-panel .table-report [type=submit]")
    page.wait_for_selector("#table-3:has-text('results in')")
    page.wait_for_selector("#owed:text-is('✓')")
    assert "report of seat 1 saved" in page.inner_text("#table-panel")

    assert page.evaluate("window.stillThisPage") is True
    assert page.url.endswith("/e/wbc/gm/round/1/")
    assert PlayerRecord.objects.filter(final__isnull=False).count() == 15
    page.close()
    close_orm_connection()
