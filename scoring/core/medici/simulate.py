"""Simulated games: what scores a GM can expect at a table.

Terminology:
- *winning score*: the highest final money at a table (florins).
- *average score*: the mean final money of all players at one table.
- *distribution* (:class:`Distribution`): mean, median, standard deviation, extremes
  and percentiles of one of those figures over many games.

Source: rules.md (the game), players.py (the bots); the figures are estimates.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from .game import Game
from .players import make_bot, play
from .rulesets import RuleSet, get_ruleset

PERCENTILES = (10, 25, 75, 90)


@dataclass(frozen=True)
class Distribution:
    """Summary of a sample of florin amounts; ``percentiles`` maps 10, 25, 75, 90 to
    the value below which that share of the sample lies (linear interpolation)."""

    mean: float
    median: float
    stdev: float
    minimum: int
    maximum: int
    percentiles: dict[int, float]

    @classmethod
    def of(cls, sample: Sequence[float]) -> Distribution:
        """Summarise ``sample`` (at least one value). Raises ``ValueError`` if empty."""
        if not sample:
            raise ValueError("cannot summarise an empty sample")
        ordered = sorted(sample)
        return cls(
            mean=statistics.fmean(ordered),
            median=statistics.median(ordered),
            stdev=statistics.pstdev(ordered),
            minimum=int(ordered[0]),
            maximum=int(ordered[-1]),
            percentiles={p: _percentile(ordered, p) for p in PERCENTILES},
        )


def _percentile(ordered: Sequence[float], percent: int) -> float:
    position = (len(ordered) - 1) * percent / 100
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


@dataclass(frozen=True)
class SimulationResult:
    """Outcome of :func:`simulate`: the ``winning`` and ``average`` score
    distributions (florins), how many ``games`` had a shared win (``tied_wins``),
    and the win count per seat (``seat_wins``, a tie counts for every winner)."""

    rules: str
    bots: tuple[str, ...]
    games: int
    winning: Distribution
    average: Distribution
    tied_wins: int
    seat_wins: tuple[int, ...]


def simulate(
    players: int | Sequence[str] = 5,
    rules: str | RuleSet = "wbc",
    games: int = 1000,
    seed: int | None = 1,
) -> SimulationResult:
    """Play ``games`` games and summarise the final scores.

    ``players`` is a table size (that many value bidders) or a bot kind per seat
    (``"value"``, ``"random"``). Same ``seed``, same result. Raises ``ValueError``
    (or :class:`~scoring.core.medici.rulesets.RuleSetError`) for an unknown bot or rule
    set, a table size the rule set does not allow, or ``games < 1``.
    """
    kinds = ("value",) * players if isinstance(players, int) else tuple(players)
    ruleset = get_ruleset(rules)
    ruleset.for_table(len(kinds))
    if games < 1:
        raise ValueError("games must be at least 1")
    rng = random.Random(seed)
    names = [f"seat {seat + 1}" for seat in range(len(kinds))]
    winning: list[int] = []
    average: list[float] = []
    seat_wins = [0] * len(kinds)
    tied = 0
    for _ in range(games):
        bots = [make_bot(kind, random.Random(rng.getrandbits(64))) for kind in kinds]
        game = play(Game(names, ruleset, seed=rng.getrandbits(64)), bots)
        best = max(game.money)
        winning.append(best)
        average.append(statistics.fmean(game.money))
        tied += game.money.count(best) > 1
        for seat, florins in enumerate(game.money):
            seat_wins[seat] += florins == best
    return SimulationResult(
        rules=ruleset.name,
        bots=kinds,
        games=games,
        winning=Distribution.of(winning),
        average=Distribution.of(average),
        tied_wins=tied,
        seat_wins=tuple(seat_wins),
    )


def format_result(result: SimulationResult) -> str:
    """The result as a short plain-text report for a GM (one figure a line)."""
    lines = [
        f"{result.games} simulated games, rules {result.rules}, "
        f"{len(result.bots)} players ({', '.join(result.bots)})",
    ]
    for label, dist in (("winning score", result.winning), ("average", result.average)):
        pct = "  ".join(f"p{p} {v:.1f}" for p, v in dist.percentiles.items())
        lines.append(
            f"{label:>13}: mean {dist.mean:.1f}  median {dist.median:.1f}  "
            f"sd {dist.stdev:.1f}  min {dist.minimum}  max {dist.maximum}  {pct}"
        )
    share = 100 * result.tied_wins / result.games
    wins = ", ".join(f"seat {s + 1}: {n}" for s, n in enumerate(result.seat_wins))
    lines.append(f"   shared wins: {result.tied_wins} ({share:.1f}%)")
    lines.append(f"  wins by seat: {wins}")
    return "\n".join(lines)
