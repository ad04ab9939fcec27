"""Public pages with a 120-character player name on a 390x844 phone: no page
scrolls sideways, the name wraps (issue 18, item 8; tournament.md, What people
see: the public pages are read on phones). Screenshots go to test-results/."""

from __future__ import annotations

from pathlib import Path

import pytest

from heats.models import Event, Round, RoundKind
from heats.services.checkin import check_in
from heats.services.seating import seat_round
from scoring.queries.result_check import SeatScores
from scoring.services import results
from tests.e2e.conftest import CHROMIUM, close_orm_connection

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is missing"),
]

SHOTS = Path(__file__).resolve().parents[2] / "test-results"
PHONE = {"width": 390, "height": 844}
# 120 characters, no space to break at but the few a real long name has.
LONG = ("Maximiliana-Konstantinopolitanische-Wanderausstellungseroeffnungs" + "x" * 55)[
    :120
]
PAGES = [
    ("standings", "/e/long/"),
    ("heat", "/e/long/heat/1/"),
    ("table", "/e/long/round/1/table/1/"),
    ("seating", "/e/long/round/1/seating/"),
    ("find", "/e/long/find/?q=Maxi"),
    ("clock", "/e/long/clock/"),
    ("timer", "/timer/?event=long"),
]


@pytest.fixture
def long_event(transactional_db):
    """Heat 1 of "long": one table of four, the long name among them, results
    saved (the long name wins, so it shows among the winners and the list)."""
    event = Event.objects.create(slug="long", name="Medici, long names", seed="e2e")
    heat = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(heat, [(name, "") for name in (LONG, "Ann", "Ben", "Cy")])
    seat_round(heat, seed=1)
    table = heat.tables.get(number=1)
    seats = list(table.seats.select_related("player").order_by("number"))
    finals = {LONG: 120, "Ann": 100, "Ben": 90, "Cy": 80}
    results.save_table_results(
        table, [SeatScores(s.number, None, None, finals[s.player.name]) for s in seats]
    )
    assert len(LONG) == 120
    return event


# German and French words are longer than English ones, Chinese needs its font.
LANGUAGES = ["en", "de", "fr", "zh-hans"]


@pytest.mark.parametrize(("name", "path"), PAGES, ids=[n for n, _ in PAGES])
def test_no_public_page_scrolls_sideways_with_a_120_character_name(
    live_server, browser, long_event, name, path
):
    page = browser.new_page(viewport=PHONE)
    joiner = "&" if "?" in path else "?"
    for lang in LANGUAGES:  # one event for the four: the same page in each
        page.goto(f"{live_server.url}{path}{joiner}lang={lang}")
        page.wait_for_load_state("load")
        page.wait_for_timeout(300)
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(
            path=str(SHOTS / f"long-name-{name}-{lang}.png"), full_page=True
        )
        assert page.evaluate("document.documentElement.lang") == lang
        assert_fits(page, path, lang)
        if name not in ("clock", "timer"):
            assert LONG in page.inner_text("body")
    page.close()
    close_orm_connection()


def assert_fits(page, path: str, lang: str) -> None:
    """No sideways scroll, no table scrolling in its box (the name wraps), and no
    heading, column header, button or badge cut: its words fit its box."""
    width, inner = page.evaluate(
        "[document.documentElement.scrollWidth, window.innerWidth]"
    )
    assert width <= inner, (path, lang, width)
    boxes = page.evaluate(
        """[...document.querySelectorAll('.table-responsive, .table-container')]
        .map(e => [e.scrollWidth, e.clientWidth])"""
    )
    assert all(scroll <= client for scroll, client in boxes), (path, lang, boxes)
    cut = page.evaluate(
        """[...document.querySelectorAll('h1, h2, h3, th, button, .badge, .nav-link')]
        .filter(e => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
        .map(e => e.textContent.trim())"""
    )
    assert cut == [], (path, lang, cut)
