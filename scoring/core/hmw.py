"""Heats: Most Wins (HMW), the ranking of heat winners (tournament.md, Advancement,
2): the tie-break levels of the event's order, the seats for the winners present,
and the lines posted for them.

Words (see ``scoring.core.advancement``): a *listed* player is one on a posted
list with the reason for the place; *pared* winners are those cut by HMW when more
winners are present than seats, the first alternates in HMW order. The *order* is
the event's tie-break order (``heats.core.tiebreaks``: ``bpa``, the eight levels,
or ``margin-die``, without the best average finish). The die *decided* a winner
when the winners level with them on every other tie-breaker were not all seated
(the die chose who advances) or, when cut winners are called as alternates, were
all cut (the die set the call order): a die that only ordered players who all got
in decided nothing.

Pure: no Django import.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from heats.core.message import listed
from heats.core.tiebreaks import BPA, DEFAULT_TIEBREAKS, MARGIN_DIE, check_tiebreaks
from scoring.core import reasons, warnings_text
from scoring.core.draw import Draw
from scoring.core.finishes import PlayerHistory, deciding_levels
from scoring.core.ids import PlayerId
from scoring.core.reasons import HMW_LEVELS, reason

__all__ = [
    "HMW_LEVELS",
    "ORDER_LEVELS",
    "HmwRanking",
    "Listed",
    "absent_winners",
    "added_by_gm",
    "die_decided",
    "hmw_key",
    "hmw_order",
    "seat_winners",
    "win_reason",
    "winners_in_order",
]

# Each tie-break order's levels, by name, best first (heats.core.tiebreaks).
ORDER_LEVELS: dict[str, tuple[str, ...]] = {
    BPA: tuple(HMW_LEVELS),
    MARGIN_DIE: (*HMW_LEVELS[:6], HMW_LEVELS[7]),
}

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


def hmw_key(
    player: PlayerId,
    history: PlayerHistory,
    draw: Draw,
    order: str = DEFAULT_TIEBREAKS,
) -> tuple[Any, ...]:
    """HMW sort key, best first, one item per level of ``order`` (Advancement,
    2.1-2.8 for ``bpa``; ``margin-die`` leaves out the best average finish).
    ValueError for an unknown order."""
    check_tiebreaks(order)
    won = {h for h, _ in history.wins}
    heats = [h for h, _, _ in history.finishes]
    # Heat numbers are 1-based, so the padding 0 is never a heat won.
    first_four = (heats + [0] * 4)[:4]
    average = (history.average_finish,) if order == BPA else ()
    return (
        -len(history.wins),
        *(heat not in won for heat in first_four),
        -history.best_margin,
        *average,
        -draw.roll("hmw", player),
    )


def hmw_order(
    players: Iterable[PlayerId],
    histories: Mapping[PlayerId, PlayerHistory],
    draw: Draw,
    order: str = DEFAULT_TIEBREAKS,
) -> list[PlayerId]:
    """``players`` best first by the HMW tie-breakers of ``order`` (Advancement,
    2), e.g. the alternates who won a semi-final table, for the laurels
    (tournament.md, Semi-final and final: "several such by their HMW order"). A
    player without a heat record (added by the GM) comes after every one with
    one, by id."""
    return HmwRanking(histories, draw, order).ranked(players)


@dataclass(frozen=True)
class HmwRanking:
    """The HMW ranking of an event: every player's heat ``histories``, the
    event's ``draw`` and its tie-break ``order``."""

    histories: Mapping[PlayerId, PlayerHistory]
    draw: Draw
    order: str = DEFAULT_TIEBREAKS

    def key(self, player: PlayerId) -> tuple[Any, ...]:
        """``player``'s HMW key (:func:`hmw_key`); KeyError without a history."""
        return hmw_key(player, self.histories[player], self.draw, self.order)

    def ranked(self, players: Iterable[PlayerId]) -> list[PlayerId]:
        """``players`` best first; those without a heat record last, by id."""
        given = list(dict.fromkeys(players))
        known = sorted(
            (p for p in given if p in self.histories),
            key=lambda p: (self.key(p), str(p)),
        )
        return known + sorted((p for p in given if p not in self.histories), key=str)

    def levels(self, ranked: Sequence[PlayerId]) -> dict[PlayerId, int]:
        """For players best first (:meth:`ranked`), the level (1-based) that set
        each one's exact place: the deepest at which it first differs from a
        player beside it (``scoring.core.finishes.deciding_levels``; 0 alone,
        or for a player without a heat record, whom no level places). A player
        the die ordered against a neighbour reads the die, even where another
        level parts it from its other neighbour."""
        known = [p for p in ranked if p in self.histories]
        levels = deciding_levels([self.key(p) for p in known])
        found = dict(zip(known, levels, strict=True))
        return {p: found.get(p, 0) for p in ranked}

    def criterion(self, level: int) -> str:
        """The name of ``level`` (1-based) under the order: "die roll"."""
        return ORDER_LEVELS[self.order][level - 1]


