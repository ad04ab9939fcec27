"""Scoresheet verification: the demo event verifies clean; each mutation is found."""

from __future__ import annotations

import copy
import csv
import json

import pytest

from scoring.core.medici.findings import Finding, ScoresheetError
from scoring.core.medici.rule_ids import MONEY_RULES
from scoring.core.medici.verify import verify_sheet
from tests.conftest import REPO

DEMO = REPO / "data" / "demo"
SHEETS = json.loads((DEMO / "scoresheets.json").read_text(encoding="utf-8"))
NOEL, PARKER, KAI, VALE = (
    "Noel Oakhurst",
    "Parker Dunmore",
    "Kai Kestrel",
    "Vale Lockhart",
)


def at_level(sheet: dict, level: int) -> dict:
    """A copy of ``sheet`` stripped to ``level`` (2: no auction log, 1: scores)."""
    sheet = copy.deepcopy(sheet)
    for day in sheet["days"]:
        if level < 3:
            day.pop("auctions", None)
            day.pop("fill", None)
        if level < 2:
            day.pop("purchases", None)
    return sheet


def first_sheet(level: int = 3) -> dict:
    """Heat 1, table 1 of the demo event (5 players, WBC)."""
    return at_level(SHEETS[0], level)


def found(findings: list[Finding], day: int | None, player: str | None, gist: str):
    """The findings for ``day`` and ``player`` whose message contains ``gist``."""
    return [
        f for f in findings if f.day == day and f.player == player and gist in f.message
    ]


@pytest.mark.parametrize("level", [3, 2, 1])
@pytest.mark.parametrize("index", range(len(SHEETS)))
def test_every_demo_sheet_verifies_without_findings(index, level):
    report = verify_sheet(at_level(SHEETS[index], level))
    assert report.level == level
    assert report.findings == []


def test_demo_sheets_match_the_results_csv():
    with (DEMO / "results.csv").open(encoding="utf-8", newline="") as handle:
        rows = {(r["heat"], r["table"], r["player"]): r for r in csv.DictReader(handle)}
    checked = 0
    for sheet in SHEETS:
        for seat, name in enumerate(sheet["players"]):
            row = rows[(str(sheet["heat"]), str(sheet["table"]), name)]
            assert int(row["seat"]) == seat + 1
            assert int(row["final"]) == sheet["final"][name]
            assert int(row["day1"]) == sheet["days"][0]["money"][name]
            assert int(row["day2"]) == sheet["days"][1]["money"][name]
            checked += 1
    assert checked == len(rows) == 160


def test_a_wrong_price_in_the_auction_log_is_found():
    sheet = first_sheet()
    sheet["days"][0]["auctions"][0]["price"] = 3  # Noel won with a bid of 2
    findings = verify_sheet(sheet).findings
    assert found(findings, 1, NOEL, "price on the sheet is 3, the high bid is 2")
    # The recorded purchases no longer follow from the log either.
    assert found(findings, 1, NOEL, "purchases")


def test_a_wrong_payment_in_the_purchases_is_found():
    sheet = first_sheet(level=2)
    sheet["days"][0]["purchases"][NOEL]["paid"] = 25  # 30 - 25 + 22 = 27, not 28
    findings = verify_sheet(sheet).findings
    (finding,) = findings
    assert (finding.day, finding.player) == (1, NOEL)
    assert "sheet says 28, rules give 27" in finding.message
    # Ships: Greer 26, Parker and Kai 18, Noel 17 (4th: 5), Vale 13. Markets:
    # five tied on cloth share 15 (3 each); Noel and Vale tie on fur, Noel and
    # Greer on grain (10 + 5 shared: 7 each).
    assert finding.message.endswith(
        "(start money 30 under wbc - 25 paid + 22 income: ship payout for 4th of "
        "5 under wbc: 5; 1st-5th on the cloth market, shared by 5: 3, 1st-2nd on "
        "the fur market, shared by 2: 7, 1st-2nd on the grain market, shared by 2: "
        "7)"
    )
    # +1 is no payout, award or bonus the rules could have paid instead.
    assert (finding.rule, finding.because) == ("day-money", None)


