"""A day's money recomputed, and the finding that names the rules it applies.

Terminology:
- *money after a day*: the money before it (the start money on day 1, else the
  sheet's money after the day before) minus what the player paid in the day's
  auctions, plus the day's income: the ship payout of the player's place, the
  market awards of the player's places on the five markets and the level
  bonuses (rules.md, Scoring a day, 1-4).
- *place* (:func:`place_of`): where a value stands among the table's values,
  1st for the highest; tied values share the places they occupy.
- *the rule of a money finding* (:func:`money_rule`): the one part of the sum
  that alone can explain the difference between the sheet and the rules: the
  start money (day 1, another edition's), the payout table (a payout the table
  can pay), the market awards (a sum the markets can pay) or the level bonuses;
  ``day-money`` when none or several can.

Source: rules.md, Rule sets; Scoring a day; Verifying a submitted scoresheet, 2.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from heats.core.i18n import gettext_noop
from heats.core.message import SEMICOLON, Message, listed

from .findings import Finding
from .goods import COMMODITIES, Good
from .rulesets import RULESETS, TableRules
from .scoring import Levels, score_day

MONEY_AFTER_DAY = (
    # Translators: "before" is "start money 30 under wbc" or "27 before";
    # "parts" lists the ship payout, the market awards and the level bonuses.
    gettext_noop(
        "money after day %(day)s: sheet says %(said)s, rules give %(expected)s "
        "(%(before)s - %(paid)s paid + %(income)s income: %(parts)s)"
    )
)
MONEY_AFTER_DAY_BEFORE_RULE_IDS = gettext_noop(
    "money after day %(day)s: sheet says %(said)s, rules give %(expected)s "
    "(%(before)s before - %(paid)s paid + %(income)s income: ship %(ship)s, "
    "market %(market)s, bonus %(bonus)s)"
)
"""The message of findings stored before money findings named their rules:
stored data still reads (and translates) with it."""
START_MONEY = gettext_noop("start money %(amount)s under %(rules)s")
MONEY_BEFORE = gettext_noop("%(amount)s before")
SHIP_PAYOUT = (
    # Translators: "place" is an ordinal ("2nd") or a span of them ("2nd-3rd").
    gettext_noop("ship payout for %(place)s of %(players)s under %(rules)s: %(amount)s")
)
SHIP_PAYOUT_SHARED = gettext_noop(
    "ship payout for %(place)s of %(players)s under %(rules)s, shared by "
    "%(tied)s: %(amount)s"
)
MARKET_AWARD = (
    # Translators: "market" is a good as on the sheet: cloth, fur, grain, dye, spice.
    gettext_noop("%(place)s on the %(market)s market: %(amount)s")
)
MARKET_AWARD_SHARED = gettext_noop(
    "%(place)s on the %(market)s market, shared by %(tied)s: %(amount)s"
)
NO_MARKET_AWARD = gettext_noop("no market award")
LEVEL_BONUS = gettext_noop("%(market)s level %(level)s bonus: %(amount)s")
PLACE_SPAN = gettext_noop("%(first)s-%(last)s")
ORDINALS = (
    gettext_noop("1st"),
    gettext_noop("2nd"),
    gettext_noop("3rd"),
)
ORDINAL = gettext_noop("%(place)sth")


def check_money(
    table: TableRules,
    day: int,
    players: tuple[str, ...],
    said: Sequence[int],
    ships: list[list[Good]],
    paid: list[int],
    before: Sequence[int],
    levels: tuple[Levels, ...],
) -> tuple[list[Finding], tuple[Levels, ...]]:
    """Findings on the money after ``day`` the sheet ``said`` (per seat) against
    the rules (``before - paid + income``), and the market levels after the day.
    Each finding's message names the payout row, the market places, the bonuses
    and the start money it used; its rule is :func:`money_rule`'s."""
    score = score_day(table, ships, levels)
    values = [sum(good.value for good in ship) for ship in ships]
    findings = []
    for seat, name in enumerate(players):
        income = score.income[seat]
        expected = before[seat] - paid[seat] + income.total
        if said[seat] == expected:
            continue
        shares = _market_shares(table, score.levels, seat)
        bonuses = [table.level_bonuses[level] for level in score.levels[seat]]
        parts = [
            _ship_part(table, values, seat, income.ship),
            _market_part(shares),
            *_bonus_parts(score.levels[seat], bonuses),
        ]
        start = Message(START_MONEY, amount=before[seat], rules=table.name)
        message = Message(
            MONEY_AFTER_DAY,
            day=day,
            said=said[seat],
            expected=expected,
            before=start if day == 1 else Message(MONEY_BEFORE, amount=before[seat]),
            paid=paid[seat],
            income=income.total,
            parts=listed(parts, SEMICOLON),
        )
        difference = said[seat] - expected
        amounts = [amount for _, _, _, amount in shares]
        rule = money_rule(table, day, difference, income.ship, amounts, bonuses)
        findings.append(Finding(day, name, message, rule))
    return findings, score.levels


