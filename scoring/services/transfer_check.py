"""An event file checked whole before anything is written (issue 16, item 4).

Words:
- *object*: one row of the file, ``objects[i]``: ``{"model", "pk", "fields"}``;
- *shape*: every value against the schema the models give (``transfer_schema``):
  types, lengths, choices, integer ranges, required keys, the JSON fields'
  shapes, text PostgreSQL can store, numbers within 2**53;
- *rows*: what holds between objects: one event, one object per model and pk,
  every reference naming an object of the file, the models' unique and check
  constraints (read from their ``Meta`` and evaluated here as the database
  would, NULL making a rule unknown, so not broken), and the rules pages rely
  on: a round's kind and number, a known rule set, a seat in its table's round,
  a semi-final override of a size the event has a layout for;
- *problem*: a line naming the field path in the file and the object
  (``objects[57].fields.player (heats.seat 58): refers to heats.player 999,
  which the file does not hold``).

The rows are checked only once the shape holds (they read typed values), after
the derived fields are worked out (:func:`derive`) as the import saves them.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator
from typing import Any, cast

from django.db.models import CheckConstraint, F, Q, UniqueConstraint

from heats.core.errors import UserError
from heats.core.names import display_name, legacy_draw_keys, name_key
from heats.core.rounds import RoundCode, RoundCodeError, round_ordinal
from heats.core.schema import Checked, Integer, ListOf, Raw, Record, Text, problems
from scoring.core.medici.rulesets import RULESETS
from scoring.services.transfer_schema import PK, model_schema

# Problems listed at most; a damaged file can have thousands.
MAX_PROBLEMS = 50
# Ids inside JSON fields: (model label, field, key) -> the label of the row named.
JSON_IDS = {("heats.auditentry", "data", "submission"): "scoring.scoresheetsubmission"}
# A unique constraint on a derived field is reported on the field it comes from.
SHOWN_AS = {("heats.player", "name_key"): "name"}
COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "exact": operator.eq,
    "gt": operator.gt,
    "gte": operator.ge,
    "lt": operator.lt,
    "lte": operator.le,
    "in": lambda value, choices: value in choices,
}


def check_event_file(document: dict[str, Any], models: dict[str, Any]) -> None:
    """Check ``document`` (an event file whose format and version are right)
    whole; ``models`` maps each label an event file holds to its model. Works
    out the derived fields in place (:func:`derive`). Raises UserError listing
    every problem (at most ``MAX_PROBLEMS``), each naming its field path."""
    found = _shape(document, models)
    if not found:
        objects = document["objects"]
        derive(objects)
        found = _Rows(objects, models).problems()
    if found:
        more = len(found) - MAX_PROBLEMS
        raise UserError(
            "The event file cannot be imported; nothing was written. "
            f"{len(found)} problem(s):",
            found[:MAX_PROBLEMS] + ([f"… and {more} more"] if more > 0 else []),
        )


def _shape(document: dict[str, Any], models: dict[str, Any]) -> list[str]:
    def known(label: str, path: str) -> list[tuple[str, str]]:
        if label in models:
            return []
        return [(path, f"{label!r} is not a model an event file holds")]

    obj = Record(
        required={
            "model": Checked(Text(), known),
            "pk": PK,
            "fields": Record(extra=Raw()),
        }
    )
    header = Record(
        required={"format": Text(), "version": Integer(), "objects": ListOf(obj)},
        optional={"event": Text(max_length=50), "exported_at": Raw()},
    )
    found = [f"{path}: {message}" for path, message in problems(document, header)]
    if found:
        return found
    for index, item in enumerate(document["objects"]):
        schema = model_schema(models[item["model"]])
        for path, message in problems(
            item["fields"], schema, f"objects[{index}].fields"
        ):
            found.append(f"{path} ({item['model']} {item['pk']}): {message}")
    return found


def derive(objects: list[dict[str, Any]]) -> None:
    """Work out the derived fields (``transfer_schema.DERIVED``) as ``save()``
    and the migrations do: a round's ``ordinal`` from its kind and number, a
    player's ``name_key`` from the name (always), a player's ``draw_key`` when a
    file written before draw keys lacks it (``legacy_draw_keys``, from the
    file's ``draw_name`` if any)."""
    for obj in objects:
        fields = obj["fields"]
        if obj["model"] == "heats.round":
            try:
                fields["ordinal"] = round_ordinal(
                    fields["kind"], fields.get("number", 1)
                )
            except RoundCodeError:
                pass  # _Rows names the kind or number
        elif obj["model"] == "heats.player":
            fields["name_key"] = name_key(display_name(fields["name"]))
    players = [o["fields"] for o in objects if o["model"] == "heats.player"]
    if all(fields.get("draw_key") for fields in players):
        return
    rows = [
        (i, f["name"], f["name_key"], f.get("badge", ""), f.get("draw_name") or "")
        for i, f in enumerate(players)
    ]
    for index, key in legacy_draw_keys(rows).items():
        players[index]["draw_key"] = players[index].get("draw_key") or key


class _Rows:
    """The checks between objects (module docstring, *rows*)."""

    def __init__(self, objects: list[dict[str, Any]], models: dict[str, Any]):
        self.objects = objects
        self.models = models
        self.ids: dict[str, dict[Any, int]] = {label: {} for label in models}
        self.found: list[str] = []
        for index, obj in enumerate(objects):
            first = self.ids[obj["model"]].setdefault(obj["pk"], index)
            if first != index:
                self.add(
                    index, "", f"the pk {obj['pk']} again (objects[{first}] has it)"
                )

    def add(self, index: int, field: str, message: str) -> None:
        obj = self.objects[index]
        path = f"objects[{index}]" + (f".fields.{field}" if field else "")
        self.found.append(f"{path} ({obj['model']} {obj['pk']}): {message}")

    def problems(self) -> list[str]:
        events = len(self.ids["heats.event"])
        if events != 1:
            self.found.append(
                f"objects: {events} heats.event objects; the event file must hold "
                "exactly one event"
            )
        for index, obj in enumerate(self.objects):
            model = self.models[obj["model"]]
            self._references(index, model)
            self._checks(index, model)
            self._rules(index, obj["model"], obj["fields"])
        for label, model in self.models.items():
            self._uniques(label, model)
        return self.found

    def _references(self, index: int, model: Any) -> None:
        fields = self.objects[index]["fields"]
        for f in model._meta.get_fields():
            if not (f.concrete and f.is_relation) or f.name not in fields:
                continue
            if f.related_model not in self.models.values():
                continue  # a user: [username]
            target = f.related_model._meta.label_lower
            value = fields[f.name]
            named = list(enumerate(value)) if f.many_to_many else [(None, value)]
            for position, pk in named:
                if pk is not None and pk not in self.ids[target]:
                    where = f.name if position is None else f"{f.name}[{position}]"
                    self.add(
                        index,
                        where,
                        f"refers to {target} {pk}, which the file does not hold",
                    )
        for (label, name, key), target in JSON_IDS.items():
            data = fields.get(name) if self.objects[index]["model"] == label else None
            if isinstance(data, dict) and key in data:
                pk = data[key]
                if type(pk) is not int or pk not in self.ids[target]:
                    self.add(
                        index,
                        f"{name}.{key}",
                        f"refers to {target} {data[key]!r}, "
                        "which the file does not hold",
                    )

    def _checks(self, index: int, model: Any) -> None:
        values = _values(model, self.objects[index]["fields"])
        for constraint in model._meta.constraints:
            if not isinstance(constraint, CheckConstraint):
                continue
            # The event models' check constraints are Q objects (_holds reads them).
            condition = cast(Q, constraint.condition)
            if _holds(condition, values) is False:
                names = list(_names(condition))
                shown = ", ".join(f"{n} {values[n]!r}" for n in names)
                self.add(
                    index,
                    names[0],
                    f"{shown}: breaks the rule {constraint.name}",
                )

    def _uniques(self, label: str, model: Any) -> None:
        for fields, condition, rule in _unique_sets(model):
            seen: dict[tuple[Any, ...], int] = {}
            for index, obj in enumerate(self.objects):
                if obj["model"] != label:
                    continue
                values = _values(model, obj["fields"])
                key = tuple(values[name] for name in fields)
                if None in key or (condition and _holds(condition, values) is not True):
                    continue
                first = seen.setdefault(key, index)
                if first != index:
                    shown = " and ".join(
                        f"{n} {v!r}" for n, v in zip(fields, key, strict=True)
                    )
                    field = SHOWN_AS.get((label, fields[-1]), fields[-1])
                    self.add(
                        index,
                        field,
                        f"{shown} again (objects[{first}] has them): {rule}",
                    )

    def _rules(self, index: int, label: str, fields: dict[str, Any]) -> None:
        if label == "heats.event" and fields.get("rules", "wbc") not in RULESETS:
            known = ", ".join(sorted(RULESETS))
            self.add(index, "rules", f"{fields['rules']!r} is not a rule set ({known})")
        elif label == "heats.round":
            try:
                RoundCode(fields["kind"], fields.get("number", 1))
            except RoundCodeError as error:
                self.add(index, "number", str(error))
        elif label == "heats.seat":
            self._seat_round(index, fields)
        elif label == "scoring.semifinaloverride":
            self._override(index, fields)

    def _override(self, index: int, fields: dict[str, Any]) -> None:
        """A size of the event's layouts; the winners present with a reason
        (``publishing.set_override`` asks for both)."""
        if fields.get("winners_present") and not str(fields.get("reason", "")).strip():
            self.add(
                index,
                "reason",
                "the winners present need the GM's reason, which the list shows "
                "(no alternate is called)",
            )
        if fields.get("size") is not None:
            sizes = self._event_fields().get("semi_layouts") or {}
            if str(fields["size"]) not in sizes:
                self.add(
                    index,
                    "size",
                    f"{fields['size']} players: the event has no "
                    f"semi-final layout of that size (sizes: {', '.join(sizes)})",
                )

    def _seat_round(self, index: int, fields: dict[str, Any]) -> None:
        table = self.ids["heats.table"].get(fields["table"])
        if table is None:
            return  # _references names it
        round_ = self.objects[table]["fields"]["round"]
        if fields["round"] != round_:
            self.add(
                index,
                "round",
                f"heats.round {fields['round']}, but its table "
                f"(heats.table {fields['table']}) is in heats.round {round_}",
            )

    def _event_fields(self) -> dict[str, Any]:
        """The fields of the file's event; {} when it holds none."""
        for index in self.ids["heats.event"].values():
            fields: dict[str, Any] = self.objects[index]["fields"]
            return fields
        return {}


def _values(model: Any, fields: dict[str, Any]) -> dict[str, Any]:
    """Every concrete field's value in an object (its default when left out)."""
    values = {}
    for f in model._meta.concrete_fields:
        if f.name in fields:
            values[f.name] = fields[f.name]
        elif not f.primary_key:
            values[f.name] = None if f.is_relation else f.get_default()
    return values


def _unique_sets(model: Any) -> list[tuple[tuple[str, ...], Q | None, str]]:
    """``(fields, condition, rule)`` of every uniqueness ``model`` declares."""
    meta = model._meta
    sets: list[tuple[tuple[str, ...], Q | None, str]] = [
        ((f.name,), None, f"{f.name} is unique")
        for f in meta.concrete_fields
        if f.unique and not f.primary_key
    ]
    sets += [(tuple(names), None, "unique together") for names in meta.unique_together]
    sets += [
        (tuple(c.fields), c.condition, c.name)
        for c in meta.constraints
        if isinstance(c, UniqueConstraint) and c.fields
    ]
    return sets


def _holds(q: Q, values: dict[str, Any]) -> bool | None:
    """``q`` for one object's ``values``, in SQL's three values: None (unknown)
    when a NULL decides. Lookups: exact, gt, gte, lt, lte, in, isnull; F() of a
    field of the same object. Raises KeyError for another lookup (a new
    constraint the check does not read fails the tests)."""
    results = []
    for child in q.children:
        if isinstance(child, Q):
            results.append(_holds(child, values))
            continue
        lookup, expected = cast(tuple[str, Any], child)  # a leaf: (lookup, value)
        name, _, kind = lookup.partition("__")
        left = values[name]
        if kind == "isnull":
            results.append((left is None) == expected)
            continue
        # F.name (the field F names) is missing from django-stubs' F.
        right = values[expected.name] if isinstance(expected, F) else expected  # type: ignore[attr-defined]
        compare = COMPARE[kind or "exact"]
        results.append(None if left is None or right is None else compare(left, right))
    if q.connector == Q.AND:
        result = False if False in results else None if None in results else True
    else:
        result = True if True in results else None if None in results else False
    return result if not q.negated or result is None else not result


def _names(q: Q) -> Iterator[str]:
    """The fields ``q`` reads, in order, each once."""
    seen: list[str] = []
    for child in q.children:
        if isinstance(child, Q):
            names = _names(child)
        else:  # a leaf: (lookup, value)
            names = iter(_child_names(cast(tuple[str, Any], child)))
        for name in names:
            if name not in seen:
                seen.append(name)
                yield name


def _child_names(child: tuple[str, Any]) -> list[str]:
    lookup, expected = child
    names = [lookup.partition("__")[0]]
    if isinstance(expected, F):
        return names + [expected.name]  # type: ignore[attr-defined]  # as in _holds
    return names
