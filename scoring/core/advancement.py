"""Advancement from the heats to the semi-final (or straight to the final).

Pure module: no Django import. Source: spec/tournament.md, "Advancement to the
semi-final" (cited below as "Advancement, n"), and seed 001 ("All winners
advance ...").

Words:

winner
    A distinct player who won at least one heat table (place 1 in
    ``scoring.core.places``; every player of an unresolved tie for first counts). A
    double winner counts once.
player
    A player id (``scoring.core.places.PlayerId``): every input and output names
    players by id. Names come in with the records (``PlayerResult.name``) and
    ``AdvancementSettings.names``, only for the text of reasons and warnings and
    for ``to_json``; die rolls come from draw keys (``AdvancementSettings.draws``).
present / absent
    Present means checked in for the semi-final. The caller passes the absent
    player ids; an absent player is never seated, skipped when called, and left
    out of ``winners_present`` and the HMW ranking. Absence changes nothing else:
    heat results, places, margins and average finishes stay as recorded
    (Advancement, 9), and absent players still count as participants.
participants
    Distinct players with at least one heat record. ``cap`` is half of them,
    rounded down (BPA rule, Advancement, 1).
heat entered
    A heat in which the player has a record. A seat someone else took over before
    play (an absent player's seat refilled at the seating) is not an entry: only
    records count, so the "first heat entered" is the lowest heat number among
    the player's records.
HMW
    "Heats: Most Wins", the eight tie-break levels that rank winners when there
    are more present than seats (Advancement, 2). Only present winners are
    ranked; winners cut this way ("pared") are the first alternates, in HMW
    order, ahead of any second place.
alternate
    A non-winner called to an empty seat: second places ranked by percentage of
    their table winner's final score, then third places (Advancement, 3). The
    call order is ``alternates`` (called now) followed by ``next_alternates``.
die roll
    A draw from ``random.Random(f"{seed}|{purpose}|{player}")``: reproducible from
    the event's recorded seed and independent of input order. It is used only
    after every deterministic level ties, and every place it decides says so
    (Advancement, 7).
provisional
    Some heat table has no results; the list may still change (Advancement, 8).

Readings of the spec where it leaves a choice:

- An absent winner's table keeps its results: its runner-up stays a second place
  measured against the absent winner's score (never promoted to winner), and
  everyone else's margins, places and average finishes are unchanged.
- HMW reasons name the level that fixed each rank against its neighbours;
  alternates' reasons name the tie-break when it went past the final %.
- ``next_alternates`` counts entries of the call queue, cut winners included.
- Seconds and thirds only; if both run out, seats stay empty with a warning
  (the GM may override, Advancement, 5).
- The final of a "no semi-final" event is not held to the half cap.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from scoring.core.alternates import Alternate, Called, call_alternates, call_queue
from scoring.core.draw import Draw
from scoring.core.hmw import (
    HMW_LEVELS,
    Listed,
    absent_winners,
    added_by_gm,
    seat_winners,
    winners_in_order,
)
from scoring.core.ids import PlayerId
from scoring.core.places import (
    ALTERNATE_LEVELS,
    HeatTable,
    PlayerHistory,
    PlayerResult,
    TableKey,
    TablePlaces,
    place_heats,
    player_histories,
    rank_runners_up,
    table_places,
)

__all__ = [
    "ALTERNATE_LEVELS",
    "DEFAULT_SETTINGS",
    "HMW_LEVELS",
    "Advancement",
    "AdvancementSettings",
    "Alternate",
    "HeatTable",
    "Listed",
    "PlayerResult",
    "advance",
    "semi_final_size",
    "table_places",
]


FINAL_MIN = 4
FINAL_MAX = 6


def _standard_layouts() -> Mapping[int, tuple[int, ...]]:
    return MappingProxyType(
        {
            16: (4, 4, 4, 4),
            20: (5, 5, 5, 5),
            25: (5, 5, 5, 5, 5),
            30: (5, 5, 5, 5, 5, 5),
            36: (6, 6, 6, 6, 6, 6),
        }
    )


@dataclass(frozen=True)
class AdvancementSettings:
    """Event settings for advancement.

    ``layouts`` maps each standard semi-final size (players) to its table sizes
    (Advancement, 1; configurable); ``seed`` is the event's recorded seed for die
    rolls (Advancement, 7) and ``draws`` each player's draw key
    (``scoring.core.draw.Draw``); ``names`` names players for the text of reasons
    and warnings (a player at a heat table is named by the record's
    ``PlayerResult.name``); ``next_alternates`` is how many
    further alternates to list after those called (Advancement, 5).
    ``forced_size`` is the GM's override of the semi-final size (one of
    ``layouts``; Advancement, 5), ``None`` for the recommendation. Raises
    ``ValueError`` when a layout does not add up to its size or has a table
    outside 4-6 players, or ``forced_size`` is not a layout.
    """

    layouts: Mapping[int, tuple[int, ...]] = field(default_factory=_standard_layouts)
    seed: str = "0"
    draws: Mapping[PlayerId, str] = field(default_factory=dict)
    names: Mapping[PlayerId, str] = field(default_factory=dict)
    next_alternates: int = 3
    forced_size: int | None = None

    def __post_init__(self) -> None:
        for size, layout in self.layouts.items():
            if sum(layout) != size or not all(4 <= t <= 6 for t in layout):
                raise ValueError(f"layout {layout} does not seat {size} in 4-6s")
        if self.next_alternates < 0:
            raise ValueError("next_alternates must be >= 0")
        if self.forced_size is not None and self.forced_size not in self.layouts:
            sizes = ", ".join(str(s) for s in sorted(self.layouts))
            raise ValueError(
                f"a semi-final of {self.forced_size} has no layout (sizes: {sizes})"
            )


DEFAULT_SETTINGS = AdvancementSettings()


@dataclass(frozen=True)
class Advancement:
    """The recommended semi-final (or final) list (Advancement, 1-9).

    ``semi_size`` is the semi-final size in players, 0 when there is none;
    ``tables`` the table sizes of the semi-final, or ``(final size,)`` when
    ``final_only``. ``winners_present`` counts present winners; ``cap`` is
    ``participants // 2``. ``qualifiers`` lists every seated player (winners,
    then called alternates); ``alternates`` and ``next_alternates`` are in call
    order; ``pared`` are the winners cut by HMW in rank order; ``skipped`` the
    absent winners and the absent players passed over when calling alternates.
    ``double_winners`` holds every player with two or more wins, absent or not.
    ``names`` names every player of the list, for display (``name``).
    """

    semi_size: int
    tables: tuple[int, ...]
    final_only: bool
    winners_present: int
    cap: int
    participants: int
    qualifiers: tuple[Listed, ...]
    alternates: tuple[Alternate, ...]
    next_alternates: tuple[Alternate, ...]
    pared: tuple[Listed, ...]
    skipped: tuple[Listed, ...]
    winners: tuple[PlayerId, ...]
    double_winners: tuple[PlayerId, ...]
    warnings: tuple[str, ...]
    provisional: bool
    missing_tables: tuple[TableKey, ...]
    names: Mapping[PlayerId, str] = field(default_factory=dict)

    def name(self, player: PlayerId) -> str:
        """The name of ``player`` for display (the id when unknown)."""
        return self.names.get(player, str(player))

    @property
    def seats(self) -> int:
        """Seats in the recommended round (players)."""
        return sum(self.tables)

    def to_json(self, with_ids: bool = False) -> dict[str, Any]:
        """Return the list as JSON-ready data (percent rounded to 0.1), players
        by name; ``with_ids`` adds each row's ``"player_id"`` and the
        ``"double_winner_ids"``, for the app's own comparisons."""
        parts = ("qualifiers", "alternates", "next_alternates", "pared", "skipped")
        data: dict[str, Any] = {
            "semi_size": self.semi_size,
            "tables": list(self.tables),
            "final_only": self.final_only,
            "winners_present": self.winners_present,
            "cap": self.cap,
            "participants": self.participants,
            **{
                part: [row.to_json(with_ids) for row in getattr(self, part)]
                for part in parts
            },
            "double_winners": [self.name(p) for p in self.double_winners],
            "warnings": list(self.warnings),
            "provisional": self.provisional,
            "missing_tables": [list(t) for t in self.missing_tables],
        }
        if with_ids:
            data["double_winner_ids"] = list(self.double_winners)
        return data


