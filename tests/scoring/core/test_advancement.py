"""Advancement to the semi-final (spec/tournament.md, "Advancement to the semi-final").

Pure tests: no database. Every expected value is worked out by hand from the spec
or taken from data/demo/README.md; the comments show the arithmetic.
"""

from __future__ import annotations

import csv
import random
from collections import defaultdict
from collections.abc import Iterable
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.core.advancement import (
    Advancement,
    AdvancementSettings,
    Alternate,
    HeatTable,
    Listed,
    PlayerResult,
    advance,
    semi_final_size,
    table_places,
)
from tests.conftest import REPO
from tests.support.depth import examples
from tests.support.factories import rec

DEMO = REPO / "data" / "demo"


# --- factories --------------------------------------------------------------------


def t(heat: int, number: int, *records: PlayerResult, **finals: int) -> HeatTable:
    """A heat table from records and/or ``name=final`` keywords."""
    more = tuple(rec(name, final) for name, final in finals.items())
    return HeatTable(heat, number, records + more)


def won(
    heat: int, number: int, winner: str, *others: str, margin: int = 10
) -> HeatTable:
    """``winner`` scores 100; the others 100 - margin, then 10 florins less each."""
    scores = [rec(winner, 100)]
    scores += [rec(p, 100 - margin - 10 * i) for i, p in enumerate(others)]
    return HeatTable(heat, number, tuple(scores))


def names(prefix: str, count: int) -> list[str]:
    return [f"{prefix}{i:02d}" for i in range(1, count + 1)]


def players(items: Iterable[Listed | Alternate]) -> list[str]:
    return [item.player for item in items]


def call_order(result: Advancement) -> list[str]:
    return players(result.alternates) + players(result.next_alternates)


def seven_heat_one_winners(**margins: int) -> list[HeatTable]:
    """Seven heat-1 tables won by A..G (margin 10 unless given), 3 fillers each.

    28 participants: cap 14 is below 16, so there is no semi-final and the seven
    winners are pared to a final of 6 (Advancement, 4).
    """
    return [
        won(1, n, w, *names(f"{w}x", 3), margin=margins.get(w, 10))
        for n, w in enumerate("ABCDEFG", 1)
    ]


# --- the demo event (data/demo/README.md, WBC 2017 shape) ------------------------


def demo_tables() -> list[HeatTable]:
    tables: dict[tuple[int, int], list[PlayerResult]] = defaultdict(list)
    with (DEMO / "results.csv").open(newline="") as handle:
        for row in csv.DictReader(handle):
            record = PlayerResult(
                row["player"], int(row["final"]), int(row["day1"]), int(row["day2"])
            )
            tables[int(row["heat"]), int(row["table"])].append(record)
    return [HeatTable(h, n, tuple(rs)) for (h, n), rs in tables.items()]


def demo_absent() -> list[str]:
    lines = (DEMO / "no_shows.txt").read_text().splitlines()
    return [line.strip() for line in lines if line.strip()]


def test_demo_gives_a_semi_final_of_25_with_one_alternate():
    result = advance(demo_tables(), demo_absent())

    assert result.participants == 78
    assert result.cap == 39  # 78 // 2
    assert result.winners_present == 24  # 30 distinct winners, 6 absent
    assert len(result.winners) == 30
    assert result.semi_size == 25
    assert result.tables == (5, 5, 5, 5, 5)
    assert not result.final_only
    assert not result.provisional
    assert len(result.qualifiers) == 25
    assert players(result.alternates) == ["Drew Penrose"]
    assert result.alternates[0].display_percent == 96.9
    assert players(result.next_alternates) == [
        "Marlo Juniper",
        "Eden Tamsin",
        "Fern Tamsin",
    ]
    assert [a.display_percent for a in result.next_alternates] == [95.6, 91.6, 90.8]
    assert sorted(result.double_winners) == ["Harper Ivesdale", "Kai Kestrel"]
    assert result.pared == ()


