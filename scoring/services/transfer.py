"""Backup and move of one event: a JSON file with every row that belongs to it.

Words:

event model
    A model of the ``heats`` or ``scoring`` app with a chain of foreign keys to
    :class:`~heats.models.Event` (Round → Event, Seat → Table → Round → Event, ...),
    found by walking the models' relations, so a new model is carried without
    being listed here. Its *path* is the lookup from the model to the event's id
    (``"table__round__event"``).
event file
    ``{"format": FORMAT, "version": VERSION, "event": slug, "exported_at",
    "objects": [{"model": "heats.round", "pk": 12, "fields": {...}}, ...]}``:
    Django's "python" serialization of every event model's rows, parents before
    children. Foreign keys to other event rows are the source database's ids;
    users (staff, who made a change) are their usernames (``["name"]``).
    Text people read (rules findings, a published list's warnings and reasons,
    the final's fill summary) is message data (``{"code", "fields"}``,
    ``heats.core.message``), as the database stores it; a file of version 1
    (that text as English) is upgraded on import (``scoring.legacy_text``).

Import remaps every id (the target database hands out its own), keeps timestamps
(rows are saved "raw", as ``loaddata`` does), and writes the event in one
transaction: another event is never read or written, and an existing event of the
same slug is refused unless ``replace`` (it is then deleted and written anew in
that transaction). A username missing in the target database is created as an
inactive user without a usable password (so history keeps who did what, and nobody
can log in as them until an admin sets a password and activates them); the import
reports those names. The one id written inside a JSON field, the scoresheet in a
"scoresheet" audit entry's ``data`` (``JSON_IDS``), is remapped too, and so are
the player ids of a players' report's seating signature (``TableReport.seating``;
a file written before reports recorded it has none: the report's seating is
unknown).

Nothing is written from a file that is not whole and right: :func:`loads` and
:func:`import_event` check every value against the models' own limits and every
row against the others first (``transfer_check``; issue 16, item 4), and refuse
naming each problem's field path (``objects[57].fields.player``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, time
from functools import cache
from typing import Any

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core import serializers
from django.core.exceptions import ValidationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models, transaction
from django.utils import timezone

from heats import signals
from heats.core.errors import UserError
from heats.core.paper import paper_for_zone
from heats.models import Event
from scoring.core.reported import remap_signature
from scoring.legacy_text import upgrade_objects
from scoring.models import TableReport
from scoring.services.report_links import make_report_links
from scoring.services.result_status import update_event_result_status
from scoring.services.transfer_check import JSON_IDS, check_event_file

FORMAT = "medici-tourney-event"
VERSION = 2
OLDER = (1,)
"""Versions an import upgrades: 1 stored text people read as English."""
APPS = ("heats", "scoring")


@dataclass(frozen=True)
class EventModel:
    """One event model: its lookup ``path`` to the event id ("pk" for Event)."""

    model: type[models.Model]
    path: str

    @property
    def label(self) -> str:
        return self.model._meta.label_lower


@dataclass
class ImportReport:
    """What an import wrote: the event, rows per model label, users it created."""

    event: Event
    counts: dict[str, int] = field(default_factory=dict)
    created_users: list[str] = field(default_factory=list)
    replaced: bool = False

    def lines(self) -> list[str]:
        rows = sum(self.counts.values())
        out = [f"Imported event {self.event.slug!r} ({self.event.name}): {rows} rows"]
        if self.replaced:
            out[0] += ", replacing the event of that slug"
        if self.created_users:
            out.append(
                "Created as inactive users (not in this database; an admin may "
                "activate them and set a password): " + ", ".join(self.created_users)
            )
        return out


def _is_user(model: type[models.Model] | None) -> bool:
    return model is get_user_model()


def _relations(model: type[models.Model]) -> list[models.Field[Any, Any]]:
    """The forward foreign keys, one-to-ones and many-to-manys of ``model``."""
    return [
        f
        for f in model._meta.get_fields()
        if isinstance(f, models.Field)  # not a reverse relation
        and f.is_relation
        and f.concrete
        and (f.many_to_one or f.one_to_one or f.many_to_many)
    ]


# Rows a file never carries: made anew for the imported event. A table's report
# link is a secret of that table (its token is printed on the scoresheet): a copy
# of the event gets links of its own (``scoring.services.reports``).
# Counters of reports and refusals are this server's, not the event's.
DERIVED = frozenset({"scoring.reportlink", "scoring.reportcounter"})


def unscoped_models() -> list[type[models.Model]]:
    """Models of the event apps with no path to Event (not carried by a file),
    the ``DERIVED`` ones aside."""
    scoped = {em.model for em in event_models()}
    return [
        m
        for app in APPS
        for m in apps.get_app_config(app).get_models()
        if m not in scoped and m._meta.label_lower not in DERIVED
    ]


@cache
def event_models() -> tuple[EventModel, ...]:
    """Every event model, each after every event model it refers to.

    Raises TypeError for a relation a file cannot carry (to a model that is
    neither an event model nor the user model), so such a model fails the tests
    instead of being exported half.
    """
    candidates = [
        m
        for app in APPS
        for m in apps.get_app_config(app).get_models()
        if m._meta.label_lower not in DERIVED
    ]
    paths: dict[type[models.Model], str] = {Event: "pk"}
    changed = True
    while changed:  # any foreign key chain ending at Event makes an event model
        changed = False
        for model in candidates:
            if model in paths:
                continue
            for f in _relations(model):
                if not f.many_to_many and f.related_model in paths:
                    parent = paths[f.related_model]
                    paths[model] = f.name if parent == "pk" else f"{f.name}__{parent}"
                    changed = True
                    break
    return tuple(EventModel(m, paths[m]) for m in _in_dependency_order(paths))


def _in_dependency_order(
    paths: dict[type[models.Model], str],
) -> list[type[models.Model]]:
    ordered: list[type[models.Model]] = []
    waiting = list(paths)
    while waiting:
        ready = [m for m in waiting if all(p in ordered for p in _parents(m, paths))]
        if not ready:
            raise TypeError(f"Circular references between {waiting}")
        ordered += ready
        waiting = [m for m in waiting if m not in ready]
    return ordered


def _parents(
    model: type[models.Model], paths: dict[type[models.Model], str]
) -> list[type[models.Model]]:
    parents = []
    for f in _relations(model):
        target = f.related_model
        if target is None or _is_user(target) or target is model:
            continue
        if target not in paths:
            raise TypeError(
                f"{model._meta.label}.{f.name} refers to {target._meta.label}, "
                "which an event file cannot carry"
            )
        parents.append(target)
    return parents


def export_event(event: Event) -> dict[str, Any]:
    """The event file (module docstring) of ``event``, as a JSON-ready dict."""
    objects: list[dict[str, Any]] = []
    for em in event_models():
        rows = em.model._base_manager.filter(**{em.path: event.pk}).order_by("pk")
        objects += serializers.serialize("python", rows, use_natural_foreign_keys=True)
    return {
        "format": FORMAT,
        "version": VERSION,
        "event": event.slug,
        "exported_at": timezone.now(),
        "objects": objects,
    }


class _Encoder(DjangoJSONEncoder):
    """DjangoJSONEncoder, but times keep their microseconds (it cuts them to
    milliseconds), so history and audit times survive the round trip exactly."""

    def default(self, o: Any) -> Any:
        if isinstance(o, datetime | time):
            return o.isoformat()
        return super().default(o)


def dumps(document: dict[str, Any]) -> str:
    """The event file as JSON text (UTF-8, names as typed)."""
    return json.dumps(document, cls=_Encoder, ensure_ascii=False, indent=1)


def loads(text: str) -> dict[str, Any]:
    """Parse and check an event file's text whole (``transfer_check``), its
    derived fields worked out; UserError naming what is wrong, each problem by
    its field path."""
    try:
        document: dict[str, Any] = json.loads(text)  # check() below: a dict
    except json.JSONDecodeError as exc:
        raise UserError(
            f"Not a JSON file: {exc.msg} at line {exc.lineno}, column {exc.colno}"
        ) from None
    except (RecursionError, ValueError) as exc:  # deep nesting, a huge number
        reason = "nested too deeply" if isinstance(exc, RecursionError) else exc
        raise UserError(f"Not a JSON file that can be read: {reason}") from None
    check(document)
    return document


def check(document: Any) -> None:
    """UserError unless ``document`` is an event file of this version (an older
    one is upgraded in place first: ``OLDER``), whole and right
    (``transfer_check.check_event_file``, which works out its derived fields in
    place)."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise UserError(f'Not a medici-tourney event file (no "format": {FORMAT!r})')
    if type(document.get("version")) is int and document["version"] in OLDER:
        upgrade_objects(document.get("objects"))
        document["version"] = VERSION
    version = document.get("version")
    if type(version) is not int or version != VERSION:
        raise UserError(
            f"Event file version {json.dumps(version)}: this program reads versions "
            f"{' and '.join(map(str, (*OLDER, VERSION)))} only (export the event "
            "again with the same version of medici-tourney)"
        )
    check_event_file(document, {em.label: em.model for em in event_models()})


