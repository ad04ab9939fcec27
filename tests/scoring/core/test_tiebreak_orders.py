"""The HMW tie-break orders (heats.core.tiebreaks; tournament.md, Advancement, 2)
and reasons that tell the truth (issue 31, item 4): a die roll is posted only
where it changed who advances or the alternates' call order, each rank names the
level that set it against the winners beside it, and the laurels name the HMW
level between alternates who won semi-final tables. Every figure is worked out
by hand in the test's comments."""

from __future__ import annotations

import pytest

from heats.core.tiebreaks import tiebreak_line
from scoring.core.advancement import AdvancementSettings, HeatTable, advance
from scoring.core.draw import Draw, die_roll
from scoring.core.finishes import PlayerHistory, place_heats, player_histories
from scoring.core.hmw import HmwRanking, hmw_key, seat_winners
from scoring.core.laurels import laurels
from scoring.core.places import PlayerResult as R
from tests.support.factories import rec

SEED = "wbc2018"


def wbc_2018_tables() -> list[HeatTable]:
    """Eight winners, 28 players (the WBC 2018 shape of the acceptance test).

    Heat 1, seven tables of four: Ann, Bea, Cal, Dan, Eve win by 50, 40, 30, 20,
    15 florins; Fay and Gus both win by 10. Xan is second to Ann. Heat 2, one
    table: Xan 100, Fay 80, Gus 70, Ann's filler a1 60.
    """
    firsts = [("Ann", 50), ("Bea", 40), ("Cal", 30), ("Dan", 20), ("Eve", 15)]
    firsts += [("Fay", 10), ("Gus", 10)]
    tables = []
    for number, (winner, margin) in enumerate(firsts, 1):
        prefix = winner[0].lower()
        others = [
            "Xan" if winner == "Ann" else f"{prefix}1",
            f"{prefix}2",
            f"{prefix}3",
        ]
        scores = [100 - margin, 100 - margin - 10, 100 - margin - 20]
        records = (
            rec(winner, 100),
            *(rec(p, s) for p, s in zip(others, scores, strict=True)),
        )
        tables.append(HeatTable(1, number, records))
    heat_2 = (rec("Xan", 100), rec("Fay", 80), rec("Gus", 70), rec("a1", 60))
    return [*tables, HeatTable(2, 1, heat_2)]


def reasons_of(result) -> dict[str, str]:
    return {x.player: x.reason for x in (*result.qualifiers, *result.pared)}


def test_the_lines_name_each_order():
    assert tiebreak_line("margin-die") == "Tie-breakers: WBC 2018 (margin, then die)"
    assert tiebreak_line("bpa") == (
        "Tie-breakers: BPA standard (margin, average finish, then die)"
    )
    with pytest.raises(ValueError, match="unknown tie-break order 'coin'"):
        tiebreak_line("coin")
    with pytest.raises(ValueError, match="unknown tie-break order 'coin'"):
        AdvancementSettings(tiebreaks="coin")


def test_margin_die_leaves_out_the_average_finish():
    # A 2nd and a 3rd after a win: average finish 2 (bpa's level 7), gone under
    # margin-die, where the die is level 7.
    history = PlayerHistory(((1, 1, 1), (2, 1, 2), (3, 1, 3)), 12)
    draw = Draw("s")
    roll = -die_roll("s", "hmw", "p")
    assert hmw_key("p", history, draw, "bpa") == (
        -1,
        False,
        True,
        True,
        True,
        -12,
        2,
        roll,
    )
    assert hmw_key("p", history, draw, "margin-die") == (
        -1,
        False,
        True,
        True,
        True,
        -12,
        roll,
    )


