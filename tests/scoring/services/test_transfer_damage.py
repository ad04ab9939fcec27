"""A crafted or damaged event file does not import (issue 16, item 4).

``import_event`` checks the whole file against the models' own limits before it
writes anything (scoring/services/transfer_check.py): each case below damages one
value of an exported event and expects the command to exit 1 (a CommandError, no
traceback) with a line naming the field path and what is wrong, and no row
written: no event, round, player, nor the user the file names. The database tests
run again on PostgreSQL (``make test``), where the old import answered most of
these with an IntegrityError or a DataError."""

from __future__ import annotations

import io
import json
import math
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.db import transaction

from heats.models import Event, Player, Round, Table
from scoring.queries.event_results import event_advancement
from scoring.services import publishing, transfer
from scoring.services.demo import load_demo
from scoring.services.rules_checks import attach_scoresheet
from tests.conftest import DEMO_DIR
from tests.scoring.services.test_transfer import canonical

pytestmark = pytest.mark.django_db

HALF = "half of a UTF-16 surrogate pair and not a character, which cannot be saved"
NUL = "the text holds a NUL character (\\u0000), which cannot be saved"


@pytest.fixture(scope="module")
def exported(django_db_setup, django_db_blocker) -> str:
    """The demo event as export_event writes it, with a scoresheet attached, a
    published list and a semi-final override of 25: built once, in a
    transaction rolled back, so the database is empty for each case."""
    with django_db_blocker.unblock(), transaction.atomic():
        load_demo("demo", with_gm=True)
        event = Event.objects.get(slug="demo")
        gm = event.gms.get()
        table = Table.objects.get(round__event=event, round__number=1, number=1)
        sheet = json.loads((DEMO_DIR / "scoresheets.json").read_text())[0]
        attach_scoresheet(table, sheet, gm)
        publishing.publish(event, event_advancement(event), gm)
        publishing.set_override(event, 25, [], gm)
        text = transfer.dumps(transfer.export_event(event))
        transaction.set_rollback(True)
    return text


def objects_of(doc: dict, model: str) -> list[tuple[int, dict]]:
    return [(i, o) for i, o in enumerate(doc["objects"]) if o["model"] == model]


def first(doc: dict, model: str) -> tuple[int, dict]:
    return objects_of(doc, model)[0]


def at(index: int, obj: dict, field: str) -> str:
    """The start of a problem line: field path, then the object."""
    return f"objects[{index}].fields.{field} ({obj['model']} {obj['pk']})"


def two_seats(doc: dict) -> tuple[tuple[int, dict], tuple[int, dict]]:
    """The first two seats of the first table."""
    seats = objects_of(doc, "heats.seat")
    return seats[0], seats[1]


# Each case damages the exported document and returns the problem line expected.
Case = Callable[[dict], str]


def set_field(model: str, field: str, value: Any, message: str) -> Case:
    def case(doc: dict) -> str:
        index, obj = first(doc, model)
        obj["fields"][field] = value
        return f"{at(index, obj, field)}: {message}"

    return case


def version_true(doc: dict) -> str:
    doc["version"] = True  # equal to 1 in Python: it was taken
    return "Event file version true: this program reads versions 1 and 2 only"


def version_text(doc: dict) -> str:
    doc["version"] = "1"
    return 'Event file version "1": this program reads versions 1 and 2 only'


def objects_as_object(doc: dict) -> str:
    doc["objects"] = {"heats.event": doc["objects"][0]}
    return "objects: expected a list, not an object"


def object_as_text(doc: dict) -> str:
    doc["objects"][5] = "heats.player"
    return "objects[5]: expected an object, not the text 'heats.player'"


def unknown_model(doc: dict) -> str:
    index, obj = first(doc, "heats.seat")
    obj["model"] = "heats.bench"
    return f"objects[{index}].model: 'heats.bench' is not a model an event file holds"


def fields_as_list(doc: dict) -> str:
    index, obj = first(doc, "heats.player")
    obj["fields"] = list(obj["fields"].items())
    return f"objects[{index}].fields: expected an object, not a list"


def missing_pk(doc: dict) -> str:
    index, obj = first(doc, "heats.table")
    del obj["pk"]
    return f"objects[{index}].pk: missing"


def layout_not_adding_up(doc: dict) -> str:
    index, obj = first(doc, "heats.event")
    obj["fields"]["semi_layouts"]["16"] = [4, 4, 4]
    where = at(index, obj, "semi_layouts['16']")
    return f"{where}: 4 + 4 + 4 seats 12 players, not 16"


