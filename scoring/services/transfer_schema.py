"""The schema of an event file (``scoring.services.transfer``), read from the models.

Words:
- *field schema* (:func:`field_schema`): what one model field takes in a file,
  worked out from the field itself: its type (text, whole number, number,
  true/false, a date and time with its UTC offset), ``max_length``, ``choices``,
  ``null`` and ``blank``, the range of the integer column PostgreSQL makes for it
  (the same on SQLite, which checks none), a slug's form; a foreign key is the
  ``pk`` of an object of the file (checked by ``transfer_check``), a user is
  ``[username]``;
- *JSON field shape* (``JSON_FIELDS``): what a JSON column holds, as the code
  that writes it writes it and the pages that read it read it; a JSON field
  without a declared shape is a bug (``TypeError``), so a new one gets one;
- *derived field* (``DERIVED``): a field the import works out again from others,
  as ``save()`` and the migrations do, so a file may leave it out;
- *legacy key* (``LEGACY``): a key files of an older version hold, read by the
  import and never saved as a field.

Schema nodes are ``heats.core.schema``'s; every text and number is also held to
``heats.core.storable`` (what PostgreSQL can store, numbers within 2**53).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations

from heats.core import message
from heats.core.formats import FORMATS
from heats.core.names import NAME_MAX_LENGTH
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
    Problem,
    Record,
    Schema,
    Text,
)
from heats.core.storable import MAX_NUMBER, key_path
from heats.core.tiebreaks import TIEBREAKS
from heats.models import model_field
from scoring.core.medici.sheet import MAX_DEPTH, MAX_TEXT
from scoring.models import ListPart

# A pk in a file only names its row there: any positive whole number.
PK = Integer(1, MAX_NUMBER)
COUNT = Integer(0, 32767)
SLUG = r"[-a-zA-Z0-9_]+"


def _layouts_add_up(value: dict[str, list[int]], path: str) -> list[Problem]:
    """Each semi-final layout seats its size (tournament.md, Advancement, 1)."""
    return [
        (
            key_path(path, size),
            f"{' + '.join(map(str, tables))} seats {sum(tables)} players, not {size}",
        )
        for size, tables in value.items()
        if sum(tables) != int(size)
    ]


def _is_sheet(value: Any, path: str) -> list[Problem]:
    if isinstance(value, dict) and "players" in value and "days" in value:
        return []
    return [(path, "expected a scoresheet: an object with players and days")]


def _is_message(value: Any, path: str) -> list[Problem]:
    """Text, or message data (``heats.core.message``) whose fields fit it."""
    if isinstance(value, str):
        return []
    if not message.is_data(value):
        return [(path, 'expected text or a message ({"code", "fields"})')]
    try:
        message.load(value)
    except ValueError as exc:
        return [(path, str(exc))]
    return []


# Text people read, as MessagesField stores it.
MESSAGE = Checked(AnyJSON(), _is_message)
# Rows written before findings named their rule and cause lack the last three
# (scoring.core.medici.findings: roots of an unknown rule, blocking).
FINDINGS = ListOf(
    Record(
        required={
            "day": Nullable(Integer()),
            "player": Nullable(Text()),
            "message": MESSAGE,
        },
        optional={
            "rule": Text(max_length=40, pattern=r"[a-z-]*", what="a rule id"),
            "because": Nullable(Integer(0, 10_000)),
            "hint": Boolean(),
        },
    )
)
# PlayerRecord.values() and the player's id and name, by seat (or by name, in
# rows written before seats were the keys); older rows lack time_called.
HISTORY = MapOf(
    Record(
        optional={
            "player_id": Nullable(Integer()),
            "player": Text(),
            "seat": Nullable(Integer(1, 6)),
            "day1": Nullable(Integer()),
            "day2": Nullable(Integer()),
            "final": Nullable(Integer()),
            "place": Nullable(Integer()),
            "declared_winner": Boolean(),
            "time_called": Nullable(Integer(1, 3)),
        },
        extra=AnyJSON(),
    )
)
# Advancement.to_json() less the parts, which are PublishedEntry rows (lists
# published before those rows kept the parts here too).
PUBLISHED = Record(
    required={
        "semi_size": COUNT,
        "tables": ListOf(Integer(1, 6)),
        "final_only": Boolean(),
        "winners_present": COUNT,
        "cap": COUNT,
        "participants": COUNT,
        "warnings": ListOf(MESSAGE),
        "provisional": Boolean(),
        "missing_tables": ListOf(ListOf(Integer(1, 32767), 2, 2)),
    },
    optional={
        # Lists published before formats were recorded lack it (hmw).
        "format": Text(choices=FORMATS),
        # Lists published before tie-break orders were recorded lack it (bpa).
        "tiebreaks": Text(choices=TIEBREAKS),
        **{name: AnyJSON() for name in (*ListPart.values, "double_winner_ids")},
    },
)
# The seating "Seat again" replaced (heats.models.Round.previous_seating):
# players by draw key, so the file needs no id remapped.
PREVIOUS_SEATING = Record(
    required={
        "seed": Text(),
        "tables": ListOf(
            Record(
                required={
                    "number": Integer(1, 32767),
                    "late": Boolean(),
                    "players": ListOf(Text(), 1, 6),
                }
            )
        ),
    }
)
# A player's report of a table (scoring.services.reports): seat number → the
# day-1, day-2 and final florins reported (days may be unknown).
FLORINS = Nullable(Integer(0, MAX_NUMBER))
REPORTED = MapOf(
    Record(required={"day1": FLORINS, "day2": FLORINS, "final": FLORINS}),
    key=Text(pattern=r"[1-6]", what="a seat number"),
    min_items=1,
)

JSON_FIELDS: dict[tuple[str, str], Schema] = {
    ("heats.event", "semi_layouts"): Checked(
        MapOf(
            ListOf(Integer(4, 6), min_items=1),
            key=Text(pattern=r"[1-9][0-9]{0,3}", what="a number of players"),
            min_items=1,
        ),
        _layouts_add_up,
    ),
    ("heats.auditentry", "data"): MapOf(AnyJSON()),
    ("heats.round", "previous_seating"): PREVIOUS_SEATING,
    ("scoring.tablereport", "scores"): REPORTED,
    ("scoring.recordhistory", "old"): HISTORY,
    ("scoring.recordhistory", "new"): HISTORY,
    ("scoring.tablecheck", "findings"): FINDINGS,
    ("scoring.scoresheetsubmission", "findings"): FINDINGS,
    # A sheet as the table page took it (rules_findings.parse_sheet_text).
    ("scoring.scoresheetsubmission", "sheet"): Checked(
        AnyJSON(MAX_DEPTH, MAX_TEXT), _is_sheet
    ),
    ("scoring.publishedlist", "data"): PUBLISHED,
    ("scoring.publishedentry", "reason"): MESSAGE,
    ("scoring.finalfill", "summary"): MESSAGE,
}
# Text fields whose model validators an event file's value must pass too.
VALIDATED = {("heats.event", "time_zone")}
DERIVED = {
    ("heats.round", "ordinal"),
    ("heats.player", "name_key"),
    ("heats.player", "draw_key"),
}
LEGACY: dict[tuple[str, str], Schema] = {
    ("heats.player", "draw_name"): Nullable(Text(max_length=NAME_MAX_LENGTH)),
}


@cache
def model_schema(model: type[models.Model]) -> Record:
    """The schema of an object's ``fields`` for ``model``: every concrete field
    but the pk, required unless a row can be saved without it (null, a default,
    text that may be empty, many-to-many) or it is derived; legacy keys
    optional; any other key refused."""
    label = model._meta.label_lower
    required: dict[str, Schema] = {}
    optional: dict[str, Schema] = {
        name: schema for (owner, name), schema in LEGACY.items() if owner == label
    }
    for f in model._meta.get_fields():
        if not f.concrete or f.primary_key:
            continue
        schema = field_schema(f)
        target = optional if _optional(label, f) else required
        target[f.name] = schema
    return Record(required=required, optional=optional)


def _optional(label: str, f: Any) -> bool:
    return (
        f.null
        or f.many_to_many
        or f.has_default()
        or (f.empty_strings_allowed and f.blank)
        or (label, f.name) in DERIVED
    )


def field_schema(f: Any) -> Schema:
    """What the model field ``f`` takes in an event file (module docstring).
    Raises TypeError for a JSON field without a declared shape or a field type
    this module does not know, so a new one fails the tests."""
    label = f.model._meta.label_lower
    if f.many_to_many:
        return ListOf(_reference(f))
    if f.is_relation:
        schema = _reference(f)
    elif (label, f.name) in JSON_FIELDS:
        schema = JSON_FIELDS[(label, f.name)]
    elif isinstance(f, models.JSONField):
        raise TypeError(f"{label}.{f.name}: no declared shape (JSON_FIELDS)")
    else:
        schema = _plain(f, label)
    if (label, f.name) in VALIDATED:
        schema = Checked(schema, _validators_of(f))
    return Nullable(schema) if f.null else schema


def _validators_of(f: Any) -> Callable[[Any, str], list[Problem]]:
    """A rule: the problems the model field ``f``'s validators find."""

    def valid(value: Any, path: str) -> list[Problem]:
        try:
            f.run_validators(value)
        except ValidationError as exc:
            return [(path, " ".join(exc.messages))]
        return []

    return valid


