"""Browser test: a GM types a table's results with Enter moving between fields,
sees a rules warning before saving, and "Save and next table" goes on to the
next table owing results; Enter in the last field saves (Playwright, Chromium,
desktop size).

The warning is a level-1 finding (rules.md, Verifying, 1): at a 5-player ``wbc``
table everyone starts with 30 florins and earns at most 80 on day 1, so 300
after day 1 is a gain of 270 where 80 is the most.
"""

from __future__ import annotations

import re
import time

import pytest

from heats.models import Round, RoundKind
from heats.services.checkin import check_in
from heats.services.seating import seat_round
from scoring.models import PlayerRecord
from scoring.queries.result_check import SeatScores
from scoring.services import results
from tests.e2e.conftest import CHROMIUM, close_orm_connection, gm_logs_in

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is missing"),
]


def three_tables_table_2_saved(event) -> Round:
    """Heat 1: 15 players at three tables of five; table 2's results saved."""
    heat = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(heat, [(f"Player {i:02d}", "") for i in range(1, 16)])
    seat_round(heat, seed=1)
    results.save_table_results(
        heat.tables.get(number=2),
        [SeatScores(n, None, None, 50 + n) for n in range(1, 6)],
    )
    return heat


def test_enter_moves_on_a_warning_shows_and_save_and_next_skips_a_saved_table(
    live_server, browser, gm_event
):
    three_tables_table_2_saved(gm_event)
    page = gm_logs_in(browser, live_server.url, "/e/wbc/gm/round/1/table/1/results/")

    page.focus("#id_day1_1")
    page.keyboard.type("300")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "id_day2_1"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "id_final_1"
    for seat, final in enumerate([83, 60, 100, 55, 70], start=1):
        if seat > 1:
            page.keyboard.press("Enter")  # day 1 left blank
            page.keyboard.press("Enter")  # day 2 left blank
        assert page.evaluate("document.activeElement.id") == f"id_final_{seat}"
        page.keyboard.type(str(final))
        page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "id_time_called"
    assert page.url.endswith("/table/1/results/")  # nothing sent by Enter yet

    warning = page.wait_for_selector("#seat-check-1 .seat-finding")
    assert "gain on day 1: the result says +270" in warning.inner_text()
    page.wait_for_selector("#live-check:has-text('1 warning')")
    assert not PlayerRecord.objects.filter(seat__table__number=1).exists()

    page.click("#submit-id-next")
    page.wait_for_url(re.compile(r"/e/wbc/gm/round/1/table/3/results/$"))
    assert "Heat 1 table 1: 1 rules warning" in page.inner_text("main")
    finals = PlayerRecord.objects.filter(seat__table__number=1).order_by("seat")
    assert [r.final for r in finals] == [83, 60, 100, 55, 70]

    # Table 3: Enter in the last field (time called) sends the form: saved, and
    # back to the round page.
    page.focus("#id_final_1")
    for seat in range(1, 6):
        page.keyboard.type(str(60 + seat))
        page.keyboard.press("Enter")
        if seat < 5:
            page.keyboard.press("Enter")
            page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "id_time_called"
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/e/wbc/gm/round/1/$"))
    assert PlayerRecord.objects.filter(seat__table__number=3).count() == 5
    page.close()
    close_orm_connection()


def test_a_save_slower_than_the_live_check_delay_is_not_cancelled_by_the_check(
    live_server, browser, gm_event, monkeypatch
):
    """The GM types the last score and presses Save at once; the server takes a
    second to save (a busy convention server). The live check, due 0.4 s after
    the last keystroke, must not cancel the save under way: before, it replaced
    the save's request (one htmx queue for the form), the save was stored but
    its answer thrown away, and the page then said the table was saved "while
    this form was open"."""
    three_tables_table_2_saved(gm_event)
    save = results.save_table_results

    def slow_save(*args, **kwargs):
        time.sleep(1.2)
        return save(*args, **kwargs)

    monkeypatch.setattr(results, "save_table_results", slow_save)
    page = gm_logs_in(browser, live_server.url, "/e/wbc/gm/round/1/table/1/results/")
    for seat, final in enumerate([83, 60, 100, 55, 70], start=1):
        page.fill(f"#id_final_{seat}", str(final))
    page.type("#id_final_5", "1")  # a keystroke: the live check is due in 0.4 s
    page.click("#submit-id-save")
    page.wait_for_url(re.compile(r"/e/wbc/gm/round/1/$"))
    assert "while this form was open" not in page.inner_text("main")
    finals = PlayerRecord.objects.filter(seat__table__number=1).order_by("seat")
    assert [r.final for r in finals] == [83, 60, 100, 55, 701]
    page.close()
    close_orm_connection()
