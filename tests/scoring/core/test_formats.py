"""Event formats and empty semi-final seats (spec/tournament.md, "Event formats";
"Advancement to the semi-final", 1-4 and the 2017 figures), without a database.
Every expected value is worked out by hand in the comments."""

from __future__ import annotations

import pytest

from heats.core.formats import format_line
from scoring.core.advancement import AdvancementSettings, HeatTable, advance
from scoring.core.sizes import short_tables, winners_only_tables
from tests.support.factories import rec

HMO = AdvancementSettings(format="hmo")


def heat(number: int, table: int, *players: str) -> HeatTable:
    """The first player wins with 100; the others score 80, 70, 60, 50, 40."""
    finals = [100, 80, 70, 60, 50, 40]
    return HeatTable(
        number, table, tuple(rec(p, f) for p, f in zip(players, finals, strict=False))
    )


def field(winners: int, per_table: int = 5) -> list[HeatTable]:
    """``winners`` heat-1 tables of ``per_table``, won by W01, W02, ...; the others
    are x01-1, x01-2, ... (participants: winners × per_table)."""
    return [
        heat(1, n, f"W{n:02d}", *(f"x{n:02d}-{i}" for i in range(1, per_table)))
        for n in range(1, winners + 1)
    ]


def names(rows) -> list[str]:
    return [row.player for row in rows]


def test_format_lines_name_the_format():
    assert format_line("hmo") == "Format: heats winners only"
    assert format_line("hmw") == "Format: heats most wins"
    with pytest.raises(ValueError, match="unknown format 'wta'"):
        format_line("wta")


def test_an_unknown_format_is_refused():
    with pytest.raises(ValueError, match="unknown format 'hmx'"):
        AdvancementSettings(format="hmx")


@pytest.mark.parametrize(
    ("players", "policy", "tables"),
    [
        # six-over-four: no 4s, then most 5s: 28 = 3×6 + 2×5.
        (28, "six-over-four", (6, 6, 6, 5, 5)),
        (36, "six-over-four", (6, 6, 6, 6, 6, 6)),
        # 35 under six-over-four is 7×5: 7 tables would send 7 to a final of 6,
        # so 35 is spread over 6 tables: 6+6+6+6+6+5.
        (35, "six-over-four", (6, 6, 6, 6, 6, 5)),
        # five-first: 23 = 5+5+5+4+4; 36 = 6×5 + 6 (7 tables) -> 6 tables of 6.
        (23, "five-first", (5, 5, 5, 4, 4)),
        (36, "five-first", (6, 6, 6, 6, 6, 6)),
        (8, "six-over-four", (4, 4)),
    ],
)
def test_a_winners_only_semi_final_follows_the_table_size_rule(players, policy, tables):
    assert winners_only_tables(players, policy) == tables


@pytest.mark.parametrize(
    ("layout", "players", "tables"),
    [
        # 2017: 25 seats, 24 players: one table of 4.
        ((5, 5, 5, 5, 5), 24, (5, 5, 5, 5, 4)),
        ((5, 5, 5, 5, 5), 22, (5, 5, 4, 4, 4)),
        ((6, 6, 6, 6, 6, 6), 33, (6, 6, 6, 5, 5, 5)),
        ((5, 5, 5, 5, 5, 5), 27, (5, 5, 5, 4, 4, 4)),
        # 15 cannot sit at 4 tables of 4 or more: the table-size rule, 5+5+5.
        ((4, 4, 4, 4), 15, (5, 5, 5)),
        ((5, 5, 5, 5), 20, (5, 5, 5, 5)),
    ],
)
def test_empty_seats_come_off_the_tables_keeping_4_to_6(layout, players, tables):
    assert short_tables(layout, players) == tables


def test_winners_only_seats_every_present_winner_without_alternates():
    # 28 winners, 5 a table: 140 participants, cap 70.
    result = advance(field(28), settings=HMO)
    assert (result.format, result.semi_size, result.tables) == (
        "hmo",
        28,
        (6, 6, 6, 5, 5),
    )
    assert names(result.qualifiers) == [f"W{n:02d}" for n in range(1, 29)]
    assert (result.alternates, result.next_alternates) == ((), ())
    assert result.to_json()["format"] == "hmo"


def test_winners_only_under_five_first_seats_28_as_5_5_5_5_4_4():
    # five-first: most 5s, then 6 over 4. 28 = 4×5 + 4+4 (four 5s); five 5s leave
    # 3, which no table seats. So 5+5+5+5+4+4.
    settings = AdvancementSettings(format="hmo", policy="five-first")
    assert advance(field(28), settings=settings).tables == (5, 5, 5, 5, 4, 4)


def test_winners_only_seats_nine_winners_at_two_tables():
    # 9 winners at tables of 4: 36 participants, cap 18: all 9; 9 = 5+4.
    result = advance(field(9, per_table=4), settings=HMO)
    assert (result.semi_size, result.tables, result.final_only) == (9, (5, 4), False)


