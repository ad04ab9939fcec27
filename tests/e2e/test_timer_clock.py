"""The slow-player timer and the heat clock against a device reused after the
35-minute mark and a device whose clock is moved (issue 18, item 12).

Seed 001: the timer is 4:00, or 2:00 when picked up after the 35-minute mark (the
event's ``late_timer_seconds``); tournament.md, Heats: the marks. The device's
clock is moved by an init script that shifts ``Date.now()`` by ``window.__skew``
milliseconds; the monotonic ``performance.now()`` is left alone, as a change of
the date and time on a phone leaves it.
"""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from heats.models import Event, Round, RoundKind
from tests.e2e.conftest import CHROMIUM, close_orm_connection

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is missing"),
]

SHOTS = Path(__file__).resolve().parents[2] / "test-results"
PHONE = {"width": 390, "height": 844}
SKEW = """(() => { const real = Date.now.bind(Date); window.__skew = 0;
  Date.now = () => real() + window.__skew; })();"""


@pytest.fixture
def heat(transactional_db):
    """Heat 1 of "wbc", its clock started 30 minutes ago (before the 35-minute
    mark), and a second event "other" with no round."""
    event = Event.objects.create(slug="wbc", name="Medici, WBC e2e", seed="e2e")
    Event.objects.create(slug="other", name="Medici, other e2e", seed="e2e")
    return Round.objects.create(
        event=event,
        kind=RoundKind.HEAT,
        number=1,
        start_time=timezone.now() - timedelta(minutes=30),
    )


def display(page) -> str:
    return page.inner_text("#timer-display")


def run_for_a_while(page) -> str:
    """Start, wait until the display leaves 3:58, stop: the time left."""
    page.click("#timer-toggle")
    page.wait_for_function(
        "() => document.getElementById('timer-display').textContent <= '3:58'"
    )
    page.click("#timer-toggle")
    return display(page)


def test_a_timer_reused_after_the_35_minute_mark_starts_and_resets_at_two_minutes(
    live_server, browser, heat
):
    context = browser.chromium.new_context(viewport=PHONE)
    page = context.new_page()
    page.on("pageerror", lambda error: browser.problems.append(str(error)))
    url = f"{live_server.url}/timer/?event=wbc"
    page.goto(url)
    page.wait_for_selector("#preset-normal[aria-pressed=true]")
    assert display(page) == "4:00"  # 30 minutes in: before the mark
    assert re.fullmatch(r"3:5\d", run_for_a_while(page))
    page.close()

    # The same device, picked up again 36 minutes into the round.
    heat.start_time = timezone.now() - timedelta(minutes=36)
    heat.save(update_fields=["start_time"])
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("#preset-late[aria-pressed=true]")
    assert display(page) == "2:00"
    page.click("#timer-toggle")
    page.wait_for_function(
        "() => document.getElementById('timer-display').textContent <= '1:58'"
    )
    page.click("#timer-toggle")
    page.click("#timer-reset")
    assert display(page) == "2:00"
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "timer-reused-after-35.png"))

    # Another event's timer on the same device is its own: a fresh 4:00.
    page.goto(f"{live_server.url}/timer/?event=other")
    page.wait_for_timeout(500)
    assert display(page) == "4:00"
    assert page.inner_text("#timer-state") == "Stopped"
    context.close()
    close_orm_connection()


def test_moving_the_device_clock_neither_adds_nor_takes_timer_time(
    live_server, browser, heat
):
    page = browser.new_page(viewport=PHONE)
    page.add_init_script(SKEW)
    page.goto(f"{live_server.url}/timer/")
    page.click("#timer-toggle")
    page.wait_for_function(
        "() => document.getElementById('timer-display').textContent <= '3:59'"
    )
    page.evaluate("window.__skew = -10 * 60 * 1000")  # 10 minutes back
    page.wait_for_timeout(600)
    assert re.fullmatch(r"3:5\d", display(page))
    page.evaluate("window.__skew = 60 * 60 * 1000")  # an hour forward
    page.wait_for_timeout(600)
    assert re.fullmatch(r"3:5\d", display(page))
    assert page.inner_text("#timer-state") == "Running"
    page.close()
    close_orm_connection()


def test_the_heat_clock_keeps_time_when_the_device_clock_jumps(
    live_server, browser, heat
):
    page = browser.new_page(viewport=PHONE)
    page.add_init_script(SKEW)
    page.goto(f"{live_server.url}/e/wbc/clock/")
    page.wait_for_function(
        "() => /^30:0\\d$/.test(document.querySelector('.clock-elapsed').textContent)"
    )
    for skew in (-60 * 60 * 1000, 10 * 60 * 1000):  # an hour back, 10 min forward
        page.evaluate(f"window.__skew = {skew}")
        page.wait_for_timeout(600)
        assert re.fullmatch(r"30:0\d", page.inner_text(".clock-elapsed"))
    page.close()
    close_orm_connection()