def test_demo_double_winner_with_the_best_second_place_is_not_an_alternate():
    result = advance(demo_tables(), demo_absent())

    # Heat 3 table 9: Harper Ivesdale 86 behind Wynn Ravensworth's 87 = 98.9%,
    # above Drew Penrose's 94 of 97 = 96.9% (heat 1 table 10).
    (table,) = [x for x in demo_tables() if (x.heat, x.table) == (3, 9)]
    places = table_places(table.records)
    assert places.place_of("Harper Ivesdale") == 2
    assert places.percentages("Harper Ivesdale")[0] == Fraction(86, 87)

    assert "Harper Ivesdale" not in call_order(result)
    assert Listed("Harper Ivesdale", "double winner (heats 1, 2)") in result.qualifiers
    assert (result.alternates[0].heat, result.alternates[0].table) == (1, 10)
    assert result.alternates[0].percent == Fraction(94, 97)


def test_demo_absent_winners_are_not_seated_but_listed_as_skipped():
    result = advance(demo_tables(), demo_absent())

    seated = set(players(result.qualifiers))
    assert seated.isdisjoint(demo_absent())
    assert set(demo_absent()) <= set(players(result.skipped))


def test_demo_to_json_has_the_published_shape():
    data = advance(demo_tables(), demo_absent()).to_json()

    assert data["semi_size"] == 25
    assert data["tables"] == [5, 5, 5, 5, 5]
    assert data["winners_present"] == 24
    assert data["cap"] == 39
    assert data["alternates"][0]["player"] == "Drew Penrose"
    assert data["alternates"][0]["percent"] == 96.9
    assert {"player", "percent", "heat", "table"} <= set(data["alternates"][0])
    assert {"player", "reason"} <= set(data["qualifiers"][0])
    assert [a["percent"] for a in data["next_alternates"]] == [95.6, 91.6, 90.8]
    assert data["pared"] == []
    assert sorted(data["double_winners"]) == ["Harper Ivesdale", "Kai Kestrel"]
    assert data["warnings"] == []


@settings(max_examples=examples(20), deadline=None)
@given(st.randoms(use_true_random=False))
def test_demo_result_does_not_depend_on_input_order(rnd: random.Random):
    tables = demo_tables()
    shuffled = [
        HeatTable(x.heat, x.table, tuple(rnd.sample(x.records, len(x.records))))
        for x in tables
    ]
    rnd.shuffle(shuffled)
    absent = demo_absent()
    rnd.shuffle(absent)

    assert (
        advance(shuffled, absent).to_json() == advance(tables, demo_absent()).to_json()
    )


# --- size (Advancement, 1 and 4) --------------------------------------------------


@pytest.mark.parametrize(
    ("present", "participants", "size"),
    [
        (24, 78, 25),  # WBC 2017: smallest size holding 24 is 25; cap 39
        (25, 54, 25),  # WBC 2001 shape: 25 fits exactly under cap 27
        (7, 100, 16),  # 7 winners still get a semi-final of 16
        (17, 40, 20),  # 20 holds 17, cap 20 allows it
        (17, 39, 16),  # 20 holds 17 but cap is 19: largest size under it is 16
        (21, 41, 20),  # 25 would hold 21, cap 20: 20 and one winner cut
        (40, 100, 36),  # more than 36: 36 and four cut by HMW
        (36, 71, 30),  # cap 35: 36 is over it, so 30
        (6, 100, 0),  # at most 6 winners: no semi-final
        (10, 31, 0),  # cap 15 is below 16: no semi-final
        (16, 32, 16),  # cap exactly 16
    ],
)
def test_semi_final_size_follows_the_standard_sizes_and_the_half_cap(
    present: int, participants: int, size: int
):
    assert semi_final_size(present, participants) == size


