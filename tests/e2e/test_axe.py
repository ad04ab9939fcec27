"""Browser test: axe-core finds no accessibility violation on any page (issue 32,
item 5), public or GM, at a desk's size (1366×768) and a phone's (390×844).

axe-core's script comes from the pinned ``axe-playwright-python`` (its bundled
``axe.min.js``; nothing is fetched). The rules run are WCAG 2.0/2.1 A and AA and
axe's best practices (``RULES``), with "label-content-name-mismatch" (WCAG 2.5.3,
a name that holds the visible label; axe ships it switched off) switched on. Its
check is a substring's ("EN" passes inside "English"); the language buttons are held
to their visible words by tests/heats/templatetags/test_language_menu.py.

The pages are enumerated from the URL conf: a named URL must be a page checked here
(``pages``) or be listed in ``NOT_PAGES`` with what it is, or
``test_every_named_url_is_checked_or_listed`` fails. Two events give every page
content: the demo event played to its laurels (semi-final and final played), and a
"live" event in the middle of heat 1 (a tie for first at table 1, a player's report
held at table 2, table 3 open, late arrivals waiting, the clock running, a
keep-apart pair, an assistant) with heat 2's check-in under way.
"""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.base import AXE_SCRIPT
from django.contrib.auth import get_user_model
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

from heats.models import Event, KeepApart, Round, RoundKind, Table
from heats.services.checkin import check_in, create_heat
from heats.services.seating import seat_round
from scoring.models import ReportLink
from scoring.queries.result_check import SeatScores
from scoring.queries.rounds import semi_round
from scoring.services import reports, results
from scoring.services.demo import load_demo
from scoring.services.events import new_event
from scoring.services.final_seating import seat_final
from scoring.services.semi_final import seat_semi
from tests.e2e.conftest import CHROMIUM, close_orm_connection

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is missing"),
]

SIZES = {
    "desk": {"width": 1366, "height": 768},
    "phone": {"width": 390, "height": 844},
}
RULES = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
OPTIONS = {
    "runOnly": {"type": "tag", "values": RULES},
    "rules": {"label-content-name-mismatch": {"enabled": True}},
    "resultTypes": ["violations"],
}
# Two frames drawn: the layout of a new size is done.
FRAMES = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
PASSWORD = "gm-password-1"  # noqa: S105 - a test login

# Named URLs that are no page to check, with what they are instead.
NOT_PAGES = {
    "heats:clock-json": "JSON feed",
    "heats:player-search": "JSON for the check-in type-ahead",
    "scoring:standings-json": "JSON feed",
    "scoring:seating-json": "JSON feed",
    "scoring:version-json": "JSON feed",
    "scoring:kiosk-panel": "the kiosk's changing part, checked inside the kiosk",
    "scoring:print-event": "PDF",
    "scoring:print-round": "PDF",
    "set-language": "POST only",
    "logout": "POST only",
    "password_change": "Django admin's page (its templates), linked from nowhere",
    "password_change_done": "Django admin's page (its templates)",
    "password_reset": "404 without e-mail (the 404 page is checked)",
    "password_reset_done": "404 without e-mail",
    "password_reset_confirm": "404 without e-mail",
    "password_reset_complete": "404 without e-mail",
    **{
        f"heats:{name}": "POST only"
        for name in (
            "round-create round-checkin round-paste round-undo round-seat "
            "round-undo-seating round-short-table round-swap round-start-clock "
            "round-late-table round-late-seat round-delete event-archive "
            "event-restore staff-add staff-remove staff-login keep-apart-add "
            "keep-apart-delete"
        ).split()
    },
    **{
        f"scoring:{name}": "POST only"
        for name in (
            "event-delete table-acknowledge table-results-check table-report-check "
            "report-auto-confirm semi-mark semi-presence semi-auto-publish "
            "semi-seat semi-override semi-publish semi-replace semi-remove "
            "semi-short-table final-seat "
            "final-absent final-fill player-rename player-merge"
        ).split()
    },
}


