"""Heat seating: checked-in players -> numbered tables of 4 to 6 seats.

A pure module: no Django, no database. The services load players and earlier rounds,
call :func:`seat` (or :func:`late_table`), and save the returned :class:`Seating`.

Words (tournament.md, "Words" and "Heats"):

player key
    A string naming one player (a database id); keys are sorted first, so the
    input order never matters.
layout, policy, late table
    As ``heats.core.layout`` defines them (table sizes for N players), re-exported
    here for the services.
seed
    An ``int`` or ``str`` recorded with the seating; the same seed and the same
    inputs give the same seating. Only the seed's text counts: ``12`` and ``"12"``
    seat alike. The random order, who waits, the local search and the seat order
    draw from separate streams, so the random start and who waits depend on the
    seed, the player keys and the layout alone, never on the history.
seat 1
    The start player; play goes clockwise by seat. Each table is listed in seat order.
history
    ``{frozenset({a, b}): times a and b met at a table in earlier rounds}``.
keep-apart pair
    ``frozenset({a, b})`` the GM asked not to seat together (family, same club).
objective
    ``(repeat_cost, keep_apart_violations)``, compared lexicographically (tuples):
    ``repeat_cost`` is the sum over pairs at the same table of (times met)**2, and a
    violation is one keep-apart pair at the same table. Lower is better.
"""

from __future__ import annotations

import random
import secrets
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from heats.core.layout import (
    DEFAULT_LATE_MINIMUM,
    FIVE_FIRST,
    MAX_TABLE,
    MIN_TABLE,
    POLICIES,
    SIX_OVER_FOUR,
    SeatingError,
    TableSizes,
    check_policy,
    late_table_sizes,
    table_sizes,
)

# A drawn seed stays below 2**53 so the kiosk's JavaScript reads it back exactly.
_SEED_LIMIT = 10**15
# Bounds of the local search: counted, never timed, so a seed always reproduces.
_MAX_PASSES = 50
_MAX_KICKS = 200
_MAX_EVALUATIONS = 1_500_000

History = Mapping[frozenset[str], int]


@dataclass(frozen=True)
class Seating:
    """The result of a seating.

    ``tables[k][s]`` is the player key at table ``k + 1``, seat ``s + 1`` (seat 1 is
    the start player). ``waiting`` lists the players without a seat, sorted by key.
    ``repeat_cost`` and ``keep_apart_violations`` are the :func:`objective` of
    ``tables`` for the history and keep-apart pairs the seating was made with.
    """

    seed: int | str
    tables: list[list[str]]
    waiting: list[str]
    repeat_cost: int = 0
    keep_apart_violations: int = 0

    def to_json(self) -> dict[str, Any]:
        """JSON-ready: ``{"seed", "tables": [{"number", "players"}], "waiting"}``."""
        return {
            "seed": self.seed,
            "tables": [
                {"number": number, "players": list(players)}
                for number, players in enumerate(self.tables, start=1)
            ],
            "waiting": list(self.waiting),
        }


# --- objective and history ---------------------------------------------------------


def objective(
    tables: Iterable[Iterable[str]],
    history: History | None = None,
    keep_apart: Iterable[frozenset[str]] = (),
) -> tuple[int, int]:
    """``(repeat_cost, keep_apart_violations)`` of a seating; lower is better.

    ``tables`` is any nesting of player keys (e.g. ``Seating.tables`` after the GM
    swapped two players). repeat_cost = sum over pairs at the same table of
    (times met before)**2; a violation is a keep-apart pair at the same table
    (a pair given twice counts once). Source: tournament.md, Heats.
    """
    history = history or {}
    apart = set(keep_apart)
    repeat_cost = violations = 0
    for table in tables:
        for a, b in combinations(table, 2):
            pair = frozenset((a, b))
            repeat_cost += history.get(pair, 0) ** 2
            violations += pair in apart
    return repeat_cost, violations


