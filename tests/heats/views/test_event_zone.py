"""Each event's time zone (issue 17, item 11; tournament.md, Time): shown on the
GM pages; every time typed or shown on the event's pages is in it; a start typed
as hh:mm is its most recent instant, a time the clocks jumped over is refused,
and a start far ahead warns before seating."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.conf import settings
from django.contrib.messages import get_messages
from django.utils import timezone

from heats.models import AuditEntry
from heats.services.checkin import check_in
from tests.heats.conftest import names

pytestmark = pytest.mark.django_db

CLOCK = "/e/wbc/gm/round/1/clock/"


def said(response) -> str:
    return "\n".join(str(m) for m in get_messages(response.wsgi_request))


@pytest.fixture
def berlin(event):
    event.time_zone = "Europe/Berlin"
    event.save()
    return event


def test_a_new_event_takes_the_servers_time_zone(event):
    assert event.time_zone == settings.TIME_ZONE


def test_the_gm_pages_show_the_events_time_zone(gm_client, berlin, heat):
    for url in ("/e/wbc/gm/", "/e/wbc/gm/round/1/", "/e/wbc/gm/audit/"):
        assert "Times in Europe/Berlin" in gm_client.get(url).content.decode(), url


def test_a_start_typed_just_after_midnight_is_yesterdays(
    gm_client, berlin, heat, clock_at
):
    now = clock_at("Europe/Berlin", "00:17")
    response = gm_client.post(CLOCK, {"at": "23:55"})
    heat.refresh_from_db()
    assert heat.start_time == now - timedelta(minutes=22)
    yesterday = (now - timedelta(days=1)).strftime("%a %d %b")
    assert said(response) == f"Heat 1 clock started at 23:55 {yesterday}."


def test_the_start_is_typed_in_the_events_zone_not_the_servers(
    gm_client, heat, event, clock_at
):
    event.time_zone = "Asia/Tokyo"
    event.save()
    now = clock_at("Asia/Tokyo", "14:30")
    gm_client.post(CLOCK, {"at": "14:00"})
    heat.refresh_from_db()
    assert heat.start_time == now - timedelta(minutes=30)
    entry = AuditEntry.objects.get(action="clock")
    assert entry.detail == "Heat 1 clock started at 14:00:00"


def test_a_time_the_clocks_jumped_over_is_refused(
    client, gm, berlin, heat, monkeypatch
):
    now = datetime(2027, 3, 28, 10, 0, tzinfo=UTC)  # 12:00 CEST, the day of the jump
    monkeypatch.setattr(timezone, "now", lambda: now)
    client.force_login(gm)  # a session valid at that date
    response = client.post(CLOCK, {"at": "02:30"})
    assert said(response) == (
        "The clock was not started.\n  Designated start (empty: now): 02:30 does "
        "not exist on Sunday 28 March 2027 in Europe/Berlin: the clocks went "
        "forward that night. Type the time the room's clocks showed."
    )
    heat.refresh_from_db()
    assert heat.start_time is None


def test_a_start_far_ahead_warns_on_the_round_page_and_before_seating(
    gm_client, berlin, heat, clock_at
):
    check_in(heat, names(8))
    now = clock_at("Europe/Berlin", "12:00")
    heat.start_time = now + timedelta(minutes=10)  # ten minutes: no warning
    heat.save()
    assert "clock starts at" not in gm_client.get("/e/wbc/gm/round/1/").content.decode()
    heat.start_time = None
    heat.save()
    gm_client.post(CLOCK, {"at": "12:25"})
    page = gm_client.get("/e/wbc/gm/round/1/").content.decode()
    day = now.strftime("%a %d %b")
    warning = (
        f"Heat 1&#x27;s clock starts at 12:25 ({day}), in 25 minutes: seat at "
        "12:27. If the heat has started, correct the start."
    )
    assert f'<div class="alert alert-warning" role="alert">{warning}</div>' in page
    assert f'data-confirm="{warning} Seat now anyway?"' in page


def test_times_shown_are_in_the_events_zone_and_the_next_request_is_not(
    gm_client, event
):
    event.time_zone = "Asia/Tokyo"
    event.save()
    entry = AuditEntry.objects.create(event=event, action="note", detail="a note")
    tokyo = entry.at.astimezone(ZoneInfo("Asia/Tokyo"))
    assert (
        f"{tokyo:%Y-%m-%d %H:%M:%S}"
        in gm_client.get("/e/wbc/gm/audit/").content.decode()
    )
    assert timezone.get_current_timezone_name() == settings.TIME_ZONE