def test_half_cap_lowers_the_size_and_cuts_the_last_hmw_winner():
    # 32 players. Heat 1: 8 tables, P01, P05, ... P29 win. Heat 2: 8 tables won by
    # P02, P06, ... P30 (every heat-1 winner loses once). Heat 3: P03 wins one table.
    # 17 winners; 20 would hold them but cap = 32 // 2 = 16, so 16 seats.
    ps = names("P", 32)
    heat1 = [won(1, i + 1, *ps[4 * i : 4 * i + 4]) for i in range(8)]
    heat2 = [
        won(
            2, i + 1, ps[4 * i + 1], ps[4 * i + 2], ps[4 * i + 3], ps[4 * ((i + 1) % 8)]
        )
        for i in range(8)
    ]
    heat3 = [won(3, 1, "P03", "P04", "P07", "P08")]

    result = advance(heat1 + heat2 + heat3)

    assert result.participants == 32
    assert result.cap == 16
    assert result.winners_present == 17
    assert result.semi_size == 16
    assert result.tables == (4, 4, 4, 4)
    assert len(result.qualifiers) == 16
    # Heat-1 winners won in their first heat entered (level 2), heat-2 winners in
    # their second (level 3); P03 lost heats 1 and 2, so falls at level 3.
    assert result.pared == (
        Listed("P03", "HMW rank 17 (3: win in second heat entered)"),
    )
    assert result.alternates == ()
    # A cut winner is the first alternate, ahead of any second place.
    assert result.next_alternates[0].player == "P03"
    assert result.next_alternates[0].percent is None
    assert result.next_alternates[1].place == 2


def test_at_most_six_winners_play_the_final_instead_of_a_semi_final():
    tables = [won(1, n, w, *names(f"{w}x", 4)) for n, w in enumerate("ABCDE", 1)]

    result = advance(tables)

    assert result.participants == 25
    assert result.semi_size == 0
    assert result.final_only
    assert result.tables == (5,)
    assert players(result.qualifiers) == list("ABCDE")
    assert result.alternates == ()


def test_a_final_of_fewer_than_four_winners_is_filled_with_alternates():
    # Seconds: B 90/100 = 90%, D 40/50 = 80%, F 7/70 = 10%.
    # Thirds:  E 10/50 = 20%, C 10/100 = 10%, G 6/70 = 8.6%.
    tables = [
        t(1, 1, A=100, B=90, C=10, X=5),
        t(1, 2, W=50, D=40, E=10, Y=5),
        t(1, 3, Z=70, F=7, G=6, H=5),
    ]

    result = advance(tables)

    assert result.final_only
    assert result.tables == (4,)
    assert result.winners_present == 3
    assert players(result.alternates) == ["B"]
    assert players(result.qualifiers) == ["A", "W", "Z", "B"]
    # Next in call order: the other seconds, then the best third.
    assert players(result.next_alternates) == ["D", "F", "E"]
    assert [a.place for a in result.next_alternates] == [2, 2, 3]


def test_cap_below_16_pares_seven_winners_to_a_final_of_six():
    result = advance(seven_heat_one_winners(G=5))

    assert result.cap == 14  # 28 participants
    assert result.semi_size == 0
    assert result.final_only
    assert result.tables == (6,)
    assert len(result.qualifiers) == 6
    assert players(result.pared) == ["G"]


# --- HMW tie-breakers (Advancement, 2) --------------------------------------------


def test_hmw_most_wins_beats_a_win_in_the_first_heat_entered():
    # G wins heat 1 (his only heat) by 50. A..F lose heat 1 or skip it, then win
    # heats 2 and 3. Seven winners, 25 participants: final of 6, G has fewer wins.
    fillers = names("f", 18)
    tables = [won(1, 1, "G", "A", "B", "C", margin=50)]
    for heat in (2, 3):
        tables += [
            won(heat, n + 1, w, *fillers[3 * n : 3 * n + 3])
            for n, w in enumerate("ABCDEF")
        ]

    result = advance(tables)

    assert result.participants == 25
    assert players(result.pared) == ["G"]
    assert result.pared[0].reason == "HMW rank 7 (1: most heat wins)"
    assert sorted(result.double_winners) == list("ABCDEF")


def test_hmw_a_win_in_the_first_heat_entered_beats_a_larger_margin():
    # A..E win heat 1; H first plays in heat 2 and wins it (his first heat entered).
    # G is second at A's table in heat 1, then wins heat 2 by 50 (A..E, H by 10).
    tables = [won(1, 1, "A", "G", "Ax01", "Ax02")]
    tables += [won(1, n, w, *names(f"{w}x", 3)) for n, w in enumerate("BCDE", 2)]
    tables += [
        won(2, 1, "H", *names("Hx", 3)),
        won(2, 2, "G", *names("Gx", 3), margin=50),
    ]

    result = advance(tables)

    assert result.final_only
    assert "H" in players(result.qualifiers)
    assert result.pared == (Listed("G", "HMW rank 7 (2: win in first heat entered)"),)