def history_from_tables(
    rounds: Iterable[Iterable[Iterable[str]]],
) -> dict[frozenset[str], int]:
    """Times-met counts ``{frozenset({a, b}): n}`` from earlier rounds' tables.

    ``rounds`` is ``[round][table][player key]``; each pair seated at one table
    counts once for that table. Raises SeatingError if a table lists a player twice.
    """
    met: dict[frozenset[str], int] = {}
    for tables in rounds:
        for table in tables:
            players = list(table)
            if len(set(players)) != len(players):
                raise SeatingError(f"A table lists a player twice: {players}.")
            for a, b in combinations(players, 2):
                pair = frozenset((a, b))
                met[pair] = met.get(pair, 0) + 1
    return met


# --- seating -----------------------------------------------------------------------


def seat(
    players: Sequence[str],
    seed: int | str | None = None,
    *,
    history: History | None = None,
    keep_apart: Iterable[frozenset[str]] = (),
    sizes: Sequence[int] | None = None,
    policy: str = SIX_OVER_FOUR,
    smallest: int = MIN_TABLE,
) -> Seating:
    """Seat ``players`` at random from ``seed``, avoiding repeats if asked.

    The sorted keys are shuffled from the seed; the first ``sum(sizes)`` fill the
    tables and the rest wait. From this random start a seeded local search (swaps
    between tables) lowers the :func:`objective`, never ending worse than the
    start. Each table's seat order, hence seat 1, is then shuffled.

    ``sizes`` forces a layout in table order (semi-final 25 = ``[5] * 5``), else
    :func:`table_sizes` with ``policy``. ``seed=None`` draws one with
    :mod:`secrets`, returned in ``Seating.seed``. Pairs naming absent players are
    ignored. ``smallest`` lowers the smallest table a forced layout may ask for
    (only a final of 3 the GM confirmed uses it). Source: tournament.md, Heats;
    "Semi-final and final".

    Raises SeatingError for duplicate keys, a table size outside 4-6, a forced
    layout with more seats than players, an unknown policy, a pair that does not
    name two players, or a negative times-met count.
    """
    keys = _checked_players(players)
    layout = _checked_layout(sizes, len(keys), policy, smallest)
    apart = set(keep_apart)  # read twice below, so an iterator must not run dry
    if seed is None:
        seed = secrets.randbelow(_SEED_LIMIT)
    order = sorted(keys)
    _rng(seed, "order").shuffle(order)
    seated_count = sum(layout)
    seated, waiting = order[:seated_count], order[seated_count:]
    groups = _split(list(range(seated_count)), layout)
    weights = _weights(seated, history or {}, apart)
    if weights is not None:
        groups = _Search(groups, weights, _rng(seed, "search")).run()
    tables = [[seated[p] for p in group] for group in groups]
    seats_rng = _rng(seed, "seats")
    for table in tables:
        seats_rng.shuffle(table)
    repeat_cost, violations = objective(tables, history, apart)
    return Seating(seed, tables, sorted(waiting), repeat_cost, violations)


def late_table(
    waiting: Sequence[str],
    minimum: int = DEFAULT_LATE_MINIMUM,
    seed: int | str | None = None,
    *,
    history: History | None = None,
    keep_apart: Iterable[frozenset[str]] = (),
    policy: str = SIX_OVER_FOUR,
) -> Seating | None:
    """Seat late arrivals at new tables, or ``None`` while fewer than ``minimum``.

    ``waiting``: the late arrivals and anyone left waiting by the seating. Tables
    follow :func:`late_table_sizes` (7 with minimum 5: a table of 6, 1 waits); who
    waits is drawn from the seed as in :func:`seat`. The result numbers its tables
    from 1; the caller numbers them after the round's tables. Source:
    tournament.md, Heats, "Late arrivals".

    Raises SeatingError as :func:`late_table_sizes` and :func:`seat`.
    """
    layout = late_table_sizes(len(waiting), minimum, policy)
    if not layout.sizes:
        _checked_players(waiting)
        return None
    return seat(
        waiting,
        seed,
        history=history,
        keep_apart=keep_apart,
        sizes=layout.sizes,
        policy=policy,
    )