def test_six_goods_on_a_ship_are_found():
    sheet = first_sheet(level=2)
    sheet["days"][1]["purchases"][VALE]["cards"].append("gold:10")
    findings = verify_sheet(sheet).findings
    (finding,) = found(findings, 2, VALE, "ship holds 6 goods")
    assert "at most 5" in finding.message and finding.rule == "ship-capacity"


def test_the_same_good_twice_in_a_day_is_found():
    sheet = first_sheet(level=2)
    cards = sheet["days"][0]["purchases"][PARKER]["cards"]
    cards[cards.index("grain:0")] = "grain:3"  # Noel also holds grain:3
    findings = verify_sheet(sheet).findings
    (finding,) = found(findings, 1, PARKER, "grain:3 appears 2 times")
    assert NOEL in finding.message and "holds it 1 time" in finding.message


def test_a_payment_above_the_money_held_is_found():
    sheet = first_sheet(level=2)
    sheet["days"][0]["purchases"][NOEL]["paid"] = 31  # Noel starts with 30
    for day in sheet["days"]:
        day["money"][NOEL] -= 7  # keep the money consistent with the payment
    sheet["final"][NOEL] -= 7
    (finding,) = verify_sheet(sheet).findings
    assert (finding.day, finding.player) == (1, NOEL)
    assert "paid 31" in finding.message and "held only 30" in finding.message


def test_a_bid_above_the_money_held_is_found_in_the_log():
    sheet = first_sheet()
    auction = sheet["days"][0]["auctions"][0]
    auction["bids"][0] = [PARKER, 31]
    findings = verify_sheet(sheet).findings
    assert found(findings, 1, PARKER, "bid 31 with only 30 florins held")


def test_a_bid_from_a_player_without_space_is_found():
    sheet = first_sheet()
    # Lot 14 of day 1: Vale deals three goods with one free space and may not bid.
    auction = sheet["days"][0]["auctions"][13]
    assert auction["dealer"] == VALE and len(auction["lot"]) == 3
    auction["bids"].append([VALE, 2])
    findings = verify_sheet(sheet).findings
    (finding,) = found(findings, 1, VALE, "only 1 free space")
    assert "lot 14" in finding.message and "may not bid" in finding.message


def test_an_impossible_days_gain_is_found_at_level_1():
    sheet = first_sheet(level=1)
    sheet["days"][0]["money"][KAI] = 111  # +81 on day 1
    (finding,) = verify_sheet(sheet).findings
    assert (finding.day, finding.player) == (1, KAI)
    assert "+81" in finding.message
    assert "most a player can earn on day 1 at a 5-player wbc table is 80" in (
        finding.message
    )


def test_every_finding_is_reported_not_just_the_first():
    sheet = first_sheet(level=2)
    sheet["days"][0]["purchases"][NOEL]["paid"] = 25
    sheet["days"][2]["purchases"][KAI]["paid"] = 13
    findings = verify_sheet(sheet).findings
    assert [(f.day, f.player) for f in findings] == [(1, NOEL), (3, KAI)]


def test_a_dealer_out_of_turn_is_found():
    sheet = first_sheet()
    auctions = sheet["days"][0]["auctions"]
    auctions[1]["dealer"] = KAI  # Parker deals the second lot
    findings = verify_sheet(sheet).findings
    assert found(findings, 1, KAI, "rules give Parker Dunmore")


def test_a_missing_last_ship_fill_is_found():
    sheet = first_sheet()
    sheet["days"][0]["fill"] = None
    sheet["days"][0]["purchases"][VALE]["cards"].remove("fur:0")
    findings = verify_sheet(sheet).findings
    assert found(findings, 1, VALE, "no last-ship fill")


