"""Which instant a start typed as hh:mm means (tournament.md, Time): the most
recent instant showing that wall time in the event's zone, counting up to an
hour ahead; a time that does not exist on a daylight-saving night is refused,
one that comes twice takes the later instant in range.

Daylight saving, worked out from the rules (EU: last Sunday of March at 01:00
UTC forward, last Sunday of October at 01:00 UTC back; US: second Sunday of March
at 02:00 local forward, first Sunday of November at 02:00 local back):
Europe/Berlin has no 02:30 on 28 March 2027 and two on 31 October 2027
(00:30 and 01:30 UTC); America/New_York has no 02:30 on 14 March 2027 and two
01:30s on 7 November 2027 (05:30 and 06:30 UTC)."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest

from heats.core import clock

BERLIN = ZoneInfo("Europe/Berlin")
NEW_YORK = ZoneInfo("America/New_York")


def at(text: str, zone: ZoneInfo) -> datetime:
    """A wall time in ``zone`` (never a gap or fold in these tests)."""
    return datetime.fromisoformat(text).replace(tzinfo=zone)


def utc(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


@pytest.mark.parametrize("zone", [BERLIN, NEW_YORK])
def test_just_after_midnight_23_55_is_yesterdays(zone):
    start = clock.typed_start(time(23, 55), at("2027-06-12T00:17", zone), zone)
    assert start == at("2027-06-11T23:55", zone)


def test_a_start_typed_five_minutes_ahead_is_todays():
    now = at("2027-06-12T13:55", BERLIN)
    assert clock.typed_start(time(14, 0), now, BERLIN) == at("2027-06-12T14:00", BERLIN)


def test_a_start_typed_after_it_is_today():
    now = at("2027-06-12T14:40", BERLIN)
    assert clock.typed_start(time(14, 0), now, BERLIN) == at("2027-06-12T14:00", BERLIN)


def test_up_to_an_hour_ahead_is_today_and_further_is_yesterday():
    now = at("2027-06-12T13:00", BERLIN)
    assert clock.typed_start(time(14, 0), now, BERLIN) == at("2027-06-12T14:00", BERLIN)
    assert clock.typed_start(time(14, 1), now, BERLIN) == at("2027-06-11T14:01", BERLIN)


def test_the_time_is_read_in_the_zone_given():
    start = clock.typed_start(time(9, 0), utc("2027-06-12T08:00"), NEW_YORK)
    assert start == utc("2027-06-11T13:00")  # 09:00 EDT yesterday; today's is 3 h off
    assert start.tzinfo is UTC


@pytest.mark.parametrize(
    ("zone", "now"),
    [
        (BERLIN, "2027-03-28T01:45+01:00"),  # just before the jump
        (BERLIN, "2027-03-28T03:10+02:00"),
        (BERLIN, "2027-03-28T12:00+02:00"),
        (NEW_YORK, "2027-03-14T09:00-04:00"),
    ],
)
def test_a_time_the_clocks_jumped_over_is_refused(zone, now):
    with pytest.raises(clock.WallTimeError) as refused:
        clock.typed_start(time(2, 30), datetime.fromisoformat(now), zone)
    day = "28 March 2027" if zone is BERLIN else "14 March 2027"
    assert str(refused.value) == (
        f"02:30 does not exist on Sunday {day} in {zone.key}: the clocks went "
        "forward that night. Type the time the room's clocks showed."
    )


def test_before_the_jump_the_missing_time_is_the_day_befores():
    now = datetime.fromisoformat("2027-03-28T00:10+01:00")
    start = clock.typed_start(time(2, 30), now, BERLIN)
    assert start == utc("2027-03-27T01:30")  # 02:30 CET on Saturday


def test_a_time_that_came_twice_is_the_later_one():
    now = utc("2027-10-31T03:00")  # 04:00 CET, both 02:30s are past
    start = clock.typed_start(time(2, 30), now, BERLIN)
    assert start == utc("2027-10-31T01:30")  # 02:30 CET, the second one


def test_new_yorks_repeated_half_past_one_is_the_later_one():
    now = utc("2027-11-07T08:00")  # 03:00 EST
    start = clock.typed_start(time(1, 30), now, NEW_YORK)
    assert start == utc("2027-11-07T06:30")  # 01:30 EST, not 01:30 EDT (05:30 UTC)


def test_in_the_first_pass_of_a_fold_the_second_is_not_yet_in_range():
    now = utc("2027-10-31T00:10")  # 02:10 CEST; 02:30 CET is 80 minutes ahead
    start = clock.typed_start(time(2, 30), now, BERLIN)
    assert start == utc("2027-10-31T00:30")  # 02:30 CEST, 20 minutes ahead


@pytest.mark.parametrize(
    ("day", "wall", "zone", "expected"),
    [
        ("2027-06-12", time(2, 30), BERLIN, ["2027-06-12T00:30"]),
        ("2027-03-28", time(2, 30), BERLIN, []),
        ("2027-10-31", time(2, 30), BERLIN, ["2027-10-31T00:30", "2027-10-31T01:30"]),
        ("2027-03-14", time(2, 30), NEW_YORK, []),
        ("2027-11-07", time(1, 30), NEW_YORK, ["2027-11-07T05:30", "2027-11-07T06:30"]),
    ],
)
def test_a_wall_time_has_one_instant_none_in_a_gap_two_in_a_fold(
    day, wall, zone, expected
):
    found = clock.wall_instants(datetime.fromisoformat(day).date(), wall, zone)
    assert found == [utc(moment) for moment in expected]


@pytest.mark.parametrize(
    ("minutes", "warned"), [(-30, False), (0, False), (10, False), (11, True)]
)
def test_a_start_more_than_ten_minutes_ahead_is_far_ahead(minutes, warned):
    now = utc("2027-06-12T12:00")
    assert clock.far_ahead(now + timedelta(minutes=minutes), now) is warned


def test_no_start_is_not_far_ahead():
    assert clock.far_ahead(None, utc("2027-06-12T12:00")) is False


def test_the_zone_names_are_the_iana_names_without_aliases_of_the_machine():
    names = clock.zone_names()
    assert {"Europe/Berlin", "America/New_York", "UTC"} <= set(names)
    assert "localtime" not in names and "Factory" not in names
    assert list(names) == sorted(names)
    assert clock.is_zone("Asia/Tokyo") and not clock.is_zone("Mars/Olympus_Mons")
