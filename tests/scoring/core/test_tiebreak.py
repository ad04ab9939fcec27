"""The tie-break suggestion for a tie for first (scoring.core.tiebreak), with figures
worked by hand from tournament.md (Recording a table; Advancement, 3: after day 2,
then after day 1)."""

from __future__ import annotations

import pytest

from scoring.core.places import PlayerResult
from scoring.core.tiebreak import suggest_tie_winner


def test_more_florins_after_day_2_favours_that_player():
    # Ann 61 after day 2 beats Ben 58: Ann is favoured, day 1 is never reached
    # although Ben led after day 1 (the later day comes first).
    tied = [PlayerResult("a", 104, day1=20, day2=61), PlayerResult("b", 104, 31, 58)]
    s = suggest_tie_winner(tied, {"a": "Ann", "b": "Ben"})
    assert s.favoured == "a"
    assert len(s.facts) == 1
    assert s.facts[0].text == "Florins after day 2 favour Ann (Ann 61, Ben 58)."
    assert s.text == "Suggested winner: Ann (more florins after day 2)."
    assert s.reason == "more florins after day 2 (61 to 58)"


def test_level_after_day_2_goes_to_day_1_among_the_leaders_only():
    # Day 2: Ann 60, Ben 60, Cy 55 -> Cy is out; day 1: Ann 25, Ben 30 -> Ben.
    # Cy's 40 after day 1 does not count: he was behind after day 2.
    tied = [
        PlayerResult("a", 90, day1=25, day2=60),
        PlayerResult("b", 90, day1=30, day2=60),
        PlayerResult("c", 90, day1=40, day2=55),
    ]
    s = suggest_tie_winner(tied)
    assert s.favoured == "b"
    assert [f.favoured for f in s.facts] == [None, "b"]
    assert s.facts[1].scores == (("a", 25), ("b", 30))
    assert s.reason == "more florins after day 1 (30 to 25)"


def test_a_day_not_recorded_for_everyone_decides_nothing():
    # Ben has no day-2 score: day 2 cannot be compared; day 1 Ann 30 > Ben 12.
    tied = [PlayerResult("a", 70, 30, 50), PlayerResult("b", 70, 12, None)]
    s = suggest_tie_winner(tied, {"a": "Ann", "b": "Ben"})
    assert s.facts[0].text == "Florins after day 2 not recorded for Ben: no decision."
    assert s.favoured == "a"


def test_equal_day_scores_do_not_decide_and_the_gm_rules():
    tied = [PlayerResult("a", 70, 20, 50), PlayerResult("b", 70, 20, 50)]
    s = suggest_tie_winner(tied)
    assert s.favoured is None
    assert s.reason == ""
    assert "do not decide" in s.text


def test_no_day_scores_at_all_do_not_decide():
    s = suggest_tie_winner([PlayerResult("a", 70), PlayerResult("b", 70)])
    assert s.favoured is None
    assert [f.favoured for f in s.facts] == [None, None]


def test_a_tie_needs_two_equal_finals():
    with pytest.raises(ValueError):
        suggest_tie_winner([PlayerResult("a", 70), PlayerResult("b", 71)])
    with pytest.raises(ValueError):
        suggest_tie_winner([PlayerResult("a", 70)])
