"""Browser tests of the kiosk at the room's screen sizes (issue 18, 1-5): every
name whole (wrapped, never cut), the laurels numbered with their names, the
clock saying the round is over once its last result is in, and a saved result
on the kiosk and the phone within 2 s. Measured in Chromium; screenshots go to
test-results/ (look at them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from heats.core.names import NAME_MAX_LENGTH
from heats.models import Event, Player, RoundKind, Seat
from heats.services.checkin import check_in, create_heat
from heats.services.seating import seat_round
from scoring.queries.result_check import SeatScores
from scoring.services import results
from scoring.services import semi_final as rounds
from tests.e2e.conftest import CHROMIUM, close_orm_connection
from tests.heats.conftest import names
from tests.scoring.queries.test_printing import play_semi_and_final

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is missing"),
]

SHOTS = Path(__file__).resolve().parents[2] / "test-results"
SIZES = {
    "1920x1080": {"width": 1920, "height": 1080},
    "1366x768": {"width": 1366, "height": 768},
    "1280x720": {"width": 1280, "height": 720},
}
LONG_40 = "Maximiliane Wolkenstein-Rodeneck-Trostbg"  # 40 characters
LONGEST = ("Bartholomew-Alexandros " * 6)[:NAME_MAX_LENGTH].strip()

# Every element of the kiosk panel showing a name (.who) and its row: the
# name's box and the row's must hold their text (scrollWidth <= clientWidth),
# with no ellipsis, and lie within the height of the pager they page in.
NAMES = """() => [...document.querySelectorAll('#kiosk-panel .who')].map(el => {
  const row = el.parentElement;
  const pager = el.closest('.pager').getBoundingClientRect();
  const box = el.getBoundingClientRect();
  const cut = [el, row].filter(e => e.scrollWidth > e.clientWidth
    || getComputedStyle(e).textOverflow === 'ellipsis');
  return {name: el.textContent, cut: cut.length,
          inside: box.top >= pager.top - 1 && box.bottom <= pager.bottom + 1,
          height: box.height};
})"""


def shot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.fixture
def demo(transactional_db):
    from scoring.services.demo import load_demo

    load_demo("demo", with_gm=False)
    return Event.objects.get(slug="demo")


def rename_two_semi_players(event) -> None:
    """A 40-character name and the longest a player may have, in the semi-final."""
    seats = Seat.objects.filter(round__kind=RoundKind.SEMI).order_by("table", "number")
    ids = [seats[0].player_id, seats[7].player_id]
    Player.objects.filter(pk=ids[0]).update(name=LONG_40)
    Player.objects.filter(pk=ids[1]).update(name=LONGEST)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("names_of", ["demo", "long"])
def test_every_name_of_the_seated_semi_final_is_shown_whole(
    live_server, browser, demo, size, names_of
):
    rounds.seat_semi(demo, seed=7)
    if names_of == "long":
        rename_two_semi_players(demo)
    page = browser.new_page(viewport=SIZES[size])
    page.goto(f"{live_server.url}/e/demo/kiosk/")
    page.wait_for_selector("#pager-names[data-pages]")
    shown = page.evaluate(NAMES)
    assert len(shown) == 50  # 25 in the table cards, 25 in "Find your table"
    assert [s["name"] for s in shown if s["cut"]] == []
    assert [s["name"] for s in shown if not s["inside"]] == []
    if names_of == "long":
        assert {LONG_40, LONGEST} <= {s["name"] for s in shown}
    if names_of == "demo":
        # The 25 names and 5 tables fit one page: no blank column beside a
        # paged list (the longest names may turn pages, never cut).
        assert page.get_attribute("#pager-names", "data-pages") == "1"
        assert page.get_attribute("#pager-tables", "data-pages") == "1"
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
    shot(page, f"kiosk-semi-{names_of}-{size}")
    page.close()
    close_orm_connection()


@pytest.mark.parametrize("size", SIZES)
def test_the_laurels_show_places_1_to_6_with_their_names(
    live_server, browser, demo, size
):
    laurels = play_semi_and_final(demo)
    Player.objects.filter(event=demo, name=laurels[5]).update(name=LONG_40)
    laurels[5] = LONG_40
    page = browser.new_page(viewport=SIZES[size])
    page.goto(f"{live_server.url}/e/demo/kiosk/")
    page.wait_for_selector("#kiosk-laurels")
    rows = page.evaluate(
        """() => {
          const pager = document.getElementById('pager-results')
            .getBoundingClientRect();
          const seen = e => { const r = e.getBoundingClientRect();
            return r.width > 0 && r.left >= pager.left && r.right <= pager.right + 1
              && r.top >= pager.top && r.bottom <= pager.bottom + 1; };
          return [...document.querySelectorAll('#kiosk-laurels li')].map(li => {
            const place = li.querySelector('.place'), who = li.querySelector('.who');
            const why = li.querySelector('.why');
            return {place: place.textContent, who: who.textContent,
                    seen: seen(place) && seen(who) && seen(why),
                    below: why.getBoundingClientRect().top
                      >= who.getBoundingClientRect().bottom - 1,
                    why: why.textContent};
          });
        }"""
    )
    assert [(r["place"], r["who"]) for r in rows] == [
        (str(i), name) for i, name in enumerate(laurels, start=1)
    ]
    assert all(r["seen"] and r["below"] for r in rows), rows
    assert rows[5]["why"].startswith("semi-final runner-up, 89.0% of the winner")
    assert [s["name"] for s in page.evaluate(NAMES) if s["cut"]] == []
    shot(page, f"kiosk-laurels-{size}")
    page.close()
    close_orm_connection()


def seat_a_new_heat(event, count: int = 10):
    heat = create_heat(event)
    check_in(heat, names(count, prefix="Walk"))
    seat_round(heat, seed=4)
    return heat


def enter(table) -> None:
    seats = table.seats.order_by("number")
    results.save_table_results(
        table,
        [SeatScores(s.number, None, None, 100 - 10 * i) for i, s in enumerate(seats)],
    )


def test_a_saved_result_is_on_the_kiosk_and_the_clock_says_the_round_is_over(
    live_server, browser, demo
):
    """Issue 18, 4 and 5: "1 of 2 tables in" while played; the last result
    saved, the kiosk shows the standings and "Heat 4 is over — results in"
    within 2 s (the version feed is read every second)."""
    heat = seat_a_new_heat(demo)
    first, second = heat.tables.order_by("number")
    page = browser.new_page(viewport=SIZES["1920x1080"])
    page.goto(f"{live_server.url}/e/demo/kiosk/")
    page.wait_for_selector("#kiosk-table-2")
    page.wait_for_function(
        "() => document.querySelector('.clock-progress').textContent"
        " === '0 of 2 tables in'"
    )
    assert "left" in page.inner_text(".clock-remaining")
    page.wait_for_timeout(1500)  # a poll or two with nothing changed

    enter(first)
    page.wait_for_function(
        "() => document.querySelector('.clock-progress').textContent"
        " === '1 of 2 tables in'",
        timeout=2000,
    )
    enter(second)
    page.wait_for_selector("#kiosk-winners", timeout=2000)
    page.wait_for_function(
        "() => document.querySelector('.clock-message').textContent"
        " === 'Heat 4 is over — results in'",
        timeout=2000,
    )
    assert page.inner_text(".clock-remaining") == ""
    assert page.inner_text(".clock-progress") == "2 of 2 tables in"
    assert page.get_attribute(".heat-clock", "data-phase") == "done"
    shot(page, "kiosk-heat-over")
    page.close()
    close_orm_connection()


def test_a_new_seating_reaches_the_phone_within_2_seconds(live_server, browser, demo):
    phone = browser.new_page(viewport={"width": 390, "height": 844})
    phone.goto(f"{live_server.url}/e/demo/find/")
    assert phone.locator("#find-list").count() == 0  # heat 3 came from a file
    phone.wait_for_timeout(1500)  # a poll or two with nothing changed
    seat_a_new_heat(demo)
    phone.wait_for_selector("#find-round:has-text('Heat 4')", timeout=2000)
    phone.fill("#find-name", "walk 03")
    assert phone.locator("#find-list li:visible").count() == 1
    assert phone.inner_text("#find-count") == "1 matching"
    phone.close()
    close_orm_connection()
