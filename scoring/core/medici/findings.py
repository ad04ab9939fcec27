"""Findings: what a scoresheet check reports.

Terminology:
- *finding* (:class:`Finding`): one disagreement between a scoresheet and the rules,
  naming the day (1-3, or ``None`` for the whole game), the player (or ``None`` for
  the whole table) and a message saying what the sheet says, what the rules give,
  and why.
- *kind*: a short stable tag for the finding's rule (``"money"``, ``"capacity"``,
  ``"duplicate"``, ...), for callers that group findings; not part of the JSON form.
- *level*: the detail a sheet carries: 1 scores only, 2 purchases, 3 auction log.
- *sheet report* (:class:`SheetReport`): the level checked and every finding.
- *message*: a finding's text, a :class:`heats.core.message.Message` written from
  a template beside the check that writes it (verify, replay, limits): its English
  is what tests compare; a table's findings store it as data (template code and
  fields), so that the edge shows it in the reader's language
  (``scoring.wording``), after storage too.

Source: rules.md, Verifying a submitted scoresheet.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class ScoresheetError(ValueError):
    """A sheet too malformed to check; the message names the field, e.g.
    ``days[1].money: no entry for 'Ann'``. formats.md, Scoresheet JSON."""


@dataclass(frozen=True)
class Finding:
    """One finding: ``day`` (1-3 or ``None``), ``player`` name (or ``None``), the
    ``message`` (sheet says / rules give / why) and a ``kind`` tag.
    rules.md, Verifying a submitted scoresheet."""

    day: int | None
    player: str | None
    message: str
    kind: str = ""

    def to_dict(self) -> dict[str, Any]:
        """``{"day": …, "player": …, "message": …}`` for JSON output."""
        return {"day": self.day, "player": self.player, "message": self.message}

    def __str__(self) -> str:
        where = ", ".join(
            part
            for part in (
                f"day {self.day}" if self.day is not None else "",
                self.player or "",
            )
            if part
        )
        return f"{where}: {self.message}" if where else self.message


@dataclass
class SheetReport:
    """Result of :func:`~scoring.core.medici.verify.verify_sheet`: the ``level`` (1-3)
    the sheet was checked at and all ``findings`` (empty when the sheet is right)."""

    level: int
    findings: list[Finding] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when there are no findings."""
        return not self.findings

    def to_dict(self) -> dict[str, Any]:
        """``{"level": …, "findings": [finding.to_dict(), …]}``."""
        return {
            "level": self.level,
            "findings": [finding.to_dict() for finding in self.findings],
        }
