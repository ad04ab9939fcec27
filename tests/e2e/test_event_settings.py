"""Browser test: the GM opens the Settings page from the GM menu, changes the
heat length, the semi layouts and the time zone, then archives the test event:
it leaves the public list of events (Playwright, Chromium)."""

from __future__ import annotations

import pytest

from heats.models import AuditEntry, Event
from tests.e2e.conftest import CHROMIUM, close_orm_connection, gm_logs_in

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is missing"),
]


def test_a_gm_edits_a_setting_and_archives_the_event(live_server, browser, gm_event):
    url = live_server.url
    page = gm_logs_in(browser, url, "/e/wbc/gm/")

    page.click("#settings-link")
    page.wait_for_url(f"{url}/e/wbc/gm/settings/")
    page.fill("#id_heat_minutes", "60")
    page.fill("#id_semi_layouts", "20: 5 5 5\n25: 5 5 5 5 5")
    page.click("#settings-form [type=submit]")
    page.wait_for_selector("text=Line 1, 20 players: 5 + 5 + 5 seats 15 players")
    page.fill("#id_semi_layouts", "20: 5 5 5 5\n25: 5 5 5 5 5")
    page.select_option("#id_time_zone", "Europe/Berlin")
    page.click("#settings-form [type=submit]")
    page.wait_for_selector("text=Heat minutes: 55 → 60")
    assert page.inner_text("#event-zone") == "Times in Europe/Berlin"

    page.click("#archive-event")
    page.wait_for_selector("#archived-note")
    page.goto(f"{url}/")
    assert "Medici, WBC e2e" in page.inner_text("#archived-events")
    public = browser.new_page()
    public.goto(f"{url}/")
    assert "Medici, WBC e2e" not in public.inner_text("body")

    event = Event.objects.get(slug="wbc")
    assert (event.heat_minutes, event.time_zone, event.archived) == (
        60,
        "Europe/Berlin",
        True,
    )
    assert event.semi_layouts == {"20": [5, 5, 5, 5], "25": [5, 5, 5, 5, 5]}
    assert AuditEntry.objects.filter(event=event, action="settings").count() == 3
    close_orm_connection()
