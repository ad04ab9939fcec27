"""Places at one heat table (spec/tournament.md, "Recording a table").

Pure tests of ``scoring.core.places``; expected values worked out by hand.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.core.places import PlayerResult, display_percent, percent_of, table_places
from tests.support.factories import rec


def test_places_follow_the_final_score_and_equal_scores_share_a_place():
    places = table_places([rec("D", 40), rec("A", 120), rec("C", 75), rec("B", 75)])

    assert dict(places.places) == {"A": 1, "B": 2, "C": 2, "D": 4}
    assert places.winners == ("A",)
    assert places.winner_final == 120
    assert not places.unresolved_tie
    assert places.warnings == ()


def test_an_unresolved_tie_for_first_gives_places_1_1_3_and_a_warning():
    places = table_places([rec("A", 100), rec("B", 100), rec("C", 90)])

    assert dict(places.places) == {"A": 1, "B": 1, "C": 3}
    assert places.winners == ("A", "B")
    assert places.unresolved_tie
    assert places.warnings == ("tie for first unresolved (A, B): all count as winners",)
    assert places.at_place(2) == ()


def test_a_declared_winner_resolves_a_tie_for_first():
    places = table_places(
        [rec("A", 100), rec("B", 100, declared=1), rec("C", 100), rec("D", 90)]
    )

    assert dict(places.places) == {"B": 1, "A": 2, "C": 2, "D": 4}
    assert places.winners == ("B",)
    assert not places.unresolved_tie
    assert places.margin_of_victory("B") == 0


def test_two_declared_winners_leave_the_tie_unresolved():
    places = table_places([rec("A", 100, declared=1), rec("B", 100, declared=1)])

    assert places.winners == ("A", "B")
    assert places.unresolved_tie
    assert "several players declared the winner (A, B), ignored" in places.warnings


def test_a_declaration_outside_a_tie_for_first_is_ignored_with_a_warning():
    places = table_places([rec("A", 100), rec("B", 90, declared=1)])

    assert dict(places.places) == {"A": 1, "B": 2}
    assert places.warnings == ("declared winner not tied for first, ignored: B",)


def test_margin_of_victory_is_winner_final_minus_runner_up_final():
    places = table_places([rec("A", 130), rec("B", 95), rec("C", 80)])

    assert places.margin_of_victory("A") == 35


def test_percentages_are_exact_against_the_winner_of_each_day():
    places = table_places([rec("W", 120, day2=90, day1=40), rec("R", 100, 60, 50)])

    assert places.percentages("R") == (
        Fraction(5, 6),
        Fraction(2, 3),
        Fraction(5, 4),  # ahead of the eventual winner after day 1
    )


def test_a_missing_day_score_gives_no_percentage_for_that_day():
    places = table_places([rec("W", 120, day2=90), rec("R", 100, day1=50)])

    assert places.percentages("R") == (Fraction(5, 6), None, None)


def test_a_winner_score_of_zero_gives_100_percent():
    assert percent_of(0, 0) == 1
    places = table_places([rec("W", 0, declared=1), rec("R", 0)])
    assert places.percentages("R")[0] == 1


def test_display_percent_rounds_half_up_to_one_decimal():
    assert display_percent(Fraction(94, 97)) == 96.9
    assert display_percent(Fraction(83, 100)) == 83.0
    assert display_percent(Fraction(100, 120)) == 83.3
    assert display_percent(Fraction(1, 2000)) == 0.1  # 0.05% rounds up


@pytest.mark.parametrize(
    ("records", "message"),
    [
        ([], "at least one"),
        ([rec("A", 10), rec("A", 20)], "twice"),
        ([rec("A", -1)], "negative"),
        ([rec("A", 10, day2=-5)], "negative"),
    ],
)
def test_invalid_tables_are_rejected(records: list[PlayerResult], message: str):
    with pytest.raises(ValueError, match=message):
        table_places(records)
