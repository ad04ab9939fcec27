"""Alternates: who is called to an empty semi-final seat, in call order
(tournament.md, Advancement, 2 and 3): winners cut by HMW first, then second
places by percentage of their table winner's score, then third places; absent
candidates are passed over.

Words (see ``scoring.core.advancement``): the *queue* is every candidate best
first; *called* alternates take the empty seats, the *next alternates* are listed
after them.

Pure: no Django import.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from heats.core.message import listed
from scoring.core import reasons, warnings_text
from scoring.core.finishes import deciding_levels
from scoring.core.hmw import Listed
from scoring.core.ids import PlayerId
from scoring.core.places import BestFinish, display_percent


@dataclass(frozen=True)
class Alternate:
    """One alternate in call order (Advancement, 2 and 3).

    ``percent`` is the exact ratio of the player's final to the table winner's
    (1 = 100%), ``heat``/``table``/``place`` locate the finish it comes from (the
    player's best one at that place). For a winner cut by HMW all four are
    ``None``. ``reason`` is the line a GM posts.
    """

    player: PlayerId
    percent: Fraction | None
    heat: int | None
    table: int | None
    place: int | None
    reason: str
    name: str = ""

    @property
    def label(self) -> str:
        """The name, else the id: how text names the player."""
        return self.name or str(self.player)

    @property
    def display_percent(self) -> float | None:
        """The percentage rounded to one decimal (96.9), for display only."""
        return None if self.percent is None else display_percent(self.percent)

    def to_json(self, with_ids: bool = False) -> dict[str, Any]:
        """Return ``{"player": name, "percent", "heat", "table", "place",
        "reason"}`` (and ``"player_id"`` with ``with_ids``)."""
        data: dict[str, Any] = {
            "player": self.label,
            "percent": self.display_percent,
            "heat": self.heat,
            "table": self.table,
            "place": self.place,
            "reason": self.reason,
        }
        if with_ids:
            data["player_id"] = self.player
        return data


@dataclass(frozen=True)
class QueueEntry:
    """An entry of the alternates queue before it gets its number.

    ``key`` sorts candidates best first (see ``ALTERNATE_LEVELS``); it is empty
    for a winner cut by HMW, who is queued ahead of every candidate.
    """

    player: PlayerId
    percent: Fraction | None
    heat: int | None
    table: int | None
    place: int | None
    detail: str
    key: tuple[Any, ...]
    name: str


@dataclass(frozen=True)
class Called:
    alternates: tuple[Alternate, ...]
    next_alternates: tuple[Alternate, ...]
    skipped: tuple[Listed, ...]
    warnings: tuple[str, ...]


def call_queue(
    pared: Sequence[Listed],
    ranked: Sequence[BestFinish],
    away: Collection[PlayerId],
    names: Mapping[PlayerId, str],
) -> list[QueueEntry]:
    """Cut winners in HMW order, then present candidates (Advancement, 2-3)."""
    here = [b for b in ranked if b.player not in away]
    levels = deciding_levels([b.key for b in here])
    queue = [
        QueueEntry(
            p.player,
            None,
            None,
            None,
            None,
            reasons.reason(reasons.CUT_WINNER, reason=p.reason),
            (),
            p.name,
        )
        for p in pared
    ]
    queue += [
        QueueEntry(
            b.player,
            b.percent,
            b.heat,
            b.table,
            b.place,
            b.describe(lv),
            b.key,
            names.get(b.player, ""),
        )
        for b, lv in zip(here, levels, strict=True)
    ]
    return queue


def call_alternates(
    queue: Sequence[QueueEntry],
    ranked: Sequence[BestFinish],
    away: Collection[PlayerId],
    empty_seats: int,
    *,
    next_count: int,
    seed: str,
    names: Mapping[PlayerId, str],
) -> Called:
    """Number the queue: the first ``empty_seats`` are called, the next
    ``next_count`` listed after them; absent candidates ranked above the cut-off
    are skipped (``seed``: the die's, named in a warning)."""
    shown = queue[: empty_seats + next_count]
    alternates = [
        Alternate(
            o.player,
            o.percent,
            o.heat,
            o.table,
            o.place,
            reasons.reason(reasons.ALTERNATE, number=n, detail=o.detail),
            o.name,
        )
        for n, o in enumerate(shown, 1)
    ]
    unshown = [o.key for o in queue[len(shown) :] if o.key]
    skipped = tuple(
        Listed(
            b.player,
            reasons.reason(reasons.PASSED_OVER, detail=b.describe()),
            names.get(b.player, ""),
        )
        for b in ranked
        if b.player in away and (not unshown or b.key < unshown[0])
    )
    return Called(
        alternates=tuple(alternates[:empty_seats]),
        next_alternates=tuple(alternates[empty_seats:]),
        skipped=skipped,
        warnings=_call_warnings(alternates, empty_seats, seed),
    )


def _call_warnings(
    alternates: Sequence[Alternate], empty_seats: int, seed: str
) -> tuple[str, ...]:
    warnings = []
    if len(alternates) < empty_seats:
        unfilled = empty_seats - len(alternates)
        warnings.append(
            reasons.counted(warnings_text.SEATS_LEFT_EMPTY, "count", count=unfilled)
        )
    dice = [a.label for a in alternates if reasons.placed_by_die(a.reason)]
    if dice:
        warnings.append(
            reasons.reason(
                warnings_text.DIE_PLACED,
                seed=warnings_text.seed_field(seed),
                names=listed(dice),
            )
        )
    unrecorded = [a.label for a in alternates if reasons.against_unrecorded(a.reason)]
    if unrecorded:
        names = listed(unrecorded)
        warnings.append(reasons.reason(warnings_text.TIE_AGAINST_MISSING, names=names))
    return tuple(warnings)