def test_a_wrong_start_player_is_found():
    sheet = first_sheet(level=1)
    sheet["days"][1]["start_player"] = KAI  # Noel was poorest after day 1 (28)
    (finding,) = verify_sheet(sheet).findings
    assert (finding.day, finding.player) == (2, KAI)
    assert "rules give Noel Oakhurst" in finding.message


def test_final_money_must_be_the_money_after_the_last_day():
    sheet = first_sheet(level=1)
    sheet["final"][KAI] = 101
    findings = verify_sheet(sheet).findings
    assert found(findings, 3, KAI, "final money: sheet says 101")


def test_a_short_game_needs_time_called():
    sheet = first_sheet()
    del sheet["days"][2]
    sheet["final"] = dict(sheet["days"][1]["money"])
    assert found(verify_sheet(sheet).findings, None, None, "unless time is called")
    sheet["time_called"] = 2
    assert verify_sheet(sheet).findings == []


def test_the_findings_serialise_to_day_player_message():
    sheet = first_sheet(level=1)
    sheet["days"][0]["money"][KAI] = 111
    (finding,) = verify_sheet(sheet).findings
    assert set(finding.to_dict()) == {
        "day",
        "player",
        "message",
        "rule",
        "because",
        "hint",
    }


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda s: s.pop("players"), "players"),
        (lambda s: s.update(rules="poker"), "rules"),
        (lambda s: s["days"][0]["money"].pop(KAI), "days[0].money"),
        (
            lambda s: s["days"][1]["purchases"][NOEL]["cards"].append("silk:3"),
            "cards[5]",
        ),
        (
            lambda s: s["days"][0]["auctions"][2].update(winner="Zed"),
            "auctions[2].winner",
        ),
        (lambda s: s["final"].update({NOEL: "83"}), "final"),
        (lambda s: s.update(time_called=4), "time_called"),
    ],
)
def test_a_malformed_sheet_raises_an_error_naming_the_field(change, field):
    sheet = first_sheet()
    change(sheet)
    with pytest.raises(
        ScoresheetError, match=field.replace("[", r"\[").replace("]", r"\]")
    ):
        verify_sheet(sheet)


def test_a_sheet_that_is_not_an_object_is_malformed():
    with pytest.raises(ScoresheetError, match="sheet"):
        verify_sheet([])  # type: ignore[arg-type]


def test_bids_out_of_turn_give_one_finding_per_lot():
    sheet = first_sheet()
    bids = sheet["days"][1]["auctions"][1]["bids"]
    bids[0], bids[1] = bids[1], bids[0]
    findings = verify_sheet(sheet).findings
    (finding,) = findings
    assert finding.day == 2 and "bids out of turn" in finding.message


def test_a_slip_in_the_dealers_name_gives_one_finding():
    sheet = first_sheet()
    sheet["days"][1]["auctions"][1]["dealer"] = KAI  # Parker dealt lot 2
    (finding,) = verify_sheet(sheet).findings
    assert (finding.day, finding.player) == (2, KAI)
    assert "lot 2: dealer is Kai Kestrel on the sheet, rules give Parker" in (
        finding.message
    )


def test_a_lot_cut_short_by_time_called_goes_unsold_despite_its_bids():
    sheet = first_sheet()
    day = sheet["days"][2]
    cut = day["auctions"][3]
    assert cut["bids"][0][1] is not None  # somebody had bid
    day["auctions"] = day["auctions"][:4]
    cut["winner"], cut["price"] = None, 0
    day.pop("purchases")
    day.pop("fill")
    sheet["time_called"] = 3
    report = verify_sheet(sheet)
    # Only the money differs (the sheet's money is the full day's): no finding
    # about the unsold lot, the missing fill or the early end of the day.
    assert {f.rule for f in report.findings} <= MONEY_RULES
