"""Marking text for translation in pure code (no Django here).

``gettext_noop(text)`` returns ``text`` unchanged; it only marks it, so that
``manage.py makemessages`` (whose xgettext looks for the name ``gettext_noop``)
puts it in the catalogues. The edge that shows the text translates it with
Django's ``gettext`` (and fills its ``%(name)s`` fields after translating).
``ngettext_noop(singular, plural)`` marks a text with plural forms the same
way (one ``msgid``/``msgid_plural`` entry: ``makemessages`` is told the name,
``heats.management.commands.makemessages``); the edge picks the form with
``ngettext``. Names are never translated (tournament.md: names only at the
edges).
"""

from __future__ import annotations

from typing import NamedTuple


class Plural(NamedTuple):
    """A text's two English forms: ``singular`` (the catalogues' ``msgid``,
    said of one) and ``plural`` (their ``msgid_plural``, said of any other
    number); each language's catalogue has its own forms for them."""

    singular: str
    plural: str


def gettext_noop(text: str) -> str:
    """Return ``text`` as it is; marks it as a message to translate."""
    return text


def ngettext_noop(singular: str, plural: str) -> Plural:
    """``Plural(singular, plural)``; marks the pair as one message with plural
    forms to translate."""
    return Plural(singular, plural)
