"""A small declarative schema for JSON documents, and the walker that checks one.

Words:
- *schema*: what a JSON value must be, built from the nodes below: ``Text``,
  ``Integer``, ``Number``, ``Boolean``, ``Moment`` (a date and time), ``Nullable``,
  ``ListOf``, ``Record`` (an object of named keys), ``MapOf`` (an object whose
  keys are data), ``AnyJSON`` (any JSON within the bounds of every store),
  ``Raw`` (not looked at) and ``Checked`` (a node plus a rule over the value);
- *problem*: ``(field path, what is wrong)``; the path is written as in
  ``heats.core.storable`` (``objects[3].fields.semi_layouts['16']``).

Every text is held to ``storable.text_problem`` and every number to
``storable.number_problem`` whatever its schema: one rule for every way in.
A value of the wrong type is one problem; nothing inside it is looked at.
Pure: no Django imports.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Union

from heats.core.i18n import gettext_noop, ngettext_noop
from heats.core.message import Message
from heats.core.storable import (
    json_problems,
    key_path,
    number_problem,
    shown,
    text_problem,
)

Problem = tuple[str, str]
# Containers nested inside a value of ``AnyJSON``: far above any the app writes.
ANY_DEPTH = 20


@dataclass(frozen=True)
class Text:
    """Text of at most ``max_length`` characters; empty only when ``blank``; one
    of ``choices`` when given; matching ``pattern`` (described by ``what``)."""

    max_length: int | None = None
    blank: bool = True
    choices: tuple[str, ...] = ()
    pattern: str | None = None
    what: str = ""


@dataclass(frozen=True)
class Integer:
    """A whole number (never true/false, never ``2.0``) in ``low..high``."""

    low: int | None = None
    high: int | None = None


@dataclass(frozen=True)
class Number:
    """A number, whole or not (never true/false), finite and within 2**53."""


@dataclass(frozen=True)
class Boolean:
    """``true`` or ``false``."""


@dataclass(frozen=True)
class Moment:
    """A date and time as ISO 8601 text with its UTC offset
    (``2027-07-30T15:02:11.532+00:00``)."""


@dataclass(frozen=True)
class Nullable:
    """``null`` or a value of ``inner``."""

    inner: Schema


@dataclass(frozen=True)
class ListOf:
    """A list of ``min_items..max_items`` values of ``item``."""

    item: Schema
    min_items: int = 0
    max_items: int | None = None


@dataclass(frozen=True)
class Record:
    """An object with the keys of ``required`` (each present) and of
    ``optional``; any other key is a problem unless ``extra`` is its schema."""

    required: Mapping[str, Schema] = field(default_factory=dict)
    optional: Mapping[str, Schema] = field(default_factory=dict)
    extra: Schema | None = None


@dataclass(frozen=True)
class MapOf:
    """An object whose keys are data (``key``) and values ``value``; at least
    ``min_items`` of them."""

    value: Schema
    key: Text = Text()
    min_items: int = 0


@dataclass(frozen=True)
class AnyJSON:
    """Any JSON value within ``storable`` bounds, nested at most ``depth`` levels
    (the value itself is level 1), its texts at most ``max_text`` characters."""

    depth: int = ANY_DEPTH
    max_text: int | None = None


@dataclass(frozen=True)
class Raw:
    """Any value, not looked at: checked elsewhere, by a schema chosen from the
    rest of the document."""


@dataclass(frozen=True)
class Checked:
    """A value of ``inner`` for which ``rule`` (called only once ``inner``
    holds) returns no problems; ``rule`` takes the value and its path."""

    inner: Schema
    rule: Callable[[Any, str], list[Problem]]


Schema = Union[  # noqa: UP007 (a runtime alias the dataclasses above refer to)
    Text,
    Integer,
    Number,
    Boolean,
    Moment,
    Nullable,
    ListOf,
    Record,
    MapOf,
    AnyJSON,
    Raw,
    Checked,
]


def problems(value: Any, schema: Schema, path: str = "") -> list[Problem]:
    """Every problem of ``value`` against ``schema``, in document order; the
    path of ``value`` itself is ``path``."""
    return list(_walk(value, schema, path))


def _walk(value: Any, schema: Schema, path: str) -> Iterator[Problem]:
    if isinstance(schema, Raw):
        return
    if isinstance(schema, Nullable):
        if value is not None:
            yield from _walk(value, schema.inner, path)
    elif value is None and not isinstance(schema, AnyJSON):
        yield path, Message(gettext_noop("must not be null"))
    elif isinstance(schema, Checked):
        found = list(_walk(value, schema.inner, path))
        yield from found or schema.rule(value, path)
    elif isinstance(schema, ListOf | Record | MapOf):
        yield from _container(value, schema, path)
    elif isinstance(schema, AnyJSON):
        yield from json_problems(value, schema.depth, schema.max_text, path)
    else:
        problem = _scalar_problem(value, schema)
        if problem:
            yield path, problem


def _container(
    value: Any, schema: ListOf | Record | MapOf, path: str
) -> Iterator[Problem]:
    if isinstance(schema, ListOf):
        if not isinstance(value, list):
            yield (
                path,
                Message(
                    gettext_noop("expected a list, not %(kind)s"), kind=_kind(value)
                ),
            )
            return
        yield from _size(len(value), schema.min_items, schema.max_items, path)
        for index, item in enumerate(value):
            yield from _walk(item, schema.item, f"{path}[{index}]")
    elif not isinstance(value, dict):
        yield (
            path,
            Message(
                gettext_noop("expected an object, not %(kind)s"), kind=_kind(value)
            ),
        )
    else:
        yield from _object(value, schema, path)


def _object(
    value: dict[Any, Any], schema: Record | MapOf, path: str
) -> Iterator[Problem]:
    if isinstance(schema, MapOf):
        yield from _size(len(value), schema.min_items, None, path)
    for key, item in value.items():
        if not isinstance(key, str):
            yield (
                path,
                Message(gettext_noop("the key %(key)s is not text"), key=shown(key)),
            )
            continue
        where = key_path(path, key)
        problem = (
            _scalar_problem(key, schema.key)
            if isinstance(schema, MapOf)
            else text_problem(key)
        )
        inner = (
            schema.value
            if isinstance(schema, MapOf)
            else schema.required.get(key) or schema.optional.get(key) or schema.extra
        )
        if problem:
            yield where, Message(gettext_noop("the key: %(problem)s"), problem=problem)
        elif inner is None:
            yield where, Message(gettext_noop("is not a key this object has"))
        else:
            yield from _walk(item, inner, where)
    if isinstance(schema, Record):
        for key in schema.required:
            if key not in value:
                yield key_path(path, key), Message(gettext_noop("missing"))


def _size(count: int, low: int, high: int | None, path: str) -> Iterator[Problem]:
    if count < low:
        yield (
            path,
            Message.plural(
                ngettext_noop(
                    "holds %(count)s item; at least %(least)s",
                    "holds %(count)s items; at least %(least)s",
                ),
                "count",
                count=count,
                least=low,
            ),
        )
    if high is not None and count > high:
        yield (
            path,
            Message.plural(
                ngettext_noop(
                    "holds %(count)s item; at most %(most)s",
                    "holds %(count)s items; at most %(most)s",
                ),
                "count",
                count=count,
                most=high,
            ),
        )


def _scalar_problem(value: Any, schema: Schema) -> str | None:
    """What is wrong with ``value`` as a text, number, boolean or moment."""
    if isinstance(schema, Boolean):
        return (
            None
            if isinstance(value, bool)
            else Message(
                gettext_noop("expected true or false, not %(kind)s"), kind=_kind(value)
            )
        )
    if isinstance(schema, Integer | Number):
        return _number(value, schema)
    if not isinstance(value, str):
        return Message(gettext_noop("expected text, not %(kind)s"), kind=_kind(value))
    problem = text_problem(value)
    if problem or isinstance(schema, Moment):
        return problem or _moment(value)
    assert isinstance(schema, Text)
    return _text(value, schema)


def _number(value: Any, schema: Integer | Number) -> str | None:
    whole = isinstance(schema, Integer)
    if isinstance(value, bool) or not isinstance(value, int if whole else int | float):
        if whole:
            return Message(
                gettext_noop("expected a whole number, not %(kind)s"),
                kind=_kind(value),
            )
        return Message(
            gettext_noop("expected a number, not %(kind)s"), kind=_kind(value)
        )
    problem = number_problem(value)
    if problem or not isinstance(schema, Integer):
        return problem
    if schema.low is not None and value < schema.low:
        return Message(
            gettext_noop("%(value)s is below %(low)s"),
            value=shown(value),
            low=schema.low,
        )
    if schema.high is not None and value > schema.high:
        return Message(
            gettext_noop("%(value)s is above %(high)s"),
            value=shown(value),
            high=schema.high,
        )
    return None


def _text(value: str, schema: Text) -> str | None:
    if schema.max_length is not None and len(value) > schema.max_length:
        return Message(
            gettext_noop("the text has %(count)s characters; at most %(most)s"),
            count=len(value),
            most=schema.max_length,
        )
    if not value and not schema.blank:
        return Message(gettext_noop("must not be empty"))
    if schema.choices and value not in schema.choices:
        return Message(
            gettext_noop("%(value)s is not one of: %(choices)s"),
            value=shown(value),
            choices=", ".join(schema.choices),
        )
    if schema.pattern and value and not re.fullmatch(schema.pattern, value):
        return Message(
            gettext_noop("%(value)s is not %(what)s"),
            value=shown(value),
            what=schema.what or Message(gettext_noop("of the expected form")),
        )
    return None


def _moment(value: str) -> str | None:
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        return Message(
            gettext_noop(
                "%(value)s is not a date and time with its UTC offset "
                "(e.g. 2027-07-30T15:02:11+00:00)"
            ),
            value=shown(value),
        )
    return None


def _kind(value: Any) -> str:
    """How a JSON value of the wrong type is named: "a list", "text 'x'"..."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return Message(gettext_noop("the text %(text)s"), text=shown(value))
    if isinstance(value, int | float):
        return Message(gettext_noop("the number %(number)s"), number=shown(value))
    if isinstance(value, list):
        return Message(gettext_noop("a list"))
    if isinstance(value, dict):
        return Message(gettext_noop("an object"))
    return Message(gettext_noop("a %(type)s"), type=type(value).__name__)
