"""Text stored as English before text was data, converted once into messages.

Until issue 30 the cores' text people read was stored as English (a table's
rules findings, a published list's warnings and reasons, the final's fill
summary) and read back with regular expressions to be translated. It is now
stored as message data (``heats.core.message``). This package reads the old
English one last time: the data migration ``scoring/migrations/0010_text_as_data.py``
and the upgrade of event files of version 1 (``scoring.services.transfer``)
use it; nothing else may.

:func:`finding_message` and :func:`reason_message` give the message a stored
line was written from (typed fields: numbers as ``int``, a percentage as
``reasons.percent_field`` writes it, nested templates as messages, names and
the GM's words as text), or the text as it is when no template wrote it.
The rows of a field are converted by :func:`findings_rows` and
:func:`list_data`.
"""

from __future__ import annotations

from typing import Any

from heats.core.message import Message, dump, listed, renewed
from scoring.core.reasons import percent_field, scores_field
from scoring.legacy_text.findings import FINDINGS
from scoring.legacy_text.reasons import REASONS
from scoring.legacy_text.registry import Kind, Parsed, Registry
from scoring.legacy_text.warnings import DIE_DECIDED  # noqa: F401  (registers)

__all__ = [
    "finding_message",
    "findings_rows",
    "list_data",
    "reason_message",
    "upgrade_objects",
]


def text_of(found: str | Parsed) -> str:
    """The English a parsed text was read from."""
    if isinstance(found, str):
        return found
    if not found.fields:
        return found.template
    return found.template % {k: text_of(v) for k, v in found.fields.items()}


def _number(text: str) -> int | str:
    """``text`` as an ``int`` when it writes one exactly ("7"), else as it is."""
    try:
        number = int(text)
    except ValueError:
        return text
    return number if str(number) == text else text


def _typed(kind: Kind, value: str | Parsed, registry: Registry) -> Any:
    """One field of a parsed text as the message's typed field."""
    if kind.name == "text":  # the GM's own words: never a template
        return text_of(value)
    if isinstance(value, Parsed):
        return _message(value, registry)
    if kind.name in ("number", "id"):
        return _number(value)
    if kind.name == "percent":
        percent = percent_field(float(value.rstrip("%")))
        return percent if percent == value else value
    if kind.name == "heats":  # "1, 2": the heats' numbers, as the core lists them
        return listed(value.split(", "))
    if kind.name == "scores":
        scores = [_number(s) for s in value.split(" to ")]
        if all(isinstance(s, int) for s in scores):
            return scores_field(scores)  # type: ignore[arg-type]
    return value


def _message(found: Parsed, registry: Registry) -> Message:
    known = registry.templates.get(found.template)
    kinds = known.fields if known is not None else {}
    fields = {
        name: _typed(kinds.get(name, Kind("")), value, registry)
        for name, value in found.fields.items()
    }
    # A template a plural message has replaced reads as that plural.
    return renewed(found.template, **fields)


def _read(text: Any, registry: Registry) -> Any:
    """``text`` (English, as stored) as the message a template of ``registry``
    wrote it from; text no template wrote (and anything not text) as it is."""
    if not isinstance(text, str) or isinstance(text, Message) or not text:
        return text
    found = registry.parse(text)
    return text if found is None else _message(found, registry)


def reason_message(text: Any) -> Any:
    """The reason or list warning ``text`` as its message (:func:`_read`)."""
    return _read(text, REASONS)


def finding_message(text: Any) -> Any:
    """A rules finding's message ``text`` as its message (:func:`_read`)."""
    return _read(text, FINDINGS)


def findings_rows(rows: Any) -> Any:
    """The rows of a ``findings`` field (``{"day", "player", "message"}``) with
    each message converted; anything else as it is."""
    if not isinstance(rows, list):
        return rows
    return [
        {**row, "message": finding_message(row.get("message"))}
        if isinstance(row, dict)
        else row
        for row in rows
    ]


def list_data(data: Any) -> Any:
    """A published list's ``data`` with each warning converted."""
    if not isinstance(data, dict) or not isinstance(data.get("warnings"), list):
        return data
    return {**data, "warnings": [reason_message(w) for w in data["warnings"]]}


# The stored text of an event file's objects, by model label and field name.
FILE_FIELDS = {
    ("scoring.tablecheck", "findings"): findings_rows,
    ("scoring.scoresheetsubmission", "findings"): findings_rows,
    ("scoring.publishedlist", "data"): list_data,
    ("scoring.publishedentry", "reason"): reason_message,
    ("scoring.finalfill", "summary"): reason_message,
}


def upgrade_objects(objects: Any) -> None:
    """An event file's ``objects`` of version 1 (text stored as English) with
    their stored text converted to message data, in place; anything not shaped
    like an object is left for the file's checks to name."""
    if not isinstance(objects, list):
        return
    for obj in objects:
        if not isinstance(obj, dict) or not isinstance(obj.get("fields"), dict):
            continue
        fields = obj["fields"]
        for (label, name), convert in FILE_FIELDS.items():
            if obj.get("model") == label and name in fields:
                fields[name] = dump(convert(fields[name]))
