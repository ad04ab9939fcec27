"""The management commands: verify_scoresheet exit codes and output, simulate."""

from __future__ import annotations

import copy
import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.conftest import REPO

DEMO_SHEETS = REPO / "data" / "demo" / "scoresheets.json"


def run(*args: str) -> tuple[int, str, str]:
    """Run verify_scoresheet; returns (exit code, stdout, stderr)."""
    out, err = StringIO(), StringIO()
    try:
        call_command("verify_scoresheet", *args, stdout=out, stderr=err)
    except CommandError as error:
        return error.returncode, out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


def test_the_demo_event_verifies_with_exit_0():
    code, out, _ = run(str(DEMO_SHEETS))
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 32
    assert lines[0].endswith("scoresheets.json#1 (heat 1, table 1): level 3, ok")


def test_json_output_lists_one_object_per_sheet():
    code, out, _ = run(str(DEMO_SHEETS), "--json")
    rows = json.loads(out)
    assert code == 0 and len(rows) == 32
    assert rows[0] == {
        "sheet": f"{DEMO_SHEETS}#1 (heat 1, table 1)",
        "level": 3,
        "findings": [],
    }


def test_a_mutated_sheet_exits_1_naming_day_and_player(tmp_path):
    sheets = json.loads(DEMO_SHEETS.read_text(encoding="utf-8"))
    sheet = copy.deepcopy(sheets[0])
    sheet["days"][1]["purchases"]["Kai Kestrel"]["paid"] = 18  # the log says 17
    path = tmp_path / "one.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    code, out, _ = run(str(path))
    assert code == 1
    assert f"{path} (heat 1, table 1): level 3, 1 finding(s)" in out
    assert "    day 2, Kai Kestrel: purchases: sheet says" in out
    code, out, _ = run(str(path), "--json")
    (row,) = json.loads(out)
    (finding,) = row["findings"]
    assert code == 1 and (finding["day"], finding["player"]) == (2, "Kai Kestrel")


def test_findings_are_printed_root_first_and_json_gives_rule_and_because(tmp_path):
    sheet = copy.deepcopy(json.loads(DEMO_SHEETS.read_text(encoding="utf-8"))[0])
    for day in sheet["days"]:
        del day["auctions"], day["fill"]
    sheet["days"][0]["purchases"]["Parker Dunmore"]["cards"].append("cloth:1")
    path = tmp_path / "one.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    code, out, _ = run(str(path))
    lines = out.splitlines()
    assert code == 1 and lines[0].endswith("level 2, 11 finding(s)")
    assert lines[1].startswith("    day 1, Parker Dunmore: ship holds 6 goods")
    assert lines[1].endswith("[ship-capacity]")
    assert all(line.startswith("        follows: day ") for line in lines[2:12])
    code, out, _ = run(str(path), "--json")
    (row,) = json.loads(out)
    assert [(f["rule"], f["because"]) for f in row["findings"][:2]] == [
        ("ship-capacity", None),
        ("payout-table", 0),
    ]


def test_unreadable_json_exits_2(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"rules": "wbc", ', encoding="utf-8")
    code, _, err = run(str(path))
    assert code == 2 and "broken.json: cannot read" in err


def test_a_missing_file_or_malformed_sheet_exits_2(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps([{"rules": "wbc", "players": ["A"]}]), encoding="utf-8")
    code, _, err = run(str(path), str(tmp_path / "absent.json"))
    assert code == 2
    assert "bad.json#1: players:" in err
    absent = tmp_path / "absent.json"
    assert f"{absent}: cannot read: No such file or directory." in err.splitlines()


def test_simulate_prints_the_distribution():
    out = StringIO()
    call_command("simulate", players=4, games=20, seed=1, stdout=out)
    text = out.getvalue()
    assert "20 simulated games, rules wbc, 4 players" in text
    assert "winning score: mean" in text and "p90" in text


def test_simulate_refuses_an_unknown_rule_set():
    with pytest.raises(CommandError, match="known: classic, grail-2016, wbc"):
        call_command("simulate", rules="poker", games=1, stdout=StringIO())


@pytest.mark.parametrize(
    ("days", "said"),
    [
        (1, "sheet has 1 day, a game has 3 unless time is called"),
        (2, "sheet has 2 days, a game has 3 unless time is called"),
    ],
)
def test_a_short_sheet_s_days_are_counted_in_text_and_json(tmp_path, days, said):
    sheet = copy.deepcopy(json.loads(DEMO_SHEETS.read_text(encoding="utf-8"))[0])
    sheet["days"] = sheet["days"][:days]
    path = tmp_path / "short.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    code, out, _ = run(str(path))
    assert code == 1 and f"    {said} [game-length]" in out.splitlines()
    code, out, _ = run(str(path), "--json")
    (row,) = json.loads(out)
    lengths = [f["message"] for f in row["findings"] if f["rule"] == "game-length"]
    assert lengths == [said]
