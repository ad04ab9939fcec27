"""Which finding follows from which: a check's findings linked to their causes.

Terminology (``findings`` module): a *root* is a finding that follows from no
earlier one; a *follower* carries ``because``, the index of its root. One mistake
on a sheet gives one root: an extra good on a ship gives the capacity finding,
and every money finding it moves (the ship ranking and the markets of that day,
the markets of the days after) follows from it.

How a finding is linked (:func:`follows`) to the first earlier root it follows
(or to the root of the first earlier follower it follows):
- *same lot*: findings on one lot of one day's auction log follow the first of
  that lot (a slipped bid gives "bid too low", "wrong winner", ...);
- *purchases against the log*: a day's purchases unlike its log come before the
  log's findings (``verify``); the lots of that player, later lots' dealer,
  space and fill findings and the other players' purchases that day follow;
- *the day's goods and payments*: capacity, duplicate goods and the goods a day
  uses follow a finding on that day that changed who holds what or paid what
  (``rule_ids.STATE_RULES``); so do later lots' dealer, space and fill findings;
- *money*: a day's money follows a finding of that or an earlier day that
  changed the goods or payments (the markets carry between days), the first
  money finding of its own day (one slip in the goods moves several players'
  money), a money finding of an earlier day that had several, and that
  player's money of the day before when the two differences cancel (money
  before a day is the sheet's figure); a bid above the money held follows that
  player's wrong money of an earlier day;
- *the next day's start*: a start player follows a money finding of the day
  before (the poorest player is worked out from the sheet's money);
- *the end*: a final follows that player's money; everything the scores give
  follows a wrong length of the game (or day of the time call);
- *scores only*: a table's totals follow a player's finding of that day, and a
  player's gain follows that player's finding of an earlier day or the final.

Source: rules.md, Verifying a submitted scoresheet.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
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
# A lot's findings that name the player whose purchases the log contradicts.
_LOT_OF_PURCHASE = frozenset({"price", "high-bidder", "bid-raise", "one-bid"})
# What a game's wrong length (or day of the time call) moves.
_AFTER_LENGTH = _SCORES | {"table-bound", "table-floor"}


def link_causes(findings: Sequence[Finding]) -> list[Finding]:
    """Copies of ``findings``, in the same order, each follower's ``because`` set
    to the index of its root: the first earlier root it follows, else the root
    of the first earlier follower it follows (module docstring). A finding's
    own ``because`` is replaced."""
    linked: list[Finding] = []
    money_days: Counter[int | None] = Counter(
        f.day for f in findings if f.rule in MONEY_RULES
    )
    for finding in findings:
        order = sorted(range(len(linked)), key=lambda i: linked[i].because is not None)
        cause = next(
            (i for i in order if follows(finding, linked[i], money_days)), None
        )
        if cause is not None and linked[cause].because is not None:
            cause = linked[cause].because
        linked.append(dataclasses.replace(finding, because=cause))
    return linked


def follows(
    finding: Finding, root: Finding, money_days: Counter[int | None] | None = None
) -> bool:
    """Whether ``finding`` follows from the earlier ``root`` (module docstring);
    ``money_days``: how many money findings each day has."""
    same_day = finding.day is not None and finding.day == root.day
    if same_day and lot_of(finding) is not None and lot_of(finding) == lot_of(root):
        return True
    if root.rule == "game-length":
        return finding.rule in _AFTER_LENGTH
    if finding.rule in MONEY_RULES:
        return _money_follows(finding, root, money_days or Counter())
    if finding.rule == "final-money":
        return root.rule in MONEY_RULES and root.player == finding.player
    if finding.rule == "start-player":
        return root.rule in MONEY_RULES | _SCORES and _day_before(root, finding)
    return (same_day and _day_follows(finding, root)) or _scores_follow(finding, root)


def _day_follows(finding: Finding, root: Finding) -> bool:
    """Links within one day's goods, payments and lots (module docstring)."""
    if finding.rule in _GOODS and root.rule in STATE_RULES:
        if finding.rule != "purchases-log" or _purse_or_ship(root, finding):
            return True
    if finding.rule in _LATER_LOTS | _LOT_OF_PURCHASE | {"purchases-log"}:
        return _later_lot(finding, root)
    return False


def _money_follows(finding: Finding, root: Finding, days: Counter[int | None]) -> bool:
    """A day's money follows a slip in that or an earlier day's goods or
    payments, the first money finding of its own day (one slip in the goods
    moves several players' money), a money finding of an earlier day with
    several (the markets carry), and that player's money of the day before
    when the two differences cancel (money before is the sheet's figure)."""
    if root.rule in STATE_RULES:
        return _not_after(root, finding)
    if root.rule not in MONEY_RULES or root.day is None or finding.day is None:
        return False
    if root.day == finding.day:
        return True
    if root.player == finding.player and _day_before(root, finding):
        root_off, off = _difference(root), _difference(finding)
        if root_off is not None and off is not None and root_off == -off:
            return True
    return root.day < finding.day and days[root.day] > 1


def _later_lot(finding: Finding, root: Finding) -> bool:
    """A lot's findings follow a slip of an earlier lot that changed a ship
    or a purse, the day's start player, or the purchases of that lot's player
    (the log and the purchases disagree on that player's lots)."""
    if root.rule == "purchases-log":
        return (
            finding.rule in _LATER_LOTS
            or root.player == finding.player
            or finding.rule == "purchases-log"
        )
    return finding.rule in _LATER_LOTS and (
        root.rule in STATE_RULES or root.rule == "start-player"
    )


def _scores_follow(finding: Finding, root: Finding) -> bool:
    """Level-1 links: a table's totals follow a player's finding of the day; a
    player's gain follows that player's finding of an earlier day; a bid above
    the money held follows that player's wrong money of an earlier day."""
    if root.day is None or finding.day is None:
        return False
    if finding.rule == "no-borrowing" and root.rule in MONEY_RULES:
        return root.player == finding.player and root.day < finding.day
    if root.rule not in _SCORES:
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


def lot_of(finding: Finding) -> int | None:
    """The lot a replay finding names (its message's ``lot`` field), if any."""
    message = finding.message
    if isinstance(message, Message):
        lot = message.fields.get("lot")
        if isinstance(lot, int):
            return lot
    return None


def _difference(finding: Finding) -> int | None:
    """What a money finding's sheet says more than the rules (its message's
    ``said`` and ``expected`` fields)."""
    message = finding.message
    if isinstance(message, Message):
        said, expected = message.fields.get("said"), message.fields.get("expected")
        if isinstance(said, int) and isinstance(expected, int):
            return said - expected
    return None
