"""Each player's finishes across the heats, and the second and third places
ranked from them for the alternates (tournament.md, Advancement, 3 and 7).

Words (see ``scoring.core.places`` for places and percentages):

history
    A player's (heat, table, place) per heat entered (:class:`PlayerHistory`),
    with the best margin of victory over their wins.
best finish
    A non-winner's best second (else third) place, as an alternate candidate
    (``places.BestFinish``).
deciding level
    The tie-break that settled a candidate's exact place in the call order
    (:func:`deciding_levels`).

Pure: no Django import.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from scoring.core.draw import Draw, as_draw
from scoring.core.ids import PlayerId
from scoring.core.places import BestFinish, HeatTable, TablePlaces, table_places

TableKey = tuple[int, int]


@dataclass(frozen=True)
class PlayerHistory:
    """A player's heat finishes (tournament.md, Advancement).

    ``finishes`` holds (heat, table, place) per heat entered, in heat order;
    ``best_margin`` is the largest margin of victory in florins over the
    player's wins (0 without a win).
    """

    finishes: tuple[tuple[int, int, int], ...]
    best_margin: int

    @functools.cached_property
    def wins(self) -> tuple[TableKey, ...]:
        """The (heat, table) of every win, in heat order."""
        return tuple((h, t) for h, t, place in self.finishes if place == 1)

    @functools.cached_property
    def average_finish(self) -> Fraction:
        """Mean place over all heats entered (a 2nd and two 3rds = 8/3)."""
        places = [p for _, _, p in self.finishes]
        return Fraction(sum(places), len(places))


def place_heats(
    tables: Iterable[HeatTable],
) -> tuple[dict[TableKey, TablePlaces], list[TableKey]]:
    """Place every table: ``({(heat, table): TablePlaces}, [empty tables])``.

    Keys come out in (heat, table) order whatever the input order. Raises
    ``ValueError`` when a (heat, table) is given twice or a table is invalid.
    """
    placed: dict[TableKey, TablePlaces] = {}
    empty: list[TableKey] = []
    seen: set[TableKey] = set()
    for t in sorted(tables, key=lambda t: (t.heat, t.table)):
        key = (t.heat, t.table)
        if key in seen:
            raise ValueError(f"heat {t.heat} table {t.table} given twice")
        seen.add(key)
        if t.records:
            placed[key] = table_places(t.records)
        else:
            empty.append(key)
    return placed, empty


def player_histories(
    placed: Mapping[TableKey, TablePlaces],
) -> dict[PlayerId, PlayerHistory]:
    """Return each player's :class:`PlayerHistory`, keyed by player.

    Raises ``ValueError`` when a player has two records in one heat.
    """
    finishes: dict[PlayerId, list[tuple[int, int, int]]] = defaultdict(list)
    labels: dict[PlayerId, str] = {}
    for (heat, table), places in sorted(placed.items()):
        for record in places.records:
            labels[record.player] = record.label
            finishes[record.player].append(
                (heat, table, places.place_of(record.player))
            )
    histories = {}
    for player, rows in finishes.items():
        heats = [h for h, _, _ in rows]
        if len(set(heats)) != len(heats):
            raise ValueError(
                f"{labels[player]} has two records in one heat: heats {heats}"
            )
        margins = [placed[h, t].margin_of_victory(player) for h, t, p in rows if p == 1]
        histories[player] = PlayerHistory(tuple(rows), max(margins, default=0))
    return histories


def rank_runners_up(
    histories: Mapping[PlayerId, PlayerHistory],
    placed: Mapping[TableKey, TablePlaces],
    seed: str | Draw,
) -> list[BestFinish]:
    """Every non-winner with a second or third place, best first (Advancement, 3).

    Seconds before thirds; within a place by final %, then day 2 %, then day 1 %
    (each against the same table winner; a missing day ranks below any recorded
    one), then the die roll. Heat winners are never candidates, whatever their
    second places. Absence is the caller's business.
    """
    found = []
    for player, history in histories.items():
        if not history.wins:
            best = _best_finish(player, history, placed, as_draw(seed))
            if best is not None:
                found.append(best)
    return sorted(found, key=lambda b: (b.key, b.player))


def _best_finish(
    player: PlayerId,
    history: PlayerHistory,
    placed: Mapping[TableKey, TablePlaces],
    draw: Draw,
) -> BestFinish | None:
    for place in (2, 3):
        finishes = [(h, t) for h, t, p in history.finishes if p == place]
        if not finishes:
            continue
        scored = [(_ratio_key(placed[f].percentages(player)), f) for f in finishes]
        ratios, (heat, table) = min(scored)
        key = (place, *ratios, -draw.roll("alternate", player))
        percent = placed[heat, table].percentages(player)[0]
        return BestFinish(player, place, heat, table, percent, key)
    return None


def _ratio_key(
    ratios: tuple[Fraction, Fraction | None, Fraction | None],
) -> tuple[Any, ...]:
    final, day2, day1 = ratios
    return (-final, *((1, 0) if r is None else (0, -r) for r in (day2, day1)))


def deciding_levels(keys: Sequence[tuple[Any, ...]]) -> list[int]:
    """For sorted equal-length keys, the level (1-based) that placed each one.

    A key's level is the deepest first-differing position against its
    neighbours: the tie-break that settled its exact place (0 for a lone key).
    Used to mark places decided by a tie-break or the die (Advancement, 7).
    """

    def split(a: tuple[Any, ...], b: tuple[Any, ...]) -> int:
        pairs = enumerate(zip(a, b, strict=True))
        return next((i + 1 for i, (x, y) in pairs if x != y), len(a))

    levels = []
    for i, key in enumerate(keys):
        around = [split(key, keys[j]) for j in (i - 1, i + 1) if 0 <= j < len(keys)]
        levels.append(max(around, default=0))
    return levels