def named_urls() -> set[str]:
    """Every named URL of the project but Django's admin (its own pages)."""
    found: set[str] = set()

    def walk(patterns, namespace):
        for p in patterns:
            if isinstance(p, URLResolver) and p.namespace != "admin":
                walk(p.url_patterns, p.namespace or namespace)
            elif isinstance(p, URLPattern) and p.name:
                found.add(f"{namespace}:{p.name}" if namespace else p.name)

    walk(get_resolver().url_patterns, None)
    return found


def pages(world: dict) -> dict[str, list[tuple[str, str]]]:
    """URL name → the ``(audience, path)`` checked for it: "public" pages are read
    without a login, "gm" pages by the GM of both events."""
    live, demo = {"event": "live"}, {"event": "demo"}
    h1, t1 = {**live, "round": "1"}, {**live, "round": "1", "table": 1}
    t2, t3 = {**t1, "table": 2}, {**t1, "table": 3}
    public = {
        "scoring:event-list": [{}],
        "scoring:standings": [demo, live],
        "heats:round-seating": [h1],
        "scoring:table-detail": [{**demo, "round": "1", "table": 1}],
        "scoring:heat-results": [{**demo, "heat": 1}],
        # The form, and the page a link whose table is saved gets instead.
        "scoring:table-report": [
            {**t3, "token": world["token"]},
            {**t1, "token": world["saved"]},
        ],
        "scoring:kiosk": [live, demo],
        "scoring:find": [live],
        "heats:clock": [live],
        "heats:timer": [{}],
        "login": [{}],
    }
    gm = {
        "heats:event-gm": [live],
        "heats:round-detail": [h1, {**live, "round": "2"}],
        "heats:audit": [demo],
        "heats:event-staff": [live],
        "heats:keep-apart": [live],
        "scoring:event-settings": [live],
        "scoring:results-import": [demo],
        "scoring:table-results": [t3],
        "scoring:table-tie": [t1],
        "scoring:table-reports": [t2],
        "scoring:semi": [demo],
        "scoring:final": [demo],
        "scoring:laurels": [demo],
        "scoring:players": [demo],
        "scoring:event-create": [{}],
    }
    return {
        name: [(audience, reverse(name, kwargs=kw)) for kw in kwargs]
        for audience, listed in (("public", public), ("gm", gm))
        for name, kwargs in listed.items()
    }


def test_every_named_url_is_checked_or_listed():
    world = {"token": "t", "saved": "s"}
    checked = set(pages(world))
    assert checked.isdisjoint(NOT_PAGES)
    assert named_urls() == checked | set(NOT_PAGES)


def play(table: Table, finals: list[int]) -> None:
    """Save ``table``'s finals, seat by seat."""
    seats = table.seats.order_by("number")
    results.save_table_results(
        table,
        [
            SeatScores(s.number, None, None, f)
            for s, f in zip(seats, finals, strict=True)
        ],
    )


def demo_played(gm) -> None:
    """The demo event played to its end: the semi-final seated and played (no
    alternate wins, so five winners play the final), then the final."""
    load_demo("demo", with_gm=False)
    event = Event.objects.get(slug="demo")
    event.gms.add(gm)
    seat_semi(event, seed="axe")
    for table in semi_round(event).tables.order_by("number"):
        seats = list(table.seats.select_related("player").order_by("number"))
        top = next(s.number for s in seats if s.player.name != "Drew Penrose")
        rest = iter([100, 80, 60, 40, 20])
        play(table, [120 if s.number == top else next(rest) for s in seats])
    seat_final(event, seed="axe")
    final = Round.objects.get(event=event, kind=RoundKind.FINAL)
    (table,) = final.tables.all()
    play(table, [150, 130, 110, 90, 70][: table.seats.count()])