def test_winners_only_pares_to_the_half_cap_by_hmw():
    # 40 players in groups of 4 (P01-P04, ...); heats 1 and 2: the 10 groups at 10
    # tables, heat 3: groups 1-4 only. Heat 1 table n is won by P(4n-3), heat 2 by
    # P(4n-2), heat 3 by P(4n-1): 24 distinct winners, 40 participants, cap 20.
    # HMW: heat-1 winners won the first heat they entered (level 2), heat-2
    # winners the second (level 3), the 4 heat-3 winners the third (level 4):
    # they are cut: P03, P07, P11, P15.
    def group(n: int, winner: int) -> list[str]:
        members = [f"P{4 * n - 3 + i:02d}" for i in range(4)]
        return [members[winner], *(m for i, m in enumerate(members) if i != winner)]

    tables = [heat(h, n, *group(n, h - 1)) for h in (1, 2) for n in range(1, 11)]
    tables += [heat(3, n, *group(n, 2)) for n in range(1, 5)]
    result = advance(tables, settings=HMO)
    assert (result.winners_present, result.cap) == (24, 20)
    assert (result.semi_size, result.tables) == (20, (5, 5, 5, 5))
    assert sorted(names(result.pared)) == ["P03", "P07", "P11", "P15"]
    ranks = [p.reason.split(" (")[0] for p in result.pared]
    assert ranks == ["HMW rank 21", "HMW rank 22", "HMW rank 23", "HMW rank 24"]
    assert (result.alternates, result.next_alternates) == ((), ())


def test_at_most_six_winners_play_the_final_unfilled():
    # 3 winners, no semi-final; hmo calls no alternate: a final of 3, and a
    # warning that the GM decides.
    result = advance(field(3), settings=HMO)
    assert (result.final_only, result.tables) == (True, (3,))
    assert names(result.qualifiers) == ["W01", "W02", "W03"]
    assert result.alternates == ()
    assert any("heats winners only calls no alternate" in w for w in result.warnings)


def test_seven_winners_with_no_room_for_two_tables_play_a_final_of_six():
    # 7 winners at tables of 5: 35 participants, cap 17: 7 seats, under 8 (two
    # tables): no semi-final; the winners pared to 6 by HMW (all single wins in
    # heat 1; margins all 20, finishes all 1: the die decides the cut).
    result = advance(field(7), settings=HMO)
    assert (result.final_only, result.tables) == (True, (6,))
    assert len(result.qualifiers) == 6 and len(result.pared) == 1
    assert result.next_alternates == ()


def test_hmw_empty_seats_are_taken_off_the_tables_with_a_reason():
    # 17 winners at tables of 5 (85 participants, cap 42): size 20, 3 empty seats;
    # the only possible alternates (every non-winner) are absent.
    tables = field(17)
    away = [r.player for t in tables for r in t.records if r.final != 100]
    result = advance(tables, absent=away)
    assert (result.semi_size, result.tables) == (20, (5, 4, 4, 4))
    assert result.seats == 17 == len(result.qualifiers)
    assert (
        "semi-final of 20: 3 seats no alternate can fill, so 17 play in 4 "
        "tables (5+4+4+4)"
    ) in result.warnings


# --- the GM's size "the winners present" (Advancement, 5; WBC 2017) ---------------


def test_the_winners_present_seat_24_in_five_tables_with_no_alternate():
    """WBC 2017: "6 out of 30 were no-shows, leaving 24 to compete in five
    semifinal games": 30 winners, 6 absent, the GM seats the 24 present."""
    # 30 tables of 5: 150 participants, cap 75; W25-W30 absent. Size 25 holds 24
    # (rule 1); the recommendation calls a second (every one 80 of 100: the die
    # picks) to the 25th seat. The winners present call nobody: 24 over 25's
    # five tables, one seat off: 5+5+5+5+4.
    absent = [f"W{n:02d}" for n in range(25, 31)]
    plain = advance(field(30), absent=absent)
    assert (plain.semi_size, plain.tables) == (25, (5,) * 5)
    assert [p.endswith("-1") for p in names(plain.alternates)] == [True]
    settings = AdvancementSettings(winners_present=True, size_reason="as in 2017")
    result = advance(field(30), absent=absent, settings=settings)
    assert (result.semi_size, result.tables) == (24, (5, 5, 5, 5, 4))
    assert names(result.qualifiers) == [f"W{n:02d}" for n in range(1, 25)]
    assert (result.alternates, result.next_alternates, result.pared) == ((), (), ())
    assert (
        "semi-final of the winners present, set by the GM: 24 play in 5 tables "
        "(5+5+5+5+4), no alternate called; the GM's reason: as in 2017"
    ) in result.warnings


def test_the_winners_present_without_a_reason_say_so_plainly():
    # 17 winners, 4 a table: 68 participants, cap 34; size 20 (4×5) holds 17:
    # 17 over four tables, 5+4+4+4.
    settings = AdvancementSettings(winners_present=True)
    result = advance(field(17, per_table=4), settings=settings)
    assert (result.semi_size, result.tables) == (17, (5, 4, 4, 4))
    assert result.warnings == (
        "semi-final of the winners present: 17 play in 4 tables (5+4+4+4), no "
        "alternate called",
    )


def test_the_winners_present_are_still_pared_to_the_largest_size():
    # 40 winners, 5 a table: 200 participants, cap 100; no size holds 40, so 36
    # (6×6) seats the best 36 by HMW: W01-W36 all won heat 1 with a margin of
    # 20; level 8, the die, orders them, and 4 are cut, none called.
    settings = AdvancementSettings(winners_present=True, size_reason="r")
    result = advance(field(40), settings=settings)
    assert (result.semi_size, result.tables) == (36, (6,) * 6)
    assert (len(result.qualifiers), len(result.pared)) == (36, 4)
    assert (result.alternates, result.next_alternates) == ((), ())


def test_the_winners_present_without_a_semi_final_change_nothing():
    # 5 winners: no semi-final (rule 4), a final of 5; the choice leaves the
    # list as recommended.
    settings = AdvancementSettings(winners_present=True, size_reason="r")
    assert advance(field(5), settings=settings) == advance(field(5))


def test_the_winners_present_have_no_size_of_their_own():
    with pytest.raises(ValueError, match="winners present has no size of its own"):
        AdvancementSettings(winners_present=True, forced_size=25)
