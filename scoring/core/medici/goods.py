"""The 36 goods of Medici and their written form.

Terminology:
- *commodity*: one of the five market goods, ``cloth``, ``fur``, ``grain``, ``dye``,
  ``spice``. Each has a market on which every player has a marker.
- *gold*: the single good worth 10 that belongs to no market.
- *good*: one card (or tile) with a commodity (or gold) and a printed value, written
  ``cloth:3`` or ``gold:10``. Two goods of a commodity carry a 5, so ``cloth:5`` names
  two physical cards; a multiset (:data:`GOOD_COUNTS`) says how many of each exist.
- *value*: the printed number, counted in the ship value (florins are not involved).

Source: rules.md, Components; seed 000 (tiles and values).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import NamedTuple

COMMODITIES: tuple[str, ...] = ("cloth", "fur", "grain", "dye", "spice")
GOLD = "gold"
COMMODITY_VALUES: tuple[int, ...] = (0, 1, 2, 3, 4, 5, 5)
GOLD_VALUE = 10


class GoodError(ValueError):
    """A text that names no good of the game (e.g. ``cloth:9`` or ``silk:2``)."""


class Good(NamedTuple):
    """One good: ``commodity`` (one of :data:`COMMODITIES` or ``"gold"``) and ``value``.

    ``str(good)`` gives the written form ``"cloth:3"``. Source: rules.md, Components.
    """

    commodity: str
    value: int

    def __str__(self) -> str:
        return f"{self.commodity}:{self.value}"

    @property
    def market(self) -> int | None:
        """Index of the good's market in :data:`COMMODITIES`, ``None`` for gold."""
        return _MARKET_INDEX.get(self.commodity)


_MARKET_INDEX = {name: index for index, name in enumerate(COMMODITIES)}

ALL_GOODS: tuple[Good, ...] = tuple(
    Good(name, value) for name in COMMODITIES for value in COMMODITY_VALUES
) + (Good(GOLD, GOLD_VALUE),)
"""The 36 goods in a fixed order (the unshuffled deck). rules.md, Components."""

GOOD_COUNTS: dict[Good, int] = dict(Counter(ALL_GOODS))
"""How many physical goods carry each written form (2 for every ``x:5``, else 1)."""

_BY_TEXT: dict[str, Good] = {str(good): good for good in GOOD_COUNTS}


def parse_good(text: str) -> Good:
    """Read a written good such as ``"fur:5"`` or ``"gold:10"`` (spaces ignored).

    Raises :class:`GoodError` when the text names no good of the game.
    Source: formats.md, Scoresheet JSON; rules.md, Components.
    """
    good = (
        _BY_TEXT.get(text.replace(" ", "").lower()) if isinstance(text, str) else None
    )
    if good is None:
        raise GoodError(
            f"{text!r} is not a good of the game (e.g. 'cloth:3', 'gold:10')"
        )
    return good


def surplus(goods: Iterable[Good]) -> dict[Good, int]:
    """Goods that occur more often than the game holds them, with the excess count.

    An empty dict means no good was used twice in a day. rules.md, Verifying, 2.
    """
    counts = Counter(goods)
    return {
        good: count - GOOD_COUNTS[good]
        for good, count in counts.items()
        if count > GOOD_COUNTS[good]
    }