def test_hmw_a_win_in_the_second_heat_entered_beats_a_later_win():
    # Heat 1 is won by Q1 and Q2, who are absent and so not ranked. A..F win heat 2
    # (their second heat entered); G loses heats 1 and 2 and wins heat 3 by 50.
    tables = [
        t(1, 1, Q1=100, A=90, B=80, C=70, D=60),
        t(1, 2, Q2=100, E=90, F=80, G=70, X=60),
        won(2, 1, "A", "G", "Ax01", "Ax02"),
    ]
    tables += [won(2, n, w, *names(f"{w}x", 3)) for n, w in enumerate("BCDEF", 2)]
    tables += [won(3, 1, "G", *names("Gx", 3), margin=50)]

    result = advance(tables, absent=["Q1", "Q2"])

    assert result.winners_present == 7
    assert result.pared == (Listed("G", "HMW rank 7 (3: win in second heat entered)"),)
    assert {"Q1", "Q2"} <= set(players(result.skipped))


def test_hmw_margin_of_victory_decides_between_single_first_heat_wins():
    # Seven heat-1 winners by 10 florins, except G by 5.
    result = advance(seven_heat_one_winners(G=5))

    assert result.pared == (Listed("G", "HMW rank 7 (6: largest margin of victory)"),)


def test_hmw_best_average_finish_decides_after_margin():
    # Seven heat-1 winners by 10. G also plays heat 2 and is second to A (by 10):
    # G averages (1 + 2) / 2 = 1.5, B..F average 1.0, A has two wins.
    tables = seven_heat_one_winners() + [won(2, 1, "A", "G", "Gy01", "Gy02")]

    result = advance(tables)

    assert result.qualifiers[0] == Listed("A", "HMW rank 1 (1: most heat wins)")
    assert result.pared == (Listed("G", "HMW rank 7 (7: best average finish)"),)


def die(seed: str, player: str) -> float:
    """The documented draw: random.Random(f"{seed}|hmw|{player}"), higher is better."""
    return random.Random(f"{seed}|hmw|{player}").random()


def test_hmw_die_roll_is_reproducible_from_the_recorded_seed():
    tables = seven_heat_one_winners()  # all level on every deterministic tie-break
    lowest = min("ABCDEFG", key=lambda p: die("wbc-2027", p))

    result = advance(tables, settings=AdvancementSettings(seed="wbc-2027"))

    assert players(result.pared) == [lowest]
    assert result.pared[0].reason == "HMW rank 7 (8: die roll)"
    assert any("die roll" in w and "wbc-2027" in w for w in result.warnings)
    assert advance(tables, settings=AdvancementSettings(seed="wbc-2027")) == result


def test_hmw_die_roll_changes_with_the_seed():
    tables = seven_heat_one_winners()
    cut = {
        advance(tables, settings=AdvancementSettings(seed=str(s))).pared[0].player
        for s in range(20)
    }
    expected = {min("ABCDEFG", key=lambda p: die(str(s), p)) for s in range(20)}

    assert cut == expected
    assert len(cut) > 1


def test_absent_winners_are_neither_counted_nor_ranked():
    # Seven winners, two absent: five present play the final, nobody is cut.
    result = advance(seven_heat_one_winners(G=5), absent=["A", "G"])

    assert result.winners_present == 5
    assert result.tables == (5,)
    assert result.pared == ()
    assert players(result.qualifiers) == list("BCDEF")
    assert players(result.skipped) == ["A", "G"]


# --- alternates (Advancement, 3 and 6) --------------------------------------------


def three_winner_final(*tables: HeatTable, absent: tuple[str, ...] = ()) -> Advancement:
    """Three winners present: a final filled to 4, so the call order shows up to 4."""
    result = advance(list(tables), absent)
    assert result.final_only and result.tables == (4,)
    return result


