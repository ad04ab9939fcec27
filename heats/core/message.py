"""English text that remembers its template, so that the edge can translate it.

Pure: no Django import. Pure code writes what it tells people (a rules finding, a
line of a results file that is wrong, a scoresheet that cannot be read) in
English: tests compare the English, and some of it is stored (a table's rules
findings). The edge shows it in the reader's language (``heats.translate``).

Words:

message
    A :class:`Message`: a ``str`` whose value is the English text, carrying the
    ``template`` it was written from (marked with ``gettext_noop`` so that the
    catalogues hold it) and its ``fields``. A field is a name, a number, a good,
    a field path (kept as they are) or itself a message (translated too). Any
    ``str`` operation (``+``, an f-string, ``join``) gives plain text back: a
    message stays one only while it is handed on as it is; JSON stores its text.
registered template
    A template registered with :func:`register` and the kind of each field, so
    that :func:`parse` can read English text stored earlier back into its
    template and fields (text stored as English, shown later in another
    language). Only templates of text that is stored need registering.
field kind
    What a field holds, for :func:`parse`: ``NUMBER`` (digits), ``TEXT``
    (a name or other text, kept), ``PHRASE`` (text that may itself be a
    registered template: read back and translated too when it is one).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from heats.core.i18n import gettext_noop

__all__ = [
    "NUMBER",
    "PHRASE",
    "TEXT",
    "Kind",
    "Message",
    "error_text",
    "or_list",
    "parse",
    "register",
    "registered",
]


class Message(str):
    """``Message(template, **fields)``: the English ``template % fields``, a
    ``str`` equal to that text, with ``template`` and ``fields`` kept for the
    edge (module docstring)."""

    template: str
    fields: dict[str, Any]

    def __new__(cls, template: str, /, **fields: Any) -> Message:
        self = super().__new__(cls, template % fields)
        self.template = template
        self.fields = fields
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # str's own pickling would call Message(text) with the finished text.
        return (_message, (self.template, self.fields))


def _message(template: str, fields: dict[str, Any]) -> Message:
    return Message(template, **fields)


@dataclass(frozen=True)
class Kind:
    """What a field holds: ``pattern``, the regular expression its English text
    matches; ``nested``: the text may be a registered template itself."""

    pattern: str
    nested: bool = False


NUMBER = Kind(r"-?[0-9]+")
"""Florins, a count, a day or a lot number: kept as written."""
TEXT = Kind(r".+?")
"""A player's name, names, goods, a rule set's name: kept as written."""
PHRASE = Kind(r".+?", nested=True)
"""Text that may be a registered template (a reason, "nobody"): translated when
it is one, else kept."""


@dataclass(frozen=True)
class _Template:
    text: str
    kinds: dict[str, Kind]
    regex: re.Pattern[str]
    literal: int
    inner: bool


_REGISTRY: dict[str, _Template] = {}
_FIELD = re.compile(r"%\((\w+)\)s|%%")


def register(text: str, *, inner: bool = False, **kinds: Kind) -> str:
    """Register the template ``text`` (already marked with ``gettext_noop``)
    with the kind of its fields (``TEXT`` for a field not named); returns
    ``text``. ``inner``: the template is only read back inside another one
    (a list of names joined by "or"), never as a whole text.
    ValueError for a kind given to a field the template does not have, or a
    template that is all fields."""
    names = [m.group(1) for m in _FIELD.finditer(text) if m.group(1)]
    if set(kinds) - set(names):
        raise ValueError(
            f"{sorted(set(kinds) - set(names))} are not fields of {text!r}"
        )
    pattern, end, seen = [], 0, set()
    for match in _FIELD.finditer(text):
        pattern.append(re.escape(text[end : match.start()]))
        name = match.group(1)
        if not name:
            pattern.append("%")
        elif name in seen:
            pattern.append(f"(?P={name})")
        else:
            seen.add(name)
            pattern.append(f"(?P<{name}>{kinds.get(name, TEXT).pattern})")
        end = match.end()
    pattern.append(re.escape(text[end:]))
    literal = len(_FIELD.sub("", text))
    if not literal:
        raise ValueError(f"{text!r} has no text of its own")
    full = {name: kinds.get(name, TEXT) for name in names}
    regex = re.compile("".join(pattern), re.DOTALL)
    _REGISTRY[text] = _Template(text, full, regex, literal, inner)
    return text


def registered() -> dict[str, dict[str, Kind]]:
    """Every registered template with the kind of each of its fields."""
    return {text: dict(t.kinds) for text, t in _REGISTRY.items()}


def parse(text: str, *, inner: bool = False) -> Message | None:
    """The :class:`Message` a registered template writes as ``text`` (its
    phrase fields read back too when they are registered templates), or None.
    When several templates read ``text``, the one with the most text of its own
    wins. ``inner``: templates registered as inner count too."""
    best: tuple[_Template, re.Match[str]] | None = None
    for template in _REGISTRY.values():
        if template.inner and not inner:
            continue
        if best is not None and template.literal <= best[0].literal:
            continue
        match = template.regex.fullmatch(text)
        if match is not None:
            best = (template, match)
    if best is None:
        return None
    template, match = best
    fields: dict[str, Any] = {}
    for name, kind in template.kinds.items():
        value = match.group(name)
        if kind.nested:
            value = parse(value, inner=True) or value
        fields[name] = value
    return Message(template.text, **fields)


OR = register(
    gettext_noop("%(first)s or %(second)s"), inner=True, first=PHRASE, second=PHRASE
)
"""Two names, or a list and one more name, as alternatives: "Ann or Bo"."""


def or_list(names: Sequence[str]) -> str:
    """``["Ann", "Bo", "Cy"]`` -> "Ann or Bo or Cy" (a message: the edge writes
    "or" in the reader's language); one name as it is, none as ""."""
    if not names:
        return ""
    text: str = names[0]
    for name in names[1:]:
        text = Message(OR, first=text, second=name)
    return text


def error_text(error: BaseException) -> str:
    """What ``error`` says: the message it was raised with (still a
    :class:`Message` when it was one), else ``str(error)``."""
    if len(error.args) == 1 and isinstance(error.args[0], Message):
        return error.args[0]
    return str(error)
