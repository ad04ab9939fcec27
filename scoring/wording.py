"""Words and numbers as the reader's language writes them (Django's i18n).

``percent_text(96.9)`` is "96.9%" in English, "96,9 %" in German and French and
"96.9%" in Chinese: the number follows the active language's decimal sign
(Django's ``number_format``) and the pattern around it is a message
(``"%(number)s%%"``) each catalogue translates.

``translate_reason(text)`` turns a reason written by the advancement core in
English (an HMW level, an alternate's percentage, a tie the GM decided) into the
active language; names and numbers inside it are kept. It reads the stored line
back into its registered template and fields (``scoring.core.reasons.parse``),
translates the template and every nested reason, writes percentages and
florins as the language does and keeps names, heat and table numbers and the
GM's own words as they are. ``translate_parsed`` does the same for a line the
core hands over already taken apart (``TieFact.message``).
"""

from __future__ import annotations

from functools import lru_cache

from django.utils.formats import number_format
from django.utils.translation import get_language, gettext

from heats.core.message import Kind
from heats.translate import in_language
from scoring.core import reasons
from scoring.core.reasons import Parsed


def percent_text(value: float | None, digits: int = 1) -> str:
    """96.9 -> "96.9%" (en), "96,9 %" (de, fr); None -> "—"."""
    if value is None:
        return "—"
    number = number_format(round(float(value), digits), digits)
    return gettext("%(number)s%%") % {"number": number}


# The languages whose reasons are the core's own English.
ENGLISH = frozenset({"en", "en-us", None})


@lru_cache(maxsize=8192)
def _parse(text: str) -> Parsed | None:
    """``reasons.parse``, remembered: one page repeats its reasons, and every
    page of an event shows the same ones."""
    return reasons.parse(text)


def translate_reason(text: str) -> str:
    """The reason ``text`` (English, as the core wrote it) in the active language.

    Text that is no registered reason (``scoring.core.reasons``) comes back
    unchanged, and so does a reason whose translation cannot be filled (a
    catalogue's broken placeholder never hides the line). In English the text
    is already what the reader reads: returned at once (a 1,000-player page
    shows hundreds of reasons)."""
    if get_language() in ENGLISH:
        return text
    found = _parse(text)
    if found is None:
        return text
    try:
        return translate_parsed(found)
    except (KeyError, ValueError, TypeError):
        return text


def translate_parsed(found: Parsed) -> str:
    """``found`` (a reason or a message taken apart) in the active language: the
    template through ``gettext``, then its fields filled (module docstring;
    ``heats.translate.in_language``). KeyError or ValueError when a
    translation's placeholders do not fit."""
    known = reasons.REGISTRY.get(found.template)
    kinds = known.fields if known is not None else {}

    def write(name: str, value: str | Parsed) -> str:
        return _field_text(kinds.get(name), value)

    fields = found.fields or None
    return in_language(found.template, fields, write, keep_english=False)


def _field_text(kind: Kind | None, value: str | Parsed) -> str:
    """One field of a reason as the active language writes it."""
    if isinstance(value, Parsed):
        return translate_parsed(value)
    if kind is reasons.PERCENT:
        number = value.rstrip("%")
        digits = len(number.partition(".")[2])
        return percent_text(float(number), digits)
    if kind is reasons.NUMBER:
        return number_format(int(value))
    if kind is reasons.SCORES:
        scores = [number_format(int(s)) for s in value.split(" to ")]
        join = gettext(reasons.SCORES_JOIN)
        text = scores[0]
        for lower in scores[1:]:
            text = join % {"higher": text, "lower": lower}
        return text
    return value