def test_alternates_tied_on_final_percentage_go_to_day_2_then_day_1():
    # All three seconds have 90% of their winner's final.
    # Day 2: S1 60/80 = 75%; S2 80/100 = 80%; S3 32/40 = 80%.
    # Day 1: S2 40/50 = 80%; S3 18/20 = 90%.  So S3, S2, S1.
    result = three_winner_final(
        t(1, 1, rec("W1", 100, 80, 40), rec("S1", 90, 60, 30), rec("x1", 1, 1, 1)),
        t(1, 2, rec("W2", 200, 100, 50), rec("S2", 180, 80, 40), rec("x2", 1, 1, 1)),
        t(1, 3, rec("W3", 50, 40, 20), rec("S3", 45, 32, 18), rec("x3", 1, 1, 1)),
    )

    assert call_order(result)[:3] == ["S3", "S2", "S1"]
    assert [a.percent for a in (*result.alternates, *result.next_alternates)][:3] == [
        Fraction(9, 10)
    ] * 3
    assert result.alternates[0].reason == (
        "alternate 1: 90.0% of winner, heat 1 table 3, tie broken by day 1 %"
    )
    assert result.next_alternates[1].reason == (
        "alternate 3: 90.0% of winner, heat 1 table 1, tie broken by day 2 %"
    )


def test_percentages_are_compared_as_exact_ratios():
    # 83 of 100 (83.0%) is below 100 of 120 (83.3%), though both round to 83%;
    # day 2 would favour Sa, so a rounded comparison would get the order wrong.
    result = three_winner_final(
        t(1, 1, rec("W1", 100, 50), rec("Sa", 83, 90), rec("x1", 1, 1)),
        t(1, 2, rec("W2", 120, 100), rec("Sb", 100, 10), rec("x2", 1, 1)),
        t(1, 3, W3=100, Sc=50, x3=1),
    )

    assert call_order(result)[:3] == ["Sb", "Sa", "Sc"]
    assert result.alternates[0].percent == Fraction(100, 120)
    assert result.alternates[0].display_percent == 83.3
    assert result.next_alternates[0].display_percent == 83.0


def test_an_absent_alternate_is_skipped_and_the_next_one_called():
    result = three_winner_final(
        t(1, 1, W1=100, S1=95, x1=1),
        t(1, 2, W2=100, S2=90, x2=1),
        t(1, 3, W3=100, S3=80, x3=1),
        absent=("S1",),
    )

    assert players(result.alternates) == ["S2"]
    assert call_order(result)[:2] == ["S2", "S3"]
    assert players(result.skipped) == ["S1"]
    assert "S1" not in call_order(result)


def test_thirds_follow_when_second_places_run_out():
    # Seconds: B (a winner elsewhere, never an alternate), E (absent), I 10%.
    # Thirds: C 80/100, F 60/100, J 5/100.
    result = three_winner_final(
        t(1, 1, A=100, B=90, C=80, D=70),
        t(2, 1, B=100, E=95, F=60, G=50),
        t(2, 2, H=100, I=10, J=5, K=1),
        absent=("E",),
    )

    assert players(result.qualifiers) == ["A", "B", "H", "I"]
    assert players(result.next_alternates) == ["C", "F", "J"]
    assert [a.place for a in result.next_alternates] == [3, 3, 3]
    assert result.next_alternates[0].reason == (
        "alternate 2: 80.0% of winner, heat 1 table 1, third place"
    )
    assert "B" not in call_order(result)


def test_runner_up_at_a_table_whose_winner_scored_zero_has_100_percent():
    # The GM declared W the winner of an all-zero table; R, X, Y share second at
    # 100%, ahead of S at 99/100. Nothing else separates R, X, Y: the die does.
    result = three_winner_final(
        t(1, 1, rec("W", 0, declared=1), R=0, X=0, Y=0),
        t(1, 2, V=100, S=99, x2=1),
        t(1, 3, Z=100, T=10, x3=1),
    )

    order = call_order(result)
    assert set(order[:3]) == {"R", "X", "Y"}
    assert order[3] == "S"
    assert result.alternates[0].percent == 1
    assert result.alternates[0].reason.endswith("die roll")
    assert any("die roll" in w for w in result.warnings)


def test_unresolved_tie_for_first_makes_both_winners_with_a_warning():
    tables = [t(1, 1, A=100, B=100, C=90, D=80), t(1, 2, E=100, F=50, x=1)]

    result = advance(tables)

    assert players(result.qualifiers)[:3] == ["A", "B", "E"]
    assert result.winners_present == 3
    assert any(
        "heat 1 table 1" in w and "tie for first unresolved" in w
        for w in result.warnings
    )
    # Places 1, 1, 3: C is third, so F (a second) is called before C.
    assert call_order(result)[:2] == ["F", "C"]


