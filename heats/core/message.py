"""Text written for people as data: a template code and its fields.

Pure: no Django import. Pure code writes what it tells people (a rules finding,
a line of a results file that is wrong, an advancement reason, a list warning)
as a :class:`Message`; the edge shows it in the reader's language
(``heats.translate``); where it is stored it is stored as data (:func:`dump`),
never as English to be read back.

Words:

message
    A :class:`Message`: a ``str`` whose value is the English text, carrying the
    ``template`` it was written from (its *code*: the English msgid, marked with
    ``gettext_noop`` so that the catalogues hold it) and its ``fields``. Any
    ``str`` operation (``+``, an f-string, ``join``) gives plain text back: a
    message stays one only while it is handed on as it is.
plural message
    A message that counts something (:meth:`Message.plural`): two templates,
    marked together with ``ngettext_noop`` (one msgid/msgid_plural entry),
    ``template`` the singular (its code) and ``plural_template`` the plural,
    one chosen by the ``int`` field named ``count_field``. Its English uses
    the singular for 1 and the plural for any other count; the edge uses
    ``ngettext``, so each language's own rules choose (French: 0 and 1
    singular; Chinese: one form). A message that counts nothing has
    ``plural_template`` and ``count_field`` None.
field
    A value a template names (``%(name)s``): text (a player's name, names, a
    good, a seed, the GM's own words: shown as they are in every language), an
    ``int`` (a count, florins, a heat or table number), a ``float`` (a
    percentage's number, written with the language's decimal sign), None
    (written "None", as ``%s`` writes it) or a message itself (translated too).
message data
    A message as JSON stores it (:func:`dump`): ``{"code": template,
    "fields": {name: value}}``, a nested message nested the same way, a plural
    message with ``"plural"`` (its plural template) and ``"count_field"`` too;
    :func:`load` gives the message back (its English is worked out again from
    the template, never stored). Data stored with a template a plural message
    has since replaced (its "(s)" text, :func:`replaces`) loads as that plural
    message.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from heats.core.i18n import Plural, gettext_noop

__all__ = [
    "AND",
    "COMMA",
    "OR",
    "SEMICOLON",
    "SENTENCES",
    "Message",
    "dump",
    "error_text",
    "field_names",
    "fold",
    "is_data",
    "load",
    "listed",
    "or_list",
    "renewed",
    "replaces",
    "templates",
]


class Message(str):
    """``Message(template, **fields)``: the English ``template % fields`` (the
    template as it is when there are no fields), a ``str`` equal to that text,
    with ``template`` and ``fields`` kept for the edge (module docstring)."""

    template: str
    fields: dict[str, Any]
    plural_template: str | None = None
    count_field: str | None = None

    def __new__(cls, template: str, /, **fields: Any) -> Message:
        text = template % fields if fields else template
        self = super().__new__(cls, text)
        self.template = template
        self.fields = fields
        return self

    @classmethod
    def plural(cls, forms: Plural, count_field: str, /, **fields: Any) -> Message:
        """A plural message (module docstring): ``forms`` as
        ``ngettext_noop(singular, plural)`` marks them, the form chosen by the
        ``int`` field ``count_field``: ``Message.plural(SEATS, "count",
        count=2)`` is "2 seats left empty". TypeError when that field is no
        ``int``."""
        count = fields.get(count_field)
        if not isinstance(count, int) or isinstance(count, bool):
            raise TypeError(
                f"the count field {count_field!r} holds {count!r}, not an int"
            )
        singular, plural = forms
        self = super().__new__(cls, (singular if count == 1 else plural) % fields)
        self.template, self.plural_template = singular, plural
        self.fields, self.count_field = fields, count_field
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # str's own pickling would call Message(text) with the finished text.
        return (_message, (self.template, self.fields, self.forms_data()))

    def forms_data(self) -> dict[str, str]:
        """What message data adds for a plural message, ``{"plural",
        "count_field"}``; ``{}`` for another message."""
        if self.plural_template is None or self.count_field is None:
            return {}
        return {"plural": self.plural_template, "count_field": self.count_field}


def _message(
    template: str, fields: dict[str, Any], forms: dict[str, str] | None = None
) -> Message:
    if forms:
        pair = Plural(template, forms["plural"])
        return Message.plural(pair, forms["count_field"], **fields)
    return Message(template, **fields)


REPLACED: dict[str, tuple[Plural, str]] = {}
"""Templates replaced by plural messages (:func:`replaces`): the old template
-> the plural's forms and count field."""


def replaces(old: str, forms: Plural, count_field: str) -> Plural:
    """Record that the plural message ``forms`` (counted by ``count_field``,
    with the same fields) replaces the template ``old``, so that data stored
    with ``old`` loads as the plural message; returns ``forms``."""
    REPLACED[old] = (forms, count_field)
    return forms


def renewed(template: str, /, **fields: Any) -> Message:
    """``Message(template, **fields)``, or, when a plural message has replaced
    ``template`` (:func:`replaces`), that plural message with the same fields:
    text written before the plural existed, read back as it is written now."""
    if template in REPLACED:
        forms, count_field = REPLACED[template]
        return Message.plural(forms, count_field, **fields)
    return Message(template, **fields)


FIELD = re.compile(r"%\((\w+)\)s")
"""A ``%(name)s`` field of a template."""


def field_names(*forms: str) -> set[str]:
    """The names of the fields of a template, or of every one of a plural
    message's ``forms`` (its singular may leave the count out: "one seat")."""
    return {name for form in forms for name in FIELD.findall(form)}


