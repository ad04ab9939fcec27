"""Placing players at tables already seated (``heats.core.placement``): a late
arrival's open tables by the repeat cost they add, a short table's players sent
to open seats. The objective is tournament.md, Heats: the sum over pairs at a
table of (times met before)**2, then keep-apart violations."""

from __future__ import annotations

from heats.core.placement import disperse, join_options
from heats.core.seating import history_from_tables

# Two earlier heats. Lena met Ann twice, and Bob, Cy, Dan and Fay once.
HEAT_1 = [["Lena", "Ann", "Bob", "Cy"], ["Dan", "Eve", "Fay", "Gus"]]
HEAT_2 = [["Lena", "Ann", "Dan", "Fay"], ["Bob", "Cy", "Eve", "Gus"]]
HISTORY = history_from_tables([HEAT_1, HEAT_2])


def test_open_tables_come_in_order_of_the_repeat_cost_they_add():
    tables = {
        1: ["Ann", "Hal", "Ida", "Jo", "Kim"],  # Ann twice: 2**2 = 4
        2: ["Bob", "Cy", "Dan", "Lou", "Max"],  # three once: 1 + 1 + 1 = 3
        3: ["Ned", "Oli", "Pat", "Quin"],  # nobody met: 0
        4: ["Eve", "Ray", "Sam", "Tom", "Uma", "Vic"],  # full
    }
    options = join_options("Lena", tables, HISTORY)
    assert [(o.table, o.repeat_cost, o.repeats) for o in options] == [
        (3, 0, 0),
        (2, 3, 3),
        (1, 4, 1),
    ]


def test_equal_costs_offer_the_smaller_table_then_the_lower_number():
    tables = {1: ["A", "B", "C", "D", "E"], 2: ["F", "G", "H", "I"], 3: ["J", "K", "L"]}
    assert [o.table for o in join_options("Z", tables)] == [3, 2, 1]


def test_a_keep_apart_pair_counts_after_the_repeat_cost():
    tables = {1: ["Ann", "Hal", "Ida", "Jo"], 2: ["Bob", "Kim", "Lou", "Max"]}
    apart = [frozenset({"Lena", "Bob"})]
    options = join_options("Lena", tables, HISTORY, apart)
    # Table 1 costs 4 (Ann twice), table 2 costs 1 and breaks the pair.
    assert [(o.table, o.repeat_cost, o.violations) for o in options] == [
        (2, 1, 1),
        (1, 4, 0),
    ]


def test_a_short_tables_players_go_where_they_add_least():
    """Lena, Cy and Dan are left at table 3. Cy met Ann once and Bob twice, Dan
    met Ann and Eve once; Lena and Cy met once, as did Lena and Dan. The least
    the three can add is 1: Lena to table 4 (0), Cy to table 1 (Ann: 1), Dan to
    table 2 (0). Lena and Cy both at table 4 would cost 1 + 1 (they met)."""
    targets = {
        1: ["Ann", "Hal", "Ida", "Jo"],
        2: ["Bob", "Kim", "Lou", "Max", "Ned"],
        4: ["Eve", "Oli", "Pat", "Quin"],
        5: ["Ray", "Sam", "Tom", "Uma", "Vic", "Wes"],
    }
    plan = disperse(["Lena", "Cy", "Dan"], targets, HISTORY)
    assert plan is not None
    assert [(m.player, m.table, m.repeats) for m in plan.moves] == [
        ("Lena", 4, 0),
        ("Cy", 1, 1),
        ("Dan", 2, 0),
    ]
    assert (plan.repeat_cost, plan.violations) == (1, 0)


def test_at_equal_cost_the_plan_makes_tables_of_five_not_six():
    # No history: sending both to table 1 (4 -> 6) costs as little as one to
    # table 1 and one to table 2, which makes two tables of 5 (seed 001: most 5s).
    targets = {1: ["A", "B", "C", "D"], 2: ["E", "F", "G", "H"]}
    plan = disperse(["X", "Y"], targets)
    assert plan is not None
    assert [(m.player, m.table) for m in plan.moves] == [("X", 1), ("Y", 2)]


def test_no_plan_when_the_open_seats_are_too_few():
    targets = {1: ["A", "B", "C", "D", "E"], 2: ["F", "G", "H", "I", "J", "K"]}
    assert disperse(["X", "Y", "Z"], targets) is None
