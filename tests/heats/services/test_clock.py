"""The heat clock (tournament.md, Heats; seed 001, "Time"): marks at 20, 35, 53
and 55 minutes from the start, "seat now" two minutes after it, the slow-player
timer's 4:00 and 2:00."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from heats.core import clock
from heats.models import AuditEntry, ResultStatus
from heats.queries.clock import clock_json
from heats.services.round_start import start_clock
from heats.services.seating import seat_round

WBC = clock.Marks()


@pytest.mark.parametrize(
    ("minutes", "phase"),
    [
        (0, "play"),
        (19.99, "play"),
        (20, "first-mark"),
        (34, "first-mark"),
        (35, "second-mark"),
        (36, "second-mark"),
        (53, "called"),
        (54.9, "called"),
        (55, "over"),
        (90, "over"),
    ],
)
def test_the_phase_is_the_last_mark_passed(minutes, phase):
    assert clock.clock_state(minutes * 60, WBC).phase == phase


def test_elapsed_and_remaining_count_to_the_end_of_the_heat():
    state = clock.clock_state(36 * 60 + 5, WBC)
    assert (state.elapsed, state.remaining) == (2165, 55 * 60 - 2165)
    assert state.message == "35 minutes: pick up the pace"
    assert clock.clock_state(60 * 60, WBC).remaining == 0


def test_the_marks_come_from_the_event_settings():
    marks = clock.Marks(first=15, second=30, call=48, end=50)
    assert [m.at for m in clock.marks_of(marks)] == [0, 900, 1800, 2880, 3000]
    assert clock.clock_state(31 * 60, marks).phase == "second-mark"
    assert clock.marks_of(marks)[3].message == "48 minutes: bidding stops, score"


def test_without_a_start_or_before_it_the_clock_waits():
    assert clock.clock_state(None, WBC).phase == "waiting"
    assert clock.clock_state(-30, WBC) == clock.ClockState(
        "waiting", "Waiting for the start", 0, 0
    )


def test_a_round_seated_without_a_start_started_two_minutes_before_its_seating():
    seated = timezone.now()
    assert clock.clock_start(None, seated, 2) == seated - timedelta(minutes=2)
    start = seated - timedelta(minutes=5)
    assert clock.clock_start(start, seated, 2) == start
    assert clock.clock_start(None, None, 2) is None


def test_seating_is_due_once_the_seat_after_minutes_have_passed():
    assert not clock.seat_due(None, WBC)
    assert not clock.seat_due(119, WBC)
    assert clock.seat_due(120, WBC)


def test_the_timer_is_two_minutes_once_the_35_minute_mark_has_passed():
    assert clock.timer_seconds(None, WBC) == 240
    assert clock.timer_seconds(34 * 60 + 59, WBC) == 240
    assert clock.timer_seconds(35 * 60, WBC) == 120


# --- with the database ------------------------------------------------------------


@pytest.mark.django_db
def test_the_feed_says_35_minutes_when_the_round_started_36_minutes_ago(heat):
    now = timezone.now()
    heat.start_time = now - timedelta(minutes=36)
    heat.save()
    feed = clock_json(heat.event, heat, now)
    assert feed["phase"] == "second-mark"
    assert feed["elapsed"] == 36 * 60
    assert feed["remaining"] == 19 * 60
    assert feed["now"] - feed["start"] == 36 * 60 * 1000
    assert feed["seat_due"] is True  # started, not seated, past two minutes


@pytest.mark.django_db
def test_a_seated_round_without_a_start_runs_from_its_seating_less_two_minutes(
    heat_23,
):
    seat_round(heat_23, seed=1)
    heat_23.refresh_from_db()
    feed = clock_json(heat_23.event, heat_23, heat_23.seated_at)
    assert feed["elapsed"] == 120 and feed["phase"] == "play"
    assert feed["seat_due"] is False  # seated already


@pytest.mark.django_db
def test_starting_the_clock_is_recorded_with_who_and_when(heat, gm):
    at = timezone.now() - timedelta(minutes=1)
    start_clock(heat, at, gm)
    heat.refresh_from_db()
    assert heat.start_time == at
    entry = AuditEntry.objects.get(action="clock")
    assert entry.user == gm and "Heat 1 clock started at" in entry.detail


@pytest.mark.django_db
def test_the_gm_starts_the_clock_at_the_designated_time(gm_client, heat, clock_at):
    """At 13:55 in the event's time zone, "14:00" is today's 14:00."""
    heat.event.time_zone = "America/New_York"
    heat.event.save()
    now = clock_at("America/New_York", "13:55")
    response = gm_client.post("/e/wbc/gm/round/1/clock/", {"at": "14:00"})
    assert response.status_code == 302
    heat.refresh_from_db()
    assert heat.start_time == now + timedelta(minutes=5)


@pytest.mark.django_db
def test_a_bad_start_time_is_refused_with_the_field_named(gm_client, heat):
    response = gm_client.post("/e/wbc/gm/round/1/clock/", {"at": "25:99"}, follow=True)
    assert (
        "Designated start (empty: now): Enter a valid time."
        in response.content.decode()
    )
    heat.refresh_from_db()
    assert heat.start_time is None


@pytest.mark.django_db
def test_an_assistant_may_not_start_the_clock(assistant_client, heat):
    assert assistant_client.post("/e/wbc/gm/round/1/clock/", {}).status_code == 403
    heat.refresh_from_db()
    assert heat.start_time is None


@pytest.mark.django_db
@pytest.mark.parametrize(("minutes", "shown"), [(1, False), (3, True)])
def test_the_round_page_says_seat_now_once_two_minutes_have_passed(
    gm_client, heat_23, minutes, shown
):
    heat_23.start_time = timezone.now() - timedelta(minutes=minutes)
    heat_23.save()
    html = gm_client.get("/e/wbc/gm/round/1/").content.decode()
    hint = html.split('id="seat-now-hint"')[1].split(">")[0]
    assert ("hidden" not in hint) is shown
    assert "data-seat-hint" in hint


@pytest.mark.django_db
def test_the_feed_counts_the_tables_in_and_says_the_round_is_over_once_all_are(
    heat_23,
):
    """Issue 18, 4: "12 of 16 tables in" while played; once the last result is
    in, the clock says "Heat 1 is over — results in" instead of counting on."""
    seat_round(heat_23, seed=1)
    heat_23.refresh_from_db()
    at = heat_23.seated_at + timedelta(minutes=10)
    feed = clock_json(heat_23.event, heat_23, at)
    assert (feed["tables"], feed["tables_in"]) == (4, 0)
    assert feed["phase"] == "play"
    tables = list(heat_23.tables.order_by("number"))
    for table in tables[:3]:
        table.result_status = ResultStatus.IN
        table.save(update_fields=["result_status"])
    feed = clock_json(heat_23.event, heat_23, at)
    assert (feed["tables"], feed["tables_in"], feed["phase"]) == (4, 3, "play")
    tables[3].result_status = ResultStatus.IN
    tables[3].save(update_fields=["result_status"])
    feed = clock_json(heat_23.event, heat_23, at)
    assert (feed["tables_in"], feed["phase"]) == (4, "done")
    assert feed["message"] == "Heat 1 is over — results in"
    assert feed["progress"] == "4 of 4 tables in"


@pytest.mark.django_db
def test_the_feed_says_how_many_tables_are_in_as_the_clock_shows_it(heat_23):
    """The words the clock shows come from the feed, in the request's language
    (static/js/clock.js writes no words of its own)."""
    assert clock_json(heat_23.event, heat_23)["progress"] == ""
    seat_round(heat_23, seed=1)
    heat_23.refresh_from_db()
    table = heat_23.tables.order_by("number").first()
    table.result_status = ResultStatus.IN
    table.save(update_fields=["result_status"])
    feed = clock_json(heat_23.event, heat_23, heat_23.seated_at)
    assert feed["progress"] == "1 of 4 tables in"


@pytest.mark.parametrize("marks", [WBC, clock.Marks(15, 30, 48, 50, 3)])
def test_the_feeds_words_are_the_cores_in_english(marks):
    """The feed's lines (translated at the edge, ``mark_message``) say in English
    what the pure core says for every mark."""
    from heats.queries.clock import mark_message

    for mark in [clock.WAITING, *clock.marks_of(marks)]:
        assert mark_message(mark.phase, marks) == mark.message


@pytest.mark.django_db
def test_a_round_not_seated_has_no_tables_in_the_feed(heat_23):
    feed = clock_json(heat_23.event, heat_23)
    assert (feed["tables"], feed["tables_in"], feed["phase"]) == (0, 0, "waiting")
