"""Rule sets: the numbers that differ between editions of Medici, as data.

Terminology:
- *rule set* (:class:`RuleSet`): one edition's settings, per player count where they
  vary. Presets: ``wbc`` (tournament default), ``classic`` (seed 000, Rio Grande tile
  edition) and ``grail-2016`` (seed 003, 2-6 players).
- *table rules* (:class:`TableRules`): a rule set resolved for one table size, the
  form the game and the verifier use.
- *payouts*: florins for the 1st, 2nd, ... ship by value; *market awards*: florins for
  the highest and second-highest marker on a market; *level bonus*: florins paid every
  day to each marker standing on a bonus level.
- *market steps*: ``"count"`` moves a marker one level per good (every preset);
  ``"value"`` moves it by the good's printed value (seed 002's reading).

Source: rules.md, Rule sets (the table), seeds 000-003.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from heats.core.i18n import gettext_noop
from heats.core.message import Message

PerCount = tuple[tuple[int, Any], ...]
"""A setting per player count: ``((players, setting), ...)``."""


class RuleSetError(ValueError):
    """An unknown rule set name, an unsupported player count or a bad setting."""


# What a table's rules findings say of a rule set (stored as data).
TABLE_SIZE_REFUSED = gettext_noop(
    "rule set %(name)s is for %(least)s-%(most)s players, not %(players)s"
)
UNKNOWN_RULESET = gettext_noop("unknown rule set %(name)s; known: %(known)s")


@dataclass(frozen=True)
class TableRules:
    """A rule set resolved for ``players`` seats; every amount in florins.

    ``ship_payouts`` has one entry per seat (1st place first); ``market_awards`` is
    padded with zeros to one entry per seat; ``level_bonuses[level]`` is the bonus for
    a marker on ``level`` (0..``max_level``). Source: rules.md, Rule sets.
    """

    name: str
    players: int
    starting_money: int
    goods_per_day: int
    ship_capacity: int
    ship_payouts: tuple[int, ...]
    market_awards: tuple[int, ...]
    level_bonuses: tuple[int, ...]
    market_steps: str
    max_level: int
    days: int
    max_lot: int


@dataclass(frozen=True)
class RuleSet:
    """One edition's settings. Build presets with :func:`get_ruleset`, variants with
    :func:`derive`; resolve a table with :meth:`for_table`.

    Per-count settings are ``((players, value), ...)`` pairs; ``level_bonuses`` is
    ``((level, florins), ...)``; ``market_steps`` is ``"count"`` or ``"value"``.
    Source: rules.md, Rule sets.
    """

    name: str
    min_players: int
    max_players: int
    starting_money: PerCount
    goods_per_day: PerCount
    ship_capacity: PerCount
    ship_payouts: PerCount
    market_awards: PerCount
    level_bonuses: tuple[tuple[int, int], ...]
    market_steps: str = "count"
    max_level: int = 7
    days: int = 3
    max_lot: int = 3

    def __post_init__(self) -> None:
        if self.market_steps not in ("count", "value"):
            raise RuleSetError(
                f"market_steps must be 'count' or 'value', not {self.market_steps!r}"
            )
        if not 2 <= self.min_players <= self.max_players <= 6:
            raise RuleSetError("player counts must lie within 2..6")

    def for_table(self, players: int) -> TableRules:
        """Resolve the settings for ``players`` seats.

        Raises :class:`RuleSetError` when the rule set does not allow that many
        players. Source: rules.md, Rule sets.
        """
        if not self.min_players <= players <= self.max_players:
            raise RuleSetError(
                Message(
                    TABLE_SIZE_REFUSED,
                    name=repr(self.name),
                    least=self.min_players,
                    most=self.max_players,
                    players=players,
                )
            )
        bonuses = dict(self.level_bonuses)
        awards = tuple(_lookup(self.market_awards, players))
        return TableRules(
            name=self.name,
            players=players,
            starting_money=_lookup(self.starting_money, players),
            goods_per_day=_lookup(self.goods_per_day, players),
            ship_capacity=_lookup(self.ship_capacity, players),
            ship_payouts=_pad(tuple(_lookup(self.ship_payouts, players)), players),
            market_awards=_pad(awards, players),
            level_bonuses=tuple(bonuses.get(lv, 0) for lv in range(self.max_level + 1)),
            market_steps=self.market_steps,
            max_level=self.max_level,
            days=self.days,
            max_lot=self.max_lot,
        )


def _lookup(pairs: PerCount, players: int) -> Any:
    for count, value in pairs:
        if count == players:
            return value
    raise RuleSetError(f"no setting for {players} players in {pairs!r}")


def _pad(amounts: tuple[int, ...], players: int) -> tuple[int, ...]:
    return (amounts + (0,) * players)[:players]


def _same(value: Any, counts: range) -> PerCount:
    return tuple((count, value) for count in counts)


_GOODS = ((3, 18), (4, 24), (5, 30), (6, 36))
_PAYOUTS_GERMAN = (
    (3, (30, 15, 0)),
    (4, (30, 20, 10, 0)),
    (5, (30, 20, 10, 5, 0)),
    (6, (30, 20, 10, 10, 5, 0)),
)
_PAYOUTS_CLASSIC = _PAYOUTS_GERMAN[:3] + ((6, (30, 20, 15, 10, 5, 0)),)

WBC = RuleSet(
    name="wbc",
    min_players=3,
    max_players=6,
    starting_money=_same(30, range(3, 7)),
    goods_per_day=_GOODS,
    ship_capacity=_same(5, range(3, 7)),
    ship_payouts=_PAYOUTS_GERMAN,
    market_awards=_same((10, 5), range(3, 7)),
    level_bonuses=((6, 10), (7, 20)),
)
"""Tournament default: 30 florins each, German payouts, no 5 at level 5 (seed 001)."""

CLASSIC = RuleSet(
    name="classic",
    min_players=3,
    max_players=6,
    starting_money=((3, 40), (4, 40), (5, 30), (6, 30)),
    goods_per_day=_GOODS,
    ship_capacity=_same(5, range(3, 7)),
    ship_payouts=_PAYOUTS_CLASSIC,
    market_awards=_same((10, 5), range(3, 7)),
    level_bonuses=((5, 5), (6, 10), (7, 20)),
)
"""Rio Grande tile edition as in seed 000."""

GRAIL_2016 = RuleSet(
    name="grail-2016",
    min_players=2,
    max_players=6,
    starting_money=((2, 40), (3, 40), (4, 40), (5, 30), (6, 30)),
    goods_per_day=((2, 18),) + _GOODS,
    ship_capacity=((2, 7),) + _same(5, range(3, 7)),
    ship_payouts=((2, (20, 0)),) + _PAYOUTS_CLASSIC,
    market_awards=((2, (10, 0)),) + _same((10, 5), range(3, 7)),
    level_bonuses=((5, 5), (6, 10), (7, 20)),
)
"""2016 edition (seed 003), with the 2-player settings of seed 002."""

RULESETS: dict[str, RuleSet] = {rs.name: rs for rs in (WBC, CLASSIC, GRAIL_2016)}
DEFAULT_RULESET = "wbc"


def get_ruleset(name: str | RuleSet = DEFAULT_RULESET) -> RuleSet:
    """Return the preset called ``name`` (a :class:`RuleSet` is returned unchanged).

    Raises :class:`RuleSetError` naming the known sets for an unknown name.
    Source: rules.md, Rule sets.
    """
    if isinstance(name, RuleSet):
        return name
    try:
        return RULESETS[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(RULESETS))
        raise RuleSetError(
            Message(UNKNOWN_RULESET, name=repr(name), known=known)
        ) from None


def derive(base: str | RuleSet, name: str | None = None, **changes: Any) -> RuleSet:
    """A custom rule set: ``base`` with ``changes`` applied (``dataclasses.replace``).

    Per-count settings may be given as a mapping ``{players: value}``; ``name``
    defaults to ``"<base>+custom"``. Raises :class:`RuleSetError` for an unknown base,
    an unknown setting or a bad value. Example: ``derive("wbc", market_steps="value")``.
    Source: rules.md, Rule sets (custom rule sets).
    """
    preset = get_ruleset(base)
    fields = {f.name for f in dataclasses.fields(RuleSet)}
    unknown = sorted(set(changes) - fields)
    if unknown:
        raise RuleSetError(f"unknown setting(s) {unknown}; settings: {sorted(fields)}")
    normalised = {key: _normalise(value) for key, value in changes.items()}
    return dataclasses.replace(
        preset, name=name or f"{preset.name}+custom", **normalised
    )


def _normalise(value: Any) -> Any:
    if isinstance(value, Mapping):
        return tuple(sorted((key, _normalise(val)) for key, val in value.items()))
    if isinstance(value, list):
        return tuple(_normalise(item) for item in value)
    return value