def live_event(gm) -> dict[str, str]:
    """The "live" event mid-way through heat 1 (see the module's docstring);
    returns the report tokens of table 3 ("token") and of table 1 ("saved")."""
    event = new_event("live", "Medici, live heat", "wbc")
    event.gms.add(gm)
    assistant = get_user_model().objects.create_user("helper", password=PASSWORD)
    event.assistants.add(assistant)
    heat = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(heat, [(f"Player {i:02d}", "") for i in range(1, 16)])
    seat_round(heat, seed=1)
    check_in(heat, [(f"Late {i:02d}", "") for i in range(1, 4)])
    table1, table2, table3 = heat.tables.order_by("number")
    play(table1, [80, 80, 60, 50, 40])  # a tie for first
    seats2 = list(table2.seats.order_by("number"))
    token2 = ReportLink.objects.get(table=table2).token
    scores = [SeatScores(s.number, None, None, 10 * s.number) for s in seats2]
    reports.submit_report(table2, token2, 2, scores, None, "10.0.0.2")
    KeepApart.objects.create(
        event=event, player_a=seats2[0].player, player_b=seats2[1].player
    )
    heat.start_time = timezone.now()
    heat.save()
    heat2 = create_heat(event)
    check_in(heat2, [(f"Second {i:02d}", "") for i in range(1, 9)])
    return {
        "token": ReportLink.objects.get(table=table3).token,
        "saved": ReportLink.objects.get(table=table1).token,
    }


@pytest.fixture
def world(transactional_db, settings) -> dict:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    gm = get_user_model().objects.create_user("gm", password=PASSWORD)
    demo_played(gm)
    return live_event(gm)


def violations(page, where: str, problems: list[str], options: dict) -> list[str]:
    """axe's violations on ``page`` (axe injected), one readable block per rule
    and node. The inline styles axe itself applies while it measures are refused
    by the pages' CSP: what the browser reports meanwhile is axe's."""
    before = len(problems)
    found = page.evaluate("options => axe.run(document, options)", options)
    del problems[before:]
    return [
        f"{where}: {v['id']} ({v['impact']}): {v['help']}\n"
        + "\n".join(
            f"    {', '.join(map(str, n['target']))}: {n['html'][:120]}\n"
            f"      {n.get('failureSummary', '').replace(chr(10), ' ')}"
            for n in v["nodes"]
        )
        for v in found["violations"]
    ]


def at_both_sizes(page, path: str, problems: list[str]) -> list[str]:
    """Violations on the page at ``path`` at each size of ``SIZES``: loaded at
    the size the page is at, checked, resized (CSS and the pages' resize
    handlers lay it out anew; a new load would cost a second), checked again."""
    page.goto(path)
    page.evaluate(AXE_SCRIPT)
    now = page.viewport_size
    assert now in SIZES.values(), now
    sizes = sorted(SIZES.items(), key=lambda size: size[1] != now)
    found: list[str] = []
    for number, (size, viewport) in enumerate(sizes):
        if number:
            page.set_viewport_size(viewport)
            page.evaluate(FRAMES)
        # The style sheets (axe's CSSOM, for css-orientation-lock) are the
        # same at any size: read once per page.
        options = {**OPTIONS, "preload": not number}
        found += violations(page, f"{size} {path}", problems, options)
    return found


def logged_in(browser, base: str):
    """A page of its own where the GM logged in."""
    page = browser.new_page(viewport=SIZES["desk"])
    page.set_default_timeout(15_000)
    page.goto(f"{base}/accounts/login/?next=/events/new/")
    page.fill("#id_username", "gm")
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_url(re.compile(r"/events/new/$"))
    return page


def test_axe_finds_no_violation_on_any_page(live_server, browser, world):
    checked = [path for listed in pages(world).values() for path in listed]
    close_orm_connection()
    public = browser.new_page(viewport=SIZES["desk"])
    readers = {"public": public, "gm": logged_in(browser, live_server.url)}
    found: list[str] = []
    for audience, path in [*checked, ("public", "/no-such-page/")]:
        page = readers[audience]
        found += at_both_sizes(page, live_server.url + path, browser.problems)
    assert not found, "\n".join(found)