def test_wbc_2018_two_winners_tied_through_margin_at_the_cut():
    """WBC 2018's GM: "margin of victory between the winner and runner-up in a
    game. If still tied, high die roll advances".

    28 participants: half cap 14 is below the smallest semi-final (16), so the
    eight winners are pared to a final of 6 by HMW (Advancement, 2 and 4).

    Levels, every winner: 1 win (level 1 level). Ann..Gus won heat 1, the first
    heat they entered; Xan won heat 2, her second (level 2: Xan last). Levels 3-5
    level (no one won a later heat entered). Level 6, the margin: Ann 50, Bea 40,
    Cal 30, Dan 20, Eve 15, then Fay and Gus level at 10. So the cut falls
    between Fay and Gus: ranks 1-5 Ann..Eve, seat 6 to one of Fay and Gus.

    - ``bpa``, level 7 best average finish: Fay (1st, 2nd) = 1.5 beats Gus (1st,
      3rd) = 2.0: Fay rank 6, Gus cut at rank 7, both "7: best average finish".
    - ``margin-die``, no average finish: the die is level 7; the high roll
      advances. Seed "wbc2018": Gus rolls 0.738, Fay 0.673 (``die_roll``), so
      Gus takes seat 6 and Fay is cut, both "7: die roll", and the die's warning
      names both (it chose who advances).
    Xan, rank 8 either way, is set apart from the winner above her by level 2.
    """
    assert die_roll(SEED, "hmw", "Gus") > die_roll(SEED, "hmw", "Fay")
    tables = wbc_2018_tables()

    bpa = advance(tables, settings=AdvancementSettings(seed=SEED))
    die = advance(
        tables, settings=AdvancementSettings(seed=SEED, tiebreaks="margin-die")
    )

    assert bpa.final_only and die.final_only
    assert [q.player for q in bpa.qualifiers] == [
        "Ann",
        "Bea",
        "Cal",
        "Dan",
        "Eve",
        "Fay",
    ]
    assert [p.player for p in bpa.pared] == ["Gus", "Xan"]
    assert reasons_of(bpa) == {
        "Ann": "HMW rank 1 (6: largest margin of victory)",
        "Bea": "HMW rank 2 (6: largest margin of victory)",
        "Cal": "HMW rank 3 (6: largest margin of victory)",
        "Dan": "HMW rank 4 (6: largest margin of victory)",
        "Eve": "HMW rank 5 (6: largest margin of victory)",
        "Fay": "HMW rank 6 (7: best average finish)",
        "Gus": "HMW rank 7 (7: best average finish)",
        "Xan": "HMW rank 8 (2: win in first heat entered)",
    }
    # No die decided a winner's place (f1 and g1, both 90% seconds, are
    # ordered by the die as alternates: that is the alternates' warning).
    assert not any(" decided " in w for w in bpa.warnings)
    assert bpa.tiebreaks == "bpa" and bpa.to_json()["tiebreaks"] == "bpa"

    assert [q.player for q in die.qualifiers] == [
        "Ann",
        "Bea",
        "Cal",
        "Dan",
        "Eve",
        "Gus",
    ]
    assert [p.player for p in die.pared] == ["Fay", "Xan"]
    said = reasons_of(die)
    assert said["Gus"] == "HMW rank 6 (7: die roll)"
    assert said["Fay"] == "HMW rank 7 (7: die roll)"
    assert said["Xan"] == "HMW rank 8 (2: win in first heat entered)"
    assert (
        "die roll (seed 'wbc2018') decided Gus (HMW rank 6 (7: die roll)), "
        "Fay (HMW rank 7 (7: die roll))"
    ) in die.warnings
    assert die.to_json()["tiebreaks"] == "margin-die"


def winners(**margins: int) -> list[HeatTable]:
    """Heat-1 tables won by each name (margin in florins), 3 fillers each."""
    tables = []
    for number, (name, margin) in enumerate(margins.items(), 1):
        others = (rec(f"{name}{i}", 100 - margin - 10 * i) for i in range(3))
        tables.append(HeatTable(1, number, (rec(name, 100), *others)))
    return tables