def semi_final_size(
    winners_present: int,
    participants: int,
    layouts: Mapping[int, tuple[int, ...]] = DEFAULT_SETTINGS.layouts,
) -> int:
    """Return the semi-final size in players, or 0 when there is no semi-final.

    The smallest standard size holding all present winners, never above half of
    the participants (then the largest standard size that is not); 0 when at
    most 6 winners are present or no standard size fits under the cap
    (Advancement, 1 and 4).
    """
    cap = participants // 2
    sizes = sorted(layouts)
    under_cap = [s for s in sizes if s <= cap]
    if winners_present <= FINAL_MAX or not under_cap:
        return 0
    holding = [s for s in sizes if s >= winners_present]
    size = holding[0] if holding else sizes[-1]
    return size if size <= cap else under_cap[-1]


def advance(
    tables: Sequence[HeatTable],
    absent: Collection[PlayerId] = (),
    settings: AdvancementSettings = DEFAULT_SETTINGS,
    missing_tables: Sequence[TableKey] = (),
    pending_players: Collection[PlayerId] = (),
    added: Sequence[PlayerId] = (),
) -> Advancement:
    """Recommend the semi-final (or final) list (tournament.md, Advancement).

    ``tables``: every heat table with results, in any order; a table with no
    records counts as missing. ``absent``: player ids not checked in.
    ``missing_tables``: (heat, table) pairs still without results; any makes the
    result provisional. ``pending_players``: players seated at those tables, who
    count as participants (they played a heat) before their result is in.
    ``added``: players the GM put on the list (Advancement, 5), seated after the
    winners and ahead of every alternate. With no
    table at all there is nothing to recommend: no seats and a warning. Input
    order never changes the result. Raises
    ``ValueError`` for a repeated (heat, table), a player with two records in one
    heat, or an invalid table (see ``scoring.core.places.table_places``).
    """
    placed, empty = place_heats(tables)
    missing = tuple(sorted(set(missing_tables) | set(empty)))
    if not placed and not missing:
        return _nothing_yet()
    field = _field(tables, placed, absent, pending_players, settings)
    semi = settings.forced_size or semi_final_size(
        len(field.present), field.participants, settings.layouts
    )
    layout = settings.layouts[semi] if semi else (_final_size(len(field.present)),)
    draw = Draw(settings.seed, settings.draws)
    seated, pared, warnings = seat_winners(
        field.present, field.histories, sum(layout), draw, field.names
    )
    seated += added_by_gm(added, seated, field.away, field.names)
    warnings += _size_warnings(settings, semi, len(seated), sum(layout))
    ranked = rank_runners_up(field.histories, placed, draw)
    queue = [
        entry
        for entry in call_queue(pared, ranked, field.away, field.names)
        if entry.player not in set(added)
    ]
    called = call_alternates(
        queue,
        ranked,
        field.away,
        max(0, sum(layout) - len(seated)),
        next_count=settings.next_alternates,
        seed=settings.seed,
        names=field.names,
    )
    warnings = [*_table_warnings(placed, missing, field), *warnings, *called.warnings]
    return _advancement(
        field, semi, tuple(layout), seated, pared, called, warnings, missing
    )


