"""Browser test: a plain user creates an event in the app, becomes its GM and gives
an assistant GM a login; the assistant reaches the GM dashboard, not the Staff
page (Playwright, Chromium)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from heats.models import Event
from tests.e2e.conftest import CHROMIUM, close_orm_connection

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is missing"),
]

PASSWORD = "Lorenzo-1469-florins"


def log_in(page, url: str, username: str, password: str) -> None:
    page.goto(f"{url}/accounts/login/?next=/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("main button[type=submit]")
    page.wait_for_url(f"{url}/")


def test_a_user_creates_an_event_and_its_assistant(live_server, browser, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    get_user_model().objects.create_user("rosa", password="rosa-password-1")
    url = live_server.url

    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(10_000)
    log_in(page, url, "rosa", "rosa-password-1")
    page.click("#new-event")
    page.fill("#id_name", "Medici, Origins 2027")
    page.fill("#id_slug", "origins27")
    page.select_option("#id_rules", "wbc")
    page.fill("#id_min_late_table", "4")
    page.click("#event-form [type=submit]")
    page.wait_for_url(f"{url}/e/origins27/gm/")
    assert "you are its GM" in page.inner_text("body")

    page.click("#staff-link")
    page.wait_for_url(f"{url}/e/origins27/gm/staff/")
    assert page.inner_text("#staff-gms").startswith("rosa")
    page.fill("#login-create-form #id_username", "teo")
    page.fill("#login-create-form #id_password1", PASSWORD)
    page.fill("#login-create-form #id_password2", PASSWORD)
    page.select_option("#login-create-form #id_role", "assistant")
    page.click("#login-create-form [type=submit]")
    page.wait_for_selector("#staff-assistants li:has-text('teo')")

    # The last GM's "Remove" is refused with the reason.
    page.click("#staff-gms button[type=submit]")
    page.wait_for_selector("text=rosa is the last GM of Medici, Origins 2027")

    helper = browser.new_page(viewport={"width": 390, "height": 844})
    helper.set_default_timeout(10_000)
    log_in(helper, url, "teo", PASSWORD)
    helper.goto(f"{url}/e/origins27/gm/")
    assert "an assistant GM" in helper.inner_text("body")
    assert helper.locator("#staff-link").count() == 0
    response = helper.goto(f"{url}/e/origins27/gm/staff/")
    assert response.status == 403
    assert "Only the GMs of Medici, Origins 2027 may add and remove" in (
        helper.inner_text("body")
    )

    event = Event.objects.get(slug="origins27")
    assert event.min_late_table == 4
    assert list(event.gms.values_list("username", flat=True)) == ["rosa"]
    assert list(event.assistants.values_list("username", flat=True)) == ["teo"]
    close_orm_connection()
