"""The rules checks' findings in the reader's language (Django's i18n).

The rules engine (``scoring.core.medici``) and the rules checks
(``scoring.services.rules_checks``) write every finding in English: tests
compare the English, and a table's findings are stored as English text
(``TableCheck.findings``, ``ScoresheetSubmission.findings``: ``{"day",
"player", "message"}``), so a GM who reads German and one who reads English see
the same check and acknowledge it once. A finding's message is a
:class:`~heats.core.message.Message` while it is fresh (its template and fields
travel with it); stored, it is English text that its registered template reads
back (``heats.core.message.parse``). Either way :func:`translate_finding` writes
it in the active language: the template through ``gettext``, nested phrases
("nobody", "every ship was full", a scoresheet's own finding) translated too,
player names, goods and numbers kept as they are. Text no template wrote (a
finding stored by an older version) is shown as it is.

The pages that show findings take them from here: the result entry form and the
players' report form (``ResultForm.check``), the GM's table results page
(:func:`shown_check`).
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any, TypeVar

# Imported for their registered templates (parse needs them all).
import scoring.core.medici.limits  # noqa: F401
import scoring.core.medici.replay  # noqa: F401
import scoring.core.medici.rulesets  # noqa: F401
import scoring.core.medici.verify  # noqa: F401
import scoring.services.rules_checks  # noqa: F401
from heats.translate import translate
from scoring.core.medici.findings import Finding

__all__ = ["shown_check", "translate_finding", "translate_findings"]

Checked = TypeVar("Checked")


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
    ``results.ResultCheck``; or None) whose findings are in the active language,
    for a page to show. The copy is for showing only: never save it."""
    if check is None:
        return check
    findings = translate_findings(check.findings)  # type: ignore[attr-defined]
    if dataclasses.is_dataclass(check) and not isinstance(check, type):
        return dataclasses.replace(check, findings=findings)
    shown = copy.copy(check)
    shown.findings = findings  # type: ignore[attr-defined]
    return shown
