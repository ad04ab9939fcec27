"""Browser test: Seat answered in place on the round page ("The GM's desk",
item 7). The POST's answer is the round page; htmx swaps in the parts Seat
changed (``heats.form_parts.SEAT_CHANGES`` and the seating part), so the page is
never loaded again, yet it reads exactly as the same page loaded afresh; the
check-in form keeps working for late arrivals and the clock reads its feed
again. A refusal (a session that ended) is the server's own page, as without
JavaScript, and seats nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from heats.form_parts import SEAT_CHANGES
from heats.models import AuditEntry, Round, RoundKind
from heats.services.checkin import check_in
from heats.services.seating import seat_round
from scoring.queries.result_check import SeatScores
from scoring.services import results
from tests.e2e.conftest import (
    CHROMIUM,
    close_orm_connection,
    gm_logs_in,
    gm_opens_a_new_heat,
)

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


#: The page's text, spaces aside, but the messages (shown once) and the
#: running clock's figures (a second apart).
SHOWN = r"""() => {
  const main = document.querySelector("main").cloneNode(true);
  main.querySelectorAll("#page-messages, [data-clock]").forEach((e) => e.remove());
  return main.textContent.split(/\s+/).join(" ");
}"""


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
    whole = page.evaluate(SHOWN)
    fresh = browser.new_page(viewport={"width": 1280, "height": 900})
    fresh.context.add_cookies(page.context.cookies())  # the same GM's session
    fresh.goto(page.url)
    assert texts(fresh) == swapped
    # The whole page too: the paste's answer ("10 checked in: 5+5"), told
    # before the seating, is gone as from the page loaded afresh.
    assert fresh.evaluate(SHOWN) == whole
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
    # The login returns to the round page the button was on.
    login = page.locator("main a:text-is('Log in')")
    assert login.get_attribute("href") == "/accounts/login/?next=/e/wbc/gm/round/1/"
    assert Round.objects.get(number=1).seated_at is None
    page.close()
    close_orm_connection()


def test_a_refusal_is_brought_into_view(live_server, browser, gm_event):
    """A phone-sized desk scrolled down to "Seat again", drawn before another
    GM saved table 2's results: the refusal appears at the page's top, and is
    scrolled to (the page is not loaded again, so nothing else would show the
    GM that the press was refused); the tables stay as they were, and the page
    now offers no Seat again."""
    heat = Round.objects.create(event=gm_event, kind=RoundKind.HEAT, number=1)
    check_in(heat, [(f"Player {i:02d}", "") for i in range(1, 16)])
    seat_round(heat, seed=1)
    page = gm_logs_in(browser, live_server.url, "/e/wbc/gm/round/1/")
    page.set_viewport_size({"width": 390, "height": 844})
    page.on("dialog", lambda dialog: dialog.accept())
    # The player of each seat, on every card (on screen or not).
    seats = "els => els.map(e => e.childNodes[0].textContent.trim())"
    tables = page.eval_on_selector_all("#table-cards li", seats)
    results.save_table_results(
        heat.tables.get(number=2),
        [SeatScores(n, None, None, 50 + n) for n in range(1, 6)],
    )
    page.locator("#submit-seat-again").scroll_into_view_if_needed()
    page.click("#submit-seat-again")
    refusal = page.locator("#page-messages .alert-danger")
    refusal.wait_for()
    assert (
        refusal.inner_text() == "Heat 1 already has results: it cannot be seated again."
    )
    expect(refusal).to_be_in_viewport(ratio=1)
    assert page.eval_on_selector_all("#table-cards li", seats) == tables
    assert page.locator("#seat-form").count() == 0
    page.close()
    close_orm_connection()


def test_the_question_about_seating_too_soon_ends_with_the_grace(
    live_server, browser, gm_event
):
    """A round page drawn 30 seconds after the start asks before seating ("2
    minutes are not up"); once the clock shows "Seat now: 2 minutes have
    passed", Seat seats without that question. The clock's feed is read 100
    seconds ahead, as it would be 100 seconds later; the server, still inside
    the grace, takes the page's "asked" field."""
    heat = Round.objects.create(
        event=gm_event,
        kind=RoundKind.HEAT,
        number=1,
        start_time=timezone.now() - timedelta(seconds=30),
    )
    check_in(heat, [(f"Player {i:02d}", "") for i in range(1, 11)])
    page = gm_logs_in(browser, live_server.url, "/e/wbc/gm/")

    def later(route) -> None:
        feed = route.fetch().json()
        route.fulfill(json=feed | {"now": feed["now"] + 100_000})

    page.route("**/clock.json*", later)
    drawn = page.goto(f"{live_server.url}/e/wbc/gm/round/1/").text()
    assert 'data-confirm="2 minutes are not up since the start' in drawn
    questions = []
    page.on(
        "dialog", lambda dialog: (questions.append(dialog.message), dialog.accept())
    )
    page.locator("#seat-now-hint").wait_for()
    page.click("#submit-seat-now")
    page.wait_for_selector("#table-cards")
    assert questions == []
    assert "Heat 1 seated: 5+5" in page.inner_text("#page-messages")
    # A clock feed still on its way must not outlive the page in its handler.
    page.unroute_all(behavior="ignoreErrors")
    page.close()
    close_orm_connection()


def test_seat_pressed_before_a_check_in_is_answered_seats_that_player(
    live_server, browser, gm_event
):
    """The last arrival checked in and Seat pressed before the check-in's
    answer (the check-in is held on its way until Seat was pressed): Seat waits
    for it, so the player is seated (11 players: 6+5, tournament.md, Heats) and
    the figures are those of the page as it now is."""
    page = gm_opens_a_new_heat(browser, live_server)
    ten_checked_in(page)
    held = []
    page.route("**/checkin/", lambda route: held.append(route))
    page.type("#id_name", "Rhea Runner")
    page.fill("#id_badge", "9911")
    with page.expect_request(lambda request: request.url.endswith("/checkin/")):
        page.click("#submit-check-in")
    page.click("#submit-seat-now")
    while not held:
        page.wait_for_timeout(10)
    held[0].continue_()
    page.wait_for_selector("#table-cards")
    assert "Heat 1 seated: 6+5" in page.inner_text("#page-messages")
    assert page.inner_text("#checked-in-count") == "11"
    assert page.locator("#table-cards .card:has-text('Rhea Runner')").count() == 1
    page.close()
    close_orm_connection()


def test_the_seating_stays_where_it_was_on_a_phone(live_server, browser, gm_event):
    """390 px wide, the check-in list open above the Seat button: Seat closes
    the list (as a fresh page shows it), yet the seating part keeps its place
    on the screen, the button in view, the first table below it."""
    page = gm_opens_a_new_heat(browser, live_server)
    page.set_viewport_size({"width": 390, "height": 844})
    ten_checked_in(page)
    assert page.evaluate("document.querySelector('#checkin-list').open") is True
    page.locator("#submit-seat-now").scroll_into_view_if_needed()
    top = page.locator("#round-seating").bounding_box()["y"]
    page.click("#submit-seat-now")
    page.wait_for_selector("#table-cards")
    assert page.evaluate("document.querySelector('#checkin-list').open") is False
    assert abs(page.locator("#round-seating").bounding_box()["y"] - top) < 1
    expect(page.locator("#submit-seat-again")).to_be_in_viewport(ratio=1)
    page.close()
    close_orm_connection()
