"""Heats: Most Wins (HMW), the ranking of heat winners (tournament.md, Advancement,
2): the eight tie-break levels, the seats for the winners present, and the lines
posted for them.

Words (see ``scoring.core.advancement``): a *listed* player is one on a posted
list with the reason for the place; *pared* winners are those cut by HMW when more
winners are present than seats, the first alternates in HMW order.

Pure: no Django import.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from heats.core.message import listed
from scoring.core import reasons, warnings_text
from scoring.core.draw import Draw
from scoring.core.finishes import PlayerHistory
from scoring.core.ids import PlayerId
from scoring.core.reasons import HMW_LEVELS, reason

__all__ = [
    "HMW_LEVELS",
    "Listed",
    "absent_winners",
    "added_by_gm",
    "hmw_key",
    "hmw_order",
    "seat_winners",
    "separating_levels",
    "win_reason",
    "winners_in_order",
]

_MANY_WINS = {
    2: reasons.DOUBLE_WINNER,
    3: reasons.TRIPLE_WINNER,
    4: reasons.QUADRUPLE_WINNER,
}


@dataclass(frozen=True)
class Listed:
    """A player on a posted list with the reason for the place (Advancement, 5);
    ``name`` is the player's name for display."""

    player: PlayerId
    reason: str
    name: str = ""

    @property
    def label(self) -> str:
        """The name, else the id: how text names the player."""
        return self.name or str(self.player)

    def to_json(self, with_ids: bool = False) -> dict[str, Any]:
        """Return ``{"player": name, "reason"}`` (and ``"player_id"`` with
        ``with_ids``)."""
        data: dict[str, Any] = {"player": self.label, "reason": self.reason}
        if with_ids:
            data["player_id"] = self.player
        return data


def winners_in_order(
    histories: Mapping[PlayerId, PlayerHistory], names: Mapping[PlayerId, str]
) -> list[PlayerId]:
    """Winners by their first win (heat, table); the name only orders the display
    of players tied for first at one table."""
    winners = [p for p, h in histories.items() if h.wins]
    return sorted(
        winners, key=lambda p: (histories[p].wins[0], names.get(p, ""), str(p))
    )


def hmw_key(player: PlayerId, history: PlayerHistory, draw: Draw) -> tuple[Any, ...]:
    """HMW sort key, best first (Advancement, 2.1-2.8)."""
    won = {h for h, _ in history.wins}
    heats = [h for h, _, _ in history.finishes]
    # Heat numbers are 1-based, so the padding 0 is never a heat won.
    first_four = (heats + [0] * 4)[:4]
    return (
        -len(history.wins),
        *(heat not in won for heat in first_four),
        -history.best_margin,
        history.average_finish,
        -draw.roll("hmw", player),
    )


def hmw_order(
    players: Iterable[PlayerId],
    histories: Mapping[PlayerId, PlayerHistory],
    draw: Draw,
) -> list[PlayerId]:
    """``players`` best first by the HMW tie-breakers (Advancement, 2), e.g. the
    alternates who won a semi-final table, for the laurels (tournament.md,
    Semi-final and final: "several such by their HMW order"). A player without
    a heat record (added by the GM) comes after every one with one, by id."""
    given = list(dict.fromkeys(players))
    known = sorted(
        (p for p in given if p in histories),
        key=lambda p: (hmw_key(p, histories[p], draw), str(p)),
    )
    return known + sorted((p for p in given if p not in histories), key=str)


