"""Browser test: namesakes at the check-in desk ("The GM's desk", item 1).

Heat 2, with John Smith already played in heat 1; each test types in the order a
GM types (the name, then the badge, then Enter; the name, the "New player" tick,
Enter; the suggestions open, then the tick clicked; a pasted list; two badged
John Smiths and Enter). The server decides who a check-in is
(heats.services.checkin_identity); the page only offers.
"""

from __future__ import annotations

import pytest

from heats.models import Entry, Player, Round, RoundKind
from tests.e2e.conftest import CHROMIUM, close_orm_connection, gm_logs_in

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is missing"),
]

SUGGESTION = "#checkin-suggestions li:has-text('John Smith')"


def heat_two(event, *badges: str) -> Round:
    """Heat 1 played by a John Smith of each of ``badges`` ("" for none); heat 2
    open, nobody checked in."""
    heat1 = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    for badge in badges:
        john = Player.objects.create(event=event, name="John Smith", badge=badge)
        Entry.objects.create(round=heat1, player=john)
    return Round.objects.create(event=event, kind=RoundKind.HEAT, number=2)


def open_heat_two(browser, live_server):
    return gm_logs_in(browser, live_server.url, "/e/wbc/gm/round/2/")


def heat_two_players(heat) -> list[tuple[str, str]]:
    return list(heat.entries.values_list("player__name", "player__badge"))


def test_a_badge_typed_after_a_new_name_is_kept(live_server, browser, gm_event):
    heat = heat_two(gm_event)
    page = open_heat_two(browser, live_server)
    page.type("#id_name", "Nadia Newcomer")
    page.wait_for_selector("#checkin-suggestions li:has-text('Add “Nadia Newcomer”')")
    page.click("#id_badge")
    page.keyboard.type("5150")
    page.keyboard.press("Enter")
    page.wait_for_selector("#checked-in-count:text-is('1')")
    assert heat_two_players(heat) == [("Nadia Newcomer", "5150")]
    page.close()
    close_orm_connection()


def test_name_badge_and_enter_is_a_new_john_smith(live_server, browser, gm_event):
    heat = heat_two(gm_event, "")
    page = open_heat_two(browser, live_server)
    page.type("#id_name", "John Smith")
    page.wait_for_selector(SUGGESTION)
    page.click("#id_badge")
    page.keyboard.type("2187")
    page.keyboard.press("Enter")
    page.wait_for_selector("#checked-in-count:text-is('1')")
    assert heat_two_players(heat) == [("John Smith", "2187")]
    assert Player.objects.filter(name="John Smith", badge="").exists()  # kept
    assert page.input_value("#id_name") == ""
    page.close()
    close_orm_connection()


def test_name_new_player_ticked_and_enter_is_a_new_john_smith(
    live_server, browser, gm_event
):
    heat = heat_two(gm_event, "1001")
    page = open_heat_two(browser, live_server)
    page.type("#id_name", "John Smith")
    page.wait_for_selector(SUGGESTION)
    page.keyboard.press("Escape")  # the GM closes the list, ticks, Enter
    page.check("#id_new")
    page.focus("#id_name")
    page.keyboard.press("Enter")
    page.wait_for_selector("#checked-in-count:text-is('1')")
    assert heat_two_players(heat) == [("John Smith", "")]
    assert Player.objects.filter(name="John Smith").count() == 2
    page.close()
    close_orm_connection()


def test_the_new_player_box_is_clickable_while_the_list_is_open(
    live_server, browser, gm_event
):
    heat = heat_two(gm_event, "1001")
    page = open_heat_two(browser, live_server)
    page.type("#id_name", "John Smith")
    page.wait_for_selector(SUGGESTION)
    # Where the GM's mouse goes: the box's place on the screen, whatever lies there.
    box = page.locator("#id_new").bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert page.is_checked("#id_new")
    page.click("#checkin-form [type=submit]")
    page.wait_for_selector("#checked-in-count:text-is('1')")
    assert heat_two_players(heat) == [("John Smith", "")]
    page.close()
    close_orm_connection()


def test_a_pasted_name_and_unknown_badge_is_a_new_player(
    live_server, browser, gm_event
):
    heat = heat_two(gm_event, "")
    page = open_heat_two(browser, live_server)
    page.click("text=Paste a list")
    page.fill("#id_text", "John Smith, 2187\nAnn Lee")
    page.click("#paste-form [type=submit]")
    page.wait_for_selector("#checked-in-count:text-is('2')")
    assert sorted(heat_two_players(heat)) == [("Ann Lee", ""), ("John Smith", "2187")]
    assert Player.objects.filter(name="John Smith", badge="").exists()  # no badge
    page.close()
    close_orm_connection()


def test_two_badged_namesakes_and_enter_ask_which(live_server, browser, gm_event):
    heat = heat_two(gm_event, "1001", "1002")
    page = open_heat_two(browser, live_server)
    page.type("#id_name", "John Smith")
    page.wait_for_selector(SUGGESTION)
    page.keyboard.press("Enter")
    question = page.wait_for_selector("#checkin-question")
    text = question.inner_text()
    assert "The same person: John Smith (#1001), heat 1" in text
    assert "The same person: John Smith (#1002), heat 1" in text
    assert page.inner_text("#checked-in-count") == "0"
    page.keyboard.press("Enter")  # nothing preselected: a second Enter picks nobody
    page.click("#checkin-question button:has-text('#1002')")
    page.wait_for_selector("#checked-in-count:text-is('1')")
    assert heat_two_players(heat) == [("John Smith", "1002")]
    assert page.input_value("#id_name") == ""
    assert page.evaluate("document.activeElement.id") == "id_name"
    page.close()
    close_orm_connection()


def test_one_namesake_enter_asks_and_enter_again_is_the_same_person(
    live_server, browser, gm_event
):
    heat = heat_two(gm_event, "")
    page = open_heat_two(browser, live_server)
    page.type("#id_name", "John Smith")
    page.wait_for_selector(SUGGESTION)
    page.keyboard.press("Enter")
    page.wait_for_selector(
        "#checkin-question:has-text('John Smith (no badge), heat 1')"
    )
    assert page.inner_text("#checked-in-count") == "0"
    page.keyboard.press("Enter")
    page.wait_for_selector("#checked-in-count:text-is('1')")
    assert heat_two_players(heat) == [("John Smith", "")]
    assert Player.objects.count() == 2  # Zelda and the one John Smith
    page.close()
    close_orm_connection()
