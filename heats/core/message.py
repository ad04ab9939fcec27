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
registry
    A :class:`Registry`: registered templates and the parsing that reads
    English back into one of them, nested templates too. One mechanism for all
    such text: the messages' registry here (:data:`REGISTRY`, read back as
    :class:`Message`) and the advancement reasons' (a registry of their own,
    read back as :class:`Parsed`, with kinds of its own). The edge translates
    either with ``heats.translate.in_language``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Generic, TypeVar

from heats.core.i18n import gettext_noop

__all__ = [
    "NUMBER",
    "PHRASE",
    "REGISTRY",
    "TEXT",
    "Kind",
    "Message",
    "Parsed",
    "Registry",
    "Template",
    "error_text",
    "or_list",
    "parse",
    "register",
    "registered",
    "template",
    "write",
]

Read = TypeVar("Read")


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
    matches; ``nested``: the text may be a registered template itself (read
    back when it is one, kept as written when it is not). :meth:`read` is how
    :meth:`Registry.parse` gives the field back; a registry's own kinds may read
    otherwise (the advancement reasons' phrases and lists)."""

    pattern: str
    nested: bool = False
    required: bool = False

    def read(self, text: str, registry: Registry[Any]) -> Any:
        """The field's value for ``text`` (the English the template's regex
        found there), or None when the template does not read ``text``
        (``required``: the text must be a registered template)."""
        if self.required:
            return registry.parse(text)
        if self.nested:
            return registry.parse(text, inner=True) or text
        return text


NUMBER = Kind(r"-?[0-9]+")
"""Florins, a count, a day or a lot number: kept as written."""
TEXT = Kind(r".+?")
"""A player's name, names, goods, a rule set's name: kept as written."""
PHRASE = Kind(r".+?", nested=True)
"""Text that may be a registered template (a reason, "nobody"): translated when
it is one, else kept."""


@dataclass(frozen=True)
class Template:
    """A registered template: its English ``text``, the kind of each field
    (``fields``, in the order they first appear), the ``regex`` its English
    matches and ``literal``, how much text of its own it has. ``inner``: read
    back only inside another template; ``parsable``: False for a template never
    read back (written and translated only)."""

    text: str
    fields: Mapping[str, Kind]
    regex: re.Pattern[str]
    literal: int
    inner: bool = False
    parsable: bool = True


FIELD = re.compile(r"%\((\w+)\)s|%%")
"""A ``%(name)s`` field or a ``%%`` in a template."""


def field_names(text: str) -> list[str]:
    """The names of the fields of the template ``text``, as they stand."""
    return [m.group(1) for m in FIELD.finditer(text) if m.group(1)]


def template(
    text: str,
    kinds: Mapping[str, Kind],
    *,
    inner: bool = False,
    parsable: bool = True,
) -> Template:
    """The :class:`Template` of ``text`` with the kind of each field (``TEXT``
    for a field not in ``kinds``; a field named twice matches the same text)."""
    pattern, end, seen = [], 0, set()
    for match in FIELD.finditer(text):
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
    fields = {name: kinds.get(name, TEXT) for name in field_names(text)}
    regex = re.compile("".join(pattern), re.DOTALL)
    literal = len(FIELD.sub("", text))
    return Template(text, fields, regex, literal, inner, parsable)


@dataclass(frozen=True)
class Parsed:
    """A text taken apart: its ``template`` and ``fields``, each the English
    text of the field or, for a nested template, its ``Parsed``. Unpacks as
    ``(template, fields)``; ``text`` is the English (``template`` as it is when
    there are no fields)."""

    template: str
    fields: Mapping[str, str | Parsed] = field(default_factory=dict)

    def __iter__(self) -> Iterator[Any]:
        return iter((self.template, self.fields))

    @property
    def text(self) -> str:
        """The English text these fields write."""
        return write(self.template, self.fields)


def parsed(template: str, fields: dict[str, Any]) -> Parsed:
    """``Parsed(template, fields)`` with the fields read-only."""
    return Parsed(template, MappingProxyType(fields))


def write(template: str, fields: Mapping[str, object]) -> str:
    """The English of ``template`` with ``fields`` (a ``Parsed`` written as its
    English); ``template`` as it is when there are no fields."""
    if not fields:
        return template
    return template % {
        name: value.text if isinstance(value, Parsed) else str(value)
        for name, value in fields.items()
    }


class Registry(Generic[Read]):
    """Registered templates, and :meth:`parse` to read English text back into
    the one that wrote it. ``make(template, fields)`` builds what a parse gives
    back (a :class:`Message`, a reason's ``Parsed``). ``longest_first``: when
    several templates read a text, the one with the most text of its own wins
    (else the first registered)."""

    def __init__(
        self, make: Callable[[str, dict[str, Any]], Read], *, longest_first: bool
    ) -> None:
        self.templates: dict[str, Template] = {}
        self._make = make
        self._longest_first = longest_first
        self._order: list[Template] = []

    def add(self, found: Template) -> str:
        """Register ``found``; returns its text."""
        self.templates[found.text] = found
        order = [t for t in self.templates.values() if t.parsable]
        if self._longest_first:
            order.sort(key=lambda t: -t.literal)
        self._order = order
        return found.text

    def parse(self, text: str, *, inner: bool = False) -> Read | None:
        """What the registered template that wrote ``text`` gives back with its
        fields (each read by its kind), or None. ``inner``: templates
        registered as inner count too."""
        for known in self._order:
            if known.inner and not inner:
                continue
            found = self.read(known, text)
            if found is not None:
                return found
        return None

    def write(self, template: str, /, **fields: object) -> str:
        """The English of the registered ``template`` with ``fields``
        (:func:`write`). KeyError for a template that is not registered,
        TypeError for fields that are not its own."""
        known = self.templates[template]
        if set(fields) != set(known.fields):
            raise TypeError(
                f"{template!r} takes {sorted(known.fields)}, not {sorted(fields)}"
            )
        return write(template, fields)

    def matches(self, text: str) -> list[Read]:
        """Every template that reads ``text`` (for tests)."""
        found = (self.read(t, text) for t in self._order)
        return [f for f in found if f is not None]

    def read(self, known: Template, text: str) -> Read | None:
        """``text`` read as written by the template ``known``, or None."""
        match = known.regex.fullmatch(text)
        if match is None:
            return None
        fields: dict[str, Any] = {}
        for name, kind in known.fields.items():
            value = kind.read(match.group(name), self)
            if value is None:
                return None
            fields[name] = value
        return self._make(known.text, fields)


REGISTRY: Registry[Message] = Registry(_message, longest_first=True)
"""The registered templates of messages."""


def register(text: str, *, inner: bool = False, **kinds: Kind) -> str:
    """Register the template ``text`` (already marked with ``gettext_noop``)
    with the kind of its fields (``TEXT`` for a field not named); returns
    ``text``. ``inner``: the template is only read back inside another one
    (a list of names joined by "or"), never as a whole text.
    ValueError for a kind given to a field the template does not have, or a
    template that is all fields."""
    names = field_names(text)
    if set(kinds) - set(names):
        raise ValueError(
            f"{sorted(set(kinds) - set(names))} are not fields of {text!r}"
        )
    found = template(text, kinds, inner=inner)
    if not found.literal:
        raise ValueError(f"{text!r} has no text of its own")
    return REGISTRY.add(found)


def registered() -> dict[str, dict[str, Kind]]:
    """Every registered template with the kind of each of its fields."""
    return {text: dict(t.fields) for text, t in REGISTRY.templates.items()}


def parse(text: str, *, inner: bool = False) -> Message | None:
    """The :class:`Message` a registered template writes as ``text`` (its
    phrase fields read back too when they are registered templates), or None.
    When several templates read ``text``, the one with the most text of its own
    wins. ``inner``: templates registered as inner count too."""
    return REGISTRY.parse(text, inner=inner)


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