def test_resolved_tie_for_first_makes_the_other_player_second_at_100_percent():
    tables = [
        t(1, 1, rec("A", 100, declared=1), B=100, C=90, D=80),
        t(1, 2, E=100, F=50, x=1),
    ]

    result = advance(tables)

    assert result.winners == ("A", "E")
    assert players(result.alternates) == ["B", "F"]  # final of 4: two alternates
    assert result.alternates[0].percent == 1
    assert result.warnings == ()


# --- provisional, validation, order -----------------------------------------------


def test_missing_tables_make_the_advancement_provisional():
    tables = seven_heat_one_winners(G=5) + [HeatTable(1, 9, ())]

    result = advance(tables, missing_tables=[(1, 8)])

    assert result.provisional
    assert result.missing_tables == ((1, 8), (1, 9))
    assert "provisional: no results for heat 1 table 8" in result.warnings
    assert result.to_json()["missing_tables"] == [[1, 8], [1, 9]]


def test_complete_results_are_not_provisional():
    assert not advance(seven_heat_one_winners()).provisional


def test_a_table_given_twice_is_an_error():
    with pytest.raises(ValueError, match="heat 1 table 1"):
        advance([t(1, 1, A=100, B=50), t(1, 1, C=100, D=50)])


def test_a_player_with_two_records_in_one_heat_is_an_error():
    with pytest.raises(ValueError, match="A has two records"):
        advance([t(1, 1, A=100, B=50), t(1, 2, A=100, D=50)])


def test_a_layout_that_does_not_seat_its_size_is_an_error():
    with pytest.raises(ValueError, match="does not seat 20"):
        AdvancementSettings(layouts={20: (5, 5, 5)})


@st.composite
def events(draw: st.DrawFn) -> tuple[list[HeatTable], list[str]]:
    """1-4 heats from a pool of 8-90 players, tables of 4-6, random scores."""
    pool = names("p", draw(st.integers(8, 90)))
    tables = []
    for heat in range(1, draw(st.integers(1, 4)) + 1):
        shuffled = draw(st.permutations(pool))
        entered = shuffled[: draw(st.integers(4, len(pool)))]
        chunks = [entered[i : i + 5] for i in range(0, len(entered), 5)]
        for number, chunk in enumerate(c for c in chunks if len(c) >= 4):
            scores = st.integers(0, 150)
            records = tuple(
                rec(p, draw(scores), draw(scores), draw(scores)) for p in chunk
            )
            tables.append(HeatTable(heat, number + 1, records))
    absent = draw(st.lists(st.sampled_from(pool), unique=True, max_size=6))
    return tables, absent


@settings(max_examples=examples(60), deadline=None)
@given(events(), st.randoms(use_true_random=False))
def test_any_event_is_seated_consistently_in_any_input_order(event, rnd):
    tables, absent = event
    result = advance(tables, absent)
    shuffled = [
        HeatTable(x.heat, x.table, tuple(rnd.sample(x.records, len(x.records))))
        for x in rnd.sample(tables, len(tables))
    ]

    assert advance(shuffled, list(reversed(absent))) == result
    seated = players(result.qualifiers)
    assert len(seated) == len(set(seated)) <= result.seats
    assert set(seated).isdisjoint(absent)
    called = [
        a for a in result.alternates + result.next_alternates if a.percent is not None
    ]
    assert set(players(called)).isdisjoint(result.winners)
    cut = [a for a in result.next_alternates if a.percent is None]
    assert players(cut) == players(result.pared)[: len(cut)]
    assert result.winners_present <= len(result.winners)
    assert result.final_only == (result.semi_size == 0)
    if not result.final_only:
        assert result.semi_size <= result.cap


