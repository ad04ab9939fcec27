"""Heat seating (heats/core/seating.py): pure tests, no database.

Expected values come from tournament.md ("Heats", "Semi-final and final") or are
worked out by hand in the comments; none is copied from the code's output.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections import Counter
from itertools import product
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from heats.core import seating as seating_module
from heats.core.seating import (
    FIVE_FIRST,
    SIX_OVER_FOUR,
    Seating,
    SeatingError,
    history_from_tables,
    late_table,
    late_table_sizes,
    objective,
    seat,
    table_sizes,
)
from tests.support.depth import examples


def names(n: int) -> list[str]:
    return [f"P{i:03d}" for i in range(n)]


def pair(a: str, b: str) -> frozenset[str]:
    return frozenset((a, b))


def brute_force_layout(n: int, policy: str) -> list[int]:
    """Every (fours, fives, sixes) seating exactly n, best by the spec's preference."""
    options = [
        (f4, f5, f6)
        for f4, f5, f6 in product(
            range(n // 4 + 1), range(n // 5 + 1), range(n // 6 + 1)
        )
        if 4 * f4 + 5 * f5 + 6 * f6 == n
    ]
    if policy == SIX_OVER_FOUR:
        f4, f5, f6 = min(options, key=lambda o: (o[0], -o[1]))
    else:
        f4, f5, f6 = min(options, key=lambda o: (-o[1], o[0]))
    return [6] * f6 + [5] * f5 + [4] * f4


# --- table sizes ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "sizes"),
    [
        (4, [4]),
        (5, [5]),
        (6, [6]),
        (8, [4, 4]),
        (9, [5, 4]),
        (11, [6, 5]),
        (12, [6, 6]),
        (13, [5, 4, 4]),
        (14, [5, 5, 4]),
        (16, [6, 5, 5]),
        (23, [6, 6, 6, 5]),
        (24, [6, 6, 6, 6]),
    ],
)
def test_table_sizes_follow_the_spec_examples(n: int, sizes: list[int]) -> None:
    assert table_sizes(n) == (sizes, 0)
    assert table_sizes(n, SIX_OVER_FOUR).sizes == sizes


@pytest.mark.parametrize(("n", "sizes"), [(23, [5, 5, 5, 4, 4]), (24, [5, 5, 5, 5, 4])])
def test_five_first_policy_follows_the_spec_examples(n: int, sizes: list[int]) -> None:
    assert table_sizes(n, FIVE_FIRST) == (sizes, 0)


def test_seven_players_seat_one_table_of_six_and_one_waits() -> None:
    for policy in (SIX_OVER_FOUR, FIVE_FIRST):
        sizes, waiting = table_sizes(7, policy)
        assert (sizes, waiting) == ([6], 1)


@pytest.mark.parametrize("n", [0, 1, 2, 3])
def test_fewer_than_four_players_get_no_table(n: int) -> None:
    assert table_sizes(n) == ([], n)


@pytest.mark.parametrize("policy", [SIX_OVER_FOUR, FIVE_FIRST])
def test_table_sizes_for_4_to_300_match_a_brute_force_search(policy: str) -> None:
    for n in range(4, 301):
        sizes, waiting = table_sizes(n, policy)
        assert all(4 <= s <= 6 for s in sizes), n
        assert sizes == sorted(sizes, reverse=True), n
        if n == 7:
            assert (sizes, waiting) == ([6], 1)
            continue
        assert waiting == 0 and sum(sizes) == n, n
        assert sizes == brute_force_layout(n, policy), n


@given(st.integers(min_value=8, max_value=3000))
def test_every_player_from_eight_up_is_seated_at_tables_of_four_to_six(n: int) -> None:
    sizes, waiting = table_sizes(n)
    assert waiting == 0 and sum(sizes) == n
    assert set(sizes) <= {4, 5, 6}
    # Fewest 4-player tables: 5s and 6s alone make every N above 19 (the Frobenius
    # number of 5 and 6 is 5*6 - 5 - 6 = 19), so from 20 up there is no 4.
    if n >= 20:
        assert 4 not in sizes


def test_unknown_policy_and_negative_counts_are_user_errors() -> None:
    with pytest.raises(SeatingError, match="six-over-four"):
        table_sizes(12, "most-sixes")
    with pytest.raises(SeatingError, match="negative"):
        table_sizes(-1)
    with pytest.raises(SeatingError, match="policy"):
        seat(names(8), 1, policy="most-sixes")


