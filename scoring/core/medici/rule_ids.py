"""The rules a finding applies, by a stable short id: the one list.

Terminology:
- *rule id*: a finding's ``rule`` (``Finding.rule``, the ``"rule"`` key of a
  stored finding and of ``verify_scoresheet --json``): lower-case words joined by
  hyphens, never renamed once shipped (stored findings and event files keep it).
  A stored finding without one was written before rules had ids: its rule is
  unknown (:data:`UNKNOWN`).
- *rule words* (:data:`RULE_WORDS`): the rule in a few English words, for a
  document or a reader of ``verify_scoresheet --json``; a finding's message
  names its rule in the reader's language itself.

Every id a check writes is a key of :data:`RULE_WORDS`
(``tests/scoring/core/medici/test_rule_ids.py``); docs/formats.md lists them.
Source: rules.md (its sections named beside each id).
"""

from __future__ import annotations

UNKNOWN = ""
"""The rule of a finding stored before findings named their rule."""

RULE_WORDS: dict[str, str] = {
    # Rule sets, table size, the game's length (rules.md, Rule sets; A trading
    # day, 9; Scoring a day, 5).
    "rule-set": "the event's rule set",
    "table-size": "the table sizes the rule set allows",
    "game-length": "a game has three days unless time is called",
    "time-called": "time called: the game ends with that day's scoring",
    "final-money": "the final money is the money after the last day",
    # A trading day (rules.md, A trading day, 2-8).
    "start-player": "day 1 starts with seat 1, later days the poorest",
    "dealer-order": "the deal passes left to the next player with space",
    "day-end": "when a day ends",
    "lot-size": "a lot is 1 to 3 goods that fit somebody's ship",
    "bid-order": "bidding runs once around, dealer last",
    "one-bid": "one bid each",
    "bid-space": "no bid without space for the whole lot",
    "bid-raise": "a bid beats the high bid",
    "no-borrowing": "no borrowing: money is never negative",
    "high-bidder": "the high bidder wins",
    "price": "the winner pays the high bid; an unsold lot costs nothing",
    "last-ship": "the last ship fills free from the deck",
    "deck-size": "the goods a day uses",
    "purchases-log": "purchases follow the auction log",
    "payment": "a payment is never negative",
    "ship-capacity": "ship capacity",
    "duplicate-good": "no good twice in a day",
    # Scoring a day (rules.md, Rule sets; Scoring a day, 1-4).
    "start-money": "start money",
    "payout-table": "ship payouts by place",
    "market-share": "market awards by place",
    "level-bonus": "level bonuses",
    "day-money": "money after a day: before - paid + income",
    # Scores only (rules.md, Verifying, 1).
    "day-bound": "the most a player can earn in a day",
    "table-bound": "the most a table can earn in a day",
    "table-floor": "the least a day's scoring pays a table",
    # A scoresheet against the table's recorded result (tournament.md,
    # Recording a table).
    "recorded-result": "the scoresheet agrees with the recorded result",
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
