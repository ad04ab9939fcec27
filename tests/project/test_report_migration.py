"""Migrating a database with report links and reports made before reports
recorded their seating (scoring 0009): each link names its table's round and
number (so "Undo" can give it back), each report's seating is unknown."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("heats", "0013_event_language"), ("scoring", "0008_table_reports")]
AFTER = [("heats", "0013_event_language"), ("scoring", "0009_report_seating")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def old_schema(transactional_db):
    """The apps before 0009; the latest schema again afterwards."""
    yield migrate(BEFORE)
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


def test_old_links_name_their_tables_and_old_reports_an_unknown_seating(old_schema):
    old = old_schema
    event = old.get_model("heats", "Event").objects.create(slug="old", name="Old")
    heat = old.get_model("heats", "Round").objects.create(
        event=event, kind="heat", number=1, ordinal=10
    )
    table = old.get_model("heats", "Table").objects.create(round=heat, number=3)
    link = old.get_model("scoring", "ReportLink").objects.create(
        table=table, token="t" * 43
    )
    old.get_model("scoring", "TableReport").objects.create(
        table=table, seat=1, scores={"1": {"day1": None, "day2": None, "final": 9}}
    )
    new = migrate(AFTER)
    moved = new.get_model("scoring", "ReportLink").objects.get(pk=link.pk)
    assert (moved.round_id, moved.number, moved.retired) == (heat.pk, 3, None)
    report = new.get_model("scoring", "TableReport").objects.get()
    assert (report.seating, report.nonce) == ("", "")
