"""Laurels 1-6 (tournament.md, Semi-final and final), by hand-worked values."""

from __future__ import annotations

from fractions import Fraction

from scoring.core.draw import Draw
from scoring.core.finishes import place_heats, player_histories
from scoring.core.hmw import hmw_order
from scoring.core.laurels import empty_places, laurels
from scoring.core.places import HeatTable
from scoring.core.places import PlayerResult as R

# Final: A 120, B 100, C 90, D 90 -> places 1, 2, 3, 3 (equal scores share).
FINAL = [R("A", 120), R("B", 100), R("C", 90), R("D", 90)]

# Semi-final tables; winners A, B, C, D. Runners-up by % of their winner:
#   table 1: E 90 of 100 = 9/10 (day 2: 50 of 60 = 5/6)
#   table 2: F 108 of 120 = 9/10 (day 2: 70 of 70 = 1)
#   table 3: G 70 of 80 = 7/8
#   table 4: H 45 of 90 = 1/2
# E and F tie exactly at 90% (never rounded); F's day-2 100% beats E's 83.3%.
SEMI = [
    [R("A", 100, 30, 60), R("E", 90, 20, 50), R("X", 50, 10, 30)],
    [R("B", 120, 40, 70), R("F", 108, 35, 70), R("Y", 60, 20, 40)],
    [R("C", 80), R("G", 70), R("Z", 10)],
    [R("D", 90), R("H", 45), R("W", 40)],
]


def lines(result):
    return [(lau.place, lau.player) for lau in result]


def test_final_places_then_runners_up_by_percentage():
    result = laurels(FINAL, SEMI, seed="s")
    assert lines(result) == [(1, "A"), (2, "B"), (3, "C"), (3, "D"), (5, "F"), (6, "E")]
    assert result[4].percent == Fraction(9, 10) and result[4].table == 2
    assert result[4].reason == "semi-final runner-up, 90.0% of the winner at table 2"
    assert result[0].reason == "final, 120 florins"


def test_a_final_of_six_fills_the_laurels_alone():
    final = [R(p, 100 - 10 * i) for i, p in enumerate("ABCDEF")]
    assert lines(laurels(final, SEMI)) == [
        (1, "A"),
        (2, "B"),
        (3, "C"),
        (4, "D"),
        (5, "E"),
        (6, "F"),
    ]


def test_a_final_of_five_takes_one_runner_up():
    final = [R("A", 120), R("B", 100), R("C", 90), R("D", 80), R("V", 70)]
    semi = [*SEMI, [R("V", 75), R("G2", 60), R("U", 5)]]
    # G2: 60 of 75 = 4/5 < 7/8 (G) < 9/10 (E, F): F is sixth.
    assert lines(laurels(final, semi))[-1] == (6, "F")


def test_a_declared_tie_winner_leaves_the_other_tied_player_runner_up_at_100():
    semi = [
        [R("A", 100, declared_place=1), R("T", 100), R("X", 50)],
        [R("B", 120), R("F", 108), R("Y", 60)],
    ]
    final = [R("A", 120), R("B", 100), R("C", 90), R("D", 80)]
    result = laurels(final, semi)
    assert lines(result)[4:] == [(5, "T"), (6, "F")]
    assert result[4].percent == 1


def test_an_unresolved_tie_at_the_final_shares_first_place():
    final = [R("A", 100), R("B", 100), R("C", 90), R("D", 80)]
    assert lines(laurels(final, SEMI))[:4] == [(1, "A"), (1, "B"), (3, "C"), (4, "D")]


def test_runners_up_level_on_every_percentage_go_to_the_die():
    semi = [[R("A", 100), R("P", 50)], [R("B", 100), R("Q", 50)]]
    final = [R("A", 100), R("B", 90), R("C", 80), R("D", 70)]
    result = laurels(final, semi, seed="die")
    assert {lau.player for lau in result[4:]} == {"P", "Q"}
    assert all(lau.die for lau in result[4:])
    assert result[4].reason.endswith(", die roll")
    assert laurels(final, list(reversed(semi)), seed="die")[4].player == (
        result[4].player
    )


def test_no_final_results_no_laurels():
    assert laurels([], SEMI) == []


def test_without_a_semi_final_only_the_final_is_listed():
    assert lines(laurels(FINAL)) == [(1, "A"), (2, "B"), (3, "C"), (3, "D")]


