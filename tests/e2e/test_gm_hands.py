"""Browser test: the GM's hands in one walk (issue 17, "Done when").

On a fresh event the GM checks in 20 names by typing each and pressing Enter (the
list changes in place: the page is never loaded again), seats the heat, seats it
again by mistake and puts the first seating back, enters the four tables with
"Save and next table" (table 1 with a rules warning shown before saving), edits a
setting and archives the event; on the demo event the semi-final check-in is one
save with "All present". Full page loads happen only where a page changes as a
whole (seating, a result form, settings).
"""

from __future__ import annotations

import re

import pytest

from heats.models import AuditEntry, EntryStatus, Event, Seat
from scoring.models import PlayerRecord
from scoring.queries.rounds import semi_round
from tests.e2e.conftest import CHROMIUM, close_orm_connection, gm_opens_a_new_heat

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is missing"),
]

NAMES = [f"Walker {i:02d}" for i in range(1, 21)]


def seating(event) -> dict[int, list[str]]:
    """Heat 1's tables: ``{table: [names in seat order]}``."""
    tables: dict[int, list[str]] = {}
    seats = Seat.objects.filter(round__event=event, round__number=1)
    for seat in seats.select_related("table", "player").order_by(
        "table__number", "number"
    ):
        tables.setdefault(seat.table.number, []).append(seat.player.name)
    return tables


def check_in_twenty(page) -> None:
    page.evaluate("window.stillThisPage = true")
    loads = page.evaluate("performance.getEntriesByType('navigation').length")
    for count, name in enumerate(NAMES, start=1):
        page.type("#id_name", name)
        page.wait_for_selector(f"#checkin-suggestions li:has-text('{name}')")
        page.keyboard.press("Enter")
        page.wait_for_selector(f"#checked-in-count:text-is('{count}')")
        assert page.evaluate("document.activeElement.id") == "id_name"
    assert page.inner_text("#layout") == "5+5+5+5"  # 20: four tables of 5
    assert page.evaluate("window.stillThisPage") is True
    assert page.evaluate("performance.getEntriesByType('navigation').length") == loads


def seat_again_and_undo(page, event) -> dict[int, list[str]]:
    page.click("#seat-form [type=submit]")
    page.wait_for_selector("#table-cards")
    first = seating(event)
    assert sorted(len(t) for t in first.values()) == [5, 5, 5, 5]
    page.click("#seat-form [type=submit]")  # "Seat again", confirmed
    page.wait_for_selector("#undo-seating")
    assert seating(event) != first
    page.click("#undo-seating-form [type=submit]")
    page.wait_for_selector("text=previous seating")
    assert seating(event) == first
    return first


def enter_four_tables(page, url: str) -> None:
    page.goto(f"{url}/e/wbc/gm/round/1/table/1/results/")
    # Table 1: 300 florins after day 1 is a gain of 270 where a 5-player table
    # earns at most 80 on day 1 (rules.md, Verifying, 1): a warning before Save.
    page.focus("#id_day1_1")
    page.keyboard.type("300")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    for table in range(1, 5):
        page.focus("#id_final_1")
        for seat in range(1, 6):
            page.keyboard.type(str(40 + 10 * seat + table))
            page.keyboard.press("Enter")
            if seat < 5:
                page.keyboard.press("Enter")
                page.keyboard.press("Enter")
        if table == 1:
            warning = page.wait_for_selector("#seat-check-1 .seat-finding")
            assert "gain on day 1" in warning.inner_text()
            mine = PlayerRecord.objects.filter(seat__round__event__slug="wbc")
            assert not mine.exists()
        page.click("#submit-id-next")
        if table < 4:
            page.wait_for_url(re.compile(rf"/table/{table + 1}/results/$"))
    page.wait_for_url(re.compile(r"/e/wbc/gm/round/1/$"))
    assert "every table's results are in" in page.inner_text("main")
    assert PlayerRecord.objects.filter(seat__round__event__slug="wbc").count() == 20


def settings_and_archive(page, url: str, event) -> None:
    page.goto(f"{url}/e/wbc/gm/settings/")
    page.fill("#id_min_late_table", "6")
    page.click("#settings-form [type=submit]")
    page.wait_for_selector(".alert-success")
    event.refresh_from_db()
    assert event.min_late_table == 6
    page.click("#archive-event")
    page.wait_for_selector("#restore-event")
    event.refresh_from_db()
    assert event.archived


def semi_presence_in_one_save(page, url: str) -> None:
    demo = Event.objects.get(slug="demo")
    page.goto(f"{url}/e/demo/gm/semi/")
    boxes = "#semi-list input.semi-present"
    listed = {
        int(v) for v in page.eval_on_selector_all(boxes, "els => els.map(e => e.value)")
    }
    page.check("#all-present")
    page.click("#save-presence")  # one POST for every player on the list
    page.wait_for_selector("text=Semi-final check-in saved")
    semi = semi_round(demo)
    present = semi.entries.filter(status=EntryStatus.CHECKED_IN)
    assert listed and listed <= set(present.values_list("player_id", flat=True))
    saves = AuditEntry.objects.filter(event=demo, action="semi-presence")
    assert saves.count() == 1


@pytest.fixture
def with_demo(gm_event):
    from django.contrib.auth import get_user_model

    from scoring.services.demo import load_demo

    load_demo("demo", with_gm=False)
    Event.objects.get(slug="demo").gms.add(get_user_model().objects.get(username="gm"))
    return gm_event


def test_the_gms_hands_in_one_walk(live_server, browser, with_demo):
    page = gm_opens_a_new_heat(browser, live_server)
    page.set_default_timeout(15_000)
    page.on("dialog", lambda dialog: dialog.accept())
    check_in_twenty(page)
    seat_again_and_undo(page, with_demo)
    enter_four_tables(page, live_server.url)
    semi_presence_in_one_save(page, live_server.url)
    settings_and_archive(page, live_server.url, with_demo)
    page.close()
    close_orm_connection()
