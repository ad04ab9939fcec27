"""A scoresheet is checked under the event's rule set (issue 8, item 9).

The discriminating sheet: four players who load nothing on day 1, time called on
day 1. Day 1 then pays every player the same (rules.md, Scoring a day): the four
tied ships share 30 + 20 + 10 + 0 = 60, 15 each; on each of the five markets all
four markers tie at level 0 for the highest and share 10 + 5 = 15, 3 each (rounded
down), 15 in all; no level bonus. Income 30 each. Starting money (rules.md, Rule
sets) with 4 players is 30 under ``wbc`` and 40 under ``classic`` and
``grail-2016``: the money after day 1 is 60 under ``wbc``, 70 under the others.
"""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from heats.core.errors import UserError
from heats.models import Event, Round, RoundKind
from heats.services.checkin import check_in
from heats.services.seating import seat_round
from scoring.core.medici.rule_ids import MONEY_RULES
from scoring.core.medici.verify import verify_sheet
from scoring.queries.result_check import SeatScores
from scoring.services.results import save_table_results
from scoring.services.rules_checks import attach_scoresheet

PLAYERS = ["Ann", "Ben", "Cy", "Di"]


def idle_day_sheet(money: int, rules: str | None = None) -> dict:
    """Four players, one day without purchases, time called on day 1."""
    sheet: dict = {
        "players": PLAYERS,
        "days": [{"purchases": {}, "money": dict.fromkeys(PLAYERS, money)}],
        "final": dict.fromkeys(PLAYERS, money),
        "time_called": 1,
    }
    if rules is not None:
        sheet["rules"] = rules
    return sheet


def money_findings(report) -> list:
    return [f for f in report.findings if f.rule in MONEY_RULES]


@pytest.mark.parametrize(("rules", "money"), [("wbc", 60), ("classic", 70)])
def test_a_sheet_naming_its_rule_set_is_right_under_it(rules, money):
    assert verify_sheet(idle_day_sheet(money, rules)).findings == []


def test_a_sheet_without_rules_is_checked_under_the_rule_set_given():
    sheet = idle_day_sheet(70)
    assert verify_sheet(sheet, "classic").findings == []
    assert verify_sheet(sheet, "grail-2016").findings == []
    wrong = money_findings(verify_sheet(sheet, "wbc"))
    assert len(wrong) == 4
    assert "sheet says 70, rules give 60" in wrong[0].message


def test_a_sheet_naming_another_rule_set_gets_a_finding_naming_both():
    report = verify_sheet(idle_day_sheet(70, "wbc"), "classic")
    (finding,) = report.findings  # checked under classic: the money is right
    assert (finding.day, finding.player, finding.rule) == (None, None, "rule-set")
    assert "'wbc'" in finding.message and "'classic'" in finding.message


def test_an_unknown_rule_set_on_the_sheet_is_a_finding_under_the_event():
    report = verify_sheet(idle_day_sheet(70, "poker"), "classic")
    (finding,) = report.findings
    assert "'poker'" in finding.message and "'classic'" in finding.message


# --- attached to a table ----------------------------------------------------------


@pytest.fixture
def classic_table(db):
    event = Event.objects.create(slug="classic", name="Classic", rules="classic")
    heat = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(heat, [(name, "") for name in PLAYERS])
    seat_round(heat, seed=1)
    table = heat.tables.get()
    order = [s.player.name for s in table.seats.order_by("number")]
    save_table_results(table, [SeatScores(n, 70, None, 70) for n in range(1, 5)])
    return table, order


def seated_sheet(order: list[str], money: int, rules: str | None = None) -> dict:
    sheet = idle_day_sheet(money, rules)
    sheet["players"] = order
    return sheet


def test_attached_sheet_without_rules_is_checked_under_the_events(classic_table):
    table, order = classic_table
    table.time_called = 1
    table.save()
    submission = attach_scoresheet(table, seated_sheet(order, 70))
    assert submission.findings == []


def test_attached_sheet_naming_another_rule_set_says_so(classic_table):
    table, order = classic_table
    table.time_called = 1
    table.save()
    submission = attach_scoresheet(table, seated_sheet(order, 70, "wbc"))
    (finding,) = submission.findings
    assert "'wbc'" in finding["message"] and "'classic'" in finding["message"]
    assert (finding["day"], finding["player"]) == (None, None)


def test_an_event_with_an_unknown_rule_set_refuses_to_check(classic_table):
    table, order = classic_table
    Event.objects.filter(pk=table.round.event_id).update(rules="chess")
    table.refresh_from_db()
    with pytest.raises(UserError, match="chess"):
        attach_scoresheet(table, seated_sheet(order, 70))


# --- the verify_scoresheet command ---------------------------------------------------


def run(*args: str) -> tuple[int, str]:
    out, err = StringIO(), StringIO()
    try:
        call_command("verify_scoresheet", *args, stdout=out, stderr=err)
    except CommandError as error:
        return error.returncode, out.getvalue() + err.getvalue() + str(error)
    return 0, out.getvalue()


def test_the_command_checks_under_rules_given(tmp_path):
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(idle_day_sheet(70)), encoding="utf-8")
    assert run(str(path), "--rules", "classic")[0] == 0
    code, out = run(str(path))  # no rules anywhere: wbc
    assert code == 1 and "rules give 60" in out
    path.write_text(json.dumps(idle_day_sheet(70, "wbc")), encoding="utf-8")
    code, out = run(str(path), "--rules", "grail-2016")
    assert code == 1
    assert "the sheet says 'wbc', the event plays 'grail-2016'" in out
    assert "rules give" not in out


@pytest.mark.django_db
def test_the_command_checks_under_the_events_rule_set(tmp_path):
    Event.objects.create(slug="old", name="Old rules", rules="classic")
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(idle_day_sheet(70)), encoding="utf-8")
    assert run(str(path), "--event", "old")[0] == 0
    code, out = run(str(path), "--event", "nope")
    assert code == 2 and "nope" in out
    code, out = run(str(path), "--rules", "poker")
    assert code == 2 and "poker" in out