def test_a_die_that_only_ordered_two_seated_winners_decided_nothing():
    # Winners only, 7 winners for 6 seats (28 players: cap 14, a final of 6).
    # Margins A 70, B 50, C 50, D 40, E 30, F 20, G 10: B and C are level through
    # the average finish (one heat each, 1st), so the die orders them at ranks 2
    # and 3; both are seated whatever it rolls. G is cut by the margin against F.
    tables = winners(A=70, B=50, C=50, D=40, E=30, F=20, G=10)
    result = advance(tables, settings=AdvancementSettings(seed="7", format="hmo"))

    assert [p.player for p in result.pared] == ["G"]
    said = reasons_of(result)
    # Each of B and C had its place set by the die against the other.
    assert {said["B"], said["C"]} == {
        "HMW rank 2 (8: die roll)",
        "HMW rank 3 (8: die roll)",
    }
    assert said["F"] == "HMW rank 6 (6: largest margin of victory)"
    assert said["G"] == "HMW rank 7 (6: largest margin of victory)"
    assert result.warnings == ("7 winners present for 6 seats: 1 cut by HMW",)


def test_the_die_between_cut_winners_counts_only_where_they_are_called():
    # Six winners of heat 1, margins a 50, b 40, c 30, d 20, e and f 10, for 4
    # seats: e and f are both cut, ordered by the die. Under hmw the cut winners
    # are the first alternates, so the die set their call order; under hmo they
    # are called by nobody and the die decided nothing.
    margins = {"a": 50, "b": 40, "c": 30, "d": 20, "e": 10, "f": 10}
    histories = {
        p: PlayerHistory(((1, n, 1),), m) for n, (p, m) in enumerate(margins.items(), 1)
    }
    present = list(histories)
    called = seat_winners(present, histories, 4, Draw("s"), {}, calls=True)[2]
    not_called = seat_winners(present, histories, 4, Draw("s"), {}, calls=False)[2]
    assert not_called == ["6 winners present for 4 seats: 2 cut by HMW"]
    assert len(called) == 2 and called[1].startswith("die roll (seed 's') decided ")
    assert called[1].count("(8: die roll)") == 2
    # With 5 seats the die chooses which of e and f gets in: posted either way.
    straddling = seat_winners(present, histories, 5, Draw("s"), {}, calls=False)[2]
    assert straddling[1].count("(8: die roll)") == 2


# Laurels: a final of 4 (A..D); the alternates K and J won semi-final tables 5
# and 6. Heats: neither won (levels 1-6 level: no wins, no margin); J was 2nd
# and 2nd (average 2.0), K 4th and 3rd (3.5).
FINAL = [R("A", 120), R("B", 100), R("C", 90), R("D", 80)]
SEMI = [
    [R("A", 100), R("E", 90), R("X", 50)],
    [R("B", 120), R("F", 108), R("Y", 60)],
    [R("C", 80), R("G", 70), R("Z", 10)],
    [R("D", 90), R("H", 45), R("W", 40)],
    [R("K", 70), R("M", 69), R("N", 10)],
    [R("J", 80), R("O", 20), R("Q", 10)],
]
HEATS = [
    HeatTable(1, 1, (R("W1", 100), R("J", 90), R("Y", 80), R("K", 70))),
    HeatTable(2, 1, (R("W2", 100), R("J", 90), R("K", 80), R("Y", 70))),
]


def test_laurels_name_the_hmw_level_between_alternate_winners():
    histories = player_histories(place_heats(HEATS)[0])
    ranking = HmwRanking(histories, Draw("s"))
    result = laurels(FINAL, SEMI, "s", alternates=["K", "J"], ranking=ranking)
    # bpa: J's average 2.0 before K's 3.5 (level 7, best average finish).
    assert [(lau.place, lau.player) for lau in result[4:]] == [(5, "J"), (6, "K")]
    assert [lau.reason for lau in result[4:]] == [
        "won semi-final table 6 as an alternate (cannot advance); HMW order 7: "
        "best average finish",
        "won semi-final table 5 as an alternate (cannot advance); HMW order 7: "
        "best average finish",
    ]
    # margin-die has no average finish: the die orders them, high roll first.
    ranking = HmwRanking(histories, Draw("s"), "margin-die")
    result = laurels(FINAL, SEMI, "s", alternates=["K", "J"], ranking=ranking)
    first = max("JK", key=lambda p: die_roll("s", "hmw", p))
    assert result[4].player == first
    assert all(lau.reason.endswith("HMW order 7: die roll") for lau in result[4:])
