"""Findings: what a scoresheet check reports.

Terminology:
- *finding* (:class:`Finding`): one disagreement between a scoresheet and the rules,
  naming the day (1-3, or ``None`` for the whole game), the player (or ``None`` for
  the whole table) and a message saying what the sheet says, what the rules give,
  and why.
- *rule*: the stable short id of the rule the finding applies (``"ship-capacity"``,
  ``"payout-table"``, ...; the one list is ``rule_ids.RULE_WORDS``); ``""`` when
  unknown (a finding stored before findings named their rule).
- *cause* (``because``): the index, in the same list of findings, of the earlier
  finding this one follows from (an extra good on a ship changes every player's
  money that day and, through the markets, on the days after: those money findings
  have the capacity finding as their cause). ``None`` for a *root* finding. A
  cause is always a root itself (``causes.link_causes``), so a page shows each root
  with its followers folded under it.
- *hint*: a finding that blocks nothing (no acknowledgement needed): a likely slip
  the GM may want to look at, such as time called but not ticked.
- *row*: a finding as stored and as JSON gives it (:meth:`Finding.to_dict`):
  ``{"day", "player", "message", "rule", "because", "hint"}``; rows stored before
  rules had ids lack the last three keys and read as roots of an unknown rule
  that block (:func:`row_rule`, :func:`row_cause`, :func:`is_hint`).
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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .rule_ids import MONEY_RULES


class ScoresheetError(ValueError):
    """A sheet too malformed to check; the message names the field, e.g.
    ``days[1].money: no entry for 'Ann'``. formats.md, Scoresheet JSON."""


@dataclass(frozen=True)
class Finding:
    """One finding: ``day`` (1-3 or ``None``), ``player`` name (or ``None``), the
    ``message`` (sheet says / rules give / why), its ``rule`` id, the index of the
    finding it follows from (``because``, ``None`` for a root) and whether it is
    a ``hint`` only (module docstring). rules.md, Verifying a submitted
    scoresheet."""

    day: int | None
    player: str | None
    message: str
    rule: str = ""
    because: int | None = None
    hint: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The finding's row (module docstring), for JSON and storage."""
        return {
            "day": self.day,
            "player": self.player,
            "message": self.message,
            "rule": self.rule,
            "because": self.because,
            "hint": self.hint,
        }

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


def row_rule(row: Mapping[str, Any]) -> str:
    """The rule id of a stored finding ``row``; ``""`` (unknown) for a row stored
    before rules had ids."""
    rule = row.get("rule")
    return rule if isinstance(rule, str) else ""


def row_cause(rows: Sequence[Mapping[str, Any]], index: int) -> int | None:
    """The index of the finding ``rows[index]`` follows from, or ``None`` for a
    root: a row without ``because`` (stored before causes were marked) and one
    whose ``because`` is not an earlier row without a ``because`` of its own are
    roots."""
    cause = rows[index].get("because")
    if (
        isinstance(cause, int)
        and not isinstance(cause, bool)
        and 0 <= cause < index
        # Not row_cause again: a crafted chain of causes must not recurse.
        and rows[cause].get("because") is None
    ):
        return cause
    return None


def is_hint(row: Mapping[str, Any]) -> bool:
    """Whether the stored finding ``row`` is a hint (blocks nothing)."""
    return row.get("hint") is True


def blocking(rows: Sequence[Mapping[str, Any]]) -> bool:
    """Whether any finding of ``rows`` needs a GM's acknowledgement (a hint does
    not)."""
    return any(not is_hint(row) for row in rows)


def joined(*parts: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The finding rows of ``parts`` one list after the other, each part's
    ``because`` moved by the rows before it, so it names the same finding."""
    rows: list[dict[str, Any]] = []
    for part in parts:
        offset = len(rows)
        rows += [
            {**row, "because": row["because"] + offset}
            if isinstance(row.get("because"), int)
            else row
            for row in part
        ]
    return rows


@dataclass(frozen=True)
class FindingGroup:
    """A root finding row and the rows that follow from it, for a page to show
    the root with its followers folded under it. ``root`` is ``None`` for rows
    whose root is not among the rows shown (a seat's share of a table's list)."""

    root: dict[str, Any] | None
    followers: list[dict[str, Any]]

    @property
    def money(self) -> bool:
        """Whether every follower is a line of money (``rule_ids.MONEY_RULES``)."""
        return all(row_rule(row) in MONEY_RULES for row in self.followers)


def root_first(
    rows: Sequence[dict[str, Any]], shown: Sequence[int] | None = None
) -> list[FindingGroup]:
    """The rows ``shown`` (indices into ``rows``; every row by default) as
    groups: each root with the rows that follow from it, roots in list order,
    hints after the findings that block; the followers of roots not shown come
    last, in one group without a root."""
    indices = range(len(rows)) if shown is None else shown
    causes = {index: row_cause(rows, index) for index in indices}
    groups = {i: FindingGroup(rows[i], []) for i in indices if causes[i] is None}
    orphans = []
    for index in indices:
        cause = causes[index]
        if cause is None:
            continue
        if cause in groups:
            groups[cause].followers.append(rows[index])
        else:
            orphans.append(rows[index])
    ordered = sorted(
        groups.values(), key=lambda g: g.root is not None and is_hint(g.root)
    )
    return ordered + ([FindingGroup(None, orphans)] if orphans else [])


def root_count(rows: Sequence[Mapping[str, Any]]) -> int:
    """How many of ``rows`` are roots that block (what a GM has to look at)."""
    return sum(
        1
        for index, row in enumerate(rows)
        if row_cause(rows, index) is None and not is_hint(row)
    )