def test_players_at_tables_without_results_count_as_participants():
    # 8 tables of 4 with results: 32 participants, 8 winners; cap 16 holds the 16.
    tables = [won(1, n, f"W{n}", f"a{n}", f"b{n}", f"c{n}") for n in range(1, 9)]
    alone = advance(tables)
    assert (alone.participants, alone.cap, alone.semi_size) == (32, 16, 16)
    # Table 9 is seated but owes its paperwork: its 4 players did play a heat,
    # so participants are 36 (cap 18), and the list is provisional.
    pending = advance(
        tables,
        missing_tables=[(1, 9)],
        pending_players={"p1", "p2", "p3", "p4"},
    )
    assert (pending.participants, pending.cap, pending.semi_size) == (36, 18, 16)
    assert pending.provisional and pending.missing_tables == ((1, 9),)


def test_no_tables_at_all_recommends_nothing():
    result = advance([])
    assert (result.semi_size, result.tables, result.qualifiers) == (0, (), ())
    assert result.warnings == ("no heat results yet",)


def test_gm_override_of_size_calls_more_alternates():
    # 8 tables of 4 (32 participants, cap 16): 8 winners -> recommended 16. The GM
    # sets 20 (a GM override may pass the half cap): 12 empty seats for alternates.
    # Table n: winner 100, a_n 100 - n, b_n 90 - n, c_n 80 - n.
    tables = [
        won(1, n, f"W{n}", f"a{n}", f"b{n}", f"c{n}", margin=n) for n in range(1, 9)
    ]
    assert advance(tables).semi_size == 16
    forced = advance(tables, settings=AdvancementSettings(forced_size=20))
    assert forced.semi_size == 20 and forced.tables == (5, 5, 5, 5)
    # Seconds a1..a8 score 99..92 of 100: called in that order, then the thirds
    # b1..b4 (89..86) for the last four of the 12 empty seats.
    assert players(forced.alternates) == [f"a{n}" for n in range(1, 9)] + [
        f"b{n}" for n in range(1, 5)
    ]
    assert "semi-final size 20 set by the GM" in forced.warnings


def test_a_size_without_a_layout_is_refused():
    with pytest.raises(ValueError, match="a semi-final of 18 has no layout"):
        AdvancementSettings(forced_size=18)


def test_players_added_by_the_gm_sit_ahead_of_alternates():
    tables = [
        won(1, n, f"W{n}", f"a{n}", f"b{n}", f"c{n}", margin=n) for n in range(1, 9)
    ]
    result = advance(tables, added=["c8", "W1"])
    qualifiers = {q.player: q.reason for q in result.qualifiers}
    assert qualifiers["c8"] == "added by the GM"
    assert qualifiers["W1"] == "heat 1 table 1 winner"  # already a qualifier
    # 16 seats: 8 winners, c8, then 7 alternates a1..a7; a8 is the next one called.
    assert players(result.alternates) == [f"a{n}" for n in range(1, 8)]
    assert players(result.next_alternates)[0] == "a8"
    assert "c8" not in call_order(result)


def test_hmw_reason_names_the_level_that_set_a_player_s_rank():
    # Heat 1 is won by A..E by 50, 40, 30, 20, 10 florins and by F in a 100-100
    # tie the GM decided (margin 0). G first plays heat 1 (second to A), then wins
    # heat 2 by 60. Seven winners, 26 participants, cap 13: a final of 6.
    # HMW keys: all have 1 win (level 1 level); A..F won their first heat entered,
    # G did not (level 2); A..F differ by margin (level 6). Each reason names the
    # deepest level against the players beside it (issue 31): F's exact rank 6
    # was set by the margin that put F behind E (level 6, deeper than the level
    # 2 that parts F from G); G is cut by level 2 against F.
    tables = [won(1, 1, "A", "G", *names("Ax", 2), margin=50)]
    tables += [
        won(1, n, w, *names(f"{w}x", 3), margin=m)
        for n, (w, m) in enumerate(zip("BCDE", (40, 30, 20, 10), strict=True), 2)
    ]
    tables += [t(1, 6, rec("F", 100, declared=1), rec("Fx01", 100), Fx02=50)]
    tables += [won(2, 1, "G", *names("Gx", 3), margin=60)]

    result = advance(tables)

    assert result.final_only
    assert players(result.qualifiers) == list("ABCDEF")
    assert result.qualifiers[0].reason == "HMW rank 1 (6: largest margin of victory)"
    assert result.qualifiers[5].reason == "HMW rank 6 (6: largest margin of victory)"
    assert result.pared == (Listed("G", "HMW rank 7 (2: win in first heat entered)"),)
