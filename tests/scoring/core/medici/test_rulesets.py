"""Rule sets as data: the table of rules.md, selection by name, derived sets."""

from __future__ import annotations

import pytest

from scoring.core.medici.game import Game
from scoring.core.medici.rulesets import RuleSetError, derive, get_ruleset


def test_wbc_is_the_default_and_pays_german_ship_scale():
    wbc = get_ruleset()
    assert wbc.name == "wbc"
    assert wbc.for_table(4).ship_payouts == (30, 20, 10, 0)
    assert wbc.for_table(5).ship_payouts == (30, 20, 10, 5, 0)
    assert wbc.for_table(6).ship_payouts == (30, 20, 10, 10, 5, 0)
    assert wbc.for_table(3).ship_payouts == (30, 15, 0)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_wbc_starts_everybody_with_30_and_skips_the_level_5_bonus(players):
    table = get_ruleset("wbc").for_table(players)
    assert table.starting_money == 30
    assert table.ship_capacity == 5
    assert table.goods_per_day == 6 * players
    assert table.level_bonuses == (0, 0, 0, 0, 0, 0, 10, 20)
    assert table.market_awards[:2] == (10, 5)
    assert set(table.market_awards[2:]) <= {0}


def test_classic_four_players_start_with_40_and_five_with_30():
    assert Game(["A", "B", "C", "D"], "classic").money == [40] * 4
    assert get_ruleset("classic").for_table(3).starting_money == 40
    assert get_ruleset("classic").for_table(5).starting_money == 30


def test_classic_six_players_pay_15_for_third_and_5_at_level_5():
    table = get_ruleset("classic").for_table(6)
    assert table.ship_payouts == (30, 20, 15, 10, 5, 0)
    assert table.level_bonuses[5:] == (5, 10, 20)


def test_grail_two_players_use_ships_of_7_and_18_goods():
    table = get_ruleset("grail-2016").for_table(2)
    assert table.ship_capacity == 7
    assert table.goods_per_day == 18
    assert table.ship_payouts == (20, 0)
    assert table.market_awards == (10, 0)
    assert table.starting_money == 40


def test_unknown_rule_set_names_the_known_ones():
    with pytest.raises(RuleSetError, match="classic, grail-2016, wbc"):
        get_ruleset("tournament")


@pytest.mark.parametrize(("rules", "players"), [("wbc", 2), ("wbc", 7), ("classic", 2)])
def test_a_table_size_outside_the_rule_set_is_refused(rules, players):
    with pytest.raises(RuleSetError, match=f"not {players}"):
        get_ruleset(rules).for_table(players)


def test_derive_changes_one_setting_and_keeps_the_rest():
    custom = derive("wbc", market_steps="value")
    assert custom.market_steps == "value"
    assert custom.name == "wbc+custom"
    assert custom.ship_payouts == get_ruleset("wbc").ship_payouts
    assert get_ruleset("wbc").market_steps == "count"


def test_derive_accepts_per_count_settings_as_a_mapping():
    custom = derive("wbc", name="wbc-40", starting_money={n: 40 for n in range(3, 7)})
    assert custom.for_table(5).starting_money == 40
    assert custom.name == "wbc-40"


def test_derive_refuses_unknown_settings_and_bad_values():
    with pytest.raises(RuleSetError, match="unknown setting"):
        derive("wbc", ship_size=6)
    with pytest.raises(RuleSetError, match="market_steps"):
        derive("wbc", market_steps="double")


def test_rule_sets_are_frozen():
    with pytest.raises(AttributeError):
        get_ruleset("wbc").name = "other"  # type: ignore[misc]
