"""Scoring a day by hand: ties, market steps, awards, level bonuses."""

from __future__ import annotations

from scoring.core.medici.rulesets import derive, get_ruleset
from scoring.core.medici.scoring import (
    advance_levels,
    level_bonus,
    market_awards,
    score_day,
    split_by_place,
    start_levels,
)

from .helpers import goods

WBC5 = get_ruleset("wbc").for_table(5)
WBC6 = get_ruleset("wbc").for_table(6)


def test_two_ships_tied_first_share_first_and_second_and_the_next_is_third():
    # 5 players, WBC: (30 + 20) / 2 = 25 each; the next ship takes 3rd place: 10.
    assert split_by_place([20, 20, 15, 10, 5], WBC5.ship_payouts) == [25, 25, 10, 5, 0]


def test_three_ships_tied_first_at_six_players_get_20_each():
    # (30 + 20 + 10) / 3 = 20; the next ship is 4th (10), then 5th (5), 6th (0).
    paid = split_by_place([12, 12, 12, 8, 4, 0], WBC6.ship_payouts)
    assert paid == [20, 20, 20, 10, 5, 0]


def test_a_tie_split_is_rounded_down():
    # Two tied for 4th and 5th at 5 players: (5 + 0) / 2 = 2.5 -> 2.
    assert split_by_place([9, 8, 7, 1, 1], WBC5.ship_payouts) == [30, 20, 10, 2, 2]


def test_ties_are_found_in_any_seat_order():
    assert split_by_place([4, 9, 4, 9, 0], WBC5.ship_payouts) == [7, 25, 7, 25, 0]


def test_three_tied_for_first_on_a_market_get_5_each():
    # (10 + 5 + 0) / 3 = 5.
    assert split_by_place([3, 3, 3, 0, 0], WBC5.market_awards) == [5, 5, 5, 0, 0]


def test_one_leader_and_four_tied_at_level_0_get_10_and_1_each():
    # The four at level 0 share 2nd place: 5 // 4 = 1.
    levels = [(2, 0, 0, 0, 0)] + [(0, 0, 0, 0, 0)] * 4
    awards = market_awards(WBC5, levels)
    # Cloth: 10 / 1,1,1,1. The other four markets: all five tied, 15 // 5 = 3.
    assert awards == [10 + 4 * 3, 1 + 4 * 3, 1 + 4 * 3, 1 + 4 * 3, 1 + 4 * 3]


def test_a_marker_never_passes_level_7():
    levels = advance_levels(
        WBC5, (6, 0, 0, 0, 0), goods("cloth:0", "cloth:1", "cloth:2")
    )
    assert levels == (7, 0, 0, 0, 0)


def test_gold_moves_no_marker_and_each_good_moves_one_step():
    ship = goods("gold:10", "fur:5", "fur:0", "spice:3")
    assert advance_levels(WBC5, (0, 0, 0, 0, 0), ship) == (0, 2, 0, 0, 1)


def test_value_steps_move_a_marker_by_the_printed_value():
    table = derive("wbc", market_steps="value").for_table(5)
    ship = goods("fur:4", "grain:3", "dye:2", "spice:5", "spice:5")
    assert advance_levels(table, (0, 0, 0, 0, 0), ship) == (0, 4, 3, 2, 7)


def test_a_level_7_marker_earns_20_on_each_later_day():
    levels = [(7, 0, 0, 0, 0)] + [(0, 0, 0, 0, 0)] * 4
    empty = [[] for _ in range(5)]
    for _day in range(2):
        score = score_day(WBC5, empty, levels)
        assert score.income[0].bonus == 20
        assert score.levels[0] == (7, 0, 0, 0, 0)
        levels = list(score.levels)


def test_wbc_pays_no_bonus_at_level_5_but_classic_pays_5():
    classic = get_ruleset("classic").for_table(5)
    assert level_bonus(WBC5, (5, 6, 7, 0, 0)) == 0 + 10 + 20
    assert level_bonus(classic, (5, 6, 7, 0, 0)) == 5 + 10 + 20


def test_a_day_scored_by_hand():
    # Ships (values): 17, 18, 18, 13, 26 -> 5, 15, 15, 0, 30 (demo heat 1 table 1).
    ships = [
        goods("cloth:0", "fur:5", "fur:5", "grain:3", "grain:4"),
        goods("grain:0", "spice:5", "dye:5", "spice:4", "cloth:4"),
        goods("dye:0", "cloth:5", "spice:5", "dye:5", "spice:3"),
        goods("cloth:5", "fur:4", "dye:1", "dye:3", "fur:0"),
        goods("grain:5", "grain:5", "gold:10", "dye:4", "cloth:2"),
    ]
    score = score_day(WBC5, ships, start_levels(WBC5))
    assert [inc.ship for inc in score.income] == [5, 15, 15, 0, 30]
    # Levels (cloth, fur, grain, dye, spice) after the day:
    assert score.levels == (
        (1, 2, 2, 0, 0),
        (1, 0, 1, 1, 2),
        (1, 0, 0, 2, 2),
        (1, 2, 0, 2, 0),
        (1, 0, 2, 1, 0),
    )
    # cloth: all five tied -> 15 // 5 = 3 each. fur: seats 0 and 3 tied first ->
    # 7 each. grain: seats 0 and 4 tied first -> 7 each, seat 1 third -> 0.
    # dye: seats 2 and 3 tied first -> 7 each, seats 1 and 4 share third -> 0.
    # spice: seats 1 and 2 tied first -> 7 each.
    assert [inc.market for inc in score.income] == [17, 10, 17, 17, 10]
    assert [inc.bonus for inc in score.income] == [0, 0, 0, 0, 0]