def _advancement(
    field: _Field,
    semi: int,
    layout: tuple[int, ...],
    seated: list[Listed],
    pared: list[Listed],
    called: Called,
    warnings: list[str],
    missing: tuple[TableKey, ...],
) -> Advancement:
    """The list as ``advance`` returns it, from the parts it worked out."""
    return Advancement(
        semi_size=semi,
        tables=layout,
        final_only=semi == 0,
        winners_present=len(field.present),
        cap=field.participants // 2,
        participants=field.participants,
        qualifiers=(
            *seated,
            *(Listed(a.player, a.reason, a.name) for a in called.alternates),
        ),
        alternates=called.alternates,
        next_alternates=called.next_alternates,
        pared=tuple(pared),
        skipped=absent_winners(field.winners, field.away, field.histories, field.names)
        + called.skipped,
        winners=tuple(field.winners),
        double_winners=tuple(
            w for w in field.winners if len(field.histories[w].wins) > 1
        ),
        warnings=tuple(warnings),
        provisional=bool(missing),
        missing_tables=missing,
        names=MappingProxyType(field.names),
    )


@dataclass(frozen=True)
class _Field:
    """Who played the heats: each player's history and name, the participants'
    count, the absent, and the winners (all, and those present) in display
    order."""

    histories: Mapping[PlayerId, PlayerHistory]
    names: dict[PlayerId, str]
    participants: int
    away: frozenset[PlayerId]
    winners: list[PlayerId]
    present: list[PlayerId]


