"""Browser test: a GM runs a heat from check-in to results (Playwright, Chromium).

Drives Debian's Chromium at /usr/bin/chromium against pytest-django's live server.
"""

from __future__ import annotations

import pytest

from heats.models import Player
from tests.e2e.conftest import CHROMIUM, close_orm_connection, gm_opens_a_new_heat

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is missing"),
]


def test_gm_checks_in_23_seats_them_and_enters_a_table(live_server, browser, gm_event):
    page = gm_opens_a_new_heat(browser, live_server)

    # 20 pasted, 1 found by type-ahead (badge), 2 typed as new players.
    page.click("text=Paste a list")
    page.fill("#id_text", "\n".join(f"Player {i:02d}" for i in range(1, 21)))
    page.click("#paste-form [type=submit]")
    page.wait_for_selector("#checked-in-count:text-is('20')")
    page.fill("#id_name", "4242")
    page.wait_for_selector("#checkin-suggestions li:has-text('Zelda Quartermain')")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.wait_for_selector("#checked-in-count:text-is('21')")
    for count, name in ((22, "New Nadia"), (23, "New Nils")):
        page.fill("#id_name", name)
        page.click("#checkin-form [type=submit]")
        page.wait_for_selector(f"#checked-in-count:text-is('{count}')")
    assert page.inner_text("#layout") == "6+6+6+5"

    page.click("#seat-form [type=submit]")
    page.wait_for_selector("#table-cards")
    sizes = [page.locator(f"#table-{n} li").count() for n in range(1, 5)]
    assert sizes == [6, 6, 6, 5]
    assert page.locator("#table-5").count() == 0

    page.click("#table-1 >> text=Enter results")
    finals = [70, 95, 60, 88, 102, 40]  # seat 5 wins
    for seat, final in enumerate(finals, start=1):
        page.fill(f"#id_final_{seat}", str(final))
    winner = page.inner_text(".result-seat:nth-of-type(5) .seat-name")
    page.click("#result-form [type=submit]")
    # Saved in the round page's table panel: the card and the figures change
    # in place (scoring.views.common_desk).
    page.wait_for_selector("#table-1:has-text('results in')")
    assert page.url.endswith("/e/wbc/gm/round/1/")
    assert page.inner_text("#owed") == "3"

    public = browser.new_page()
    public.goto(f"{live_server.url}/e/wbc/")
    winners = public.inner_text("section[aria-labelledby=winners-heading]")
    winner_name = winner.split(". ", 1)[1]
    assert "Heat winners (1)" in winners
    assert winner_name in winners
    public.close()
    page.close()
    close_orm_connection()


def test_enter_takes_an_exact_name_or_a_badge_and_asks_otherwise(
    live_server, browser, gm_event
):
    page = gm_opens_a_new_heat(browser, live_server)
    # A partial name, Enter straight after typing, before the matches arrive:
    # the page asks, nobody is checked in.
    page.type("#id_name", "Zelda Q")
    page.keyboard.press("Enter")
    page.wait_for_selector("#checkin-suggestions li:has-text('Nobody is called')")
    assert page.inner_text("#checked-in-count") == "0"
    # The GM picks the player.
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.wait_for_selector("#checked-in-count:text-is('1')")
    # A badge number offers no "+ Add": its only match is taken.
    page.type("#id_name", "4242")
    page.keyboard.press("Enter")
    page.wait_for_selector("text=Already checked in")
    # Nobody called "Zelda Q" or "4242" was made: one player, checked in once.
    assert list(Player.objects.values_list("name", flat=True)) == ["Zelda Quartermain"]
    # Several matches: Enter waits for the GM's pick.
    Player.objects.create(event=gm_event, name="Zelda Ames")
    page.type("#id_name", "Zel")
    page.keyboard.press("Enter")
    page.wait_for_selector("#checkin-suggestions li:has-text('Nobody is called “Zel”')")
    assert page.inner_text("#checked-in-count") == "1"
    page.fill("#id_name", "")
    # A new name is added only when the GM picks "+ Add".
    page.type("#id_name", "Zel")
    page.wait_for_selector("#checkin-suggestions li:has-text('Add “Zel”')")
    page.click("#checkin-suggestions li:has-text('Add “Zel”')")
    page.wait_for_selector("#checked-in-count:text-is('2')")
    assert Player.objects.filter(name="Zel").exists()
    page.close()
    close_orm_connection()


