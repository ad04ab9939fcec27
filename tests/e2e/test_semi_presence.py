"""Browser test: the semi-final check-in in one save (issue 17, item 3).

The demo event (25 in the semi-final; Drew Penrose the one alternate, Marlo
Juniper next): the GM publishes the list, ticks "All present", unticks Greer
Eastwick, a winner who has not come, asks for the players not ticked to be
marked absent and saves once. Greer's seat goes to Marlo (23 winners present
keep the size at 25: tournament.md, Advancement, 1 and 3), and one "Publish
changes" box says so.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from heats.models import AuditEntry, Event
from scoring.models import PublishedList
from scoring.queries.rounds import semi_round
from tests.e2e.conftest import CHROMIUM, close_orm_connection, gm_logs_in

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is missing"),
]


@pytest.fixture
def demo(transactional_db, settings):
    from scoring.services.demo import load_demo

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    load_demo("demo", with_gm=False)
    event = Event.objects.get(slug="demo")
    user = get_user_model().objects.create_user("gm", password="gm-password-1")
    event.gms.add(user)
    return event


def test_tick_all_present_untick_one_save_once_and_publish_the_changes(
    live_server, browser, demo
):
    page = gm_logs_in(
        browser, live_server.url, "/e/demo/gm/semi/", height=1000, timeout=15_000
    )
    page.on("dialog", lambda dialog: dialog.accept())
    page.click("#publish-button")
    page.wait_for_selector("text=The published list is up to date")

    boxes = page.locator("#semi-list input.semi-present")
    count = boxes.count()
    assert (
        count
        == 25 + len(page.locator("#semi-list tr[data-kind='next alternate']").all()) + 6
    )
    # "All present" ticks every box; unticking one unticks "All present".
    page.check("#all-present")
    assert all(box.is_checked() for box in boxes.all())
    greer = page.locator("#semi-list tr:has-text('Greer Eastwick') input.semi-present")
    greer.uncheck()
    assert not page.is_checked("#all-present")
    # The six no-shows stay absent: untick them too.
    for row in page.locator("#semi-list tr:has(.badge:text-is('absent'))").all():
        row.locator("input.semi-present").uncheck()
    page.check("#absent-rest")
    page.click("#save-presence")
    page.wait_for_selector("text=Semi-final check-in saved")
    message = page.inner_text(".alert-success")
    assert "Called in: Marlo Juniper." in message
    assert "No longer on the list: Greer Eastwick." in message

    changes = page.inner_text("#list-changes")
    assert "Gains a seat: Marlo Juniper." in changes
    assert "Loses a seat: Greer Eastwick." in changes
    assert page.inner_text("#publish-button") == "Publish changes"
    page.click("#publish-button")
    page.wait_for_selector("text=The published list is up to date")

    semi = semi_round(demo)
    statuses = dict(semi.entries.values_list("player__name", "status"))
    assert statuses["Greer Eastwick"] == "absent"
    assert statuses["Marlo Juniper"] == "in"
    assert list(statuses.values()).count("absent") == 7
    assert AuditEntry.objects.filter(action="semi-presence").count() == 1
    assert PublishedList.objects.count() == 2
    close_orm_connection()


def test_the_gm_chooses_the_winners_present_on_the_semi_final_page(
    live_server, browser, demo
):
    """WBC 2017: "6 out of 30 were no-shows, leaving 24 to compete in five
    semifinal games". From the semi-final page, in the browser: the GM's
    override "the winners present" with a reason; the list holds the 24
    winners in 5+5+5+5+4, no alternate called, the reason shown."""
    page = gm_logs_in(
        browser, live_server.url, "/e/demo/gm/semi/", height=1000, timeout=15_000
    )
    assert page.text_content("#semi-size").strip() == "25"
    page.select_option("#id_size", "winners")
    page.fill("#id_reason", "as the 2017 GM ran it")
    page.click("input[name=override]")
    page.wait_for_selector("text=Override saved")
    assert page.text_content("#semi-size").strip() == "24"
    text = page.text_content("main")
    assert "seats (5+5+5+5+4)" in text
    assert (
        "semi-final of the winners present, set by the GM: 24 play in 5 tables "
        "(5+5+5+5+4), no alternate called; the GM's reason: as the 2017 GM ran it"
    ) in text
    assert "Drew Penrose" not in page.text_content("#semi-list")
    # Seated, a winner does not come (issue 31): no alternate to wait for, the
    # seat comes off the table.
    page.on("dialog", lambda dialog: dialog.accept())
    page.click("#submit-seat-semi-final")
    page.wait_for_selector("#no-show-form input[name=remove]")
    assert page.locator("#no-show-form select[name=alternate]").count() == 0
    label = page.locator("#no-show-form select[name=player] option").first
    no_show = label.inner_text().split(": ", 1)[1]
    assert label.inner_text().startswith("Table 1 seat 1: ")
    page.click("#no-show-form input[name=remove]")
    page.wait_for_selector("text=taken off semi-final table 1, seat 1")
    semi = semi_round(demo)
    assert semi.seats.count() == 23
    assert semi.entries.get(player__name=no_show).status == "absent"
    close_orm_connection()