def seat_winners(
    present: Sequence[PlayerId],
    histories: Mapping[PlayerId, PlayerHistory],
    seats: int,
    draw: Draw,
    names: Mapping[PlayerId, str],
) -> tuple[list[Listed], list[Listed], list[str]]:
    """Seat present winners; pare by HMW when there are more than seats."""
    if len(present) <= seats:
        return (
            [Listed(p, win_reason(histories[p]), names.get(p, "")) for p in present],
            [],
            [],
        )
    ranked = sorted(present, key=lambda p: (hmw_key(p, histories[p], draw), str(p)))
    keys = [hmw_key(p, histories[p], draw) for p in ranked]
    listed = []
    levels = separating_levels(keys, seats)
    for rank, (player, level) in enumerate(zip(ranked, levels, strict=True), 1):
        if level:
            why = reason(
                reasons.HMW_RANK_BY,
                rank=rank,
                level=level,
                criterion=HMW_LEVELS[level - 1],
            )
        else:
            why = reason(reasons.HMW_RANK, rank=rank)
        listed.append(Listed(player, why, names.get(player, "")))
    return listed[:seats], listed[seats:], _pared_warnings(listed, seats, draw)


def _pared_warnings(listed: list[Listed], seats: int, draw: Draw) -> list[str]:
    """The warnings of winners pared by HMW: how many were cut, and the winners
    whose rank the die decided (with the die's seed)."""
    warnings = [
        reason(
            warnings_text.WINNERS_CUT,
            present=len(listed),
            seats=seats,
            cut=len(listed) - seats,
        )
    ]
    dice = [
        reason(warnings_text.DIE_DECIDED_ITEM, name=x.label, reason=x.reason)
        for x in listed
        if reasons.ranked_by_die(x.reason)
    ]
    if dice:
        warnings.append(
            reason(
                warnings_text.DIE_DECIDED,
                seed=warnings_text.seed_field(draw.seed),
                players=reasons.joined(dice, warnings_text.COMMA),
            )
        )
    return warnings


def separating_levels(keys: Sequence[tuple[Any, ...]], seats: int) -> list[int]:
    """For HMW keys sorted best first, the level (1-based) each reason names.

    A seated player (rank <= ``seats``) is compared with the next one down: the
    level says what keeps the place. A cut player is compared with the one above:
    the level says what put the player behind. The level is the first tie-breaker
    at which the two differ (Advancement, 2.1-2.8); 0 for a lone key.
    """

    def first_split(a: tuple[Any, ...], b: tuple[Any, ...]) -> int:
        pairs = enumerate(zip(a, b, strict=True))
        return next((i + 1 for i, (x, y) in pairs if x != y), len(a))

    levels = []
    for i, key in enumerate(keys):
        j = i + 1 if i < seats else i - 1
        if not 0 <= j < len(keys):
            j = i - 1 if j > i else i + 1
        levels.append(first_split(key, keys[j]) if 0 <= j < len(keys) else 0)
    return levels


def added_by_gm(
    added: Sequence[PlayerId],
    seated: Sequence[Listed],
    away: Collection[PlayerId],
    names: Mapping[PlayerId, str],
) -> list[Listed]:
    """The GM's additions not already seated nor absent (Advancement, 5)."""
    on_list = {q.player for q in seated}
    return [
        Listed(p, reason(reasons.ADDED_BY_GM), names.get(p, ""))
        for p in dict.fromkeys(added)
        if p not in on_list and p not in away
    ]


def win_reason(history: PlayerHistory) -> str:
    """ "heat 1 table 3 winner", "double winner (heats 1, 2)" (reasons:
    ``scoring.core.reasons``)."""
    wins = history.wins
    if len(wins) == 1:
        return reason(reasons.HEAT_WINNER, heat=wins[0][0], table=wins[0][1])
    heats = listed([str(h) for h, _ in wins])
    if len(wins) in _MANY_WINS:
        return reason(_MANY_WINS[len(wins)], heats=heats)
    return reason(reasons.MANY_TIMES_WINNER, count=len(wins), heats=heats)


def absent_winners(
    winners: Sequence[PlayerId],
    away: Collection[PlayerId],
    histories: Mapping[PlayerId, PlayerHistory],
    names: Mapping[PlayerId, str],
) -> tuple[Listed, ...]:
    return tuple(
        Listed(
            w, reason(reasons.ABSENT, reason=win_reason(histories[w])), names.get(w, "")
        )
        for w in winners
        if w in away
    )
