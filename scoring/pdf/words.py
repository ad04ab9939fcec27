"""The printables' own words in the language they are printed in (Django's i18n).

``gettext``, ``ngettext`` and ``pgettext`` are Django's (``django.utils.translation``,
looked up at every call, so a test can patch them there) once Django's settings
are configured: in the app, ``manage.py`` and the tests, where
``scoring.queries.printing.render`` builds inside ``translation.override`` of the
language to print in. Without settings (the printables benchmark builds the PDFs
from made-up data, no Django set up) they return the English text, so the
builders stay usable without Django: this module imports Django only when Django
is already set up.

Call them when a PDF is built, never at import time (the language is the one
active then); ``makemessages`` finds the calls by their names.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import Protocol

from heats.core.message import COMMA, fold


class _Translation(Protocol):
    """What is used of ``django.utils.translation``."""

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, number: int) -> str: ...

    def pgettext(self, context: str, message: str) -> str: ...


def _translation() -> _Translation | None:
    """``django.utils.translation`` when Django's settings are configured."""
    conf = sys.modules.get("django.conf")
    if conf is None or not conf.settings.configured:
        return None
    from django.utils import translation  # noqa: PLC0415 (only once set up)

    return translation


def gettext(message: str) -> str:
    """``message`` in the active language."""
    translation = _translation()
    return translation.gettext(message) if translation else message


def ngettext(singular: str, plural: str, number: int) -> str:
    """``singular`` or ``plural`` for ``number``, in the active language."""
    translation = _translation()
    if translation:
        return translation.ngettext(singular, plural, number)
    return singular if number == 1 else plural


def pgettext(context: str, message: str) -> str:
    """``message`` in the active language, told apart by ``context``."""
    translation = _translation()
    return translation.pgettext(context, message) if translation else message


def listed(items: Iterable[str], pair: str = COMMA) -> str:
    """``items`` joined the active language's way by the two-field template
    ``pair`` (``heats.core.message``): "1, 2" in English, "1、2" in Chinese."""
    return fold(gettext(pair), list(items))
