"""Words and numbers as the reader's language writes them (Django's i18n).

``percent_text(96.9)`` is "96.9%" in English, "96,9 %" in German and French and
"96.9%" in Chinese: the number follows the active language's decimal sign
(Django's ``number_format``) and the pattern around it is a message
(``"%(number)s%%"``) each catalogue translates.

``translate_reason(text)`` turns a reason written by the advancement core in
English (an HMW level, an alternate's percentage, a tie the GM decided) into the
active language; names and numbers inside it are kept.
"""

from __future__ import annotations

from django.utils.formats import number_format
from django.utils.translation import gettext


def percent_text(value: float | None, digits: int = 1) -> str:
    """96.9 -> "96.9%" (en), "96,9 %" (de, fr); None -> "—"."""
    if value is None:
        return "—"
    number = number_format(round(float(value), digits), digits)
    return gettext("%(number)s%%") % {"number": number}


def translate_reason(text: str) -> str:
    """The reason ``text`` (English, as the core wrote it) in the active language.

    To be filled by the reasons work: today it returns ``text`` unchanged."""
    return text