def _plain(f: Any, label: str) -> Schema:
    if isinstance(f, models.BooleanField):
        return Boolean()
    if isinstance(f, models.DateTimeField):
        return Moment()
    if isinstance(f, models.FloatField):
        return Number()
    if isinstance(f, models.IntegerField):
        low, high = BaseDatabaseOperations.integer_field_ranges[f.get_internal_type()]
        return Integer(low, high)
    if isinstance(f, models.CharField | models.TextField):
        slug = isinstance(f, models.SlugField)
        return Text(
            max_length=f.max_length,
            blank=f.blank,
            choices=tuple(str(value) for value, _ in f.choices or ()),
            pattern=SLUG if slug else None,
            what="a slug (letters, digits, - and _)" if slug else "",
        )
    if isinstance(f, models.GenericIPAddressField):
        return Checked(Text(max_length=39), _validators_of(f))
    raise TypeError(f"{label}.{f.name}: an event file cannot carry a {type(f)}")


def _reference(f: Any) -> Schema:
    if f.related_model is get_user_model():
        return _username()
    return PK


@cache
def _username() -> Schema:
    """``[username]``: one text the user model's username field takes."""
    field = model_field(get_user_model(), get_user_model().USERNAME_FIELD)

    def valid(value: list[str], path: str) -> list[Problem]:
        try:
            field.run_validators(value[0])
        except ValidationError as exc:
            return [(f"{path}[0]", " ".join(exc.messages))]
        return []

    text = Text(max_length=getattr(field, "max_length", None), blank=False)
    return Checked(ListOf(text, 1, 1), valid)