# --- validation and set-up ---------------------------------------------------------


def _checked_players(players: Sequence[str]) -> list[str]:
    """The keys as a list; SeatingError names any key given more than once."""
    keys = list(players)
    if len(set(keys)) != len(keys):
        twice = sorted(k for k, count in Counter(keys).items() if count > 1)
        raise SeatingError(
            f"Each player can be seated once; listed more than once: {twice}."
        )
    return keys


def _checked_layout(
    sizes: Sequence[int] | None, n: int, policy: str, smallest: int = MIN_TABLE
) -> list[int]:
    """The forced layout after checks, or the policy's layout for ``n`` players."""
    if sizes is None:
        return table_sizes(n, policy).sizes
    check_policy(policy)
    layout = list(sizes)
    for size in layout:
        if size not in range(min(smallest, MIN_TABLE), MAX_TABLE + 1):
            raise SeatingError(
                f"A table seats 4, 5 or 6 players; the layout asks for {size}."
            )
    if sum(layout) > n:
        shape = "+".join(map(str, layout))
        raise SeatingError(
            f"The layout {shape} needs {sum(layout)} players, but only {n} are "
            "available; choose a smaller layout or check in more players."
        )
    return layout


def _rng(seed: int | str, purpose: str) -> random.Random:
    """An independent random stream for one ``purpose`` of one seed."""
    return random.Random(f"medici-seating/{purpose}/{seed}")


def _split(items: list[int], layout: Sequence[int]) -> list[list[int]]:
    """Consecutive slices of ``items`` with the lengths in ``layout``."""
    groups: list[list[int]] = []
    start = 0
    for size in layout:
        groups.append(items[start : start + size])
        start += size
    return groups


def _pair(pair: frozenset[str], what: str) -> tuple[str, str]:
    """The two keys of ``pair``; SeatingError if it does not name two players."""
    if len(pair) != 2:
        raise SeatingError(f"A {what} pair must name two players, not {set(pair)}.")
    a, b = pair
    return a, b


def _weights(
    seated: list[str], history: History, keep_apart: Iterable[frozenset[str]]
) -> list[dict[int, int]] | None:
    """Pair weights ``weights[p][q]`` by index into ``seated``, or None if all zero.

    A repeat counts ``times_met**2 * scale`` and a keep-apart pair 1, with ``scale``
    above the number of keep-apart pairs: one sum then orders seatings exactly as
    the lexicographic objective does.
    """
    index = {key: i for i, key in enumerate(seated)}
    apart = {_pair(p, "keep-apart") for p in set(keep_apart)}
    apart = {(a, b) for a, b in apart if a in index and b in index}
    scale = len(apart) + 1
    weights: list[dict[int, int]] = [{} for _ in seated]
    found = False
    for pair, met in history.items():
        a, b = _pair(pair, "history")
        if met < 0:
            raise SeatingError(f"Times met cannot be negative: {set(pair)}: {met}.")
        if met and a in index and b in index:
            _add(weights, index[a], index[b], met * met * scale)
            found = True
    for a, b in apart:
        _add(weights, index[a], index[b], 1)
    return weights if found or apart else None


def _add(weights: list[dict[int, int]], p: int, q: int, w: int) -> None:
    weights[p][q] = weights[p].get(q, 0) + w
    weights[q][p] = weights[q].get(p, 0) + w


# --- local search ------------------------------------------------------------------


