"""Migrating a database whose text people read was stored as English (scoring
0010, issue 30): each rules finding, list warning, list reason and fill summary
is read back once into its message (template code and typed fields, stored as
``{"code", "fields"}``) whose English is the text stored before; text no
template wrote stays as it was. Backwards, the English comes back."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from heats.core.message import Message, dump
from tests.project.test_migrations import migrate

BEFORE = [("heats", "0013_event_language"), ("scoring", "0009_report_seating")]
AFTER = [("heats", "0013_event_language"), ("scoring", "0010_text_as_data")]

FINDING = (
    "lot 4: dealer is Tie on the sheet, rules give Ann or Bo (the deal passes "
    "left to the next player with space)"
)
SCORESHEET = (
    "scoresheet (level 3): lot 5: sheet logs an auction, but the day had ended: "
    "every ship was full"
)
WARNING = "heat 1 table 3: tie for first unresolved (Ann, Bo): all count as winners"
REASON = "alternate 1: 96.9% of winner, heat 1 table 3, tie broken by day 2 %"
SUMMARY = (
    "Final: 2 semi-final winners + Ann (runner-up, 97.5%) and Bo (runner-up, "
    "90.0%) added by the GM"
)
OTHER = "a line no template wrote"


@pytest.fixture
def old_schema(transactional_db):
    """The apps before 0010; the latest schema again afterwards."""
    yield migrate(BEFORE)
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


def fill(old) -> None:
    """A database of 0009 holding English text of every stored kind."""
    event = old.get_model("heats", "Event").objects.create(slug="old", name="Old")
    heat = old.get_model("heats", "Round").objects.create(
        event=event, kind="heat", number=1, ordinal=10
    )
    table = old.get_model("heats", "Table").objects.create(round=heat, number=3)
    player = old.get_model("heats", "Player").objects.create(
        event=event, name="Ann", name_key="ann", draw_key="Ann"
    )
    rows = [
        {"day": 1, "player": "Tie", "message": FINDING},
        {"day": None, "player": None, "message": OTHER},
    ]
    old.get_model("scoring", "TableCheck").objects.create(table=table, findings=rows)
    old.get_model("scoring", "ScoresheetSubmission").objects.create(
        table=table,
        sheet={"players": [], "days": []},
        level=3,
        findings=[{"day": 1, "player": None, "message": SCORESHEET}],
    )
    published = old.get_model("scoring", "PublishedList").objects.create(
        event=event, data={"semi_size": 20, "warnings": [WARNING, OTHER]}
    )
    old.get_model("scoring", "PublishedEntry").objects.create(
        published_list=published,
        player=player,
        part="alternates",
        position=1,
        reason=REASON,
    )
    old.get_model("scoring", "FinalFill").objects.create(
        event=event, kind="runners-up", summary=SUMMARY
    )


def raw(table: str, column: str) -> object:
    """A column's first value as the database holds it (JSON text decoded)."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {column} FROM {table}")  # noqa: S608 (fixed names)
        value = cursor.fetchone()[0]
    return json.loads(value) if isinstance(value, str) else value


def test_stored_english_becomes_message_data_with_the_same_english(old_schema):
    fill(old_schema)
    new = migrate(AFTER)

    check = new.get_model("scoring", "TableCheck").objects.get()
    finding, other = check.findings
    assert isinstance(finding["message"], Message)
    assert (finding["message"], finding["player"], other["message"]) == (
        FINDING,
        "Tie",
        OTHER,
    )
    assert not isinstance(other["message"], Message)
    assert raw("scoring_tablecheck", "findings")[0]["message"] == {
        "code": "lot %(lot)s: dealer is %(dealer)s on the sheet, rules give "
        "%(names)s (the deal passes left to the next player with space)",
        "fields": {
            "lot": 4,
            "dealer": "Tie",
            "names": {
                "code": "%(first)s or %(second)s",
                "fields": {"first": "Ann", "second": "Bo"},
            },
        },
    }
    sheet = new.get_model("scoring", "ScoresheetSubmission").objects.get()
    assert sheet.findings[0]["message"] == SCORESHEET
    assert dump(sheet.findings[0]["message"])["fields"]["message"]["fields"][
        "reason"
    ] == {"code": "every ship was full", "fields": {}}

    data = new.get_model("scoring", "PublishedList").objects.get().data
    assert data["warnings"] == [WARNING, OTHER] and data["semi_size"] == 20
    assert raw("scoring_publishedlist", "data")["warnings"][0] == {
        "code": "heat %(heat)s table %(table)s: %(warning)s",
        "fields": {
            "heat": 1,
            "table": 3,
            "warning": {
                "code": "tie for first unresolved (%(names)s): all count as winners",
                "fields": {"names": "Ann, Bo"},
            },
        },
    }
    reason = new.get_model("scoring", "PublishedEntry").objects.get().reason
    assert isinstance(reason, Message) and reason == REASON
    assert dump(reason)["fields"]["detail"]["fields"]["percent"] == {
        "code": "%(number)s%%",
        "fields": {"number": 96.9},
    }
    summary = new.get_model("scoring", "FinalFill").objects.get().summary
    assert isinstance(summary, Message) and summary == SUMMARY


def test_backwards_the_english_comes_back(old_schema):
    fill(old_schema)
    migrate(AFTER)
    old = migrate(BEFORE)

    check = old.get_model("scoring", "TableCheck").objects.get()
    assert [r["message"] for r in check.findings] == [FINDING, OTHER]
    assert raw("scoring_tablecheck", "findings")[0]["message"] == FINDING
    data = old.get_model("scoring", "PublishedList").objects.get().data
    assert raw("scoring_publishedlist", "data")["warnings"] == [WARNING, OTHER]
    assert data["semi_size"] == 20
    assert old.get_model("scoring", "PublishedEntry").objects.get().reason == REASON
    assert old.get_model("scoring", "FinalFill").objects.get().summary == SUMMARY
