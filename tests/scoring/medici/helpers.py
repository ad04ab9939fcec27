"""Shared builders for the rules-engine tests: scripted decks and preset ships."""

from __future__ import annotations

from collections.abc import Sequence

from scoring.medici.game import DaySetup, Game
from scoring.medici.goods import ALL_GOODS, Good, parse_good


def goods(*texts: str) -> list[Good]:
    """Parse written goods, e.g. ``goods("fur:4", "gold:10")``."""
    return [parse_good(text) for text in texts]


def scripted_game(
    players: Sequence[str],
    deck: Sequence[str],
    rules: str = "wbc",
    ships: Sequence[Sequence[str]] | None = None,
    seed: int | None = None,
) -> Game:
    """A day-1 game whose deck starts with ``deck`` (then the other goods), with
    ``ships`` preloaded as if bought earlier that day (for free)."""
    head = goods(*deck)
    preloaded = [goods(*ship) for ship in ships or [[] for _ in players]]
    taken = head + [good for ship in preloaded for good in ship]
    rest = list(ALL_GOODS)
    for good in taken:
        rest.remove(good)
    setup = DaySetup(1, 0, tuple(head + rest))
    game = Game(players, rules, seed=seed, setups=[setup])
    table = game.table
    game.deck = game.deck[: table.goods_per_day]
    for seat, ship in enumerate(preloaded):
        game.ships[seat] = list(ship)
    return game