def published_list_as_list(doc: dict) -> str:
    index, obj = first(doc, "scoring.publishedlist")
    obj["fields"]["data"] = list(obj["fields"]["data"].values())
    return f"{at(index, obj, 'data')}: expected an object, not a list"


def published_list_without_tables(doc: dict) -> str:
    index, obj = first(doc, "scoring.publishedlist")
    del obj["fields"]["data"]["tables"]
    return f"{at(index, obj, 'data.tables')}: missing"


def final_numbered_3(doc: dict) -> str:
    index, obj = objects_of(doc, "heats.round")[2]  # heat 3
    obj["fields"]["kind"] = "final"
    return f"{at(index, obj, 'number')}: no final numbered 3"


def duplicate_seat(doc: dict) -> str:
    (i, one), (j, two) = two_seats(doc)
    two["fields"]["number"] = one["fields"]["number"]
    table = one["fields"]["table"]
    return (
        f"{at(j, two, 'number')}: table {table} and number 1 again (objects[{i}] has "
        "them): seat_number_unique_per_table"
    )


def player_seated_twice(doc: dict) -> str:
    (i, one), (j, two) = two_seats(doc)
    two["fields"]["player"] = one["fields"]["player"]
    rnd, player = one["fields"]["round"], one["fields"]["player"]
    return (
        f"{at(j, two, 'player')}: round {rnd} and player {player} again "
        f"(objects[{i}] has them): seat_player_once_per_round"
    )


def duplicate_badge(doc: dict) -> str:
    (i, one), (j, two) = objects_of(doc, "heats.player")[:2]
    two["fields"]["badge"] = one["fields"]["badge"]
    event, badge = one["fields"]["event"], one["fields"]["badge"]
    return (
        f"{at(j, two, 'badge')}: event {event} and badge {badge!r} again "
        f"(objects[{i}] has them): player_badge_unique_per_event"
    )


def duplicate_name(doc: dict) -> str:
    (i, one), (j, two) = objects_of(doc, "heats.player")[:2]
    one["fields"]["badge"] = two["fields"]["badge"] = ""
    two["fields"]["name"] = one["fields"]["name"].upper() + "  "  # the same key
    event, key = one["fields"]["event"], one["fields"]["name_key"]
    return (
        f"{at(j, two, 'name')}: event {event} and name_key {key!r} again "
        f"(objects[{i}] has them): player_name_unique_without_badge"
    )


def unknown_player(doc: dict) -> str:
    index, obj = first(doc, "heats.seat")
    obj["fields"]["player"] = 99999
    return (
        f"{at(index, obj, 'player')}: refers to heats.player 99999, which the file "
        "does not hold"
    )


def unknown_player_added(doc: dict) -> str:
    index, obj = first(doc, "scoring.semifinaloverride")
    obj["fields"]["added"] = [first(doc, "heats.player")[1]["pk"], 424242]
    return (
        f"{at(index, obj, 'added[1]')}: refers to heats.player 424242, which the "
        "file does not hold"
    )


def missing_player(doc: dict) -> str:
    index, obj = first(doc, "heats.seat")
    del obj["fields"]["player"]
    return f"{at(index, obj, 'player')}: missing"


def duplicate_pk(doc: dict) -> str:
    index, obj = first(doc, "heats.player")
    twin = json.loads(json.dumps(obj))
    twin["fields"].update(name="Another Name", badge="", draw_key="Another Name")
    doc["objects"].append(twin)
    last = len(doc["objects"]) - 1
    return f"objects[{last}] (heats.player {obj['pk']}): the pk {obj['pk']} again"


def seat_in_another_round(doc: dict) -> str:
    index, obj = first(doc, "heats.seat")
    heat_1, heat_2 = (o["pk"] for _, o in objects_of(doc, "heats.round")[:2])
    assert obj["fields"]["round"] == heat_1
    obj["fields"]["round"] = heat_2
    return (
        f"{at(index, obj, 'round')}: heats.round {heat_2}, but its table "
        f"(heats.table {obj['fields']['table']}) is in heats.round {heat_1}"
    )


def override_without_layout(doc: dict) -> str:
    index, obj = first(doc, "scoring.semifinaloverride")
    obj["fields"]["size"] = 24
    return (
        f"{at(index, obj, 'size')}: 24 players: the event has no semi-final layout "
        "of that size (sizes: 16, 20, 25, 30, 36)"
    )


def two_events(doc: dict) -> str:
    twin = json.loads(json.dumps(doc["objects"][0]))
    twin["pk"] += 1
    doc["objects"].append(twin)
    return "objects: 2 heats.event objects; the event file must hold exactly one event"


