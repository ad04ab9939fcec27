"""What a replay of one day keeps as it walks the sheet's auctions
(``scoring.core.medici.replay``): each player's money, ship, free space and
payments, the goods drawn, and the findings so far.

Pure: no Django import.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .findings import Finding
from .goods import Good
from .rulesets import TableRules


@dataclass
class DayReplay:
    """State and outcome of replaying one day: per seat ``money`` (florins, during
    the day), ``ships``, ``free`` space (never below 0, even on an overloaded ship)
    and ``paid``; every good ``drawn``; the ``findings``."""

    table: TableRules
    players: tuple[str, ...]
    day: int
    money: list[int]
    ships: list[list[Good]] = field(default_factory=list)
    free: list[int] = field(default_factory=list)
    paid: list[int] = field(default_factory=list)
    drawn: list[Good] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    _ended_reported: bool = False

    def __post_init__(self) -> None:
        self.ships = [[] for _ in self.players]
        self.paid = [0] * len(self.players)
        self.free = [self.table.ship_capacity] * len(self.players)

    def load(self, seat: int, goods: Sequence[Good]) -> None:
        """Put ``goods`` on ``seat``'s ship and update its free space."""
        self.ships[seat].extend(goods)
        self.free[seat] = max(0, self.table.ship_capacity - len(self.ships[seat]))

    @property
    def deck_left(self) -> int:
        """Goods still in the deck (may go below 0 on a sheet drawing too many)."""
        return self.table.goods_per_day - len(self.drawn)

    def add(self, seat: int | None, message: str, rule: str) -> None:
        """Record a finding for ``seat`` (``None`` for the table) on this day,
        under ``rule`` (a rule id: ``rule_ids``)."""
        name = None if seat is None else self.players[seat]
        self.findings.append(Finding(self.day, name, message, rule))
