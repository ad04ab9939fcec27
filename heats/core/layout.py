"""Table layouts: how many tables of 4, 5 and 6 seat N players (tournament.md,
Heats).

Words:

layout
    The table sizes (4, 5 or 6) of a round, table 1 first, largest first; players
    who do not fit are *waiting*.
policy
    How a layout is chosen for N players. ``"six-over-four"`` (default): fewest
    4-player tables, then most 5-player tables. ``"five-first"``: most 5-player
    tables, then fewest 4-player tables (6 over 4).
late table
    A table of late arrivals, formed once the minimum late table (default 5,
    configurable 4-6) have arrived.

Pure: no Django import.
"""

from __future__ import annotations

from typing import NamedTuple

SIX_OVER_FOUR = "six-over-four"


FIVE_FIRST = "five-first"


POLICIES = (SIX_OVER_FOUR, FIVE_FIRST)


MIN_TABLE = 4


MAX_TABLE = 6


DEFAULT_LATE_MINIMUM = 5


class SeatingError(ValueError):
    """A request the GM can correct: the message says what to change."""


class TableSizes(NamedTuple):
    """``sizes`` (players per table, largest first) and ``waiting`` (a count)."""

    sizes: list[int]
    waiting: int


def table_sizes(n: int, policy: str = SIX_OVER_FOUR) -> TableSizes:
    """Layout for ``n`` players under ``policy`` (tournament.md, Heats).

    Every player is seated when a layout of 4-6 seats exists; otherwise as many as
    possible: N = 7 gives one table of 6 and 1 waiting, N < 4 no table and all wait.
    Examples (six-over-four): 9 -> [5, 4], 13 -> [5, 4, 4], 23 -> [6, 6, 6, 5];
    (five-first): 23 -> [5, 5, 5, 4, 4], 24 -> [5, 5, 5, 5, 4].

    Raises SeatingError for a negative ``n`` or an unknown policy.
    """
    return _layout(n, MIN_TABLE, policy)


def late_table_sizes(
    n: int, minimum: int = DEFAULT_LATE_MINIMUM, policy: str = SIX_OVER_FOUR
) -> TableSizes:
    """Layout for ``n`` late arrivals, every table at least ``minimum`` (4-6) seats.

    Seats as many late arrivals as tables of ``minimum``..6 allow, then follows
    ``policy``: with minimum 5, 4 -> [] (4 wait), 5 -> [5], 8 -> [6] (2 wait),
    11 -> [6, 5]. Source: tournament.md, Heats, "Late arrivals" (seed 001: a late
    arriver must "find four additional players").

    Raises SeatingError if ``minimum`` is not 4, 5 or 6, or as :func:`table_sizes`.
    """
    if minimum not in range(MIN_TABLE, MAX_TABLE + 1):
        raise SeatingError(
            f"The minimum late table must be 4, 5 or 6 players, not {minimum}."
        )
    return _layout(n, minimum, policy)


def _layout(n: int, smallest: int, policy: str) -> TableSizes:
    """Seat the most of ``n`` players in tables of ``smallest``..6 seats."""
    check_policy(policy)
    if n < 0:
        raise SeatingError(f"The number of players cannot be negative ({n}).")
    for seated in range(n, smallest - 1, -1):
        counts = _counts(seated, smallest, policy)
        if counts is not None:
            fours, fives, sixes = counts
            return TableSizes([6] * sixes + [5] * fives + [4] * fours, n - seated)
    return TableSizes([], n)


def _counts(m: int, smallest: int, policy: str) -> tuple[int, int, int] | None:
    """(fours, fives, sixes) seating exactly ``m`` players, best for ``policy``.

    Candidates are tried in order of preference, so the first that fits is best.
    """
    most_fours = m // 4 if smallest <= 4 else 0
    most_fives = m // 5 if smallest <= 5 else 0
    fours_range = range(most_fours + 1)
    fives_range = range(most_fives, -1, -1)
    if policy == FIVE_FIRST:
        candidates = ((f4, f5) for f5 in fives_range for f4 in fours_range)
    else:
        candidates = ((f4, f5) for f4 in fours_range for f5 in fives_range)
    for fours, fives in candidates:
        rest = m - 4 * fours - 5 * fives
        if rest >= 0 and rest % 6 == 0:
            return fours, fives, rest // 6
    return None


def check_policy(policy: str) -> None:
    if policy not in POLICIES:
        known = " or ".join(repr(p) for p in POLICIES)
        raise SeatingError(f"Unknown table-size policy {policy!r}; use {known}.")
