"""Browser tests of the kiosk's header and pagers (issue 32, 3): the event's name
whole beside a running clock in every language, the names of "Find your table"
on one line when they fit, and the pagers showing each page once per cycle with
a true "page k of n". Measured in Chromium at the room's three screen sizes;
screenshots go to test-results/ (look at them)."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from heats.models import Event, Player, Round, RoundKind, Seat
from scoring.services import semi_final as rounds
from tests.e2e.conftest import CHROMIUM, close_orm_connection
from tests.e2e.test_kiosk_fit import SHOTS, SIZES
from tests.support.sample import generate_event

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is missing"),
]

NAME_36 = "World Boardgaming Championships 2026"
LANGUAGES = ["en", "de", "fr", "zh-hans"]

# The title's box holds its text (nothing past its right edge), its lines lie
# inside the .kiosk-title box that clips them and inside the header, left of the
# clock; the clock's own parts lie whole inside the clock's box.
TITLE = """() => {
  const h1 = document.querySelector('.kiosk-title h1');
  const header = document.querySelector('.kiosk-header').getBoundingClientRect();
  const frame = h1.parentElement.getBoundingClientRect();
  const clock = document.querySelector('.kiosk .heat-clock').getBoundingClientRect();
  const range = document.createRange(); range.selectNodeContents(h1);
  const ink = range.getBoundingClientRect();
  const within = (r, box) => r.top >= box.top - 1 && r.bottom <= box.bottom + 1
    && r.left >= box.left - 1 && r.right <= box.right + 1;
  return {text: h1.textContent, sw: h1.scrollWidth, cw: h1.clientWidth,
          ellipsis: getComputedStyle(h1).textOverflow === 'ellipsis',
          inside: within(ink, frame) && within(frame, header)
            && frame.right <= clock.left,
          ink: [ink.top, ink.bottom, ink.left, ink.right],
          frame: [frame.top, frame.bottom, frame.left, frame.right],
          clockWidth: clock.width,
          clockWhole: [...document.querySelectorAll('.kiosk .heat-clock > *')].every(
            e => e.scrollWidth <= e.clientWidth
              && within(e.getBoundingClientRect(), clock)),
          px: parseFloat(getComputedStyle(h1).fontSize)};
}"""


def shot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.fixture
def semi_under_a_long_name(transactional_db):
    """The demo's semi-final seated under a 36-character event name."""
    from scoring.services.demo import load_demo

    assert len(NAME_36) == 36
    load_demo("demo", with_gm=False)
    event = Event.objects.get(slug="demo")
    rounds.seat_semi(event, seed=7)
    Event.objects.filter(pk=event.pk).update(name=NAME_36)
    return event


# Minutes played and the clock's phase then: the 35-minute mark's line and the
# end's ("Time: turn in the player records"), the clock's longest words.
PHASES = {"second-mark": 36, "over": 130}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("phase", PHASES)
def test_the_title_is_whole_beside_a_running_clock_in_every_language(
    live_server, browser, semi_under_a_long_name, size, phase
):
    Round.objects.filter(event=semi_under_a_long_name, kind=RoundKind.SEMI).update(
        start_time=timezone.now() - timedelta(minutes=PHASES[phase], seconds=5)
    )
    page = browser.new_page(viewport=SIZES[size])
    widths = set()
    for language in LANGUAGES:
        page.goto(f"{live_server.url}/e/demo/kiosk/?lang={language}")
        page.wait_for_selector(f".kiosk .heat-clock.phase-{phase}")
        page.wait_for_selector("#pager-names[data-pages]")
        title = page.evaluate(TITLE)
        shot(page, f"kiosk-title-{phase}-{language}-{size}")
        assert title["text"] == NAME_36
        assert title["sw"] <= title["cw"], (language, title)
        assert not title["ellipsis"], (language, title)
        assert title["inside"], (language, title["ink"], title["frame"])
        # Readable from three metres: no smaller than the names (0.9 rem).
        assert title["px"] >= 0.9 * SIZES[size]["height"] / 30 - 0.5, title
        # The clock's own words are whole too, inside its box.
        assert title["clockWhole"], (language, title)
        widths.add(round(title["clockWidth"]))
    # The clock keeps its size whatever the language says in it.
    assert len(widths) == 1, widths
    page.close()
    close_orm_connection()


# Ordinary names of 16 to 24 characters ("Christopher Featherstone"), 200 of them.
FIRST = [
    "Alexandra",
    "Maximilian",
    "Françoise",
    "Bartholomew",
    "Genevieve",
    "Konstantin",
    "Christopher",
    "Wilhelmina",
    "Sebastian",
    "Magdalena",
    "Theodore",
    "Josephine",
    "Frederik",
    "Anastasia",
    "Valentina",
]
LAST = [
    "Vantablack",
    "Oberhauser",
    "Delacroix",
    "Ravensworth",
    "Featherstone",
    "Lindqvist",
    "Hohenberger",
    "Castellano",
    "Whitmore",
    "Rosenthal",
    "Blackwood",
    "Fairweather",
    "Grünewald",
    "Montgomery",
]
ORDINARY = [f"{first} {last}" for last in LAST for first in FIRST][:200]

