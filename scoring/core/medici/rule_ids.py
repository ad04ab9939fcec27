"""The rules a finding applies, by a stable short id: the one list.

Terminology:
- *rule id*: a finding's ``rule`` (``Finding.rule``, the ``"rule"`` key of a
  stored finding and of ``verify_scoresheet --json``): lower-case words joined by
  hyphens, never renamed once shipped (stored findings and event files keep it).
  A stored finding without one was written before rules had ids: its rule is
  unknown (:data:`UNKNOWN`).
- *rule words* (:data:`RULE_WORDS`): the rule in a few words, a message the edge
  translates, for a page or a document naming the rule.

Every id a check writes is a key of :data:`RULE_WORDS`
(``tests/scoring/core/medici/test_rule_ids.py``); docs/formats.md lists them.
Source: rules.md (its sections named beside each id).
"""

from __future__ import annotations

from heats.core.i18n import gettext_noop

UNKNOWN = ""
"""The rule of a finding stored before findings named their rule."""

RULE_WORDS: dict[str, str] = {
    # Rule sets, table size, the game's length (rules.md, Rule sets; A trading
    # day, 9; Scoring a day, 5).
    "rule-set": gettext_noop("the event's rule set"),
    "table-size": gettext_noop("the table sizes the rule set allows"),
    "game-length": gettext_noop("a game has three days unless time is called"),
    "time-called": gettext_noop("time called: the game ends with that day's scoring"),
    "final-money": gettext_noop("the final money is the money after the last day"),
    # A trading day (rules.md, A trading day, 2-8).
    "start-player": gettext_noop("day 1 starts with seat 1, later days the poorest"),
    "dealer-order": gettext_noop("the deal passes left to the next player with space"),
    "day-end": gettext_noop("when a day ends"),
    "lot-size": gettext_noop("a lot is 1 to 3 goods that fit somebody's ship"),
    "bid-order": gettext_noop("bidding runs once around, dealer last"),
    "one-bid": gettext_noop("one bid each"),
    "bid-space": gettext_noop("no bid without space for the whole lot"),
    "bid-raise": gettext_noop("a bid beats the high bid"),
    "no-borrowing": gettext_noop("no borrowing: money is never negative"),
    "high-bidder": gettext_noop("the high bidder wins"),
    "price": gettext_noop("the winner pays the high bid; an unsold lot costs nothing"),
    "last-ship": gettext_noop("the last ship fills free from the deck"),
    "deck-size": gettext_noop("the goods a day uses"),
    "purchases-log": gettext_noop("purchases follow the auction log"),
    "payment": gettext_noop("a payment is never negative"),
    "ship-capacity": gettext_noop("ship capacity"),
    "duplicate-good": gettext_noop("no good twice in a day"),
    # Scoring a day (rules.md, Rule sets; Scoring a day, 1-4).
    "start-money": gettext_noop("start money"),
    "payout-table": gettext_noop("ship payouts by place"),
    "market-share": gettext_noop("market awards by place"),
    "level-bonus": gettext_noop("level bonuses"),
    "day-money": gettext_noop("money after a day: before - paid + income"),
    # Scores only (rules.md, Verifying, 1).
    "day-bound": gettext_noop("the most a player can earn in a day"),
    "table-bound": gettext_noop("the most a table can earn in a day"),
    "table-floor": gettext_noop("the least a day's scoring pays a table"),
    # A scoresheet against the table's recorded result (tournament.md,
    # Recording a table).
    "recorded-result": gettext_noop("the scoresheet agrees with the recorded result"),
}
"""Rule id -> the rule in words (module docstring)."""

MONEY_RULES = frozenset(
    {"start-money", "payout-table", "market-share", "level-bonus", "day-money"}
)
"""The rules of a day's money recomputed from the goods and payments."""

STATE_RULES = frozenset(
    {
        "lot-size",
        "high-bidder",
        "price",
        "last-ship",
        "purchases-log",
        "payment",
        "ship-capacity",
        "duplicate-good",
        "deck-size",
        "bid-raise",
        "bid-space",
        "no-borrowing",
        "one-bid",
        "bid-order",
        "dealer-order",
        "day-end",
    }
)
"""Rules whose breach changes what a day's ships hold or its players paid: the
money of that day and, through the markets, of the days after it follows."""


def is_rule(rule: object) -> bool:
    """Whether ``rule`` is a known rule id or :data:`UNKNOWN`."""
    return rule == UNKNOWN or rule in RULE_WORDS