class _Search:
    """Swap-based local search on tables of player indices.

    ``load[p][t]`` is the summed weight between player p and the players at table
    t, so the change from swapping two players is found in a few lookups.
    Descents take the best improving swap for each conflicted player (one whose own
    table costs something); between descents a random "kick" swap leaves a local
    minimum. The best seating seen is returned, so never worse than the start.
    """

    def __init__(
        self, groups: list[list[int]], weights: list[dict[int, int]], rng: random.Random
    ) -> None:
        self.tables = [list(g) for g in groups]
        self.weights = weights
        self.rng = rng
        self.where = [0] * len(weights)
        for t, table in enumerate(self.tables):
            for p in table:
                self.where[p] = t
        self.load: list[dict[int, int]] = [{} for _ in weights]
        for p, neighbours in enumerate(weights):
            load = self.load[p]
            for q, w in neighbours.items():
                load[self.where[q]] = load.get(self.where[q], 0) + w
        self.cost = sum(self._own(p) for p in range(len(weights))) // 2
        self.evaluations = 0

    def run(self) -> list[list[int]]:
        if len(self.tables) < 2:
            return self.tables
        self._descend()
        best_cost, best = self.cost, [t[:] for t in self.tables]
        for _ in range(_MAX_KICKS):
            if best_cost == 0 or self.evaluations >= _MAX_EVALUATIONS:
                break
            self._kick()
            self._descend()
            if self.cost < best_cost:
                best_cost, best = self.cost, [t[:] for t in self.tables]
        return best

    def _own(self, p: int) -> int:
        return self.load[p].get(self.where[p], 0)

    def _conflicted(self) -> list[int]:
        players = [p for p in range(len(self.weights)) if self._own(p) > 0]
        self.rng.shuffle(players)
        return players

    def _descend(self) -> None:
        for _ in range(_MAX_PASSES):
            improved = False
            for i in self._conflicted():
                if self.evaluations >= _MAX_EVALUATIONS:
                    return
                delta, j = self._best_swap(i)
                if delta < 0:
                    self._swap(i, j, delta)
                    improved = True
            if not improved:
                return

    def _best_swap(self, i: int) -> tuple[int, int]:
        """(delta, partner) of the best swap for player i; delta >= 0 if none helps.

        i leaves table a (losing its load there) for table b without j; j goes the
        other way; the pair i-j itself is counted in both loads, hence ``2 * w``.
        """
        a, load, weights_i = self.where[i], self.load, self.weights[i]
        load_i = load[i]
        own = load_i.get(a, 0)
        best_delta, best_j = 0, -1
        for b, table in enumerate(self.tables):
            if b == a:
                continue
            base = load_i.get(b, 0) - own
            for j in table:
                load_j = load[j]
                delta = base + load_j.get(a, 0) - load_j.get(b, 0)
                delta -= 2 * weights_i.get(j, 0)
                if delta < best_delta:
                    best_delta, best_j = delta, j
            self.evaluations += len(table)
        return best_delta, best_j

    def _kick(self) -> None:
        """Swap a random conflicted player with a random player at another table."""
        i = self.rng.choice(self._conflicted())
        others = [t for t in range(len(self.tables)) if t != self.where[i]]
        j = self.rng.choice(self.tables[self.rng.choice(others)])
        a, b = self.where[i], self.where[j]
        load_i, load_j = self.load[i], self.load[j]
        # The same change as in _best_swap: i leaves a for b, j leaves b for a.
        delta = load_i.get(b, 0) - load_i.get(a, 0) + load_j.get(a, 0)
        delta -= load_j.get(b, 0) + 2 * self.weights[i].get(j, 0)
        self._swap(i, j, delta)

    def _swap(self, i: int, j: int, delta: int) -> None:
        a, b = self.where[i], self.where[j]
        table_a, table_b = self.tables[a], self.tables[b]
        table_a[table_a.index(i)] = j
        table_b[table_b.index(j)] = i
        self.where[i], self.where[j] = b, a
        for mover, old, new in ((i, a, b), (j, b, a)):
            for q, w in self.weights[mover].items():
                load_q = self.load[q]
                load_q[old] -= w
                load_q[new] = load_q.get(new, 0) + w
        self.cost += delta


__all__ = [
    "DEFAULT_LATE_MINIMUM",
    "FIVE_FIRST",
    "MAX_TABLE",
    "MIN_TABLE",
    "POLICIES",
    "SIX_OVER_FOUR",
    "History",
    "Seating",
    "SeatingError",
    "TableSizes",
    "history_from_tables",
    "late_table",
    "late_table_sizes",
    "objective",
    "seat",
    "table_sizes",
]