# Every name of "Find your table" and the number of lines it takes.
NAME_LINES = """() => [...document.querySelectorAll('#pager-names .who')].map(el => {
  const range = document.createRange(); range.selectNodeContents(el);
  const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
  return {name: el.textContent, lines: lines.size};
})"""


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [25, 200])
def test_an_ordinary_name_stays_on_one_line(
    live_server, browser, transactional_db, size, players
):
    """The demo's seated semi-final (25 players, one page) and a 200-player heat
    (paged) of ordinary names: each name of "Find your table" on one line."""
    if players == 25:
        from scoring.services.demo import load_demo

        load_demo("demo", with_gm=False)
        rounds.seat_semi(Event.objects.get(slug="demo"), seed=7)
        slug = "demo"
    else:
        event = generate_event("big", 200, heats=1)  # heat 2 seated: 40 tables
        assert max(len(n) for n in ORDINARY) == 24 and len(set(ORDINARY)) == 200
        for player, name in zip(event.players.order_by("pk"), ORDINARY, strict=True):
            Player.objects.filter(pk=player.pk).update(name=name)
        slug = "big"
    page = browser.new_page(viewport=SIZES[size])
    page.goto(f"{live_server.url}/e/{slug}/kiosk/")
    page.wait_for_selector("#pager-names[data-pages]")
    names = page.evaluate(NAME_LINES)
    assert len(names) == players
    assert [n["name"] for n in names if n["lines"] != 1] == []
    shot(page, f"kiosk-names-{players}-{size}")
    page.close()
    close_orm_connection()


PAGERS = ("pager-names", "pager-tables")


def pages_seen(page, turns: int) -> dict[str, list[tuple[str, str, str]]]:
    """(data-page, data-pages, the status line) of each pager now and after each
    of ``turns`` turns of the page's fake clock (10 s a turn)."""
    seen: dict[str, list[tuple[str, str, str]]] = {pager: [] for pager in PAGERS}
    for turn in range(turns + 1):
        if turn:
            page.clock.run_for(10_000)
        for pager in PAGERS:
            seen[pager].append(
                (
                    page.get_attribute(f"#{pager}", "data-page") or "",
                    page.get_attribute(f"#{pager}", "data-pages") or "",
                    page.inner_text(f"[data-pager-status={pager}]"),
                )
            )
    return seen


@pytest.mark.parametrize("size", ["1920x1080", "1280x720"])
def test_the_pagers_show_each_page_once_a_cycle(live_server, browser, size):
    generate_event("big", 200, heats=1)  # heat 2 seated: 40 tables of 5
    page = browser.new_page(viewport=SIZES[size])
    page.clock.install()
    page.clock.pause_at(time.time() + 1)  # turned by hand only
    page.goto(f"{live_server.url}/e/big/kiosk/")
    page.wait_for_selector("#pager-names[data-pages]")
    counts = {p: int(page.get_attribute(f"#{p}", "data-pages")) for p in PAGERS}
    assert min(counts.values()) >= 2, counts
    # Two whole cycles of the longer pager, from page 1 of each.
    seen = pages_seen(page, 2 * max(counts.values()))
    for pager, count in counts.items():
        expected = [
            (str(k % count + 1), str(count), f"page {k % count + 1} of {count}")
            for k in range(2 * max(counts.values()) + 1)
        ]
        assert seen[pager] == expected, (pager, seen[pager])
    shot(page, f"kiosk-pager-{size}")
    page.close()
    close_orm_connection()


# Every name of the table cards: its lines, and whether its card lies on the
# page the tables' pager shows.
CARD_LINES = """() => {
  const pager = document.getElementById('pager-tables').getBoundingClientRect();
  return [...document.querySelectorAll('#pager-tables .who')].map(el => {
    const range = document.createRange(); range.selectNodeContents(el);
    const rects = [...range.getClientRects()];
    const box = el.getBoundingClientRect();
    const lines = new Set(rects.map(r => Math.round(r.top))).size;
    return {name: el.textContent, lines: lines,
            shown: box.left >= pager.left - 1 && box.right <= pager.right + 1};
  });
}"""


def test_the_table_cards_keep_a_24_character_name_on_one_line(
    live_server, browser, semi_under_a_long_name
):
    """The semi-final's five tables of five, every name 22 to 24 characters:
    at each screen size the cards take columns as wide as their longest seat
    line, all on one page, and "Find your table" keeps its names whole too."""
    longest = sorted(ORDINARY, key=len, reverse=True)[:25]
    assert min(map(len, longest)) >= 22 and max(map(len, longest)) == 24
    seats = Seat.objects.filter(round__kind=RoundKind.SEMI).order_by("pk")
    for seat, name in zip(seats, longest, strict=True):
        Player.objects.filter(pk=seat.player_id).update(name=name)
    page = browser.new_page(viewport=SIZES["1920x1080"])
    page.goto(f"{live_server.url}/e/demo/kiosk/")
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.wait_for_function(
            "w => document.documentElement.clientWidth === w", arg=viewport["width"]
        )
        page.evaluate("() => window.dispatchEvent(new Event('resize'))")
        cards = page.evaluate(CARD_LINES)
        assert sorted(c["name"] for c in cards) == sorted(longest)
        assert [c["name"] for c in cards if c["lines"] != 1] == [], size
        assert all(c["shown"] for c in cards), size
        assert page.get_attribute("#pager-tables", "data-pages") == "1"
        names = page.evaluate(NAME_LINES)
        assert [n["name"] for n in names if n["lines"] != 1] == [], size
        shot(page, f"kiosk-cards-24-{size}")
    page.close()
    close_orm_connection()
