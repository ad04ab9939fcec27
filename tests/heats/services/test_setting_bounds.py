"""Settings a page may send that the database could not store, or that make no
sense, are refused naming the field (found by a break-it pass: a timer of
99,999,999,999 seconds was saved on SQLite and would be a 500 on PostgreSQL,
whose small integers stop at 32,767)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from heats.services.events import settings_problems

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("values", "problem"),
    [
        ({"timer_seconds": 5000}, "Timer seconds: 1 to 3600 seconds."),
        ({"timer_seconds": 0}, "Timer seconds: 1 to 3600 seconds."),
        ({"late_timer_seconds": 4000}, "Late timer seconds: 1 to 3600 seconds."),
        (
            {"seat_after_minutes": 56},
            "Seat after minutes: at most the heat's length (55 minutes).",
        ),
    ],
)
def test_out_of_range_settings_are_refused_naming_the_field(values, problem):
    assert settings_problems(values) == [problem]


@pytest.mark.parametrize("name", ["timer_seconds", "seat_after_minutes"])
def test_values_beyond_what_the_database_stores_are_refused_naming_the_field(name):
    """PostgreSQL's small integers stop at 32,767 (its own validator says so
    there; on SQLite the ranges above do)."""
    label = name.replace("_", " ").capitalize()
    (problem,) = settings_problems({name: 99_999_999_999})
    assert problem.startswith(f"{label}: ")


def test_the_wbc_defaults_and_an_hour_timer_are_accepted():
    assert settings_problems({}) == []
    assert settings_problems({"timer_seconds": 3600, "seat_after_minutes": 55}) == []


def test_the_settings_page_refuses_a_huge_timer_and_keeps_the_old_one(
    client, event, gm
):
    client.force_login(gm)
    url = reverse("scoring:event-settings", kwargs={"event": event.slug})
    page = client.get(url).content.decode()
    version = page.split('name="version" value="', 1)[1].split('"', 1)[0]
    data = {
        "name": event.name,
        "rules": "wbc",
        "format": "hmw",
        "heat_minutes": 55,
        "first_mark_minutes": 20,
        "second_mark_minutes": 35,
        "call_minutes": 53,
        "seat_after_minutes": 2,
        "min_late_table": 5,
        "seating_policy": "six-over-four",
        "timer_seconds": 99_999_999_999,
        "late_timer_seconds": 120,
        "slow_bid_seconds": "7–9",
        "slow_draw_seconds": "15–20",
        "semi_layouts": "",
        "time_zone": event.time_zone,
        "version": version,
    }
    response = client.post(url, data)
    assert response.status_code == 200
    html = response.content.decode()
    assert "1 to 3600 seconds" in html or "less than or equal to 32767" in html
    event.refresh_from_db()
    assert event.timer_seconds == 240
