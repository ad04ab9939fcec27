"""Level-1 checks of a table result and the most a day can pay."""

from __future__ import annotations

import csv
from collections import defaultdict

import pytest

from scoring.core.medici.limits import check_scores, max_day_income, max_table_income
from scoring.core.medici.rulesets import RuleSetError, derive, get_ruleset
from tests.conftest import REPO

DEMO = REPO / "data" / "demo"


@pytest.mark.parametrize(("day", "bound"), [(1, 80), (2, 100), (3, 120)])
def test_wbc_day_bound_is_ship_plus_awards_plus_reachable_bonuses(day, bound):
    # 30 (1st ship) + 5 x 10 (1st on every market) + bonuses: five goods a day reach
    # no level 6 on day 1, one level 7 (20) by day 2, two (40) by day 3.
    assert max_day_income(get_ruleset("wbc").for_table(5), day) == bound


@pytest.mark.parametrize(("day", "bound"), [(1, 85), (2, 100), (3, 120)])
def test_classic_day_bound_counts_the_level_5_bonus(day, bound):
    # Day 1: one marker on level 5 (5). Day 2: 7 + 3 (20). Day 3: 7 + 7 + 1 (40).
    assert max_day_income(get_ruleset("classic").for_table(4), day) == bound


def test_grail_two_players_bound_uses_ships_of_seven():
    # 20 (1st ship) + 5 x 10 + one marker on level 7 with seven goods (20).
    assert max_day_income(get_ruleset("grail-2016").for_table(2), 1) == 90


def test_value_steps_raise_the_bonus_bound():
    table = derive("wbc", market_steps="value").for_table(5)
    # Five goods of value 5 reach 25 steps: three markers at 7 (60) on day 1.
    assert max_day_income(table, 1) == 30 + 50 + 60


def test_table_bound_is_all_payouts_and_awards_on_day_1():
    # 30+20+10+5+0 ship payouts, 5 x (10 + 5) awards, no bonus reachable on day 1.
    assert max_table_income(get_ruleset("wbc").for_table(5), 1) == 65 + 75


def test_every_demo_result_passes_the_level_1_checks():
    tables = defaultdict(list)
    with (DEMO / "results.csv").open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            tables[(row["heat"], row["table"])].append(row)
    assert len(tables) == 32
    for rows in tables.values():
        rows.sort(key=lambda row: int(row["seat"]))
        scores = [
            (r["player"], int(r["day1"]), int(r["day2"]), int(r["final"])) for r in rows
        ]
        assert check_scores("wbc", scores) == []


def five(final_a: int = 90, day1_a: int | None = 40, day2_a: int | None = 60):
    """A plausible 5-player table; seat A's figures vary."""
    return [
        ("A", day1_a, day2_a, final_a),
        ("B", 35, 50, 70),
        ("C", 30, 45, 65),
        ("D", 25, 40, 60),
        ("E", 20, 35, 55),
    ]


def test_a_plausible_table_has_no_findings():
    assert check_scores("wbc", five()) == []


def test_a_final_below_zero_is_found():
    (finding,) = check_scores("wbc", five(final_a=-1))
    assert (finding.day, finding.player) == (3, "A")
    assert "the result says -1" in finding.message
    assert "never negative" in finding.message


def test_day_1_money_below_zero_is_found():
    findings = check_scores("wbc", five(day1_a=-5))
    # The table then holds -5 + 35 + 30 + 25 + 20 = 105 after day 1, below the
    # 122 any day's scoring pays five players (test_table_floor.py).
    assert [(f.day, f.player, f.rule) for f in findings] == [
        (1, "A", "no-borrowing"),
        (1, None, "table-floor"),
    ]


def test_a_day_gain_above_the_bound_is_found():
    (finding,) = check_scores("wbc", five(day2_a=141))  # +101 on day 2 (bound 100)
    assert (finding.day, finding.player) == (2, "A")
    assert "+101" in finding.message and "is 100" in finding.message


def test_gains_over_unrecorded_days_are_held_against_the_summed_bounds():
    # Day 1 and 2 unknown: 30 -> 330 is +300 over days 1-3 (bound 80+100+120).
    assert check_scores("wbc", five(final_a=330, day1_a=None, day2_a=None)) == []
    (finding,) = check_scores("wbc", five(final_a=331, day1_a=None, day2_a=None))
    assert (finding.day, finding.player) == (3, "A")
    assert "days 1-3" in finding.message and "is 300" in finding.message


def test_a_table_gaining_more_than_all_payouts_together_is_found():
    # Each +70 is possible alone (bound 80), but together +350 > 140 on day 1.
    scores = [(name, 100, 120, 150) for name in "ABCDE"]
    findings = check_scores("wbc", scores)
    assert [(f.day, f.player, f.rule) for f in findings] == [(1, None, "table-bound")]
    assert "+350" in findings[0].message and "at most 140" in findings[0].message


def test_a_table_size_outside_the_rules_is_a_finding():
    (finding,) = check_scores("wbc", [("A", 30, 30, 30), ("B", 30, 30, 30)])
    assert finding.day is None and "not 2" in finding.message


def test_an_unknown_rule_set_raises():
    with pytest.raises(RuleSetError):
        check_scores("monopoly", five())
