"""Root first (issue 31): each finding names its rule and, when it follows from
an earlier one, that finding (``because``); one slip gives one root."""

from __future__ import annotations

import collections
import copy
import json

from heats.core.message import dump, load
from scoring.core.medici.findings import (
    Finding,
    blocking,
    joined,
    root_first,
    row_cause,
    row_rule,
)
from scoring.core.medici.limits import check_scores
from scoring.core.medici.rule_ids import MONEY_RULES, RULE_WORDS
from scoring.core.medici.verify import verify_sheet
from tests.conftest import REPO
from tests.scoring.core.medici.mutations import at_level, mutations, reference_sheets

SHEETS = json.loads(
    (REPO / "data" / "demo" / "scoresheets.json").read_text(encoding="utf-8")
)
PARKER = "Parker Dunmore"


def level2(index: int = 0) -> dict:
    """Demo sheet ``index`` without its auction log (purchases and money)."""
    sheet = copy.deepcopy(SHEETS[index])
    for day in sheet["days"]:
        day.pop("auctions")
        day.pop("fill")
    return sheet


def test_one_extra_good_gives_one_root_with_every_money_line_folded_under_it():
    # The sheet: one extra good on one ship on day 1 gave 11 findings,
    # the capacity finding, then money lines on every day (the ship ranking
    # of day 1, the cloth market of the days after).
    sheet = level2()
    sheet["days"][0]["purchases"][PARKER]["cards"].append("cloth:1")
    findings = verify_sheet(sheet).findings
    assert len(findings) == 11
    root, *followers = findings
    assert (root.day, root.player, root.rule, root.because) == (
        1,
        PARKER,
        "ship-capacity",
        None,
    )
    assert all(f.because == 0 and f.rule in MONEY_RULES for f in followers)
    assert collections.Counter(f.day for f in followers) == {1: 5, 2: 3, 3: 2}
    rows = verify_sheet(sheet).to_dict()["findings"]
    assert [row["because"] for row in rows] == [None] + [0] * 10
    assert rows[0]["rule"] == "ship-capacity"


def test_a_money_line_names_the_payout_row_the_market_places_and_bonuses():
    sheet = level2()
    sheet["days"][1]["money"][PARKER] += 15
    (finding, follower) = verify_sheet(sheet).findings
    # Day 2 of heat 1 table 1: ships Kai 18, Noel 17, Greer 15, Parker 13 (4th
    # of 5 pays 5), Vale 9. Markets after day 2: dye Parker, Vale and Greer at
    # 3 (share 10 + 5: 5 each), spice Kai 6 and Parker 2 (2nd: 5); cloth, fur
    # and grain Parker is third or lower. No marker of Parker's at 6 or 7.
    assert finding.message == (
        "money after day 2: sheet says 68, rules give 53 (53 before - 15 paid + "
        "15 income: ship payout for 4th of 5 under wbc: 5; 1st-3rd on the dye "
        "market, shared by 3: 5, 2nd on the spice market: 5)"
    )
    # +15 is the 2nd's payout (20) for the 4th's (5), and no award or bonus
    # on one market: the payout table is the rule.
    assert (finding.rule, finding.because) == ("payout-table", None)
    # Day 3 starts from the sheet's own 68: its -15 cancels the +15, so it
    # follows day 2's line.
    assert (follower.day, follower.player, follower.because) == (3, PARKER, 0)


def test_money_from_another_editions_start_money_is_one_start_money_root():
    # Every player of a 4-player table started with classic's 40, not wbc's 30.
    sheet = at_level(reference_sheets(1, seed=1)[-1], 2)
    assert len(sheet["players"]) == 4
    for day in sheet["days"]:
        for name in sheet["players"]:
            day["money"][name] += 10
    for name in sheet["players"]:
        sheet["final"][name] += 10
    findings = verify_sheet(sheet).findings
    assert findings[0].rule == "start-money"
    assert "start money 30 under wbc" in findings[0].message
    assert [f.because for f in findings] == [None, 0, 0, 0]
    assert {f.day for f in findings} == {1}


def test_a_wrong_price_in_the_log_is_one_root_with_its_lot_and_money_folded():
    sheet = copy.deepcopy(SHEETS[0])
    sheet["days"][0]["auctions"][0]["price"] = 3  # the high bid was 2
    findings = verify_sheet(sheet).findings
    assert [(f.rule, f.because) for f in findings] == [
        ("purchases-log", None),
        ("price", 0),
        ("day-money", 0),
    ]


