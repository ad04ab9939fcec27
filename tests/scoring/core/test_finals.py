"""The final's field (tournament.md, Semi-final and final; seed 001: table winners
advance, "no alternates will advance to the final under any circumstances"; the
final is one table of 4-6). Pure: no database."""

from __future__ import annotations

from scoring.core.finals import (
    added_runners_up,
    finalists,
    is_short,
    of_three,
    runners_up_needed,
)


def test_finalists_are_the_heat_winners_among_the_table_winners_not_absent():
    # Five semi-final tables won by A, B, X (an alternate), C, D; C is absent.
    table_winners = ["A", "B", "X", "C", "D"]
    heat_winners = {"A", "B", "C", "D", "E"}
    assert finalists(table_winners, heat_winners, absent={"C"}) == ["A", "B", "D"]


def test_a_short_final_needs_runners_up_to_make_four():
    assert [runners_up_needed(n) for n in (2, 3, 4, 5)] == [2, 1, 0, 0]


def test_the_chosen_runners_up_count_in_rank_order_up_to_the_need():
    ranked = ["R1", "R2", "R3", "R4"]  # best first
    assert added_runners_up(ranked, chosen={"R3", "R1"}, needed=1) == ["R1"]
    assert added_runners_up(ranked, chosen={"R3", "R1"}, needed=2) == ["R1", "R3"]
    # A chosen runner-up who is no longer a candidate drops out.
    assert added_runners_up(["R1", "R3"], chosen={"R2", "R3"}, needed=2) == ["R3"]


def test_a_final_of_three_only_when_confirmed_with_exactly_three():
    assert of_three(True, 3) and not of_three(False, 3) and not of_three(True, 2)
    assert is_short(3, three=False) and not is_short(3, three=True)
    assert not is_short(4, three=False) and is_short(2, three=False)