def money_rule(
    table: TableRules,
    day: int,
    difference: int,
    ship: int,
    markets: Sequence[int],
    bonuses: Sequence[int],
) -> str:
    """The rule id of a money finding whose sheet says ``difference`` florins more
    than the rules, which pay ``ship`` for the ship and ``markets[m]`` and
    ``bonuses[m]`` on market ``m``: the one part that alone explains it (module
    docstring): the start money of another edition (day 1), another payout of
    the table, another place's award on one market, another level's bonus on
    one market."""
    if day == 1 and table.starting_money + difference in _other_start_money(table):
        return "start-money"
    awards = {*table.market_awards, 0}
    levels = set(table.level_bonuses)
    candidates = [
        rule
        for rule, possible in (
            ("payout-table", ship + difference in _payouts(table.ship_payouts)),
            ("market-share", any(m + difference in awards for m in markets)),
            ("level-bonus", any(b + difference in levels for b in bonuses)),
        )
        if possible
    ]
    return candidates[0] if len(candidates) == 1 else "day-money"


def place_of(values: Sequence[int], seat: int) -> tuple[int, int]:
    """``(place, tied)``: the 1-based place of ``values[seat]`` among ``values``
    (highest first) and how many values share it (1 when alone)."""
    place = 1 + sum(1 for value in values if value > values[seat])
    return place, sum(1 for value in values if value == values[seat])


def ordinal(place: int) -> Message:
    """1 -> "1st", 2 -> "2nd", 3 -> "3rd", 4 -> "4th" (a message)."""
    if place <= len(ORDINALS):
        return Message(ORDINALS[place - 1])
    return Message(ORDINAL, place=place)


def _places(place: int, tied: int) -> Message:
    if tied == 1:
        return ordinal(place)
    return Message(PLACE_SPAN, first=ordinal(place), last=ordinal(place + tied - 1))


def _ship_part(table: TableRules, values: list[int], seat: int, amount: int) -> str:
    place, tied = place_of(values, seat)
    fields = {
        "place": _places(place, tied),
        "players": table.players,
        "rules": table.name,
        "amount": amount,
    }
    if tied == 1:
        return Message(SHIP_PAYOUT, **fields)
    return Message(SHIP_PAYOUT_SHARED, tied=tied, **fields)


def _market_shares(
    table: TableRules, levels: tuple[Levels, ...], seat: int
) -> list[tuple[str, int, int, int]]:
    """``(market, place, tied, amount)`` of ``seat`` on each market."""
    shares = []
    for market, name in enumerate(COMMODITIES):
        column = [player[market] for player in levels]
        place, tied = place_of(column, seat)
        amount = sum(table.market_awards[place - 1 : place - 1 + tied]) // tied
        shares.append((name, place, tied, amount))
    return shares


def _market_part(shares: list[tuple[str, int, int, int]]) -> str:
    parts: list[str] = [
        Message(MARKET_AWARD, place=ordinal(place), market=name, amount=amount)
        if tied == 1
        else Message(
            MARKET_AWARD_SHARED,
            place=_places(place, tied),
            market=name,
            tied=tied,
            amount=amount,
        )
        for name, place, tied, amount in shares
        if amount
    ]
    return listed(parts) or Message(NO_MARKET_AWARD)


def _bonus_parts(levels: Levels, bonuses: list[int]) -> list[str]:
    return [
        Message(LEVEL_BONUS, market=name, level=level, amount=bonus)
        for name, level, bonus in zip(COMMODITIES, levels, bonuses, strict=True)
        if bonus
    ]


def _other_start_money(table: TableRules) -> set[int]:
    found = set()
    for ruleset in RULESETS.values():
        try:
            found.add(ruleset.for_table(table.players).starting_money)
        except ValueError:
            continue
    return found - {table.starting_money}


@cache
def _payouts(amounts: tuple[int, ...]) -> frozenset[int]:
    """Every share a place can be paid under the tie split."""
    return frozenset(
        sum(amounts[start:end]) // (end - start)
        for start in range(len(amounts))
        for end in range(start + 1, len(amounts) + 1)
    )
