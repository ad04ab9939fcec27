"""The semi-final's size and tables, and the final's size (tournament.md,
"Advancement to the semi-final", 1, 4 and the 2017 figures; "Event formats").

Words:

standard size
    One of the semi-final sizes 16, 20, 25, 30, 36, each with its table layout
    (16 = 4×4, 20 = 4×5, 25 = 5×5, 30 = 6×5, 36 = 6×6; configurable). The format
    ``hmw`` seats the semi-final in one of them.
half cap
    Half of all participants, rounded down (BPA rule): the semi-final never holds
    more.
winners-only semi-final
    The format ``hmo``: every present winner (at most 36 and the half cap) at
    tables by the event's table-size rule (``heats.core.layout``), never more
    than 6 tables, since the final seats the table winners and holds at most 6.
empty seat
    A seat of a standard layout that no alternate can fill (none left, or every
    one left absent). It comes off a table, so that round plays with fewer
    players; every table keeps 4-6 (2017: "24 to compete in five semifinals
    games", 5+5+5+5+4).

Pure: no Django import.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from heats.core.layout import MAX_TABLE, MIN_TABLE, SIX_OVER_FOUR, table_sizes

WINNERS_PRESENT = "winners"
"""The semi-final size "the winners present" as the GM's form and
``advancement --size`` write it (``scoring.core.formats.present_winners``)."""
# The final is one table: it seats a table's least (a final of 3 only when the
# GM confirms it, scoring.core.finals).
FINAL_MIN = MIN_TABLE
FINAL_MAX = 6
# "Semifinal 36, Final 6" (WBC 2024, tournament.md, Event formats).
WINNERS_ONLY_MAX = 36
# A semi-final needs two tables at least, or its one winner would be the final.
SEMI_MIN = 2 * MIN_TABLE


def standard_layouts() -> Mapping[int, tuple[int, ...]]:
    """The standard sizes and their tables (Advancement, 1)."""
    return MappingProxyType(
        {
            16: (4, 4, 4, 4),
            20: (5, 5, 5, 5),
            25: (5, 5, 5, 5, 5),
            30: (5, 5, 5, 5, 5, 5),
            36: (6, 6, 6, 6, 6, 6),
        }
    )


def semi_final_size(
    winners_present: int,
    participants: int,
    layouts: Mapping[int, tuple[int, ...]] | None = None,
) -> int:
    """Return the semi-final size in players, or 0 when there is no semi-final.

    The smallest standard size holding all present winners, never above half of
    the participants (then the largest standard size that is not); 0 when at
    most 6 winners are present or no standard size fits under the cap
    (Advancement, 1 and 4).
    """
    cap = participants // 2
    sizes = sorted(standard_layouts() if layouts is None else layouts)
    under_cap = [s for s in sizes if s <= cap]
    if winners_present <= FINAL_MAX or not under_cap:
        return 0
    holding = [s for s in sizes if s >= winners_present]
    size = holding[0] if holding else sizes[-1]
    return size if size <= cap else under_cap[-1]


def final_size(winners_present: int) -> int:
    """The final's seats when there is no semi-final: the winners, at least 4
    (filled by alternates) and at most 6 (pared by HMW) (Advancement, 4)."""
    return min(max(winners_present, FINAL_MIN), FINAL_MAX)


def winners_only_seats(winners_present: int, participants: int) -> int:
    """How many present winners a winners-only event seats: all of them, at most
    36 and the half cap (tournament.md, Event formats, ``hmo``); 0 when that
    leaves no semi-final (at most 6 winners, or too few seats for two tables):
    the winners then play the final (Advancement, 4, without filling)."""
    seats = min(winners_present, WINNERS_ONLY_MAX, participants // 2)
    if winners_present <= FINAL_MAX or seats < SEMI_MIN:
        return 0
    return seats


def winners_only_tables(players: int, policy: str = SIX_OVER_FOUR) -> tuple[int, ...]:
    """The tables of a winners-only semi-final of ``players`` (8-36): the event's
    table-size rule (``heats.core.layout.table_sizes``: 28 -> 6+6+6+5+5 under
    six-over-four), but never more than 6 tables, since the final holds the
    table winners and at most 6 (35 -> 6+6+6+6+6+5, where the rule gives 7×5).

    Raises ValueError for fewer than 8 or more than 36 players, and
    ``heats.core.layout.SeatingError`` for an unknown policy.
    """
    if not SEMI_MIN <= players <= FINAL_MAX * MAX_TABLE:
        raise ValueError(f"a winners-only semi-final seats 8-36 players, not {players}")
    sizes = table_sizes(players, policy).sizes
    if len(sizes) <= FINAL_MAX and sum(sizes) == players:
        return tuple(sizes)
    return spread(players, FINAL_MAX)


def spread(players: int, tables: int) -> tuple[int, ...]:
    """``players`` over ``tables`` tables as evenly as possible, larger tables
    first: (24, 5) -> (5, 5, 5, 5, 4)."""
    base, extra = divmod(players, tables)
    return tuple(base + 1 if i < extra else base for i in range(tables))


def short_tables(
    layout: tuple[int, ...], players: int, policy: str = SIX_OVER_FOUR
) -> tuple[int, ...]:
    """The tables of a standard ``layout`` when only ``players`` can sit: the empty
    seats come off the tables, the players spread over the same number of tables
    as evenly as possible (25 -> 24: 5+5+5+5+4, as WBC 2017 played; 36 -> 33:
    6+6+6+5+5+5); when that would leave a table under 4, the event's table-size
    rule seats them (``heats.core.layout.table_sizes``). ``layout`` itself when
    it is full; empty when fewer than 4 players are left.
    """
    if players >= sum(layout):
        return layout
    if players >= MIN_TABLE * len(layout):
        return spread(players, len(layout))
    return tuple(table_sizes(players, policy).sizes)
