"""The kiosk never goes back to an older panel (issue "The convention floor", 3):
an answer of the version feed or of the panel at an older version than the
kiosk shows (another server a moment behind, a stored rendering) is ignored,
and the kiosk asks again (static/js/live.js, kiosk.js). The feed and the panel
are answered by the browser's own routes, so each answer's version is known."""

from __future__ import annotations

import json
import re

import pytest

from heats.models import Event
from tests.e2e.conftest import CHROMIUM, close_orm_connection

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is missing"),
]

PANEL = (
    '<main id="kiosk-panel" class="kiosk-panel mode-results" data-version="{v}"'
    ' data-text-page="" hx-get="/e/demo/kiosk/panel/?v={v}"'
    ' hx-trigger="medici:stale, every 60s" hx-swap="outerHTML">'
    '<p id="panel-{name}">{name}</p></main>'
)


@pytest.fixture
def demo(transactional_db):
    from scoring.services.demo import load_demo

    load_demo("demo", with_gm=False)
    return Event.objects.get(slug="demo")


class Screen:
    """What the routes answer: the feed's version and the panel's."""

    def __init__(self, feed: str, panel: str, name: str) -> None:
        self.feed, self.panel, self.name = feed, panel, name
        self.panel_requests = 0

    def answer_feed(self, route) -> None:
        route.fulfill(
            status=200,
            content_type="application/json",
            body=json.dumps({"v": self.feed}),
        )

    def answer_panel(self, route) -> None:
        self.panel_requests += 1
        route.fulfill(
            status=200,
            content_type="text/html; charset=utf-8",
            headers={"X-Event-Version": self.panel},
            body=PANEL.format(v=self.panel, name=self.name),
        )


def test_the_kiosk_keeps_its_panel_when_answered_an_older_version(
    live_server, browser, demo
):
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/e/demo/kiosk/")
    shown = page.get_attribute("#kiosk-panel", "data-version")
    audit, admin = (int(part) for part in shown.split("."))
    # Numbers that order differently as text: 9 < 10 but "9" > "10".
    newest = f"{audit + 10}.{admin}"
    assert audit > 0  # the demo's loading is audited
    older = f"{audit - 1}.{admin}"
    screen = Screen(feed=f"{audit}.{admin}", panel=older, name="older")
    page.route(re.compile(r".*/version\.json$"), screen.answer_feed)
    page.route(re.compile(r".*/kiosk/panel/.*"), screen.answer_panel)

    # A feed a moment behind (older) asks for nothing.
    screen.feed = older
    page.wait_for_timeout(2500)
    assert screen.panel_requests == 0

    # A newer version: the panel is asked for, answered older, kept, asked again.
    screen.feed = newest
    page.wait_for_timeout(3000)
    assert screen.panel_requests >= 2
    assert page.locator("#panel-older").count() == 0
    assert page.get_attribute("#kiosk-panel", "data-version") == shown

    # The newest panel arrives and is shown.
    screen.panel, screen.name = newest, "newest"
    page.wait_for_selector("#panel-newest", timeout=5000)
    assert page.get_attribute("#kiosk-panel", "data-version") == newest
    page.close()
    close_orm_connection()


def test_the_phone_view_asks_with_the_version_it_shows(live_server, browser, demo):
    """After a change the phone view fetches its page with ``?v=`` naming the
    version the page shows (as the kiosk's panel does), so any stored rendering
    newer than that answers it, not only the one the feed named; and with the
    ``?lang=`` it was opened with, so the list comes in the page's language."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{live_server.url}/e/demo/find/?lang=de")
    shown = page.get_attribute("#find-page", "data-version")
    audit, admin = (int(part) for part in shown.split("."))
    feed = f"{audit + 5}.{admin}"
    asked: list[str] = []
    page.route(
        re.compile(r".*/version\.json$"),
        lambda route: route.fulfill(
            status=200, content_type="application/json", body=json.dumps({"v": feed})
        ),
    )
    page.on("request", lambda request: asked.append(request.url))
    page.wait_for_function(
        "() => performance.getEntriesByType('resource')"
        ".some(e => e.name.includes('/find/?v='))",
        timeout=10_000,
    )
    fetched = [url for url in asked if "/find/?v=" in url]
    assert fetched and all(url.endswith(f"?v={shown}&lang=de") for url in fetched)
    close_orm_connection()
