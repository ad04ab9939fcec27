"""Browser tests of the Content-Security-Policy (issue 7, item 1): Chromium enforces
it, and the pages' own JavaScript — confirm dialogs, the admin's widgets — still runs
under it (the ``browser`` fixture fails a test on any CSP violation it reports).
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model

from heats.models import AuditEntry
from tests.e2e.conftest import CHROMIUM, close_orm_connection, gm_opens_a_new_heat

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is missing"),
]

INJECT = """() => {
  const script = document.createElement("script");
  script.textContent = "window.injected = 1";
  document.body.appendChild(script);
  document.body.insertAdjacentHTML(
    "beforeend", '<img src="x:" onerror="window.injected = 2">'
  );
  return window.injected === undefined;
}"""


def test_the_browser_refuses_script_written_into_a_page(live_server, browser, gm_event):
    page = browser.new_page()
    page.goto(f"{live_server.url}/e/wbc/")
    assert page.evaluate(INJECT) is True
    # A broken image is "complete" in the same task that fires its error event.
    page.wait_for_function("() => document.querySelector('img[src=\"x:\"]').complete")
    assert page.evaluate("window.injected") is None
    refused = [p for p in browser.problems if p.startswith("CSP:")]
    assert refused, "Chromium reported no CSP violation"
    assert any("inline script" in p or "script-src" in p for p in refused)
    browser.problems.clear()  # the violations this test provoked on purpose
    page.close()
    close_orm_connection()


def test_seating_again_asks_first(live_server, browser, gm_event):
    page = gm_opens_a_new_heat(browser, live_server)
    page.click("text=Paste a list")
    page.fill("#id_text", "\n".join(f"Player {i:02d}" for i in range(1, 9)))
    page.click("#paste-form [type=submit]")
    page.wait_for_selector("#checked-in-count:text-is('8')")
    page.click("#seat-form [type=submit]")  # the first seating asks nothing
    page.wait_for_selector("#table-cards")
    questions = []

    def answer(accept: bool):
        def handler(dialog) -> None:
            questions.append(dialog.message)
            dialog.accept() if accept else dialog.dismiss()

        return handler

    first = page.inner_text("#round-header")  # "seated (seed …)"
    page.once("dialog", answer(False))
    page.click("#seat-form [type=submit]")
    page.once("dialog", answer(True))
    page.click("#seat-form [type=submit]")  # answered in place (htmx)
    page.wait_for_function(
        "(first) => document.querySelector('#round-header').innerText !== first",
        arg=first,
    )
    assert "Heat 1 seated" in page.inner_text("#page-messages")
    assert questions == ["Seat this round again? Every table is drawn anew."] * 2
    # Seated twice: once at first, once when the GM said yes (not when they said no).
    assert AuditEntry.objects.filter(action="seating").count() == 2
    page.close()
    close_orm_connection()


def test_the_admin_scripts_run_under_the_policy(live_server, browser, gm_event):
    get_user_model().objects.create_superuser("root", password="root-password-1")
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(10_000)
    page.goto(f"{live_server.url}/admin/login/?next=/admin/heats/event/add/")
    page.fill("#id_username", "root")
    page.fill("#id_password", "root-password-1")
    page.click("[type=submit]")
    page.wait_for_url(re.compile(r"/admin/heats/event/add/$"))
    # SelectFilter2.js builds the two-list widget; prepopulate.js fills the slug.
    page.wait_for_selector("#id_gms_from")
    page.type("#id_name", "Medici Spring Open")
    assert page.input_value("#id_slug") == "medici-spring-open"
    # The index, a change list with filters and actions (its scripts too).
    page.goto(f"{live_server.url}/admin/")
    page.goto(f"{live_server.url}/admin/heats/player/")
    page.check("#action-toggle")  # actions.js ticks every row
    assert page.is_checked("input.action-select")
    page.close()
    close_orm_connection()