def templates(value: Any) -> set[str]:
    """The templates of ``value`` (a message) and of every message nested in
    it; empty for anything else. What a text says, read from its data, never
    from its English (a name may hold any words)."""
    if not isinstance(value, Message):
        return set()
    found = {value.template}
    if value.plural_template is not None:
        found.add(value.plural_template)
    for field in value.fields.values():
        found |= templates(field)
    return found


def dump(value: Any) -> Any:
    """``value`` ready for JSON with every message in it as message data
    (module docstring): a message (also inside lists and dicts) becomes
    ``{"code", "fields"}``; anything else is given back as it is."""
    if isinstance(value, Message):
        return {
            "code": value.template,
            **value.forms_data(),
            "fields": {k: dump(v) for k, v in value.fields.items()},
        }
    if isinstance(value, dict):
        return {k: dump(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [dump(v) for v in value]
    return value


DATA_KEYS = ({"code", "fields"}, {"code", "plural", "count_field", "fields"})
"""The keys of message data: a message's, a plural message's."""


def is_data(value: Any) -> bool:
    """Whether ``value`` is message data: a dict of exactly ``"code"`` (text)
    and ``"fields"`` (a dict), with ``"plural"`` and ``"count_field"`` (text)
    for a plural message."""
    return (
        isinstance(value, dict)
        and value.keys() in DATA_KEYS
        and all(isinstance(value[k], str) for k in value.keys() - {"fields"})
        and isinstance(value["fields"], dict)
    )


def load(value: Any) -> Any:
    """``value`` read from JSON with every message data in it (also inside
    lists and dicts) as its :class:`Message` (:func:`dump` undone). ValueError
    for message data whose fields are not its template's, or whose fields are
    not text, numbers, None or message data."""
    if is_data(value):
        return _loaded(value)
    if isinstance(value, dict):
        return {k: load(v) for k, v in value.items()}
    if isinstance(value, list):
        return [load(v) for v in value]
    return value


def _loaded(data: dict[str, Any]) -> Message:
    """The message of message data (:func:`load`)."""
    code = data["code"]
    forms = (code, data["plural"]) if "plural" in data else (code,)
    fields = {k: _field(v) for k, v in data["fields"].items()}
    if set(fields) != field_names(*forms):
        raise ValueError(
            f"message {code!r}: the fields {sorted(fields)} are not its own "
            f"{sorted(field_names(*forms))}"
        )
    try:
        if "plural" in data:
            return Message.plural(Plural(*forms), data["count_field"], **fields)
        return renewed(code, **fields)
    except (TypeError, ValueError, KeyError) as exc:
        raise ValueError(f"message {code!r}: {exc}") from None


def _field(value: Any) -> Any:
    if is_data(value):
        return load(value)
    if value is not None and not isinstance(value, str | int | float):
        raise ValueError(f"a field holds {type(value).__name__}, not text or a number")
    return value


OR = gettext_noop("%(first)s or %(second)s")
"""Two names, or a list and one more name, as alternatives: "Ann or Bo"."""


def or_list(names: Sequence[str]) -> str:
    """``["Ann", "Bo", "Cy"]`` -> "Ann or Bo or Cy" (a message: the edge writes
    "or" in the reader's language); one name as it is, none as ""."""
    return listed(names, OR)


AND = (
    # Translators: two players' names, or a list so far and one more name.
    gettext_noop("%(first)s and %(second)s")
)
"""The last two items of a list a sentence names: "Ann, Bo and Cy"."""
COMMA = (
    # Translators: two items of a list, or a list so far and one more item,
    # e.g. "Ann (HMW rank 7 (8: die roll)), Bo (HMW rank 8 (8: die roll))".
    gettext_noop("%(first)s, %(second)s")
)
"""Items of a list one after another: "1, 2, 3" (Chinese "1、2、3")."""
SEMICOLON = (
    # Translators: two parts of a list whose parts have commas of their own, or
    # such a list so far and one more part: "Ann to table 2; Bo to table 3".
    gettext_noop("%(first)s; %(second)s")
)
"""Parts of a list that hold commas themselves: "Ann 12, 9; Bo 10, 8"."""


SENTENCES = (
    # Translators: two sentences one after the other ("Saved. Tell the
    # room."): Chinese puts no space after its 。.
    gettext_noop("%(first)s %(second)s")
)
"""Sentences one after another: "Saved. Tell the room." ("已保存。请通知。")."""


def fold(pair: str, items: Sequence[str]) -> str:
    """``items`` joined by the two-field template ``pair`` (its ``%(first)s``
    the list so far, its ``%(second)s`` the next item), as plain text: with
    ``COMMA`` in English, exactly ``", ".join(items)``; "" for no item."""
    if not items:
        return ""
    text = items[0]
    for item in items[1:]:
        text = pair % {"first": text, "second": item}
    return text


def listed(items: Sequence[str], pair: str = COMMA) -> str:
    """``items`` joined by ``pair`` as a message field (a message nesting one
    per item, like :func:`or_list`; the edge writes the separator in the
    reader's language: "1, 2" is "1、2" in Chinese); one item as it is, none
    as ""."""
    if not items:
        return ""
    text: str = items[0]
    for item in items[1:]:
        text = Message(pair, first=text, second=item)
    return text


def error_text(error: BaseException) -> str:
    """What ``error`` says: the message it was raised with (still a
    :class:`Message` when it was one), else ``str(error)``."""
    if len(error.args) == 1 and isinstance(error.args[0], Message):
        return error.args[0]
    return str(error)
