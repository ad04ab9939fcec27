"""Places at one heat table, and the percentages alternates are ranked by (each
player's finishes across the heats: ``scoring.core.finishes``).

Pure module: no Django import. The results import and ``scoring.core.advancement`` both
build on it.

Words (spec/tournament.md, "Words" and "Recording a table"):

player record
    One player's result at one table (:class:`PlayerResult`): the final score in
    florins and, when recorded, the scores after day 1 and day 2.
place
    A player's finish at the table. Places follow the final score, higher first;
    equal scores share a place and the next place skips the shared ones
    (competition ranking: 100, 100, 90 gives 1, 1, 3).
tie for first
    Two or more players sharing place 1. The GM resolves it by declaring one of
    them the winner (``declared_place == 1`` on exactly one tied record); that
    player is then the sole winner and the other tied players share place 2.
    Until resolved, every tied player counts as a winner and the table carries a
    warning.
winner score
    The table's top final score, the denominator of every percentage at that
    table (all tied winners share it). At the intermediate days it is the table
    winner's own day-1 / day-2 score; for an unresolved tie, the highest of the
    tied winners' scores that day (the stricter comparison).
percentage of the winner
    A score divided by the winner score of the same table and the same day, kept
    as an exact :class:`~fractions.Fraction` (tournament.md, Advancement, 6). A
    zero denominator counts as 100% (Advancement, 3: "a table whose winner scored
    0 gives its runner-up 100%"; the same reading is applied to days 1 and 2).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from heats.core.message import listed
from scoring.core import reasons, warnings_text
from scoring.core.ids import PlayerId
from scoring.core.reasons import ALTERNATE_LEVELS

__all__ = [
    "ALTERNATE_LEVELS",
    "BestFinish",
    "HeatTable",
    "PlayerId",
    "PlayerResult",
    "TablePlaces",
    "display_percent",
    "percent_of",
    "table_places",
]


@dataclass(frozen=True)
class PlayerResult:
    """One player record at one heat table.

    ``player`` is the player's id (``PlayerId``), unique within the event;
    ``name`` is only for the text of warnings and errors (the id when empty).
    ``final``, ``day1`` and ``day2`` are florins (integers >= 0; the day scores
    are optional). ``declared_place`` is the place the GM declared; only
    ``declared_place == 1`` is read, to resolve a tie for first (tournament.md,
    Recording a table).
    """

    player: PlayerId
    final: int
    day1: int | None = None
    day2: int | None = None
    declared_place: int | None = None
    name: str = ""

    @property
    def label(self) -> str:
        """The player as messages name them: ``name``, else the key itself."""
        return self.name or str(self.player)


@dataclass(frozen=True)
class HeatTable:
    """The records of one heat table.

    ``heat`` is the heat number (1-based; a player's first heat entered is the
    lowest heat number among their records), ``table`` the table number within
    the heat, ``records`` one :class:`PlayerResult` per seated player, in any
    order.
    """

    heat: int
    table: int
    records: tuple[PlayerResult, ...]


@dataclass(frozen=True)
class TablePlaces:
    """The places at one table (tournament.md, Recording a table).

    ``places`` maps player key -> place (1-based, competition ranking);
    ``winners`` holds the player keys at place 1 (more than one only for an
    unresolved tie for first, flagged by ``unresolved_tie``); ``winner_final``,
    ``winner_day1`` and ``winner_day2`` are the winner scores in florins used as
    the percentage denominators (``None`` when a day was not recorded);
    ``warnings`` are GM-readable messages without the heat/table prefix.
    """

    records: tuple[PlayerResult, ...]
    places: Mapping[PlayerId, int]
    winners: tuple[PlayerId, ...]
    winner_final: int
    winner_day1: int | None
    winner_day2: int | None
    unresolved_tie: bool
    warnings: tuple[str, ...] = ()

    def place_of(self, player: PlayerId) -> int:
        """Return the place of ``player``; ``KeyError`` if not at this table."""
        return self.places[player]

    def at_place(self, place: int) -> tuple[PlayerResult, ...]:
        """Return the records finishing at ``place`` (empty if nobody did)."""
        return tuple(r for r in self.records if self.places[r.player] == place)

    def margin_of_victory(self, player: PlayerId) -> int:
        """Florins between ``player``'s final and the best other final here.

        Used for HMW level 6 (tournament.md, Advancement, 2.6): the winner's
        final minus the runner-up's. A tied winner's margin is 0. ``KeyError``
        if ``player`` is not at this table.
        """
        own = self.records[self._index(player)].final
        others = [r.final for r in self.records if r.player != player]
        return own - max(others, default=0)

    def percentages(
        self, player: PlayerId
    ) -> tuple[Fraction, Fraction | None, Fraction | None]:
        """Return ``player``'s (final, day 2, day 1) as exact winner fractions.

        A day is ``None`` when the player's or the winner's score for it is
        missing. Source: tournament.md, Advancement, 3 and 6.
        """
        record = self.records[self._index(player)]
        return (
            percent_of(record.final, self.winner_final),
            _optional_percent(record.day2, self.winner_day2),
            _optional_percent(record.day1, self.winner_day1),
        )

    def _index(self, player: PlayerId) -> int:
        for index, record in enumerate(self.records):
            if record.player == player:
                return index
        raise KeyError(player)


def percent_of(score: int, winner_score: int) -> Fraction:
    """Return ``score / winner_score`` as an exact fraction (1 = 100%).

    Florins in, a ratio out; a zero ``winner_score`` gives 1 (tournament.md,
    Advancement, 3). Never round before comparing (Advancement, 6).
    """
    if winner_score == 0:
        return Fraction(1)
    return Fraction(score, winner_score)


def display_percent(ratio: Fraction) -> float:
    """Return ``ratio`` as a percentage rounded half up to one decimal.

    For display only (96.9 for 94/97); comparisons use the exact ratio
    (tournament.md, Advancement, 6).
    """
    # floor(ratio * 1000 + 1/2) in integers: the same value, no Fraction made.
    num, den = ratio.numerator, ratio.denominator
    return (2000 * num + den) // (2 * den) / 10


def table_places(records: Sequence[PlayerResult]) -> TablePlaces:
    """Return the places at one table (tournament.md, Recording a table).

    ``records``: the table's player records, in any order. Places follow the
    final score with shared places for equal scores; a tie for first is resolved
    by ``declared_place == 1`` on exactly one tied record. A declaration on a
    player not tied for first, or on several tied players, is ignored with a
    warning. Raises ``ValueError`` for an empty table, a repeated player key or a
    negative score.
    """
    _validate(records)
    top = max(r.final for r in records)
    tied = [r for r in records if r.final == top]
    declared = [r for r in tied if r.declared_place == 1]
    warnings = _declaration_warnings(records, tied, declared)
    sole = declared[0] if len(tied) > 1 and len(declared) == 1 else None
    places = {r.player: 1 + sum(o.final > r.final for o in records) for r in records}
    if sole is not None:
        places.update({r.player: 2 for r in tied if r is not sole})
    winners = tuple(r for r in records if places[r.player] == 1)
    unresolved = len(winners) > 1
    if unresolved:
        names = listed(sorted(r.label for r in winners))
        warnings.append(reasons.reason(warnings_text.TIE_UNRESOLVED, names=names))
    return TablePlaces(
        records=tuple(records),
        places=MappingProxyType(places),
        winners=tuple(r.player for r in winners),
        winner_final=top,
        winner_day1=_top_day(r.day1 for r in winners),
        winner_day2=_top_day(r.day2 for r in winners),
        unresolved_tie=unresolved,
        warnings=tuple(warnings),
    )


def _validate(records: Sequence[PlayerResult]) -> None:
    if not records:
        raise ValueError("a table needs at least one player record")
    keys = [r.player for r in records]
    if len(set(keys)) != len(keys):
        twice = sorted(r.label for r in records if keys.count(r.player) > 1)
        raise ValueError(f"a player appears twice at one table: {twice}")
    for r in records:
        scores = (r.final, r.day1, r.day2)
        if any(s is not None and s < 0 for s in scores):
            raise ValueError(f"negative score for {r.label}: {scores}")


def _declaration_warnings(
    records: Sequence[PlayerResult],
    tied: Sequence[PlayerResult],
    declared: Sequence[PlayerResult],
) -> list[str]:
    warnings = []
    stray = [r.label for r in records if r.declared_place == 1 and r not in tied]
    if stray:
        names = listed(sorted(stray))
        warnings.append(reasons.reason(warnings_text.DECLARED_NOT_TIED, names=names))
    if len(tied) > 1 and len(declared) > 1:
        names = listed(sorted(r.label for r in declared))
        warnings.append(reasons.reason(warnings_text.DECLARED_SEVERAL, names=names))
    return warnings


def _top_day(scores: Iterable[int | None]) -> int | None:
    values = list(scores)
    known = [s for s in values if s is not None]
    if not known or len(known) < len(values):
        return None
    return max(known)


def _optional_percent(score: int | None, winner_score: int | None) -> Fraction | None:
    if score is None or winner_score is None:
        return None
    return percent_of(score, winner_score)


@dataclass(frozen=True)
class BestFinish:
    """A non-winner's best second (else third) place, as an alternate candidate.

    ``percent`` is the exact final ratio to the table winner (1 = 100%); ``key``
    sorts candidates best first, one element per ``ALTERNATE_LEVELS`` entry.
    """

    player: PlayerId
    place: int
    heat: int
    table: int
    percent: Fraction
    key: tuple[Any, ...]

    def describe(self, level: int = 0) -> str:
        """The posted line: "96.9% of winner, heat 1 table 10" (+ tie-break).

        ``level`` is this candidate's deciding level in the call order (see
        ``scoring.core.finishes.deciding_levels``); past the final % it names the
        tie-break.
        """
        third = self.place == 3
        where = {
            "percent": reasons.percent_field(display_percent(self.percent)),
            "heat": self.heat,
            "table": self.table,
        }
        if level == len(ALTERNATE_LEVELS):
            die = reasons.THIRD_DIE if third else reasons.SECOND_DIE
            return reasons.reason(die, **where)
        if level in (3, 4):
            if self.key[level - 1] == (1, 0):
                tie = (
                    reasons.THIRD_TIE_UNRECORDED
                    if third
                    else reasons.SECOND_TIE_UNRECORDED
                )
            else:
                tie = reasons.THIRD_TIE if third else reasons.SECOND_TIE
            return reasons.reason(tie, **where, level=ALTERNATE_LEVELS[level - 1])
        return reasons.reason(reasons.THIRD if third else reasons.SECOND, **where)
