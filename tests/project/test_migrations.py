"""Migrating a convention's database keeps what it held (the ``draw_key``,
``ordinal`` and ``PublishedEntry`` back-fills): a database saved before them is
migrated and read back. Runs the real migrations on a transactional test
database, from the state before them to the latest."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("heats", "0005_player_draw_name"), ("scoring", "0003_final_fill")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def old_schema(transactional_db):
    """The apps as they were before the back-fills; the latest schema again
    afterwards, whatever the test's outcome (the next tests need it)."""
    yield migrate(BEFORE)
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


def test_old_players_rounds_and_published_lists_are_carried_over(old_schema):
    old = old_schema
    event = old.get_model("heats", "Event").objects.create(slug="old", name="Old")
    Player = old.get_model("heats", "Player")
    ann12 = Player.objects.create(
        event=event, name="Ann Lee", name_key="ann lee", badge="12"
    )
    ann99 = Player.objects.create(
        event=event, name="Ann Lee", name_key="ann lee", badge="99"
    )
    fixed = Player.objects.create(
        event=event, name="Cy Fixed", name_key="cy fixed", draw_name="Cy Typo"
    )
    Round = old.get_model("heats", "Round")
    for kind, number in (("final", 1), ("heat", 2), ("semi", 1), ("heat", 1)):
        Round.objects.create(event=event, kind=kind, number=number)
    old.get_model("scoring", "PublishedList").objects.create(
        event=event,
        data={
            "qualifiers": [
                {"player": "Cy Fixed", "reason": "heat 1 table 1 winner"},
                {"player": "Ann Lee (#99)", "reason": "heat 1 table 2 winner"},
            ],
            "alternates": [
                {
                    "player": "Ann Lee (#12)",
                    "percent": 96.9,
                    "heat": 1,
                    "table": 3,
                    "place": 2,
                    "reason": "alternate 1: 96.9% of winner, heat 1 table 3",
                }
            ],
            "double_winners": ["Cy Fixed"],
            "semi_size": 0,
        },
    )

    new = migrate(
        [
            ("heats", "0008_player_draw_key_unique"),
            ("scoring", "0005_published_entries_from_data"),
        ]
    )
    Player = new.get_model("heats", "Player")
    keys = dict(Player.objects.values_list("pk", "draw_key"))
    assert keys == {
        ann12.pk: "Ann Lee (#12)",
        ann99.pk: "Ann Lee (#99)",
        fixed.pk: "Cy Typo",
    }
    rounds = new.get_model("heats", "Round").objects.order_by("ordinal")
    assert [(r.kind, r.number) for r in rounds] == [
        ("heat", 1),
        ("heat", 2),
        ("semi", 1),
        ("final", 1),
    ]
    entries = new.get_model("scoring", "PublishedEntry").objects.order_by(
        "part", "position"
    )
    assert [(e.part, e.position, e.player_id) for e in entries] == [
        ("alternates", 1, ann12.pk),
        ("double_winners", 1, fixed.pk),
        ("qualifiers", 1, fixed.pk),
        ("qualifiers", 2, ann99.pk),
    ]
    alternate = entries.get(part="alternates")
    assert (alternate.percent, alternate.heat, alternate.table, alternate.place) == (
        96.9,
        1,
        3,
        2,
    )
