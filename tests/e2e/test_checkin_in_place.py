"""Browser test: check-in without reloading the round page (issue 17, item 1).
A typed name and Enter (and Enter again: the same person), then a pasted list:
the check-in list and the counts change in place (htmx), the field is empty and
keeps the focus for the next name, and the page is never loaded again."""

from __future__ import annotations

import pytest

from heats.models import Entry
from tests.e2e.conftest import CHROMIUM, close_orm_connection, gm_opens_a_new_heat

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is missing"),
]


def test_a_typed_name_and_enter_update_the_list_in_place(
    live_server, browser, gm_event
):
    page = gm_opens_a_new_heat(browser, live_server)
    page.evaluate("window.stillThisPage = true")
    loads = page.evaluate("performance.getEntriesByType('navigation').length")

    page.type("#id_name", "Zelda Quartermain")
    page.wait_for_selector("#checkin-suggestions li:has-text('Zelda Quartermain')")
    page.keyboard.press("Enter")  # a name already a player's: the page asks
    page.wait_for_selector("#checkin-question:has-text('Zelda Quartermain (#4242)')")
    page.keyboard.press("Enter")  # the same person, ready for Enter
    page.wait_for_selector("#checkin-table td:has-text('Zelda Quartermain')")
    page.wait_for_selector("#checked-in-count:text-is('1')")
    assert page.input_value("#id_name") == ""
    assert page.evaluate("document.activeElement.id") == "id_name"
    assert "Checked in: Zelda Quartermain" in page.inner_text("#checkin-messages")

    # The next name straight away: a new player, no match, Enter.
    page.type("#id_name", "Nadia Newcomer")
    page.wait_for_selector("#checkin-suggestions li:has-text('Add “Nadia Newcomer”')")
    page.keyboard.press("Enter")
    page.wait_for_selector("#checkin-table td:has-text('Nadia Newcomer')")
    page.wait_for_selector("#checked-in-count:text-is('2')")
    assert page.input_value("#id_name") == ""
    assert page.evaluate("document.activeElement.id") == "id_name"

    # A pasted list: 9 players give 5+4 (tournament.md, Heats).
    page.click("text=Paste a list")
    page.fill("#id_text", "\n".join(f"Player {i:02d}" for i in range(1, 8)))
    page.click("#paste-form [type=submit]")
    page.wait_for_selector("#checked-in-count:text-is('9')")
    assert page.inner_text("#layout") == "5+4"
    assert page.input_value("#id_text") == ""

    assert page.evaluate("window.stillThisPage") is True
    assert page.evaluate("performance.getEntriesByType('navigation').length") == loads
    assert Entry.objects.count() == 9
    page.close()
    close_orm_connection()


def test_a_late_arrival_appears_in_the_late_table_section_in_place(
    live_server, browser, gm_event
):
    page = gm_opens_a_new_heat(browser, live_server)
    page.click("text=Paste a list")
    page.fill("#id_text", "\n".join(f"Player {i:02d}" for i in range(1, 11)))
    page.click("#paste-form [type=submit]")
    page.wait_for_selector("#checked-in-count:text-is('10')")
    page.click("#seat-form [type=submit]")  # a full page: the tables
    page.wait_for_selector("#table-cards")
    page.evaluate("window.stillThisPage = true")

    page.type("#id_name", "Lou Late")
    page.wait_for_selector("#checkin-suggestions li:has-text('Add “Lou Late”')")
    page.keyboard.press("Enter")
    page.wait_for_selector("#waiting-count:text-is('1')")
    # The late-table section reloads itself: the player waits there.
    page.wait_for_selector("#waiting-list:has-text('Lou Late')")
    assert "Waiting for a late table (1)" in page.inner_text("#late-arrivals")
    assert page.evaluate("document.activeElement.id") == "id_name"
    assert page.evaluate("window.stillThisPage") is True
    page.close()
    close_orm_connection()


def test_the_undo_button_keeps_its_word_on_one_line(live_server, browser, gm_event):
    # At 1280 px the check-in list is a narrow column: the row's button must not
    # break "Undo" into "Und / o" (a GM at the desk reads it at a glance).
    page = gm_opens_a_new_heat(browser, live_server)
    page.type("#id_name", "Maximiliana Bartholomew-Quattrocchi")
    page.click("#id_badge")
    page.keyboard.type("31415")
    page.keyboard.press("Enter")
    undo = page.locator("#checkin-table button:has-text('Undo')")
    undo.wait_for()
    find = page.locator("#checkin-search-form button").bounding_box()
    assert undo.bounding_box()["height"] == pytest.approx(find["height"], abs=1)
    page.close()
    close_orm_connection()
