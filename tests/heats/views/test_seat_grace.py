""" "Seat now" inside the minutes after the start asks first (issue "The GM's
desk", item 4; tournament.md, Heats: the GM seats "exactly two minutes after
the designated start time"): the page asks "2 minutes are not up…: seat now
anyway?", and a press from a page that did not ask seats nothing and says so."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.messages import get_messages

from heats.core import clock
from heats.services.checkin import check_in
from tests.heats.conftest import names

pytestmark = pytest.mark.django_db

ROUND = "/e/wbc/gm/round/1/"
SEAT = "/e/wbc/gm/round/1/seat/"
QUESTION = "2 minutes are not up since the start (seat at 12:02): seat now anyway?"


def said(response) -> str:
    return "\n".join(str(m) for m in get_messages(response.wsgi_request))


@pytest.fixture
def started(event, heat, clock_at):
    """Heat 1 of a Berlin event, 8 players in, its clock started at 12:00."""
    event.time_zone = "Europe/Berlin"
    event.save()
    check_in(heat, names(8))
    now = clock_at("Europe/Berlin", "12:00")
    heat.start_time = now
    heat.save()
    return heat


def test_the_grace_is_the_minutes_after_the_start(clock_at):
    now = clock_at("UTC", "12:00")
    assert clock.before_seat_time(now - timedelta(seconds=60), now, 2)
    assert clock.before_seat_time(now + timedelta(minutes=5), now, 2)
    assert not clock.before_seat_time(now - timedelta(seconds=120), now, 2)
    assert not clock.before_seat_time(now + timedelta(minutes=11), now, 2)
    assert not clock.before_seat_time(None, now, 2)


def test_a_minute_after_the_start_the_page_asks_before_seating(
    gm_client, started, clock_at
):
    clock_at("Europe/Berlin", "12:01")
    page = gm_client.get(ROUND).content.decode()
    assert f'data-confirm="{QUESTION}"' in page
    assert 'name="early" value="1"' in page
    response = gm_client.post(SEAT, {"early": "1"})
    assert response.status_code == 302
    started.refresh_from_db()
    assert started.seated_at is not None


def test_a_press_from_a_page_that_did_not_ask_seats_nothing(
    gm_client, started, clock_at
):
    clock_at("Europe/Berlin", "12:01")
    response = gm_client.post(SEAT, {})
    assert response.status_code == 302 and response["Location"] == ROUND
    assert said(response) == (
        f"{QUESTION} Nothing was seated: press Seat now again to seat anyway."
    )
    started.refresh_from_db()
    assert started.seated_at is None
    assert not started.tables.exists()


def test_once_the_minutes_are_up_seat_now_asks_nothing(gm_client, started, clock_at):
    clock_at("Europe/Berlin", "12:02")
    page = gm_client.get(ROUND).content.decode()
    assert "not up since the start" not in page
    gm_client.post(SEAT, {})
    started.refresh_from_db()
    assert started.seated_at is not None
