"""Scoring a trading day: ship payouts, market steps, market awards, level bonuses.

Terminology:
- *ship*: the goods a player loaded this day; its *value* is the sum of printed values.
- *place*: 1st, 2nd, ... by descending value (ship value or market level).
- *tie split*: players tied on a value add up the amounts of the places they occupy
  and share the sum equally, rounded down; the next player takes the place after the
  tied group (rules.md, Scoring a day, 1 and 3).
- *levels*: a player's five market markers, ``levels[m]`` for market ``m`` in
  :data:`~scoring.core.medici.goods.COMMODITIES` order, each 0..7.
- *income*: florins a player earns in one day's scoring (:class:`Income`), before
  subtracting what the player paid in auctions.

Source: rules.md, Scoring a day; seeds 000, 001, 002.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .goods import COMMODITIES, Good
from .rulesets import TableRules

Levels = tuple[int, ...]


@dataclass(frozen=True)
class Income:
    """One player's florins from a day's scoring: ``ship`` payout, ``market`` awards,
    level ``bonus``. rules.md, Scoring a day, 1, 3 and 4."""

    ship: int = 0
    market: int = 0
    bonus: int = 0

    @property
    def total(self) -> int:
        """``ship + market + bonus`` in florins."""
        return self.ship + self.market + self.bonus


@dataclass(frozen=True)
class DayScore:
    """Outcome of scoring one day: ``income[p]`` per seat and the ``levels[p]`` after
    the markers moved (carried into the next day). rules.md, Scoring a day."""

    income: tuple[Income, ...]
    levels: tuple[Levels, ...]


def split_by_place(values: Sequence[int], amounts: Sequence[int]) -> list[int]:
    """Pay ``amounts`` (1st place first, florins) by descending ``values`` with ties
    split: tied players share the sum of their places' amounts, rounded down.

    ``amounts`` shorter than ``values`` pays 0 to the missing places. Returns the
    florins per entry of ``values``, in the same order.
    Example: values (9, 9, 4) with (30, 20, 10) give (25, 25, 10).
    Source: rules.md, Scoring a day, 1 and 3; seeds 000 and 002 (ties).
    """
    order = sorted(range(len(values)), key=lambda index: -values[index])
    paid = [0] * len(values)
    place = 0
    while place < len(order):
        end = place
        while end < len(order) and values[order[end]] == values[order[place]]:
            end += 1
        share = sum(amounts[place:end]) // (end - place)
        for index in order[place:end]:
            paid[index] = share
        place = end
    return paid


def advance_levels(table: TableRules, levels: Levels, ship: Sequence[Good]) -> Levels:
    """Move one player's markers for the goods in ``ship``, never past the top level.

    One step per good (``market_steps == "count"``) or the good's printed value
    (``"value"``, seed 002); gold moves nothing. rules.md, Scoring a day, 2.
    """
    moved = list(levels)
    by_value = table.market_steps == "value"
    for good in ship:
        market = good.market
        if market is not None:
            moved[market] += good.value if by_value else 1
    return tuple(min(level, table.max_level) for level in moved)


def market_awards(table: TableRules, levels: Sequence[Levels]) -> list[int]:
    """Florins each seat wins in market awards over the five markets, ties split.

    Every seat takes part, including markers at level 0. rules.md, Scoring a day, 3.
    """
    total = [0] * len(levels)
    for market in range(len(COMMODITIES)):
        column = [player_levels[market] for player_levels in levels]
        for seat, florins in enumerate(split_by_place(column, table.market_awards)):
            total[seat] += florins
    return total


def level_bonus(table: TableRules, levels: Levels) -> int:
    """Sum of the bonuses of the levels one player's markers stand on, paid in full
    to every marker there, every day. rules.md, Scoring a day, 4."""
    return sum(table.level_bonuses[level] for level in levels)


def score_day(
    table: TableRules, ships: Sequence[Sequence[Good]], levels: Sequence[Levels]
) -> DayScore:
    """Score one day for every seat: ``ships[p]`` and ``levels[p]`` (before the day).

    Returns the income per seat and the new levels. Raises ``ValueError`` when the
    number of ships or levels differs from the table size.
    Source: rules.md, Scoring a day, 1-4.
    """
    if len(ships) != table.players or len(levels) != table.players:
        raise ValueError(f"need {table.players} ships and levels")
    values = [sum(good.value for good in ship) for ship in ships]
    ship_pay = split_by_place(values, table.ship_payouts)
    new_levels = tuple(
        advance_levels(table, lv, ship) for lv, ship in zip(levels, ships, strict=True)
    )
    awards = market_awards(table, new_levels)
    income = tuple(
        Income(ship_pay[seat], awards[seat], level_bonus(table, new_levels[seat]))
        for seat in range(table.players)
    )
    return DayScore(income=income, levels=new_levels)


def start_levels(table: TableRules) -> tuple[Levels, ...]:
    """All markers at level 0 for every seat (the start of the game). rules.md,
    Components."""
    return tuple((0,) * len(COMMODITIES) for _ in range(table.players))
