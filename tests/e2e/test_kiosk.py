"""Browser tests of the room pages: the kiosk refreshing itself, finding a table
by name, the heat clock, the slow-player timer, and a 200-player seating paged on
a 1920x1080 screen. Screenshots go to test-results/ (look at them: the kiosk must
be readable from three metres)."""

from __future__ import annotations

import re
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from heats.models import Event, Round, RoundKind, Seat
from scoring.queries.event_results import event_advancement
from scoring.services import publishing
from scoring.services import semi_final as rounds
from tests.e2e.conftest import CHROMIUM, close_orm_connection
from tests.support.sample import generate_event

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is missing"),
]

SHOTS = Path(__file__).resolve().parents[2] / "test-results"
TV = {"width": 1920, "height": 1080}
POLL_MS = 15_000  # the panel polls every 5 s


def shot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.fixture
def demo(transactional_db):
    from scoring.services.demo import load_demo

    load_demo("demo", with_gm=False)
    return Event.objects.get(slug="demo")


def no_scrollbar(page) -> bool:
    width, height = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
    )
    return width <= TV["width"] and height <= TV["height"]


def test_the_kiosk_shows_a_published_list_and_a_seated_round_without_a_reload(
    live_server, browser, demo
):
    page = browser.new_page(viewport=TV)
    page.goto(f"{live_server.url}/e/demo/kiosk/")
    page.wait_for_selector("#kiosk-winners")
    assert page.locator("#kiosk-semi").count() == 0
    page.evaluate("window.notReloaded = true")

    publishing.publish(demo, event_advancement(demo))
    page.wait_for_selector("#kiosk-semi", timeout=POLL_MS)
    assert page.text_content("#kiosk-semi h3") == "Semi-final: 25 players"
    shot(page, "kiosk-published")

    rounds.seat_semi(demo, seed=7)
    page.wait_for_selector("#kiosk-table-5", timeout=POLL_MS)
    assert "Semi-final — tables" in page.text_content("#tables-heading")
    assert page.locator(".table-card").count() == 5
    assert page.evaluate("window.notReloaded") is True
    assert no_scrollbar(page)
    shot(page, "kiosk-semi-seated")
    page.close()
    close_orm_connection()


def test_a_player_finds_the_table_by_name(live_server, browser, demo):
    rounds.seat_semi(demo, seed=7)
    seat = Seat.objects.select_related("table", "player").get(
        round__kind=RoundKind.SEMI, player__name="Drew Penrose"
    )
    kiosk = browser.new_page(viewport=TV)
    kiosk.goto(f"{live_server.url}/e/demo/kiosk/")
    row = kiosk.locator(".name-list li", has_text="Drew Penrose")
    assert row.locator(".where").inner_text() == str(seat.table.number)
    kiosk.close()

    phone = browser.new_page(viewport={"width": 390, "height": 844})
    phone.goto(f"{live_server.url}/e/demo/find/")
    phone.fill("#find-name", "drew pen")
    visible = phone.locator("#find-list li:visible")
    assert visible.count() == 1
    assert visible.inner_text().split("\n")[0] == "Drew Penrose"
    assert f"Table {seat.table.number} · seat {seat.number}" in visible.inner_text()
    assert phone.inner_text("#find-count") == "1 matching"
    shot(phone, "phone-find")
    phone.fill("#find-name", "nobody like this")
    assert phone.is_visible("#find-none")
    phone.close()
    close_orm_connection()


@pytest.fixture
def heat_started_36_minutes_ago(transactional_db):
    event = Event.objects.create(slug="wbc", name="Medici, WBC e2e", seed="e2e")
    Round.objects.create(
        event=event,
        kind=RoundKind.HEAT,
        number=1,
        # Five seconds past 36:00, so the clock's estimate of the server's time
        # (half a loaded round trip off) cannot read it as before 36:00.
        start_time=timezone.now() - timedelta(minutes=36, seconds=5),
    )
    return event


def test_the_clock_shows_the_35_minute_mark_36_minutes_in(
    live_server, browser, heat_started_36_minutes_ago
):
    page = browser.new_page(viewport=TV)
    for _ in range(2):  # and again after a reload
        page.goto(f"{live_server.url}/e/wbc/clock/")
        page.wait_for_selector(".heat-clock.phase-second-mark")
        assert page.inner_text(".clock-message") == "35 minutes: pick up the pace"
        assert re.fullmatch(r"36:0\d", page.inner_text(".clock-elapsed"))
        assert re.fullmatch(r"18:5\d left", page.inner_text(".clock-remaining"))
    colour = page.eval_on_selector(
        ".heat-clock", "el => getComputedStyle(el).backgroundColor"
    )
    assert colour == "rgb(217, 101, 11)"  # the second mark's orange
    shot(page, "clock-35-minutes")
    page.close()
    close_orm_connection()