def seat_winners(
    present: Sequence[PlayerId],
    histories: Mapping[PlayerId, PlayerHistory],
    seats: int,
    draw: Draw,
    names: Mapping[PlayerId, str],
    *,
    order: str = DEFAULT_TIEBREAKS,
    calls: bool = True,
) -> tuple[list[Listed], list[Listed], list[str]]:
    """Seat present winners; pare by HMW (tie-break ``order``) when there are
    more than seats. Each rank's reason names the level that set it against the
    winners beside it; the die's warning names only the winners it decided
    (module docstring; ``calls``: the cut winners are called as alternates, as
    under ``hmw``, so the die's order among them counts)."""
    if len(present) <= seats:
        return (
            [Listed(p, win_reason(histories[p]), names.get(p, "")) for p in present],
            [],
            [],
        )
    ranking = HmwRanking(histories, draw, order)
    ranked = ranking.ranked(present)
    levels = ranking.levels(ranked)
    listed = []
    for rank, player in enumerate(ranked, 1):
        level = levels[player]
        if level:
            why = reason(
                reasons.HMW_RANK_BY,
                rank=rank,
                level=level,
                criterion=ranking.criterion(level),
            )
        else:
            why = reason(reasons.HMW_RANK, rank=rank)
        listed.append(Listed(player, why, names.get(player, "")))
    decided = die_decided([ranking.key(p) for p in ranked], seats, calls)
    dice = [x for x, by_die in zip(listed, decided, strict=True) if by_die]
    return listed[:seats], listed[seats:], _pared_warnings(listed, seats, draw, dice)


def _pared_warnings(
    listed: list[Listed], seats: int, draw: Draw, dice: list[Listed]
) -> list[str]:
    """The warnings of winners pared by HMW: how many were cut, and the winners
    the die decided (``dice``, with the die's seed)."""
    warnings = [
        reason(
            warnings_text.WINNERS_CUT,
            present=len(listed),
            seats=seats,
            cut=len(listed) - seats,
        )
    ]
    items = [
        reason(warnings_text.DIE_DECIDED_ITEM, name=x.label, reason=x.reason)
        for x in dice
    ]
    if items:
        warnings.append(
            reason(
                warnings_text.DIE_DECIDED,
                seed=warnings_text.seed_field(draw.seed),
                players=reasons.joined(items, warnings_text.COMMA),
            )
        )
    return warnings


def die_decided(keys: Sequence[tuple[Any, ...]], seats: int, calls: bool) -> list[bool]:
    """For HMW keys sorted best first (the die roll last), whether the die
    decided each place: the player is level on every other tie-breaker with a
    neighbour, and that group of level players holds both seated (rank <=
    ``seats``) and cut ones, or, with ``calls``, only cut ones (their call
    order as alternates). Source: tournament.md, Advancement, 2 and 7."""
    decided = [False] * len(keys)
    start = 0
    while start < len(keys):
        end = start + 1
        while end < len(keys) and keys[end][:-1] == keys[start][:-1]:
            end += 1
        straddles = start < seats < end
        if end - start > 1 and (straddles or (calls and start >= seats)):
            decided[start:end] = [True] * (end - start)
        start = end
    return decided


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
