"""The declarative schema walker (heats/core/schema.py), without a database: every
problem of a document, each with its field path, in document order."""

from __future__ import annotations

from heats.core.schema import (
    AnyJSON,
    Boolean,
    Checked,
    Integer,
    ListOf,
    MapOf,
    Moment,
    Nullable,
    Number,
    Raw,
    Record,
    Text,
    problems,
)

SEAT = Record(
    required={"number": Integer(1, 6), "player": Text(max_length=5, blank=False)},
    optional={"late": Boolean(), "at": Nullable(Moment()), "note": Raw()},
)


def test_a_right_value_has_no_problems():
    value = {"number": 2, "player": "Ann", "at": "2027-07-30T15:02:11+00:00"}
    assert problems(value, SEAT, "seat") == []


def test_each_wrong_value_is_named_once_by_its_path():
    value = {
        "number": True,
        "player": "Annabel",
        "late": "no",
        "at": "2027-07-30T15:02:11",
        "extra": 1,
        "note": {"anything": [float("nan")]},
    }
    assert problems(value, SEAT, "seat") == [
        ("seat.number", "expected a whole number, not true"),
        ("seat.player", "the text has 7 characters; at most 5"),
        ("seat.late", "expected true or false, not the text 'no'"),
        (
            "seat.at",
            "'2027-07-30T15:02:11' is not a date and time with its UTC offset "
            "(e.g. 2027-07-30T15:02:11+00:00)",
        ),
        ("seat.extra", "is not a key this object has"),
    ]


def test_missing_keys_null_and_ranges():
    assert problems({"number": 0}, SEAT) == [
        ("number", "0 is below 1"),
        ("player", "missing"),
    ]
    assert problems({"number": None, "player": ""}, SEAT) == [
        ("number", "must not be null"),
        ("player", "must not be empty"),
    ]


def test_maps_lists_and_rules_over_a_whole_value():
    def even(value: list[int], path: str) -> list[tuple[str, str]]:
        return [] if sum(value) % 2 == 0 else [(path, f"{sum(value)} is odd")]

    layouts = MapOf(
        Checked(ListOf(Integer(4, 6), min_items=1), even),
        key=Text(pattern="[1-9][0-9]*", what="a number of players"),
    )
    value = {"16": [4, 4, 4, 4], "x1": [4], "15": [5, 5, 5], "20": [], "9": [4, 7]}
    assert problems(value, layouts, "layouts") == [
        ("layouts.x1", "the key: 'x1' is not a number of players"),
        ("layouts['15']", "15 is odd"),
        ("layouts['20']", "holds 0 items; at least 1"),
        ("layouts['9'][1]", "7 is above 6"),
    ]


def test_text_and_numbers_anywhere_are_held_to_what_a_store_keeps():
    schema = Record(
        optional={"name": Text(), "percent": Number(), "data": AnyJSON(depth=2)}
    )
    value = {
        "name": "A\x00",
        "percent": 1e308,
        "data": {"k\ud800": 1, "deep": [[1]]},
    }
    assert [path for path, _ in problems(value, schema)] == [
        "name",
        "percent",
        "data['k\\ud800']",
        "data.deep[0]",
    ]


def test_choices_are_listed():
    assert problems("playoff", Text(choices=("heat", "semi", "final"))) == [
        ("", "'playoff' is not one of: heat, semi, final")
    ]
