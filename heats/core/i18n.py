"""Marking text for translation in pure code (no Django here).

``gettext_noop(text)`` returns ``text`` unchanged; it only marks it, so that
``manage.py makemessages`` (whose xgettext looks for the name ``gettext_noop``)
puts it in the catalogues. The edge that shows the text translates it with
Django's ``gettext`` (and fills its ``%(name)s`` fields after translating).
Names are never translated (tournament.md: names only at the edges).
"""

from __future__ import annotations


def gettext_noop(text: str) -> str:
    """Return ``text`` as it is; marks it as a message to translate."""
    return text
