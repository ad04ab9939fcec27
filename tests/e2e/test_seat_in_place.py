"""Browser test: Seat answered in place on the round page ("The GM's desk",
item 7). The POST's answer is the round page; htmx swaps in the parts Seat
changed (``heats.form_parts.SEAT_CHANGES`` and the seating part), so the page is
never loaded again, yet it reads exactly as the same page loaded afresh; the
check-in form keeps working for late arrivals and the clock reads its feed
again. A refusal (a session that ended) is the server's own page, as without
JavaScript, and seats nothing."""

from __future__ import annotations

import pytest

from heats.form_parts import SEAT_CHANGES
from heats.models import AuditEntry, Round
from tests.e2e.conftest import CHROMIUM, close_orm_connection, gm_opens_a_new_heat

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is missing"),
]

#: What the page shows after Seat, compared with a fresh load: every part but
#: the messages (a message is shown once).
COMPARED = ["#round-seating", *(p for p in SEAT_CHANGES if p != "#page-messages")]


def ten_checked_in(page) -> None:
    page.click("text=Paste a list")
    page.fill("#id_text", "\n".join(f"Player {i:02d}" for i in range(1, 11)))
    page.click("#paste-form [type=submit]")
    page.wait_for_selector("#checked-in-count:text-is('10')")


def texts(page) -> dict[str, str]:
    return {part: page.inner_text(part) for part in COMPARED}


def test_seat_swaps_in_what_a_fresh_page_shows(live_server, browser, gm_event):
    page = gm_opens_a_new_heat(browser, live_server)
    ten_checked_in(page)
    page.evaluate("window.stillThisPage = true")
    loads = page.evaluate("performance.getEntriesByType('navigation').length")

    with page.expect_request(lambda request: "clock.json" in request.url):
        page.click("#seat-form [type=submit]")  # the first seating asks nothing
        page.wait_for_selector("#table-cards")
    # 10 players: two tables of 5 (tournament.md, Heats).
    assert "Heat 1 seated: 5+5" in page.inner_text("#page-messages")
    assert "(late arrivals)" in page.inner_text("#checkin-heading")
    assert page.locator("#table-cards .card").count() == 2
    # The focus stays on the Seat button, now "Seat again", for the keyboard.
    assert page.evaluate("document.activeElement.id") == "submit-seat-again"
    assert page.evaluate("window.stillThisPage") is True
    assert page.evaluate("performance.getEntriesByType('navigation').length") == loads
    swapped = texts(page)
    fresh = browser.new_page(viewport={"width": 1280, "height": 900})
    fresh.context.add_cookies(page.context.cookies())  # the same GM's session
    fresh.goto(page.url)
    assert texts(fresh) == swapped
    fresh.close()

    # A late arrival, checked in by the form that stayed on the page.
    page.type("#id_name", "Lou Late")
    page.wait_for_selector("#checkin-suggestions li:has-text('Add “Lou Late”')")
    page.keyboard.press("Enter")
    page.wait_for_selector("#waiting-list:has-text('Lou Late')")
    assert page.evaluate("window.stillThisPage") is True
    assert AuditEntry.objects.filter(action="seating").count() == 1
    page.close()
    close_orm_connection()


def test_seat_after_the_session_ended_shows_the_servers_refusal(
    live_server, browser, gm_event
):
    """No swap of a refusal: the form is posted as a page, as without
    JavaScript, and the server's page says why (and offers the login)."""
    page = gm_opens_a_new_heat(browser, live_server)
    ten_checked_in(page)
    kept = [c for c in page.context.cookies() if c["name"] != "sessionid"]
    page.context.clear_cookies()
    page.context.add_cookies(kept)  # the CSRF cookie stays: only the session ended
    page.click("#seat-form [type=submit]")
    page.wait_for_selector("h1:text-is('Not allowed')")
    assert page.url.endswith("/e/wbc/gm/round/1/seat/")
    assert page.locator("main a:text-is('Log in')").count() == 1
    assert Round.objects.get(number=1).seated_at is None
    page.close()
    close_orm_connection()
