"""Placing players at tables already seated: a late arrival's open seat, and the
players of a table left short before play moved to open seats. Pure.

Words (tournament.md, Heats; ``heats.core.seating`` for the rest):

open table
    A table of the round that owes its results and has fewer than 6 players
    (the service decides which; here a table is its number and its player keys).
join cost
    What seating one player at a table adds to the round's objective:
    ``repeat_cost`` = sum over the table's players of (times met before)**2,
    ``repeats`` = how many of them the player met before (the "repeat
    opponents" the GM reads), ``violations`` = keep-apart pairs it makes.
short table
    A table left with fewer than 4 players (a player left a table of 4 before
    play): its players move to open seats at tables of 4 or 5, or late arrivals
    fill it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, product

from heats.core.layout import MAX_TABLE, MIN_TABLE

History = Mapping[frozenset[str], int]
Tables = Mapping[int, Sequence[str]]
# A plan's rank: repeat cost, violations, tables of 6, sorted tables, the plan.
_PlanKey = tuple[int, int, int, tuple[int, ...], tuple[int, ...]]


@dataclass(frozen=True)
class JoinCost:
    """One table a player may join (``table``: its number, ``seated``: players
    there now) and what it adds (see "join cost"). Sorts best first: lowest
    repeat cost, then keep-apart violations, then the smaller table (a short
    table or a table of 4 grows to 5 first), then the lower number."""

    table: int
    seated: int
    repeat_cost: int
    repeats: int
    violations: int

    def key(self) -> tuple[int, int, int, int]:
        """The sort key described above."""
        return (self.repeat_cost, self.violations, self.seated, self.table)


def join_cost(
    player: str,
    number: int,
    table: Sequence[str],
    history: History | None = None,
    keep_apart: Iterable[frozenset[str]] = (),
) -> JoinCost:
    """What seating ``player`` at table ``number`` (player keys ``table``) adds:
    tournament.md, Heats (objective: sum of (times met)**2, then keep-apart)."""
    history = history or {}
    apart = set(keep_apart)
    met = [history.get(frozenset((player, other)), 0) for other in table]
    return JoinCost(
        table=number,
        seated=len(table),
        repeat_cost=sum(n * n for n in met),
        repeats=sum(1 for n in met if n > 0),
        violations=sum(frozenset((player, other)) in apart for other in table),
    )


def join_options(
    player: str,
    tables: Tables,
    history: History | None = None,
    keep_apart: Iterable[frozenset[str]] = (),
) -> list[JoinCost]:
    """Every table of ``tables`` with a free seat (under 6 players) that
    ``player`` may join, best first (``JoinCost.key``)."""
    apart = set(keep_apart)
    options = [
        join_cost(player, number, players, history, apart)
        for number, players in tables.items()
        if len(players) < MAX_TABLE and player not in players
    ]
    return sorted(options, key=JoinCost.key)


@dataclass(frozen=True)
class Move:
    """One player of a short table sent to table ``table`` (see ``JoinCost``)."""

    player: str
    table: int
    repeat_cost: int
    repeats: int


@dataclass(frozen=True)
class Dispersal:
    """Where the players of a short table go: ``moves`` in the short table's
    seat order, and the ``repeat_cost`` and keep-apart ``violations`` they add
    in all (pairs of moved players sent to one table count too)."""

    moves: list[Move]
    repeat_cost: int
    violations: int


def disperse(
    players: Sequence[str],
    targets: Tables,
    history: History | None = None,
    keep_apart: Iterable[frozenset[str]] = (),
) -> Dispersal | None:
    """Send each of ``players`` (a short table's) to one of ``targets`` (open
    tables of 4 or 5 players, by number) so that no table passes 6, adding the
    least (repeat cost, keep-apart violations); ties go to the plan making the
    fewest tables of 6 (most tables of 5: tournament.md, Heats), then to the
    lower table numbers, the first player in seat order to the lowest. None
    when the targets lack the seats.

    Every plan is tried: a short table has 3 players, so at most n**3 plans
    for n targets.
    """
    history = history or {}
    apart = set(keep_apart)
    usable = {n: list(t) for n, t in targets.items() if MIN_TABLE <= len(t) < MAX_TABLE}
    numbers = sorted(usable)
    costs = {
        (p, n): join_cost(p, n, usable[n], history, apart)
        for p in players
        for n in numbers
    }
    best: _PlanKey | None = None
    for plan in product(numbers, repeat=len(players)):
        if any(len(usable[n]) + plan.count(n) > MAX_TABLE for n in set(plan)):
            continue
        cost, violations = _plan_cost(players, plan, costs, history, apart)
        sixes = sum(len(usable[n]) + plan.count(n) == MAX_TABLE for n in set(plan))
        key = (cost, violations, sixes, tuple(sorted(plan)), plan)
        if best is None or key < best:
            best = key
    if best is None:
        return None
    cost, violations, _, _, plan = best
    moves = [
        Move(p, n, costs[(p, n)].repeat_cost, costs[(p, n)].repeats)
        for p, n in zip(players, plan, strict=True)
    ]
    return Dispersal(moves, cost, violations)


def _plan_cost(
    players: Sequence[str],
    plan: tuple[int, ...],
    costs: Mapping[tuple[str, int], JoinCost],
    history: History,
    apart: set[frozenset[str]],
) -> tuple[int, int]:
    """(repeat cost, violations) ``plan`` adds: each player's join cost, plus the
    pairs of moved players sent to the same table."""
    cost = sum(costs[(p, n)].repeat_cost for p, n in zip(players, plan, strict=True))
    violations = sum(
        costs[(p, n)].violations for p, n in zip(players, plan, strict=True)
    )
    for (a, n), (b, m) in combinations(zip(players, plan, strict=True), 2):
        if n == m:
            pair = frozenset((a, b))
            cost += history.get(pair, 0) ** 2
            violations += pair in apart
    return cost, violations