def test_every_finding_names_a_known_rule():
    seen = set()
    for mutation in mutations(reference_sheets(4, seed=3), 300, seed=3):
        for finding in verify_sheet(mutation.sheet, "wbc").findings:
            assert finding.rule in RULE_WORDS, finding
            seen.add(finding.rule)
    assert len(seen) >= 20, sorted(seen)


def test_the_root_is_the_mutation_in_99_percent_of_single_mutations():
    """The measurement (docs/benchmarks.md): 1000 single mutations, seeded, of
    the 32 demo sheets and 40 games the engine played; a hit is exactly one
    root finding, at the mutation's day and lot or rule (mutations.Target)."""
    sheets = reference_sheets(40, seed=1)
    seen = hits = 0
    for mutation in mutations(sheets, 1000, seed=5):
        findings = verify_sheet(mutation.sheet, "wbc").findings
        if findings:
            seen += 1
            hits += mutation.target.hit(findings)
    assert seen >= 950
    assert hits / seen >= 0.99, (hits, seen)


def test_scores_only_a_negative_day_is_the_root_of_its_table_total():
    rows = [("A", -5, 60, 90), ("B", 35, 60, 90), ("C", 30, 60, 90), ("D", 25, 60, 90)]
    findings = check_scores("wbc", [*rows, ("E", 20, 60, 91)])
    assert [(f.day, f.player, f.rule, f.because) for f in findings][:2] == [
        (1, "A", "no-borrowing", None),
        (1, None, "table-floor", 0),
    ]


def test_every_final_equal_to_day_2_money_gets_a_time_called_hint():
    rows = [("A", 40, 70, 70), ("B", 35, 60, 60), ("C", 30, 50, 50), ("D", 25, 45, 45)]
    (hint,) = check_scores("wbc", rows)
    assert (hint.day, hint.player, hint.rule, hint.hint) == (
        None,
        None,
        "time-called",
        True,
    )
    assert hint.message == (
        "every final equals the money after day 2: if time was called on day 2, "
        'set "Time called on day" to 2 (the game ended with that day\'s scoring)'
    )
    assert not blocking([hint.to_dict()])
    # Marked as called on day 2: nothing to say.
    assert check_scores("wbc", rows, time_called=2) == []
    # One final moved on: no hint.
    assert check_scores("wbc", [*rows[:3], ("D", 25, 45, 55)]) == []


def test_every_final_equal_to_day_1_money_without_day_2_gets_the_hint_for_day_1():
    rows = [
        ("A", 40, None, 40),
        ("B", 35, None, 35),
        ("C", 30, None, 30),
        ("D", 25, None, 25),
    ]
    (hint,) = check_scores("wbc", rows)
    assert hint.message.startswith("every final equals the money after day 1:")


def test_rows_stored_before_rules_had_ids_read_as_blocking_roots_of_no_rule():
    old = [
        {"day": 1, "player": "Ann", "message": "m"},
        {"day": 2, "player": "Ann", "message": "n"},
    ]
    assert [row_rule(r) for r in old] == ["", ""]
    assert [row_cause(old, i) for i in range(2)] == [None, None]
    assert blocking(old)
    # A because that names no earlier root is a root too.
    odd = [{**old[0], "because": 1}, {**old[1], "because": 0}, {**old[1], "because": 1}]
    assert [row_cause(odd, i) for i in range(3)] == [None, None, None]
    # A long chain of causes (an event file may hold one) reads without recursion.
    chain = [{**old[0], "because": i - 1 if i else None} for i in range(5000)]
    assert [row_cause(chain, i) for i in (0, 1, 2, 4999)] == [None, 0, None, None]
    assert root_first(chain)[0].followers == [chain[1]]
    assert row_cause([{**old[0], "because": True}], 0) is None


def test_joined_lists_keep_each_because_on_its_own_finding():
    first = [Finding(1, "A", "x", "day-bound").to_dict()]
    second = [
        Finding(1, "B", "y", "ship-capacity").to_dict(),
        Finding(1, "C", "z", "day-money", because=0).to_dict(),
    ]
    rows = joined(first, second)
    assert [r["because"] for r in rows] == [None, None, 1]
    stored = load(json.loads(json.dumps(dump(rows))))
    assert stored == rows


def test_every_rule_id_is_documented():
    documented = (REPO / "docs" / "formats.md").read_text(encoding="utf-8")
    assert [r for r in RULE_WORDS if f"| `{r}` |" not in documented] == []