def submission_elsewhere(doc: dict) -> str:
    for index, obj in objects_of(doc, "heats.auditentry"):
        if "submission" in obj["fields"]["data"]:
            obj["fields"]["data"]["submission"] = 999
            return (
                f"{at(index, obj, 'data.submission')}: refers to "
                "scoring.scoresheetsubmission 999, which the file does not hold"
            )
    raise AssertionError("no scoresheet audit entry")


def in_audit_data(value: Any, message: str) -> Case:
    def case(doc: dict) -> str:
        index, obj = first(doc, "heats.auditentry")
        obj["fields"]["data"] = {"note": value}
        return f"{at(index, obj, 'data.note')}: {message}"

    return case


def user_as_text(doc: dict) -> str:
    index, obj = first(doc, "heats.event")
    obj["fields"]["gms"] = ["demo-gm"]  # not [["demo-gm"]]
    return f"{at(index, obj, 'gms[0]')}: expected a list, not the text 'demo-gm'"


def surrogate_key(doc: dict) -> str:
    index, obj = first(doc, "heats.auditentry")
    obj["fields"]["data"] = {"\udfff": 1}
    where = at(index, obj, "data['\\udfff']")
    return f"{where}: the key: the text holds U+DFFF, {HALF}"


CLOCK = (
    "first_mark_minutes 40, second_mark_minutes 35, call_minutes 53, heat_minutes 55"
)
RULES = "'chess' is not a rule set (classic, grail-2016, wbc)"
DAMAGE: dict[str, Case] = {
    "version true": version_true,
    "version as text": version_text,
    "objects as an object": objects_as_object,
    "an object as text": object_as_text,
    "unknown model": unknown_model,
    "fields as a list": fields_as_list,
    "missing pk": missing_pk,
    "semi_layouts as a string": set_field(
        "heats.event",
        "semi_layouts",
        "16: 4x4",
        "expected an object, not the text '16: 4x4'",
    ),
    "semi_layouts as a list": set_field(
        "heats.event",
        "semi_layouts",
        [["16", [4, 4, 4, 4]]],
        "expected an object, not a list",
    ),
    "a layout that does not add up": layout_not_adding_up,
    "published list as a list": published_list_as_list,
    "published list without tables": published_list_without_tables,
    "unknown round kind": set_field(
        "heats.round", "kind", "playoff", "'playoff' is not one of: heat, semi, final"
    ),
    "a final numbered 3": final_numbered_3,
    "100,000-character name": set_field(
        "heats.player",
        "name",
        "x" * 100_000,
        "the text has 100000 characters; at most 120",
    ),
    "NUL in the event name": set_field("heats.event", "name", "Medici\x00", NUL),
    "lone surrogate in a name": set_field(
        "heats.player", "name", "Ann \ud800", f"the text holds U+D800, {HALF}"
    ),
    "empty event name": set_field("heats.event", "name", "", "must not be empty"),
    "unknown time zone": set_field(
        "heats.event",
        "time_zone",
        "Mars/Olympus_Mons",
        "'Mars/Olympus_Mons' is not a time zone: choose one such as "
        "Europe/Berlin or America/New_York.",
    ),
    "slug with a space": set_field(
        "heats.event",
        "slug",
        "no spaces",
        "'no spaces' is not a slug (letters, digits, - and _)",
    ),
    "name as an object (extra nesting)": set_field(
        "heats.player", "name", {"name": "Ann"}, "expected text, not an object"
    ),
    "name as a list": set_field(
        "heats.player", "name", ["Ann"], "expected text, not a list"
    ),
    "negative seat number": set_field("heats.seat", "number", -1, "-1 is below 0"),
    "float seat number": set_field(
        "heats.seat", "number", 2.5, "expected a whole number, not the number 2.5"
    ),
    "true seat number": set_field(
        "heats.seat", "number", True, "expected a whole number, not true"
    ),
    "seat number 7": set_field(
        "heats.seat", "number", 7, "number 7: breaks the rule seat_number_1_to_6"
    ),
    "seat number beyond a small integer": set_field(
        "heats.seat", "number", 40000, "40000 is above 32767"
    ),
    "null seat number": set_field("heats.seat", "number", None, "must not be null"),
    "duplicate seat": duplicate_seat,
    "player seated twice in a round": player_seated_twice,
    "duplicate badge": duplicate_badge,
    "duplicate name": duplicate_name,
    "duplicate pk": duplicate_pk,
    "unknown player reference": unknown_player,
    "unknown player in a list": unknown_player_added,
    "reference as text": set_field(
        "heats.seat", "player", "1", "expected a whole number, not the text '1'"
    ),
    "missing required key": missing_player,
    "unknown key": set_field(
        "heats.player", "nickname", "Annie", "is not a key this object has"
    ),
    "negative final": set_field(
        "scoring.playerrecord",
        "final",
        -5,
        "final -5: breaks the rule record_final_gte_0",
    ),
    "time called on day 4": set_field(
        "heats.table",
        "time_called",
        4,
        "time_called 4: breaks the rule table_time_called_day_1_to_3",
    ),
    "clock marks out of order": set_field(
        "heats.event",
        "first_mark_minutes",
        40,
        f"{CLOCK}: breaks the rule event_clock_marks_in_order",
    ),
    "unknown rule set": set_field("heats.event", "rules", "chess", RULES),
    "unknown entry status": set_field(
        "heats.entry", "status", "maybe", "'maybe' is not one of: in, late, absent"
    ),
    "a time without its offset": set_field(
        "heats.entry",
        "created_at",
        "2026-12-02T06:59:35",
        "'2026-12-02T06:59:35' is not a date and time with its UTC offset "
        "(e.g. 2027-07-30T15:02:11+00:00)",
    ),
    "a time that is no time": set_field(
        "heats.auditentry",
        "at",
        "yesterday",
        "'yesterday' is not a date and time with its UTC offset "
        "(e.g. 2027-07-30T15:02:11+00:00)",
    ),
    "a user as text": user_as_text,
    "override without a layout": override_without_layout,
    "seat in another round than its table": seat_in_another_round,
    "two events": two_events,
    "submission of another file": submission_elsewhere,
    "NaN in a JSON field": in_audit_data(math.nan, "NaN is not a number JSON allows"),
    "1e308 in a JSON field": in_audit_data(
        1e308, f"the number 1e+308 is too large (at most {2**53})"
    ),
    "surrogate key in a JSON field": surrogate_key,
}


