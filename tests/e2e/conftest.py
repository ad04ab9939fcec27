"""Browser-test fixtures: Debian's Chromium (Playwright) against pytest-django's
live server; every page fails its test on a Content-Security-Policy violation."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.db import connections

from heats.models import Event, Player

# Playwright's sync API runs an event loop in this thread; the ORM calls made
# by the test itself are still synchronous.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


class CheckedBrowser:
    """Chromium whose pages record every Content-Security-Policy violation and
    script error they report: the pages' own JavaScript must run under the CSP."""

    def __init__(self, chromium) -> None:
        self.chromium = chromium
        self.problems: list[str] = []
        self.pages: list = []

    def new_page(self, **kwargs):
        """A page in a browser context of its own (Playwright's ``new_page``):
        no cookie, storage or cache is shared with any other page."""
        page = self.chromium.new_page(**kwargs)
        self.pages.append(page)
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.problems.append(f"error: {error}"))
        return page

    def close(self) -> None:
        """Close every page this test opened, with its context."""
        for page in self.pages:
            page.context.close()

    def _console(self, message) -> None:
        if "Content Security Policy" in message.text:
            self.problems.append(f"CSP: {message.text}")


@pytest.fixture(scope="package")
def chromium():
    """One Chromium for the browser tests of this package: starting Playwright and
    Chromium costs each test about as much CPU as a short walk. Tests stay apart
    because every page opens in a fresh context (``CheckedBrowser.new_page``)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS
        )
        yield launched
        launched.close()


@pytest.fixture
def browser(chromium):
    """The shared Chromium, checked for this test: its pages are closed and any
    CSP violation or script error they reported fails the test."""
    checked = CheckedBrowser(chromium)
    yield checked
    checked.close()
    if checked.problems:
        pytest.fail("\n".join(checked.problems))


@pytest.fixture
def gm_event(transactional_db, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    event = Event.objects.create(slug="wbc", name="Medici, WBC e2e", seed="e2e")
    user = get_user_model().objects.create_user("gm", password="gm-password-1")
    event.gms.add(user)
    Player.objects.create(event=event, name="Zelda Quartermain", badge="4242")
    return event


def close_orm_connection() -> None:
    """The test's own ORM calls run in Playwright's context, on a connection of
    their own: close it here, in that context, or PostgreSQL cannot drop the
    test database afterwards."""
    connections.close_all()


def gm_logs_in(browser, base: str, path: str, *, height: int = 900, timeout=10_000):
    """A new desktop page (1280 wide) where the GM ("gm") logged in and landed on
    ``path``; ``base`` is the live server's URL."""
    page = browser.new_page(viewport={"width": 1280, "height": height})
    page.set_default_timeout(timeout)
    page.goto(f"{base}/accounts/login/?next={path}")
    page.fill("#id_username", "gm")
    page.fill("#id_password", "gm-password-1")
    page.click("main button[type=submit]")
    page.wait_for_url(re.compile(re.escape(path) + "$"))
    return page


def gm_opens_a_new_heat(browser, live_server):
    """Log in as the GM, press "New heat"; returns the page on Heat 1."""
    page = gm_logs_in(browser, live_server.url, "/e/wbc/gm/")
    page.click("#new-heat")
    page.wait_for_url(re.compile(r"/e/wbc/gm/round/1/$"))
    return page