# --- late tables -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "minimum", "sizes", "waiting"),
    [
        (4, 5, [], 4),  # seed 001: a late arriver must find four more players
        (5, 5, [5], 0),
        (6, 5, [6], 0),
        (7, 5, [6], 1),
        (8, 5, [6], 2),  # 4 + 4 would break the minimum of 5
        (10, 5, [5, 5], 0),
        (11, 5, [6, 5], 0),
        (4, 4, [4], 0),
        (11, 6, [6], 5),
        (12, 6, [6, 6], 0),
    ],
)
def test_late_table_sizes_keep_every_table_at_the_minimum(
    n: int, minimum: int, sizes: list[int], waiting: int
) -> None:
    assert late_table_sizes(n, minimum) == (sizes, waiting)


def test_four_late_players_with_minimum_five_form_no_table() -> None:
    assert late_table(["L1", "L2", "L3", "L4"], seed=3) is None


def test_five_late_players_form_one_table_of_five() -> None:
    late = ["L1", "L2", "L3", "L4", "L5"]
    result = late_table(late, seed=3)
    assert result is not None
    assert len(result.tables) == 1
    assert sorted(result.tables[0]) == late
    assert result.waiting == []


def test_seven_late_players_form_a_table_of_six_and_one_waits() -> None:
    late = names(7)
    result = late_table(late, minimum=5, seed=9)
    assert result is not None
    assert [len(t) for t in result.tables] == [6]
    assert len(result.waiting) == 1
    assert sorted(result.tables[0] + result.waiting) == late


@pytest.mark.parametrize("minimum", [3, 7])
def test_late_minimum_outside_four_to_six_is_a_user_error(minimum: int) -> None:
    with pytest.raises(SeatingError, match="4, 5 or 6"):
        late_table(names(8), minimum=minimum, seed=1)


# --- reproducibility ---------------------------------------------------------------


def test_the_same_seed_reproduces_the_seating() -> None:
    players = names(23)
    assert seat(players, 2027) == seat(players, 2027)


def test_the_input_order_does_not_change_the_seating() -> None:
    players = names(23)
    shuffled = players[:]
    random.Random(5).shuffle(shuffled)
    history = {pair("P000", "P001"): 2, pair("P002", "P010"): 1}
    apart = [pair("P003", "P004")]
    assert seat(players, "heat-2", history=history, keep_apart=apart) == seat(
        shuffled, "heat-2", history=history, keep_apart=apart
    )


def test_a_seed_counts_by_its_text() -> None:
    assert seat(names(13), 12).tables == seat(names(13), "12").tables


def test_different_seeds_generally_give_different_seatings() -> None:
    players = names(12)
    seatings = {str(seat(players, s).tables) for s in range(20)}
    assert len(seatings) >= 19


_AUDIT_SCRIPT = """
from heats.core.seating import history_from_tables, seat
players = [f"P{i:02d}" for i in range(30)]
history = history_from_tables([seat(players, r).tables for r in range(8)])
apart = [frozenset({"P01", "P02"}), frozenset({"P03", "P09"})]
print(seat(players, "audit", history=history, keep_apart=apart))
"""