def refusal(path) -> str:
    """Run import_event on ``path``: the message of its exit 1, after checking
    that nothing was written."""
    users = get_user_model().objects.count()
    with pytest.raises(CommandError) as info:
        call_command("import_event", str(path), "--as", "copy", stdout=io.StringIO())
    assert info.value.returncode == 1
    assert not Event.objects.exists() and not Round.objects.exists()
    assert not Player.objects.exists()
    assert get_user_model().objects.count() == users  # "demo-gm" not created
    return str(info.value)


@pytest.mark.parametrize("case", DAMAGE.values(), ids=DAMAGE.keys())
def test_a_damaged_file_is_refused_naming_the_field_and_nothing_is_written(
    exported, tmp_path, case
):
    document = json.loads(exported)
    expected = case(document)
    path = tmp_path / "event.json"
    path.write_text(json.dumps(document, ensure_ascii=True), encoding="utf-8")
    message = refusal(path)
    assert expected in message, message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000 + "]" * 100_000, "Not a JSON file that can be read: nested"),
        ('{"version": ' + "9" * 5000 + "}", "Not a JSON file that can be read"),
        ('{"format": "medici-tourney-event", "version": 1}', "objects: missing"),
    ],
)
def test_a_file_that_cannot_be_read_is_refused(tmp_path, text, message):
    path = tmp_path / "event.json"
    path.write_text(text)
    assert message in refusal(path)


def test_every_problem_is_listed_up_to_fifty(exported, tmp_path):
    document = json.loads(exported)
    seats = objects_of(document, "heats.seat")
    for _, obj in seats:
        obj["fields"]["number"] = "one"
    path = tmp_path / "event.json"
    path.write_text(json.dumps(document))
    lines = refusal(path).splitlines()
    assert lines[0] == (
        "The event file cannot be imported; nothing was written. "
        f"{len(seats)} problem(s):"
    )
    assert len(lines) == 1 + 50 + 1
    assert lines[-1] == f"  … and {len(seats) - 50} more"


def test_a_slug_too_long_for_the_database_is_refused(exported):
    with pytest.raises(Exception, match="is not a valid event slug"):
        transfer.import_event(transfer.loads(exported), slug="s" * 51)
    assert not Event.objects.exists()


def test_the_exported_demo_event_round_trips(demo_event, tmp_path):
    """The guard beside the refusals: a file export_event wrote imports again,
    the same event under new ids."""
    before = canonical(demo_event)
    path = tmp_path / "demo.json"
    call_command("export_event", "demo", "-o", str(path), stderr=io.StringIO())
    transfer.delete_event(demo_event)
    out = io.StringIO()
    call_command("import_event", str(path), stdout=out)
    assert out.getvalue().startswith("Imported event 'demo'")
    assert canonical(Event.objects.get(slug="demo")) == before
