"""Browser test: a GM creates a heats-winners-only event on the New event page and
the kiosk says so (tournament.md, Event formats; Playwright, Chromium)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from heats.models import Event
from tests.e2e.conftest import CHROMIUM, close_orm_connection

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is missing"),
]


def test_a_gm_creates_a_winners_only_event_and_the_kiosk_shows_it(
    live_server, browser, settings
):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    get_user_model().objects.create_user("bea", password="bea-password-1")
    url = live_server.url

    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(10_000)
    page.goto(f"{url}/accounts/login/?next=/")
    page.fill("#id_username", "bea")
    page.fill("#id_password", "bea-password-1")
    page.click("main button[type=submit]")
    page.wait_for_url(f"{url}/")
    page.click("#new-event")
    page.fill("#id_name", "Medici, WBC 2024")
    page.fill("#id_slug", "wbc2024")
    page.select_option("#id_format", "hmo")
    page.fill("#id_heat_minutes", "120")
    page.fill("#id_first_mark_minutes", "40")
    page.fill("#id_second_mark_minutes", "80")
    page.fill("#id_call_minutes", "118")
    page.click("#event-form [type=submit]")
    page.wait_for_url(f"{url}/e/wbc2024/gm/")

    kiosk = browser.new_page(viewport={"width": 1920, "height": 1080})
    kiosk.set_default_timeout(10_000)
    kiosk.goto(f"{url}/e/wbc2024/kiosk/")
    assert kiosk.inner_text("#kiosk-format") == "Format: heats winners only"
    assert kiosk.locator("#kiosk-format").is_visible()

    event = Event.objects.get(slug="wbc2024")
    assert (event.format, event.heat_minutes, event.call_minutes) == ("hmo", 120, 118)
    close_orm_connection()