def test_a_seating_reproduces_in_another_process_with_other_string_hashing() -> None:
    # An auditor reruns the seed later: str hashing (PYTHONHASHSEED) and set order
    # differ between processes and must not matter. Eight rounds of 30 players
    # make the search work hard (no repeat-free seating is likely).
    root = Path(seating_module.__file__).resolve().parents[2]
    outputs = {
        subprocess.run(
            [sys.executable, "-c", _AUDIT_SCRIPT],
            cwd=root,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for hash_seed in ("1", "2")
    }
    assert len(outputs) == 1


def test_a_drawn_seed_is_recorded_and_reproduces_the_seating() -> None:
    first = seat(names(16))
    assert isinstance(first.seed, int)
    assert seat(names(16), first.seed) == first


# --- shape of a seating ------------------------------------------------------------


def test_every_player_is_seated_once_or_waits() -> None:
    players = names(31)
    result = seat(players, 8)
    assert [len(t) for t in result.tables] == [6, 5, 5, 5, 5, 5]  # 31: no 4s, most 5s
    seated = [p for t in result.tables for p in t]
    assert sorted(seated + result.waiting) == players


def test_who_waits_at_seven_players_is_random() -> None:
    waiting: Counter[str] = Counter()
    for s in range(120):
        result = seat(names(7), s)
        assert len(result.waiting) == 1
        waiting[result.waiting[0]] += 1
    assert set(waiting) == set(names(7))


def test_a_forced_semi_final_layout_of_five_tables_of_five() -> None:
    result = seat(names(27), 4, sizes=[5] * 5)
    assert [len(t) for t in result.tables] == [5, 5, 5, 5, 5]
    assert len(result.waiting) == 2


def test_a_forced_layout_with_more_seats_than_players_is_a_user_error() -> None:
    with pytest.raises(SeatingError, match="needs 25 players"):
        seat(names(24), 1, sizes=[5] * 5)


@pytest.mark.parametrize("size", [3, 7])
def test_a_forced_table_size_outside_four_to_six_is_a_user_error(size: int) -> None:
    with pytest.raises(SeatingError, match="4, 5 or 6"):
        seat(names(20), 1, sizes=[5, size])


def test_duplicate_player_keys_are_a_user_error() -> None:
    with pytest.raises(SeatingError, match="P001"):
        seat(["P000", "P001", "P002", "P001", "P003"], 1)


def test_to_json_numbers_tables_from_one() -> None:
    result = Seating("s", [["a", "b", "c", "d"], ["e", "f", "g", "h"]], ["i"])
    assert result.to_json() == {
        "seed": "s",
        "tables": [
            {"number": 1, "players": ["a", "b", "c", "d"]},
            {"number": 2, "players": ["e", "f", "g", "h"]},
        ],
        "waiting": ["i"],
    }


def test_every_player_of_a_table_is_sometimes_the_start_player() -> None:
    first_seat = Counter(seat(names(5), s).tables[0][0] for s in range(300))
    assert set(first_seat) == set(names(5))
    # 300 draws of 5: each about 60 times; 25 is far below any plausible low.
    assert min(first_seat.values()) > 25


def test_start_players_are_random_at_every_table() -> None:
    starts: Counter[str] = Counter()
    for s in range(200):
        for table in seat(names(14), s).tables:
            starts[table[0]] += 1
    assert set(starts) == set(names(14))


# --- objective and history ---------------------------------------------------------


def test_objective_squares_times_met_and_counts_keep_apart_pairs() -> None:
    tables = [["a", "b", "c"], ["d", "e"]]
    history = {
        pair("a", "b"): 2,
        pair("a", "c"): 1,
        pair("d", "e"): 1,
        pair("a", "d"): 5,
    }
    apart = [pair("a", "c"), pair("a", "d"), pair("a", "c")]
    # a-b 2**2 + a-c 1**2 + d-e 1**2 = 6; a-d are at different tables.
    # Keep-apart: a-c together (given twice, counted once); a-d apart.
    assert objective(tables, history, apart) == (6, 1)
    assert objective(tables) == (0, 0)


def test_history_counts_each_table_a_pair_shared() -> None:
    rounds = [
        [["a", "b", "c", "d"], ["e", "f", "g", "h"]],
        [["a", "b", "e", "f"], ["c", "d", "g", "h"]],
    ]
    history = history_from_tables(rounds)
    assert history[pair("a", "b")] == 2
    assert history[pair("a", "e")] == 1
    assert history[pair("c", "d")] == 2
    assert pair("a", "g") not in history
    # Round 1: 2 tables x 6 pairs; round 2 repeats a-b, e-f, c-d, g-h.
    assert len(history) == 12 + 8


def test_a_table_listing_a_player_twice_is_rejected() -> None:
    with pytest.raises(SeatingError, match="twice"):
        history_from_tables([[["a", "b", "a", "c"]]])


def test_a_keep_apart_pair_must_name_two_players() -> None:
    with pytest.raises(SeatingError, match="two players"):
        seat(names(8), 1, keep_apart=[frozenset({"P001"})])


def test_pairs_of_absent_players_are_ignored() -> None:
    history = {pair("P000", "gone"): 3}
    result = seat(names(8), 1, history=history, keep_apart=[pair("P001", "gone")])
    assert (result.repeat_cost, result.keep_apart_violations) == (0, 0)


@st.composite
def histories(draw: st.DrawFn) -> tuple[list[str], dict[frozenset[str], int], int]:
    n = draw(st.integers(min_value=8, max_value=40))
    players = names(n)
    index_pairs = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(
        lambda ij: ij[0] != ij[1]
    )
    met = draw(st.dictionaries(index_pairs, st.integers(1, 3), max_size=4 * n))
    history = {pair(players[i], players[j]): m for (i, j), m in met.items()}
    return players, history, draw(st.integers(0, 10**6))


@settings(max_examples=examples(60), deadline=None)
@given(histories())
def test_avoiding_repeats_is_never_worse_than_the_random_start(
    case: tuple[list[str], dict[frozenset[str], int], int],
) -> None:
    players, history, seed = case
    # Without history the seed gives the random start itself (same groups).
    start = objective(seat(players, seed).tables, history)
    result = seat(players, seed, history=history)
    assert (result.repeat_cost, result.keep_apart_violations) <= start
    assert objective(result.tables, history) == (result.repeat_cost, 0)


@pytest.mark.parametrize("groups", [4, 5, 6])
def test_a_reshuffled_round_can_avoid_every_repeat(groups: int) -> None:
    # Last round: `groups` tables of `groups` players. A Latin arrangement (one
    # player from each old table at each new table) repeats nobody, so the
    # optimum is 0 (16 = 4x4, 25 = 5x5 as in the semi-final, 36 = 6x6).
    players = names(groups * groups)
    last = [players[k * groups : (k + 1) * groups] for k in range(groups)]
    history = history_from_tables([last])
    for s in range(10):
        result = seat(players, s, history=history, sizes=[groups] * groups)
        assert result.repeat_cost == 0, s
        for table in result.tables:
            assert len({players.index(p) // groups for p in table}) == groups


def test_twenty_players_from_four_tables_of_five_repeat_once_per_table() -> None:
    # 20 = 5+5+5+5. Five players drawn from four old tables include two from the
    # same old table (pigeonhole), so each new table holds at least one repeat
    # pair; one per table is reachable, so the optimum is 4 x 1**2 = 4.
    players = names(20)
    last = [players[k * 5 : (k + 1) * 5] for k in range(4)]
    history = history_from_tables([last])
    for s in range(10):
        result = seat(players, s, history=history)
        assert [len(t) for t in result.tables] == [5, 5, 5, 5]
        assert result.repeat_cost == 4, s


def test_keep_apart_pairs_are_kept_apart_when_the_sizes_allow() -> None:
    # 15 players, three tables of 5. A family of three (needs all three tables)
    # and three more pairs: each can sit apart.
    players = names(15)
    family = ["P000", "P001", "P002"]
    apart = [pair(a, b) for a, b in [("P000", "P001"), ("P000", "P002")]]
    apart += [pair("P001", "P002"), pair("P003", "P004"), pair("P005", "P006")]
    apart += [pair("P003", "P007")]
    for s in range(20):
        result = seat(players, s, keep_apart=apart)
        assert result.keep_apart_violations == 0, s
        tables_of_family = {
            k for k, t in enumerate(result.tables) for p in t if p in family
        }
        assert len(tables_of_family) == 3


def test_a_family_larger_than_the_number_of_tables_shares_one_table_once() -> None:
    # Four mutually kept-apart players at three tables: one pair must share (1).
    players = names(15)
    family = ["P000", "P001", "P002", "P003"]
    apart = [pair(a, b) for k, a in enumerate(family) for b in family[k + 1 :]]
    for s in range(10):
        assert seat(players, s, keep_apart=apart).keep_apart_violations == 1


def test_repeat_opponents_weigh_before_keep_apart_pairs() -> None:
    # Everyone in {a,b,c,d} met everyone in {e,f,g,h}; within each group nobody
    # met. The only repeat-free split of 8 into 4+4 keeps the groups, so the
    # keep-apart pair a-b is violated: (0, 1) beats (>= 4, 0).
    first, second = ["a", "b", "c", "d"], ["e", "f", "g", "h"]
    history = {pair(x, y): 1 for x in first for y in second}
    for s in range(10):
        result = seat(first + second, s, history=history, keep_apart=[pair("a", "b")])
        assert (result.repeat_cost, result.keep_apart_violations) == (0, 1)
        assert sorted(map(sorted, result.tables)) == [first, second]
