"""Scoring's text in the reader's language (Django's i18n).

``percent_text(96.9)`` is "96.9%" in English, "96,9 %" in German and French and
"96.9%" in Chinese: the number follows the active language's decimal sign
(Django's ``number_format``) and the pattern around it is a message
(``"%(number)s%%"``) each catalogue translates.

Reasons, warnings, the final's fill summary and rules findings are messages
(``heats.core.message``), stored as data; ``heats.translate.translate``
renders them (a reason too), :func:`translate_finding`
and :func:`shown_check` for the findings a page shows (the result entry form
and the players' report form, ``ResultForm.check``; the GM's table results
page). Names, numbers, seeds and the GM's own words inside them are kept as
they are; text that is no message (the GM's words) is shown as it is.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from django.utils.formats import number_format
from django.utils.translation import gettext

from heats.core.message import Message
from heats.translate import translate
from scoring.core.medici.findings import Finding

__all__ = [
    "heat_tables",
    "percent_text",
    "shown_check",
    "translate_finding",
    "translate_findings",
    "words_for_people",
]

Checked = TypeVar("Checked")


def percent_text(value: float | None, digits: int = 1) -> str:
    """96.9 -> "96.9%" (en), "96,9 %" (de, fr); None -> "—"."""
    if value is None:
        return "—"
    number = number_format(round(float(value), digits), digits)
    return gettext("%(number)s%%") % {"number": number}


def words_for_people(data: Any) -> Any:
    """A copy of ``data`` (JSON-like: dicts, lists, text, numbers) with every
    message in it in the active language (``translate``): what a feed writes
    for people follows the request; keys, codes, numbers and other text (names)
    stay as they are."""
    if isinstance(data, dict):
        return {key: words_for_people(value) for key, value in data.items()}
    if isinstance(data, list | tuple):
        return [words_for_people(value) for value in data]
    if isinstance(data, Message):
        return translate(data)
    return data


def translate_finding(finding: Finding | dict[str, Any] | str) -> str:
    """The message of ``finding`` (a :class:`Finding`, a ``{"day", "player",
    "message"}`` row, or the message itself) in the active language."""
    if isinstance(finding, Finding):
        return translate(finding.message)
    if isinstance(finding, dict):
        return translate(finding.get("message", ""))
    return translate(finding)


def translate_findings(findings: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Copies of the rows ``findings`` with each message in the active language
    (day and player as they are)."""
    return [{**row, "message": translate_finding(row)} for row in findings]


def shown_check(check: Checked) -> Checked:
    """A copy of ``check`` (anything with ``findings`` rows: a ``TableCheck``, a
    ``result_check.ResultCheck``; or None) whose findings are in the active language,
    for a page to show. The copy is for showing only: never save it."""
    if check is None:
        return check
    findings = translate_findings(check.findings)  # type: ignore[attr-defined]
    if dataclasses.is_dataclass(check) and not isinstance(check, type):
        return dataclasses.replace(check, findings=findings)
    shown = copy.copy(check)
    shown.findings = findings  # type: ignore[attr-defined]
    return shown


def heat_tables(pairs: Iterable[Sequence[int]]) -> list[str]:
    """``[(1, 3), (2, 5)]`` (heat, table) -> ["heat 1 table 3", "heat 2 table
    5"] in the active language, for a list (``|listed``) to join."""
    return [
        gettext("heat %(heat)s table %(table)s") % {"heat": heat, "table": table}
        for heat, table in pairs
    ]