def import_event(
    document: dict[str, Any], *, slug: str | None = None, replace: bool = False
) -> ImportReport:
    """Write the event of an event file (:func:`loads`) as ``slug`` (default: its
    own), in one transaction. UserError, nothing written, when the file is not
    whole and right (:func:`check`), the slug is not one or is taken and not
    ``replace``."""
    check(document)
    event_obj = next(o for o in document["objects"] if o["model"] == "heats.event")
    target = slug or event_obj["fields"]["slug"]
    try:
        Event._meta.get_field("slug").clean(target, None)
    except ValidationError:
        raise UserError(f"{target!r} is not a valid event slug") from None
    with transaction.atomic():
        existing = Event.objects.select_for_update().filter(slug=target).first()
        if existing is not None and not replace:
            raise UserError(
                f"An event {target!r} exists already: give --as NEW-SLUG to import "
                "beside it, or --replace to replace it"
            )
        if existing is not None:
            delete_event(existing)
        writer = _Writer(document["objects"], target)
        writer.write()
        update_event_result_status(writer.event.pk)
        make_report_links(writer.event.pk)
        # Its audit entries are saved raw, with no ``heats.services.log``.
        signals.event_changed.send(writer.event, entry=None)
    report = ImportReport(writer.event, writer.counts, writer.created_users)
    report.replaced = existing is not None
    return report