def test_sam_lee_and_enter_never_checks_in_sam_leeds(live_server, browser, gm_event):
    """Issue 7, item 6: Enter takes only an exact match, else it asks."""
    Player.objects.create(event=gm_event, name="Sam Leeds")
    page = gm_opens_a_new_heat(browser, live_server)
    for submit in ("Enter", "button"):
        page.fill("#id_name", "")
        page.type("#id_name", "Sam Lee")
        if submit == "Enter":
            page.keyboard.press("Enter")
        else:  # the list would cover the button: close it, as a GM would
            page.keyboard.press("Escape")
            page.click("#checkin-form [type=submit]")
        page.wait_for_selector(
            "#checkin-suggestions li:has-text('Nobody is called “Sam Lee”')"
        )
        assert page.inner_text("#checked-in-count") == "0"
    # A second Enter still picks nobody: the GM must choose.
    page.keyboard.press("Enter")
    page.wait_for_selector("#checkin-suggestions li:has-text('Nobody is called')")
    assert page.inner_text("#checked-in-count") == "0"
    assert not Player.objects.filter(name="Sam Lee").exists()
    # "+ Add" makes Sam Lee a new player beside Sam Leeds.
    page.click("#checkin-suggestions li:has-text('Add “Sam Lee”')")
    page.wait_for_selector("#checked-in-count:text-is('1')")
    assert Player.objects.get(name="Sam Lee").entries.count() == 1
    assert not Player.objects.get(name="Sam Leeds").entries.exists()
    page.close()
    close_orm_connection()


def test_a_name_typed_in_nfd_finds_the_player_in_nfc(live_server, browser, gm_event):
    zoe = Player.objects.create(event=gm_event, name="Zo\u00eb Lee")
    page = gm_opens_a_new_heat(browser, live_server)
    page.type("#id_name", "Zoe\u0308 Lee")
    page.wait_for_selector("#checkin-suggestions li:has-text('Zo\u00eb Lee')")
    assert page.locator("#checkin-suggestions li:has-text('+ Add')").count() == 0
    page.keyboard.press("Enter")  # the same person or a new player?
    page.wait_for_selector("#checkin-question:has-text('Zo\u00eb Lee')")
    page.keyboard.press("Enter")
    page.wait_for_selector("#checked-in-count:text-is('1')")
    assert not Player.objects.filter(name_key__startswith="zoe").exists()
    assert zoe.entries.count() == 1
    page.close()
    close_orm_connection()


def test_check_in_button_after_the_matches_are_shown(live_server, browser, gm_event):
    """The GM types, the type-ahead list appears, then the GM presses "Check in":
    one press does what Enter does: a new name (nothing else matches it) is
    checked in; an exact name asks "the same person?" first."""
    page = gm_opens_a_new_heat(browser, live_server)
    for count, (name, shown) in enumerate(
        (
            ("Zelda Quartermain", "Zelda Quartermain"),
            ("Ugo Foscolo", "Add “Ugo Foscolo”"),
        ),
        start=1,
    ):
        page.type("#id_name", name)
        page.wait_for_selector(f"#checkin-suggestions li:has-text('{shown}')")
        page.click("#checkin-form [type=submit]")
        if name == shown:
            page.click("#checkin-question button:has-text('The same person')")
        page.wait_for_selector(f"#checked-in-count:text-is('{count}')")
        page.wait_for_load_state("load")
    assert Player.objects.get(name="Ugo Foscolo").entries.count() == 1
    page.close()
    close_orm_connection()
