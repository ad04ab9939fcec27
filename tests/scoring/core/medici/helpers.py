"""Shared builders for the rules-engine tests: scripted decks and preset ships."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from hypothesis import strategies as st

from scoring.core.medici.game import DaySetup, Game
from scoring.core.medici.goods import ALL_GOODS, Good, parse_good
from scoring.core.medici.players import make_bot


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


def played_games(
    tables: Sequence[tuple[str, int]],
    each_step: Callable[[Game], None] | None = None,
) -> st.SearchStrategy[Game]:
    """Random legal games (hypothesis) the simulator's bots play (``make_bot``):
    a rule set and table size from ``tables``, played to the end or until time is
    called; ``each_step`` (e.g. invariant checks) runs after every action."""

    @st.composite
    def games(draw: st.DrawFn) -> Game:
        rules, players = draw(st.sampled_from(list(tables)))
        seed = draw(st.integers(0, 2**32))
        kinds = draw(
            st.lists(
                st.sampled_from(["random", "value"]),
                min_size=players,
                max_size=players,
            )
        )
        time_after = draw(st.one_of(st.none(), st.integers(0, 150)))
        game = Game([f"P{seat}" for seat in range(players)], rules, seed=seed)
        bots = [
            make_bot(kind, random.Random(seed + seat))
            for seat, kind in enumerate(kinds)
        ]
        steps = 0
        while not game.over:
            if steps == time_after:
                game.call_time()
                break
            game.apply(bots[game.to_act].choose(game))
            steps += 1
            if each_step is not None:
                each_step(game)
        return game

    return games()