def delete_event(event: Event) -> None:
    """Delete ``event`` and every row of it, children first: a seat protects its
    player from a cascade, so the event alone cannot be deleted once seated."""
    for em in reversed(event_models()):
        em.model._base_manager.filter(**{em.path: event.pk}).delete()


class _Writer:
    """Saves a file's rows with new ids; ``ids`` maps (label, old pk) → new pk."""

    def __init__(self, objects: list[dict[str, Any]], slug: str) -> None:
        self.objects = objects
        self.slug = slug
        self.ids: dict[tuple[str, Any], Any] = {}
        self.users: dict[str, Any] = {}
        self.created_users: list[str] = []
        self.counts: dict[str, int] = {}
        self.event: Event

    def write(self) -> None:
        by_label: dict[str, list[dict[str, Any]]] = {}
        for obj in self.objects:
            by_label.setdefault(obj["model"], []).append(obj)
        for em in event_models():
            for obj in by_label.get(em.label, []):
                self._save(em, obj)
            self.counts[em.label] = len(by_label.get(em.label, []))
        self._remap_json_ids()
        self._remap_seatings()

    def _remap_seatings(self) -> None:
        """A report's seating signature names players by id: the imported
        players' ids; unknown (empty) when it names a player the file lacks."""
        players = {
            old: new
            for (label, old), new in self.ids.items()
            if label == "heats.player"
        }
        held = TableReport.objects.filter(table__round__event=self.event)
        for report in held.exclude(seating=""):
            seating = remap_signature(report.seating, players)
            TableReport.objects.filter(pk=report.pk).update(seating=seating)

    def _remap_json_ids(self) -> None:
        """Rows are written parents first, so an id inside JSON may name a row
        written after it: rewrite those once every row has its new id."""
        for (label, name, key), target in JSON_IDS.items():
            model = apps.get_model(label)
            path = next(em.path for em in event_models() if em.label == label)
            rows = model._base_manager.filter(**{path: self.event.pk})
            for row in rows.filter(**{f"{name}__has_key": key}):
                value = getattr(row, name)
                value[key] = self.ids.get((target, value[key]), value[key])
                model._base_manager.filter(pk=row.pk).update(**{name: value})

    def _save(self, em: EventModel, obj: dict[str, Any]) -> None:
        instance = em.model()
        m2m: list[tuple[models.Field[Any, Any], list[Any]]] = []
        values = obj["fields"]
        for f in em.model._meta.get_fields():
            if not f.concrete or f.primary_key or f.name not in values:
                continue
            if f.many_to_many:
                m2m.append((f, [self._ref(em, f, v) for v in values[f.name]]))
            elif f.is_relation:
                setattr(instance, f.attname, self._ref(em, f, values[f.name]))
            else:
                setattr(instance, f.attname, self._value(em, f, values[f.name]))
        if isinstance(instance, Event):  # em.model is Event
            instance.slug = self.slug
            if "paper" not in values:  # a file of a version before the setting
                instance.paper = paper_for_zone(instance.time_zone)
            self.event = instance
        instance.save_base(raw=True)  # keeps auto_now(_add) timestamps, as loaddata
        self.ids[(em.label, obj.get("pk"))] = instance.pk
        for f, refs in m2m:
            getattr(instance, f.name).set(refs)

    def _value(self, em: EventModel, f: models.Field[Any, Any], value: Any) -> Any:
        try:
            return f.to_python(value)
        except ValidationError as exc:
            reason = "; ".join(exc.messages)
            raise UserError(f"{em.label} {f.name}: {value!r} ({reason})") from None

    def _ref(self, em: EventModel, f: models.Field[Any, Any], value: Any) -> Any:
        if value is None:
            return None
        if _is_user(f.related_model):
            return self._user(em, f, value)
        related = f.related_model
        assert related is not None  # a relation's
        target = related._meta.label_lower
        new = self.ids.get((target, value))
        if new is None:
            raise UserError(
                f"{em.label} {f.name}: refers to {target} {value!r}, which the file "
                "does not hold before it"
            )
        return new

    def _user(self, em: EventModel, f: models.Field[Any, Any], value: Any) -> Any:
        if not (
            isinstance(value, list) and len(value) == 1 and isinstance(value[0], str)
        ):
            raise UserError(f"{em.label} {f.name}: {value!r} is not a [username]")
        username = value[0]
        if username not in self.users:
            model = get_user_model()
            user = model._default_manager.filter(username=username).first()
            if user is None:
                user = model(username=username, is_active=False)
                user.set_unusable_password()
                user.save()
                self.created_users.append(username)
            self.users[username] = user.pk
        return self.users[username]
