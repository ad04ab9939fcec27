"""Level-1 checks of a time-called game (rules.md, A trading day, 9: "the current
day is scored, and the game ends"; tournament.md, Heats: scored as recorded).

Bounds from rules.md, Rule sets and Scoring a day, for a 4-player ``wbc`` table:
on day 1 a player earns at most 30 (1st ship) + 5 x 10 (every market's 1st award)
+ 0 (a level bonus needs a marker at level 6, six goods of one kind, and a ship
holds five) = 80, so nobody holds more than 30 + 80 = 110 after day 1.
"""

from __future__ import annotations

import pytest

from scoring.core.medici.limits import check_scores

OTHERS = [("Ben", None, None, 40), ("Cy", None, None, 35), ("Di", None, None, 30)]


def test_a_final_after_day_1_is_held_to_one_days_income():
    rows = [("Ann", None, None, 111), *OTHERS]
    (finding,) = check_scores("wbc", rows, time_called=1)
    assert (finding.day, finding.player, finding.rule) == (1, "Ann", "day-bound")
    assert "+81" in finding.message and "is 80" in finding.message
    # The same final after three days is possible.
    assert check_scores("wbc", rows) == []
    assert check_scores("wbc", [("Ann", None, None, 110), *OTHERS], 1) == []


def test_missing_later_days_of_a_time_called_game_are_not_findings():
    rows = [(name, 50, None, 70) for name in ("Ann", "Ben", "Cy", "Di")]
    assert check_scores("wbc", rows, time_called=2) == []
    rows = [(name, None, None, 60) for name in ("Ann", "Ben", "Cy", "Di")]
    assert check_scores("wbc", rows, time_called=1) == []


def test_the_final_of_a_time_called_game_is_the_money_after_that_day():
    rows = [("Ann", 50, 60, 70), ("Ben", 50, 60, 60), *OTHERS[1:]]
    (finding,) = check_scores("wbc", rows, time_called=2)
    assert (finding.day, finding.player, finding.rule) == (2, "Ann", "time-called")
    assert "the result says 70, the money after day 2 is 60" in finding.message


def test_money_after_a_day_never_played_is_a_finding():
    rows = [("Ann", 50, 60, 50), *OTHERS]
    (finding,) = check_scores("wbc", rows, time_called=1)
    assert (finding.day, finding.player) == (2, "Ann")
    assert "time was called on day 1" in finding.message


def test_time_called_on_day_3_is_a_game_of_three_days():
    rows = [("Ann", 50, 60, 70), *OTHERS]
    assert check_scores("wbc", rows, time_called=3) == check_scores("wbc", rows)


@pytest.mark.parametrize("day", [0, 4])
def test_a_day_outside_the_game_is_refused(day):
    with pytest.raises(ValueError, match="3 days"):
        check_scores("wbc", [("Ann", None, None, 50), *OTHERS], time_called=day)


def test_a_final_not_typed_yet_waits_while_the_days_typed_are_checked():
    # A result form being filled, time called on day 2: Ann's final is still
    # blank. Her money after day 1 is checked (30 + 80 = 110 at most); the
    # comparison of the final with the money after day 2 waits for the final.
    rows = [("Ann", 111, 120, None), *OTHERS]
    (finding,) = check_scores("wbc", rows, time_called=2)
    assert (finding.day, finding.player, finding.rule) == (1, "Ann", "day-bound")
    assert check_scores("wbc", [("Ann", 60, 70, None), *OTHERS], 2) == []