# An alternate who won a semi-final table (tournament.md, Semi-final and final:
# "first an alternate who won a semi-final table (and so could not advance; their
# own win counts 100%; several such by their HMW order), then the runners-up").
# Five semi-final tables: A, B, C, D won tables 1-4 and play the final; the
# alternates K (table 5) and J (table 6) won theirs.
SEMI_WITH_ALTERNATES = [
    *SEMI,
    [R("K", 70), R("M", 69), R("N", 10)],
    [R("J", 80), R("O", 20), R("Q", 10)],
]


def test_an_alternate_who_won_a_semi_final_table_comes_after_the_final():
    result = laurels(FINAL, SEMI_WITH_ALTERNATES, seed="s", alternates=["K"])
    # K's win counts 100%, ahead of M (69 of 70 = 98.6%) and F (90%).
    assert lines(result)[4:] == [(5, "K"), (6, "M")]
    assert result[4].reason == (
        "won semi-final table 5 as an alternate (cannot advance)"
    )
    assert (result[4].table, result[4].percent) == (5, 1)
    assert result[4].to_json() == {
        "place": 5,
        "player": "K",
        "reason": "won semi-final table 5 as an alternate (cannot advance)",
    }


def test_several_alternates_who_won_come_in_the_order_given_hmw():
    # The caller lists the semi-final's alternates in HMW order: J before K. An
    # alternate who did not win a table (N) is not listed.
    result = laurels(FINAL, SEMI_WITH_ALTERNATES, seed="s", alternates=["N", "J", "K"])
    assert lines(result)[4:] == [(5, "J"), (6, "K")]
    result = laurels(FINAL, SEMI_WITH_ALTERNATES, seed="s", alternates=["K", "J"])
    assert lines(result)[4:] == [(5, "K"), (6, "J")]


def test_alternates_in_hmw_order_go_by_average_finish_without_wins():
    # HMW for players without a win: levels 1-6 tie (no wins, no margin); level 7,
    # the average finish: J 2nd and 2nd (2.0) before K 4th and 3rd (3.5). X has no
    # heat record (added by the GM): last.
    tables = [
        HeatTable(1, 1, (R("W1", 100), R("J", 90), R("Y", 80), R("K", 70))),
        HeatTable(2, 1, (R("W2", 100), R("J", 90), R("K", 80), R("Y", 70))),
    ]
    histories = player_histories(place_heats(tables)[0])
    assert hmw_order(["X", "K", "J"], histories, Draw("s")) == ["J", "K", "X"]


def test_a_final_of_four_with_both_runners_up_says_why_places_5_and_6_are_empty():
    semi = [[R("A", 100), R("C", 90), R("X", 50)], [R("B", 100), R("D", 80)]]
    final = [R("A", 120), R("B", 110), R("C", 100), R("D", 90)]
    result = laurels(final, semi)
    assert lines(result) == [(1, "A"), (2, "B"), (3, "C"), (4, "D")]
    assert empty_places(result, semi) == (
        "Places 5–6: no semi-final runner-up is left who did not play the final."
    )


def test_one_empty_place_is_named_alone_and_full_laurels_need_no_note():
    semi = [[R("A", 100), R("C", 90)], [R("B", 100), R("D", 80)], [R("E", 100)]]
    final = [R("A", 120), R("B", 110), R("C", 100), R("D", 90), R("E", 80)]
    assert empty_places(laurels(final, semi), semi) == (
        "Place 6: no semi-final runner-up is left who did not play the final."
    )
    assert empty_places(laurels(FINAL, SEMI), SEMI) is None
    assert empty_places([], SEMI) is None


def test_places_left_while_a_semi_final_table_owes_results_wait_for_it():
    semi = [[R("A", 100), R("E", 90)], []]
    result = laurels(FINAL, semi)
    assert lines(result)[-1] == (5, "E")
    assert empty_places(result, semi) == "Place 6 waits for the semi-final's results."
    assert empty_places(laurels(FINAL, [[], []]), [[], []]) == (
        "Places 5–6 wait for the semi-final's results."
    )


def test_without_a_semi_final_the_empty_places_say_so():
    """The heat winners played the final (no semi-final): places 5-6 are
    empty because there was no semi-final, not because its runners-up are
    used up (issue "The GM's desk", the newcomer's walk)."""
    final = [R("A", 120), R("B", 110), R("C", 100), R("D", 90)]
    result = laurels(final, [])
    assert lines(result) == [(1, "A"), (2, "B"), (3, "C"), (4, "D")]
    assert empty_places(result, []) == (
        "Places 5–6: no semi-final was played, so only the final's players are placed."
    )
    five = laurels([*final, R("E", 80)], [])
    assert empty_places(five, []) == (
        "Place 6: no semi-final was played, so only the final's players are placed."
    )
