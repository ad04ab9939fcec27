"""Which finding follows from which: a check's findings linked to their causes.

Terminology (``findings`` module): a *root* is a finding that follows from no
earlier one; a *follower* carries ``because``, the index of its root. One mistake
on a sheet gives one root: an extra good on a ship gives the capacity finding,
and every money finding it moves (the ship ranking and the markets of that day,
the markets of the days after) follows from it.

How a finding is linked (:func:`follows`), to the first earlier root it follows:
- *same lot*: findings on one lot of one day's auction log follow the first of
  that lot (a slipped bid gives "bid too low", "wrong winner", ...);
- *the day's goods and payments*: purchases, capacity, duplicate goods and the
  goods a day uses follow a finding on that day that changed who holds what or
  paid what (``rule_ids.STATE_RULES``); so do later lots' dealer, space and fill
  findings;
- *money*: a day's money follows a finding of that or an earlier day that
  changed the goods or payments (the markets carry between days), and the money
  findings of day 1 follow the first when the start money is the rule;
- *the next day's start*: a start player follows a money finding of the day
  before (the poorest player is worked out from the sheet's money);
- *the end*: a final follows the game's length or that player's money;
- *scores only*: a table's totals follow a player's finding of that day, and a
  player's gain follows that player's finding of an earlier day or the final.

Source: rules.md, Verifying a submitted scoresheet.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from heats.core.message import Message

from .findings import Finding
from .rule_ids import MONEY_RULES, STATE_RULES

# Findings of a day's replay that a changed ship or purse of an earlier lot moves.
_LATER_LOTS = frozenset(
    {
        "bid-space",
        "last-ship",
        "day-end",
        "dealer-order",
        "lot-size",
        "deck-size",
        "bid-order",
        "no-borrowing",
        "bid-raise",
        "high-bidder",
    }
)
_GOODS = frozenset({"purchases-log", "ship-capacity", "duplicate-good", "deck-size"})
_SCORES = frozenset({"no-borrowing", "day-bound", "final-money", "time-called"})


def link_causes(findings: Sequence[Finding]) -> list[Finding]:
    """Copies of ``findings``, in the same order, each follower's ``because`` set
    to the index of the first earlier root it follows (module docstring); a
    finding's own ``because`` is replaced."""
    linked: list[Finding] = []
    roots: list[int] = []
    for finding in findings:
        cause = next((i for i in roots if follows(finding, linked[i])), None)
        linked.append(dataclasses.replace(finding, because=cause))
        if cause is None:
            roots.append(len(linked) - 1)
    return linked


def follows(finding: Finding, root: Finding) -> bool:
    """Whether ``finding`` follows from the earlier ``root`` (module docstring)."""
    same_day = finding.day is not None and finding.day == root.day
    if same_day and _lot(finding) is not None and _lot(finding) == _lot(root):
        return True
    rule, cause = finding.rule, root.rule
    if rule in MONEY_RULES:
        return (cause in STATE_RULES and _not_after(root, finding)) or (
            same_day and rule == cause == "start-money"
        )
    if rule == "final-money":
        return cause == "game-length" or (
            cause in MONEY_RULES and root.player == finding.player
        )
    if rule == "time-called" and cause == "game-length":
        return True
    if rule == "start-player":
        return cause in MONEY_RULES and _day_before(root, finding)
    if same_day and rule in _GOODS and cause in STATE_RULES:
        return rule != "purchases-log" or _purse_or_ship(root, finding)
    if same_day and rule in _LATER_LOTS:
        return cause in STATE_RULES or cause == "start-player"
    return _scores_follow(finding, root)


def _scores_follow(finding: Finding, root: Finding) -> bool:
    """Level-1 links: a table's totals follow a player's finding of the day; a
    player's gain follows that player's finding of an earlier day."""
    if root.rule not in _SCORES or root.day is None or finding.day is None:
        return False
    if finding.rule in {"table-bound", "table-floor"}:
        return root.day == finding.day and root.player is not None
    if finding.rule in {"day-bound", "no-borrowing"}:
        return root.player == finding.player and (
            root.day < finding.day or root.rule == "final-money"
        )
    return False


def _purse_or_ship(root: Finding, finding: Finding) -> bool:
    """A player's purchases follow a slip on a lot of that player, or a slip
    that moved a lot between players."""
    return root.player == finding.player or root.rule in {
        "high-bidder",
        "lot-size",
        "last-ship",
        "dealer-order",
        "bid-order",
    }


def _not_after(root: Finding, finding: Finding) -> bool:
    return root.day is not None and finding.day is not None and root.day <= finding.day


def _day_before(root: Finding, finding: Finding) -> bool:
    return (
        root.day is not None and finding.day is not None and root.day + 1 == finding.day
    )


def _lot(finding: Finding) -> int | None:
    """The lot a replay finding names (its message's ``lot`` field), if any."""
    message = finding.message
    if isinstance(message, Message):
        lot = message.fields.get("lot")
        if isinstance(lot, int):
            return lot
    return None
