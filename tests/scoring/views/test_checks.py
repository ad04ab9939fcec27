"""Rules checks in the product (rules.md, Verifying): level-1 checks on every imported
result, scoresheets attached to a table, and the table page that shows findings."""

from __future__ import annotations

import copy
import json
import re

import pytest

from heats.models import Table
from scoring.models import ScoresheetSubmission, TableCheck
from scoring.services.results_import.write import import_results
from scoring.services.rules_checks import attach_scoresheet
from tests.conftest import DEMO_DIR

pytestmark = pytest.mark.django_db

TABLE_URL = "/e/wbc/round/1/table/1/"
# Day 1 of a 4-player WBC table pays at most 30 (ship) + 5 x 10 (market firsts) + 0
# level bonuses (a marker needs 6 goods of one kind to reach level 6, a ship holds 5)
# to one player: starting from 30 florins nobody can have 200 after day 1.
IMPOSSIBLE = (
    "heat,table,seat,player,day1,day2,final\n"
    "1,1,1,Ann,200,210,220\n1,1,2,Ben,40,50,60\n"
    "1,1,3,Cy,35,45,55\n1,1,4,Di,30,40,50\n"
)


def demo_sheets() -> list[dict]:
    return json.loads((DEMO_DIR / "scoresheets.json").read_text())


@pytest.fixture
def demo_in_event(event, demo_csv):
    import_results(event, demo_csv)
    return event


def heat1_table1(event) -> Table:
    return Table.objects.get(round__event=event, round__number=1, number=1)


def test_every_demo_table_passes_the_level1_checks(demo_in_event):
    checks = TableCheck.objects.filter(table__round__event=demo_in_event)
    assert checks.count() == 32
    assert [c.findings for c in checks if c.findings] == []


def test_an_impossible_score_is_flagged_on_import(event):
    summary = import_results(event, IMPOSSIBLE)
    assert summary.rules_findings and "Heat 1 table 1" in summary.rules_findings[0]
    findings = TableCheck.objects.get().findings
    assert any(f["day"] == 1 and f["player"] == "Ann" for f in findings)


def test_only_a_gm_acknowledges_findings(client, event, gm, assistant):
    import_results(event, IMPOSSIBLE)
    url = TABLE_URL.replace("/e/wbc/", "/e/wbc/gm/") + "acknowledge/"
    assert client.post(url).status_code == 403  # anonymous
    client.force_login(assistant)
    assert client.post(url).status_code == 403
    assert client.get(url).status_code == 405
    client.force_login(gm)
    assert client.post(url).status_code == 302
    check = TableCheck.objects.get()
    assert check.acknowledged_by == gm and check.acknowledged_at is not None


def test_a_demo_scoresheet_attaches_with_no_findings(demo_in_event):
    sheet = demo_sheets()[0]  # heat 1 table 1
    submission = attach_scoresheet(heat1_table1(demo_in_event), sheet)
    assert (submission.level, submission.findings) == (3, [])


def test_a_sheet_disagreeing_with_the_result_names_day_and_player(demo_in_event):
    sheet = copy.deepcopy(demo_sheets()[0])
    sheet["days"][0]["money"]["Kai Kestrel"] += 5
    submission = attach_scoresheet(heat1_table1(demo_in_event), sheet)
    kai_day1 = [
        f for f in submission.findings if f["day"] == 1 and f["player"] == "Kai Kestrel"
    ]
    assert kai_day1, submission.findings
    assert any("the recorded result says 38" in f["message"] for f in kai_day1)


def test_staff_attach_a_pasted_sheet_and_see_its_findings(client, demo_in_event, gm):
    sheet = copy.deepcopy(demo_sheets()[0])
    sheet["days"][0]["purchases"]["Noel Oakhurst"]["paid"] += 3
    client.force_login(gm)
    response = client.post(TABLE_URL, {"text": json.dumps(sheet)})
    assert response.status_code == 302
    page = client.get(TABLE_URL).content.decode()
    assert "Level 3" in page and re.search(r"\d+ findings?<", page)
    assert "day 1, Noel Oakhurst" in page
    assert ScoresheetSubmission.objects.get().findings


def test_anonymous_users_see_the_result_but_not_the_checks(client, demo_in_event):
    page = client.get(TABLE_URL)
    assert page.status_code == 200
    html = page.content.decode()
    assert "Kai Kestrel" in html and "Rules checks" not in html
    assert client.post(TABLE_URL, {"text": "{}"}).status_code == 403


def test_broken_json_is_reported_with_line_and_column(client, demo_in_event, gm):
    client.force_login(gm)
    response = client.post(TABLE_URL, {"text": '{\n  "players": [,]\n}'})
    assert response.status_code == 200
    assert "line 2, column 15" in response.content.decode()
    assert not ScoresheetSubmission.objects.exists()


def test_unknown_table_is_404(client, demo_in_event):
    assert client.get("/e/wbc/round/1/table/99/").status_code == 404
    assert client.get("/e/wbc/round/9/table/1/").status_code == 404


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"players": [], "days": [], "x": NaN}', "NaN is not a number JSON allows"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        (
            "[1, 2]",
            "must be one JSON object with &#x27;players&#x27; and &#x27;days&#x27;",
        ),
    ],
)
def test_odd_json_is_refused_with_a_message(client, demo_in_event, gm, text, message):
    client.force_login(gm)
    response = client.post(TABLE_URL, {"text": text})
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not ScoresheetSubmission.objects.exists()


def test_verify_command_reads_standard_input_and_refuses_empty_lists(
    tmp_path, monkeypatch, capsys
):
    import io

    from django.core.management import call_command

    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(demo_sheets()[:2])))
    call_command("verify_scoresheet", "-")
    assert capsys.readouterr().out.count("level 3, ok") == 2
    empty = tmp_path / "empty.json"
    empty.write_text("[]")
    from django.core.management.base import CommandError

    with pytest.raises(CommandError) as info:
        call_command("verify_scoresheet", str(empty))
    assert info.value.returncode == 2


def test_a_sheet_for_another_table_is_refused(client, demo_in_event, gm):
    client.force_login(gm)
    sheet = demo_sheets()[1]  # heat 1 table 2
    response = client.post(TABLE_URL, {"text": json.dumps(sheet)})
    assert "This scoresheet is for heat 1 table 2, not heat 1 table 1" in (
        response.content.decode()
    )
    assert not ScoresheetSubmission.objects.exists()


def test_a_scoresheet_with_findings_waits_for_acknowledgement(demo_in_event):
    sheet = copy.deepcopy(demo_sheets()[0])
    sheet["final"]["Kai Kestrel"] += 1
    table = heat1_table1(demo_in_event)
    attach_scoresheet(table, sheet)
    check = TableCheck.objects.get(table=table)
    assert check.acknowledged_at is None
    assert any(
        f["message"].startswith("scoresheet (level 3): ") for f in check.findings
    )
    assert any(f["player"] == "Kai Kestrel" for f in check.findings)
