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
semi layouts
    The semi-final's table sizes for each semi-final size (players), an event
    setting (tournament.md, Advancement, 1): 25 -> (5, 5, 5, 5, 5). Typed one
    size a line, "25: 5 5 5 5 5".

Pure: no Django import.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
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


# Semi-final sizes as an event file writes them (1 to 9999 players).
MAX_SEMI_SIZE = 9999
_LAYOUT_LINE = re.compile(r"\s*(?P<size>[^:=]*?)\s*[:=]\s*(?P<tables>.*?)\s*")
_TABLE_SEPARATORS = re.compile(r"[\s,+]+")


class LayoutTextError(SeatingError):
    """Semi layouts typed wrong: ``problems`` says what, one line each."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


def semi_layout_problem(size: int, tables: Sequence[int]) -> str | None:
    """What is wrong with the layout ``tables`` for a semi-final of ``size``
    players (None when nothing): every table 4-6 players, the tables seating
    exactly ``size``, ``size`` from 1 to 9999."""
    if not 1 <= size <= MAX_SEMI_SIZE:
        return f"{size} players: a semi-final size is 1 to {MAX_SEMI_SIZE} players."
    wrong = [t for t in tables if not MIN_TABLE <= t <= MAX_TABLE]
    if not tables or wrong:
        return (
            f"{size} players: every table seats {MIN_TABLE}, 5 or {MAX_TABLE} "
            f"players (given {' '.join(map(str, tables)) or 'no table'})."
        )
    if sum(tables) != size:
        return (
            f"{size} players: {' + '.join(map(str, tables))} seats {sum(tables)} "
            f"players, not {size}."
        )
    return None


def semi_layout_problems(layouts: Mapping[int, Sequence[int]]) -> list[str]:
    """Every problem of ``layouts`` (size -> table sizes): at least one layout,
    and each as :func:`semi_layout_problem` says."""
    if not layouts:
        return ["Give at least one semi-final layout, e.g. 25: 5 5 5 5 5."]
    found = (semi_layout_problem(size, tables) for size, tables in layouts.items())
    return [problem for problem in found if problem]


def parse_semi_layouts(text: str) -> dict[int, tuple[int, ...]]:
    """Semi layouts typed one size a line, ``"25: 5 5 5 5 5"`` (tables split by
    spaces, commas or ``+``; ``=`` for ``:``; blank lines skipped), sorted by
    size. Raises :class:`LayoutTextError` naming every wrong line: one that is
    not a size and tables, a table outside 4-6, tables that do not add up to
    the size, a size given twice; or no layout at all."""
    layouts: dict[int, tuple[int, ...]] = {}
    problems: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        parsed = _layout_line(line)
        if isinstance(parsed, str):
            problems.append(f'Line {number} ("{line.strip()}"): {parsed}')
            continue
        size, tables = parsed
        problem = semi_layout_problem(size, tables)
        if size in layouts:
            problem = f"a second layout for {size} players."
        if problem:
            problems.append(f"Line {number}, {problem}")
        layouts[size] = tables
    if not layouts and not problems:
        problems = semi_layout_problems({})
    if problems:
        raise LayoutTextError(problems)
    return dict(sorted(layouts.items()))


def _layout_line(line: str) -> tuple[int, tuple[int, ...]] | str:
    """(size, tables) of one typed line, or what is wrong with it."""
    match = _LAYOUT_LINE.fullmatch(line)
    if match is None or not match["size"].isdecimal():
        return 'write the size, a colon and the tables, e.g. "25: 5 5 5 5 5".'
    words = [w for w in _TABLE_SEPARATORS.split(match["tables"]) if w]
    if not all(w.isdecimal() and len(w) < 4 for w in words):
        return "the tables are numbers of players (4, 5 or 6), e.g. 5 5 5 5 5."
    if len(match["size"]) > 4:
        return f"a semi-final size is 1 to {MAX_SEMI_SIZE} players."
    return int(match["size"]), tuple(int(w) for w in words)


def format_semi_layouts(layouts: Mapping[int, Sequence[int]]) -> str:
    """``layouts`` one size a line, smallest first, as
    :func:`parse_semi_layouts` reads them: ``"16: 4 4 4 4\n20: 5 5 5 5"``."""
    return "\n".join(
        f"{size}: {' '.join(map(str, tables))}"
        for size, tables in sorted(layouts.items())
    )