def test_the_timer_counts_down_stops_and_is_two_minutes_after_the_35_minute_mark(
    live_server, browser, heat_started_36_minutes_ago
):
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{live_server.url}/timer/")
    assert page.inner_text("#timer-display") == "4:00"
    page.context.set_offline(True)  # nothing needed from the server any more
    page.click("#timer-toggle")
    page.wait_for_function(
        "() => document.getElementById('timer-display').textContent <= '3:58'"
    )
    page.click("#timer-toggle")
    stopped = page.inner_text("#timer-display")
    assert re.fullmatch(r"3:5\d", stopped)
    assert page.inner_text("#timer-state") == "Stopped"
    page.wait_for_timeout(1500)
    assert page.inner_text("#timer-display") == stopped
    shot(page, "timer-stopped")
    page.context.set_offline(False)
    page.close()

    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{live_server.url}/timer/?event=wbc")
    page.wait_for_selector("#preset-late[aria-pressed=true]")
    assert page.inner_text("#timer-display") == "2:00"
    shot(page, "timer-after-35")
    page.close()
    close_orm_connection()


INK = """e => { const range = document.createRange(); range.selectNodeContents(e);
  const box = range.getBoundingClientRect(); return [box.left, box.right]; }"""


@pytest.mark.parametrize(
    "viewport", [TV, {"width": 1024, "height": 768}, {"width": 390, "height": 844}]
)
def test_the_clock_and_the_timer_fit_and_are_centred_on_a_tv_a_tablet_and_a_phone(
    live_server, browser, heat_started_36_minutes_ago, viewport
):
    """The clock's "36:0x" and the timer's "4:00" stay on the screen, centred (a
    line of text wider than its column used to run off to the right), and the
    page does not scroll sideways."""
    width = viewport["width"]
    page = browser.new_page(viewport=viewport)
    for url, big in (
        ("/e/wbc/clock/", ".clock-elapsed"),
        ("/timer/", "#timer-display"),
    ):
        page.goto(f"{live_server.url}{url}")
        page.wait_for_selector(big)
        left, right = page.eval_on_selector(big, INK)
        assert 0 <= left and right <= width, (url, left, right)
        assert abs((left + right) / 2 - width / 2) < width * 0.02, (url, left, right)
        assert page.evaluate("document.documentElement.scrollWidth") <= width, url
        left, right = page.eval_on_selector(".clock-marks, .timer-rules", INK)
        assert 0 < left and right < width, (url, left, right)
    page.close()
    close_orm_connection()


def test_a_200_player_seating_turns_pages_on_a_tv_without_scrolling(
    live_server, browser, transactional_db
):
    generate_event("big", 200, heats=1)  # heat 2 seated: 40 tables of 5
    page = browser.new_page(viewport=TV)
    # The page's own clock, stopped and turned by hand: a loaded machine cannot
    # let a turn pass between two readings of the same page (an installed clock
    # runs until paused).
    page.clock.install()
    page.clock.pause_at(time.time() + 1)
    page.goto(f"{live_server.url}/e/big/kiosk/?turn=2")
    page.wait_for_selector("#pager-tables[data-pages]")
    assert no_scrollbar(page)
    pages = int(page.get_attribute("#pager-tables", "data-pages"))
    assert pages >= 2
    assert page.locator(".table-card").count() == 40
    assert int(page.get_attribute("#pager-names", "data-pages")) >= 2
    status = page.inner_text("[data-pager-status=pager-tables]")
    assert status == f"page 1 of {pages}"
    name_size = page.eval_on_selector(
        ".name-list li", "el => parseFloat(getComputedStyle(el).fontSize)"
    )
    assert name_size >= 32  # px at 1080 lines: readable from three metres
    shot(page, "kiosk-200-page-1")
    visible = _cards_in_view(page)
    page.clock.run_for(2000)
    assert page.get_attribute("#pager-tables", "data-page") == "2"
    assert _cards_in_view(page).isdisjoint(visible)
    assert no_scrollbar(page)
    shot(page, "kiosk-200-page-2")
    page.close()
    close_orm_connection()


def _cards_in_view(page) -> set[str]:
    """The table cards wholly inside the tables pager's box."""
    return set(
        page.evaluate(
            """() => {
              const pager = document.getElementById('pager-tables');
              const box = pager.getBoundingClientRect();
              return [...document.querySelectorAll('.table-card')].filter(c => {
                const r = c.getBoundingClientRect();
                return r.left >= box.left - 1 && r.right <= box.right + 1
                  && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
              }).map(c => c.id);
            }"""
        )
    )
