"""The regular-expression reader of English text stored before text was data.

A frozen copy of the parser ``heats.core.message`` and ``scoring.core.reasons``
had until stored text became a template code plus fields (issue 30): used only
by the data migration that converts the stored English once
(``scoring/migrations/0010_text_as_data.py``) and by the upgrade of event files
of version 1 (``scoring.services.transfer``). Nothing in the running path reads
English back.

Words:

registered template
    A template (its English text, the same msgid the catalogues hold) with the
    kind of each of its fields, so that :meth:`Registry.parse` reads a line it
    wrote back into the template and the fields' English text.
field kind
    A :class:`Kind`: the regular expression a field's English matches, and
    whether its text may itself be a registered template (``nested``: read back
    when it is one; ``required``: it must be one). ``name`` says what the field
    holds (a number, a percentage, a name ...), so that the reader's result can
    be turned into typed fields (``scoring.legacy_text.convert``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import reduce
from types import MappingProxyType
from typing import Any


@dataclass(frozen=True)
class Parsed:
    """A text taken apart: its ``template`` and ``fields``, each the English
    text of the field or, for a nested template, its ``Parsed``."""

    template: str
    fields: Mapping[str, str | Parsed] = field(default_factory=dict)


@dataclass(frozen=True)
class Kind:
    """What a field holds (module docstring). ``choices``: a phrase's templates;
    ``open``: any text; ``item``: a list of lines of the template ``item``
    joined by ``join``, cut where the regex ``split`` matches."""

    pattern: str
    nested: bool = False
    required: bool = False
    name: str = ""
    choices: tuple[str, ...] = ()
    open: bool = False
    item: str = ""
    split: str = ""
    join: str = ""

    def read(self, text: str, registry: Registry) -> Any:
        """The field's value for ``text``, or None when it does not read."""
        if self.choices:
            return Parsed(text)
        if self.item:
            item = registry.templates[self.item]
            parts = [registry.read(item, part) for part in re.split(self.split, text)]
            read = [part for part in parts if part is not None]
            if len(read) != len(parts):
                return None
            return joined(read, self.join)
        if self.required:
            return registry.parse(text)
        if self.nested:
            return registry.parse(text, inner=True) or text
        return text


AND = "%(first)s and %(second)s"
"""The join of a list field that names none."""


def joined(items: Iterable[str | Parsed], join: str) -> str | Parsed:
    """Items joined by the two-field template ``join`` (``AND`` when empty),
    left to right."""
    pair = join or AND
    return reduce(
        lambda a, b: Parsed(pair, MappingProxyType({"first": a, "second": b})), items
    )


@dataclass(frozen=True)
class Template:
    """A registered template: its English ``text``, its fields' kinds, the
    ``regex`` its English matches and ``literal``, how much text of its own it
    has; ``inner``: read back only inside another template; ``parsable``:
    False for a template never read back."""

    text: str
    fields: Mapping[str, Kind]
    regex: re.Pattern[str]
    literal: int
    inner: bool = False
    parsable: bool = True


FIELD = re.compile(r"%\((\w+)\)s|%%")


def template(
    text: str, kinds: Mapping[str, Kind], *, inner: bool = False, parsable: bool = True
) -> Template:
    """The :class:`Template` of ``text`` (a field not in ``kinds``: ``TEXT``)."""
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
    names = [m.group(1) for m in FIELD.finditer(text) if m.group(1)]
    fields = {name: kinds.get(name, TEXT) for name in names}
    regex = re.compile("".join(pattern), re.DOTALL)
    return Template(text, fields, regex, len(FIELD.sub("", text)), inner, parsable)


class Registry:
    """Registered templates and :meth:`parse`. ``longest_first``: when several
    templates read a text, the one with the most text of its own wins."""

    def __init__(self, *, longest_first: bool) -> None:
        self.templates: dict[str, Template] = {}
        self._longest_first = longest_first
        self._order: list[Template] = []

    def add(
        self,
        text: str,
        kinds: Mapping[str, Kind],
        *,
        inner: bool = False,
        parsable: bool = True,
    ) -> str:
        """Register ``text`` with its fields' kinds; returns ``text``."""
        self.templates[text] = template(text, kinds, inner=inner, parsable=parsable)
        order = [t for t in self.templates.values() if t.parsable]
        if self._longest_first:
            order.sort(key=lambda t: -t.literal)
        self._order = order
        return text

    def parse(self, text: str, *, inner: bool = False) -> Parsed | None:
        """The :class:`Parsed` of the template that wrote ``text``, or None."""
        for known in self._order:
            if known.inner and not inner:
                continue
            found = self.read(known, text)
            if found is not None:
                return found
        return None

    def read(self, known: Template, text: str) -> Parsed | None:
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
        return Parsed(known.text, MappingProxyType(fields))


NUMBER = Kind(r"-?[0-9]+", name="number")
"""A message's number: kept as written."""
TEXT = Kind(r".+?")
"""A name or other text: kept as written."""
PHRASE = Kind(r".+?", nested=True)
"""Text that may be a registered template (read back when it is one)."""
