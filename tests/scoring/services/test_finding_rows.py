"""Stored findings keep their rule and cause (issue 31): a table's check and a
scoresheet's findings store ``rule``, ``because`` and ``hint`` beside the
message, event files carry them, and rows stored before them (or a file
written before them) still read, as blocking roots of no rule."""

from __future__ import annotations

import json

import pytest

from heats.core.errors import UserError
from heats.models import ResultStatus, Table
from scoring.core.medici.findings import blocking, row_cause, row_rule
from scoring.models import ScoresheetSubmission, TableCheck
from scoring.services import transfer
from scoring.services.rules_checks import attach_scoresheet, refresh_table_check
from tests.conftest import DEMO_DIR

pytestmark = pytest.mark.django_db

PARKER = "Parker Dunmore"


@pytest.fixture
def checked(demo_event):
    """Heat 1 table 1 of the demo with its level-2 sheet attached, one good too
    many on Parker's day-1 ship: one root (ship capacity) and ten money lines
    that follow from it (tests/scoring/core/medici/test_root_findings.py)."""
    table = Table.objects.get(round__event=demo_event, round__number=1, number=1)
    sheet = json.loads((DEMO_DIR / "scoresheets.json").read_text())[0]
    for day in sheet["days"]:
        del day["auctions"], day["fill"]
    sheet["days"][0]["purchases"][PARKER]["cards"].append("cloth:1")
    attach_scoresheet(table, sheet)
    return table


def test_a_table_check_stores_each_findings_rule_and_cause(checked):
    submission = ScoresheetSubmission.objects.get(table=checked)
    rows = submission.findings
    assert [(r["rule"], r["because"]) for r in rows[:2]] == [
        ("ship-capacity", None),
        ("payout-table", 0),
    ]
    assert [r["because"] for r in rows] == [None] + [0] * 10
    check = TableCheck.objects.get(table=checked)
    # The table's own level-1 findings (none: the recorded scores are right)
    # come first; the sheet's follow with their causes kept.
    assert [r["because"] for r in check.findings] == [None] + [0] * 10
    assert check.findings[0]["message"].startswith("scoresheet (level 2): ship")


def test_an_event_file_carries_rule_and_cause_and_reads_them_back(checked):
    document = transfer.export_event(checked.round.event)
    rows = next(
        o["fields"]["findings"]
        for o in document["objects"]
        if o["model"] == "scoring.tablecheck"
    )
    assert (rows[0]["rule"], rows[1]["because"], rows[1]["hint"]) == (
        "ship-capacity",
        0,
        False,
    )
    transfer.import_event(json.loads(transfer.dumps(document)), slug="copy")
    copy = TableCheck.objects.get(
        table__round__event__slug="copy", table__round__number=1, table__number=1
    )
    assert copy.findings == TableCheck.objects.get(table=checked).findings


def test_a_file_written_before_rules_had_ids_imports_its_findings_as_roots(checked):
    document = json.loads(transfer.dumps(transfer.export_event(checked.round.event)))
    for obj in document["objects"]:
        if obj["model"] in {"scoring.tablecheck", "scoring.scoresheetsubmission"}:
            for row in obj["fields"]["findings"]:
                del row["rule"], row["because"], row["hint"]
    transfer.import_event(document, slug="old")
    rows = TableCheck.objects.get(
        table__round__event__slug="old", table__round__number=1, table__number=1
    ).findings
    assert set(rows[0]) == {"day", "player", "message"}
    assert [row_cause(rows, i) for i in range(len(rows))] == [None] * 11
    assert {row_rule(r) for r in rows} == {""}
    assert blocking(rows)


def test_a_file_with_a_cause_that_is_no_number_is_refused(checked):
    document = json.loads(transfer.dumps(transfer.export_event(checked.round.event)))
    check = next(o for o in document["objects"] if o["model"] == "scoring.tablecheck")
    check["fields"]["findings"][1]["because"] = "the first"
    with pytest.raises(UserError, match=r"findings\[1\]\.because"):
        transfer.import_event(document, slug="bad")


def test_a_time_called_hint_alone_holds_no_table(demo_event):
    table = Table.objects.get(round__event=demo_event, round__number=1, number=2)
    records = [seat.record for seat in table.seats.select_related("record")]
    for record in records:
        record.final = record.day2
        record.save()
    check = refresh_table_check(table)
    (hint,) = check.findings
    assert (hint["rule"], hint["hint"]) == ("time-called", True)
    table.refresh_from_db()
    assert table.result_status == ResultStatus.IN  # not CHECK
