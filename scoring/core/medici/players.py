"""Computer players (bots) for simulations and property tests.

Terminology:
- *bot*: anything with ``choose(game) -> Action`` that returns a legal action for
  the seat to act (:attr:`Game.to_act <scoring.core.medici.game.Game.to_act>`).
- *random player* (:class:`RandomPlayer`): picks uniformly among the legal kinds of
  action, then a uniform bid amount; it explores odd corners of the rules.
- *value bidder* (:class:`ValueBidder`): estimates what a lot is worth in florins
  (ship value plus market prospects, scaled to what is left of the game) and bids
  up to that, keeping the bid low when it bids last.

Source: rules.md, A trading day (what is legal); the estimates are heuristics.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from .game import DRAW, PASS, STOP, Action, Game, bid
from .goods import Good


class Bot(Protocol):
    """A player that picks a legal action for the seat to act."""

    def choose(self, game: Game) -> Action:
        """Return a legal :class:`~.game.Action` for ``game.to_act``."""
        ...


class RandomPlayer:
    """Uniformly random legal play, seeded by ``rng``. rules.md, A trading day."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, game: Game) -> Action:
        """A random legal action: draw/stop with equal odds, bid half the time
        (a uniform amount within the legal range), else pass."""
        if game.phase == "draw":
            options = ([DRAW] if game.can_draw() else []) + ([STOP] if game.lot else [])
            return self.rng.choice(options)
        span = game.bid_range()
        if span is None or self.rng.random() < 0.5:
            return PASS
        return bid(self.rng.randint(span[0], span[1]))


class ValueBidder:
    """Bids up to an estimate of the lot's worth (florins); ``greed`` (0..1) is the
    share of that worth it offers when it does not bid last. A heuristic player."""

    def __init__(self, rng: random.Random, greed: float = 0.6) -> None:
        self.rng = rng
        self.greed = greed

    def choose(self, game: Game) -> Action:
        """Draw while the lot is cheap, then bid on the lot's estimated worth."""
        if game.phase == "draw":
            return self._draw_or_stop(game)
        span = game.bid_range()
        seat = game.to_act
        if span is None or seat is None:
            return PASS
        worth = int(self.worth(game, seat, game.lot))
        last = seat == game.dealer
        offer = span[0] if last else max(span[0], int(worth * self.greed))
        return bid(offer) if offer <= min(worth, span[1]) else PASS

    def _draw_or_stop(self, game: Game) -> Action:
        if not game.lot:
            return DRAW
        if not game.can_draw():
            return STOP
        value = sum(good.value for good in game.lot)
        keep_going = value < 6 or self.rng.random() < 0.25
        return DRAW if keep_going else STOP

    def worth(self, game: Game, seat: int, lot: list[Good]) -> float:
        """Estimated florins the ``lot`` brings ``seat``: ship value scaled to the
        table's payouts, plus a market share for each commodity good, less as the
        ship fills (a full ship earlier ends the player's buying)."""
        table = game.table
        per_point = table.ship_payouts[0] / 30
        levels = game.levels[seat]
        markets = 0.0
        for good in lot:
            if good.market is not None:
                lead = levels[good.market] - max(lv[good.market] for lv in game.levels)
                markets += 3.0 if lead >= 0 else 1.5
        days_left = table.days - game.day + 1
        ship = sum(good.value for good in lot) * per_point
        return ship + markets * (0.5 + 0.5 * days_left)


BOTS: dict[str, Callable[[random.Random], Bot]] = {
    "random": RandomPlayer,
    "value": ValueBidder,
}
"""Bot kinds by name, each built from a ``random.Random``."""


def make_bot(kind: str, rng: random.Random) -> Bot:
    """Build a bot of ``kind`` (a key of :data:`BOTS`) with its own ``rng``.

    Raises ``ValueError`` naming the known kinds for an unknown one.
    """
    try:
        return BOTS[kind](rng)
    except KeyError:
        raise ValueError(f"unknown bot {kind!r}; known: {', '.join(BOTS)}") from None


def play(game: Game, bots: list[Bot]) -> Game:
    """Play ``game`` to the end with ``bots[seat]`` choosing for each seat; returns
    the same game, over."""
    while not game.over:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game))
    return game