def _field(
    tables: Sequence[HeatTable],
    placed: Mapping[TableKey, TablePlaces],
    absent: Collection[PlayerId],
    pending: Collection[PlayerId],
    settings: AdvancementSettings,
) -> _Field:
    histories = player_histories(placed)
    names = _names(tables, settings.names)
    away = frozenset(absent)
    winners = winners_in_order(histories, names)
    return _Field(
        histories=histories,
        names=names,
        participants=len(set(histories) | set(pending)),
        away=away,
        winners=winners,
        present=[w for w in winners if w not in away],
    )


def _size_warnings(
    settings: AdvancementSettings, semi: int, listed: int, seats: int
) -> list[str]:
    warnings = []
    if settings.forced_size:
        warnings.append(f"semi-final size {semi} set by the GM")
    if listed > seats:
        warnings.append(f"the list holds {listed} for {seats} seats")
    return warnings


def _names(
    tables: Sequence[HeatTable], given: Mapping[PlayerId, str]
) -> dict[PlayerId, str]:
    """Every player's name for display: the records' names, else ``given``."""
    names = dict(given)
    names.update((r.player, r.label) for t in tables for r in t.records if r.name)
    return names


def _nothing_yet() -> Advancement:
    """The recommendation before any heat is seated: no seats, one warning."""
    return Advancement(
        semi_size=0,
        tables=(),
        final_only=False,
        winners_present=0,
        cap=0,
        participants=0,
        qualifiers=(),
        alternates=(),
        next_alternates=(),
        pared=(),
        skipped=(),
        winners=(),
        double_winners=(),
        warnings=("no heat results yet",),
        provisional=True,
        missing_tables=(),
    )


def _final_size(winners_present: int) -> int:
    return min(max(winners_present, FINAL_MIN), FINAL_MAX)


def _table_warnings(
    placed: Mapping[TableKey, TablePlaces],
    missing: Sequence[TableKey],
    field: _Field,
) -> tuple[str, ...]:
    warnings = [
        f"heat {h} table {t}: {w}" for (h, t), p in placed.items() for w in p.warnings
    ]
    warnings += [f"provisional: no results for heat {h} table {t}" for h, t in missing]
    never = set(field.away) - set(field.histories)
    unknown = sorted(field.names.get(p, str(p)) for p in never)
    if unknown:
        warnings.append(f"absent but never in a heat: {', '.join(unknown)}")
    return tuple(warnings)
