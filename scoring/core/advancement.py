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
- Seconds and thirds only; if both run out, or every one left is absent, the
  seats stay empty with a warning (the GM may override, Advancement, 5), and
  come off the tables (``scoring.core.sizes.short_tables``: 2017's 24 in
  5+5+5+5+4), so ``tables`` always adds up to the players listed.
- The final of a "no semi-final" event is not held to the half cap.
- Format ``hmo`` (heats winners only, tournament.md, Event formats): present
  winners are pared by HMW to 36 and to the half cap; the cut winners are listed
  as ``pared`` but called as nobody's alternates (``alternates`` and
  ``next_alternates`` stay empty); a semi-final needs two tables (8 players), or
  the winners, pared to 6, play the final, which is never filled.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from heats.core.formats import DEFAULT_FORMAT, FORMATS, HMO
from heats.core.layout import SIX_OVER_FOUR, check_policy
from heats.core.message import listed
from heats.core.tiebreaks import DEFAULT_TIEBREAKS, check_tiebreaks
from scoring.core import reasons, warnings_text
from scoring.core.alternates import Alternate
from scoring.core.draw import Draw
from scoring.core.finishes import TableKey, place_heats, player_histories
from scoring.core.formats import (
    Field,
    Plan,
    most_wins,
    present_winners,
    winners_only,
)
from scoring.core.hmw import (
    HMW_LEVELS,
    Listed,
    absent_winners,
    winners_in_order,
)
from scoring.core.ids import PlayerId
from scoring.core.places import (
    ALTERNATE_LEVELS,
    HeatTable,
    PlayerResult,
    TablePlaces,
    table_places,
)
from scoring.core.sizes import (
    FINAL_MAX,
    FINAL_MIN,
    semi_final_size,
    standard_layouts,
)

__all__ = [
    "ALTERNATE_LEVELS",
    "DEFAULT_SETTINGS",
    "FINAL_MAX",
    "FINAL_MIN",
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
    ``layouts``; Advancement, 5), ``None`` for the recommendation;
    ``winners_present`` the GM's other choice of size, "the winners present"
    (``scoring.core.formats.present_winners``: WBC 2017's 24 in 5+5+5+5+4, no
    alternate called), with ``size_reason``, the GM's words for it (empty when
    none was given), shown on the list. ``format`` is
    the event's format (``heats.core.formats``: ``hmw`` or ``hmo``) and
    ``policy`` its table-size rule (``heats.core.layout``), which seats a
    winners-only semi-final and the players left when seats stay empty
    (tournament.md, Event formats). ``tiebreaks`` is the HMW tie-break order
    (``heats.core.tiebreaks``: ``bpa`` or ``margin-die``). Raises ``ValueError``
    when a layout does not add up to its size or has a table outside 4-6
    players, ``forced_size`` is not a layout or is given with
    ``winners_present``, or the format, the policy or the tie-break order is
    unknown.
    """

    layouts: Mapping[int, tuple[int, ...]] = field(default_factory=standard_layouts)
    seed: str = "0"
    draws: Mapping[PlayerId, str] = field(default_factory=dict)
    names: Mapping[PlayerId, str] = field(default_factory=dict)
    next_alternates: int = 3
    forced_size: int | None = None
    format: str = DEFAULT_FORMAT
    policy: str = SIX_OVER_FOUR
    winners_present: bool = False
    size_reason: str = ""
    tiebreaks: str = DEFAULT_TIEBREAKS

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
        if self.winners_present and self.forced_size is not None:
            raise ValueError(
                f"a semi-final of the winners present has no size of its own "
                f"({self.forced_size})"
            )
        if self.format not in FORMATS:
            raise ValueError(
                f"unknown format {self.format!r} (formats: {', '.join(FORMATS)})"
            )
        check_policy(self.policy)
        check_tiebreaks(self.tiebreaks)


DEFAULT_SETTINGS = AdvancementSettings()


@dataclass(frozen=True)
class Advancement:
    """The recommended semi-final (or final) list (Advancement, 1-9).

    ``semi_size`` is the semi-final size in players, 0 when there is none (a
    standard size under ``hmw``, the winners seated under ``hmo``); ``tables``
    the table sizes of the semi-final, or ``(final size,)`` when
    ``final_only``; they add up to the players listed, empty seats taken off
    (``scoring.core.sizes.short_tables``). ``winners_present`` counts present
    winners; ``cap`` is
    ``participants // 2``. ``qualifiers`` lists every seated player (winners,
    then called alternates); ``alternates`` and ``next_alternates`` are in call
    order; ``pared`` are the winners cut by HMW in rank order; ``skipped`` the
    absent winners and the absent players passed over when calling alternates.
    ``double_winners`` holds every player with two or more wins, absent or not.
    ``names`` names every player of the list, for display (``name``);
    ``format`` is the event's format (``heats.core.formats``) and
    ``tiebreaks`` its HMW tie-break order (``heats.core.tiebreaks``).
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
    format: str = DEFAULT_FORMAT
    tiebreaks: str = DEFAULT_TIEBREAKS

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
            "format": self.format,
            "tiebreaks": self.tiebreaks,
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


def advance(
    tables: Sequence[HeatTable],
    absent: Collection[PlayerId] = (),
    settings: AdvancementSettings = DEFAULT_SETTINGS,
    missing_tables: Sequence[TableKey] = (),
    pending_players: Collection[PlayerId] = (),
    added: Sequence[PlayerId] = (),
) -> Advancement:
    """Recommend the semi-final (or final) list (tournament.md, Advancement;
    Event formats for ``settings.format``).

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
        return replace(_nothing_yet(settings.format), tiebreaks=settings.tiebreaks)
    field = _field(tables, placed, absent, pending_players, settings)
    draw = Draw(settings.seed, settings.draws)
    if settings.format == HMO:
        plan = winners_only(field, settings, draw, added)
    elif settings.winners_present:
        plan = present_winners(field, placed, settings, draw, added)
    else:
        plan = most_wins(field, placed, settings, draw, added)
    warnings = [*_table_warnings(placed, missing, field), *plan.warnings]
    found = _advancement(field, plan, warnings, missing, settings.format)
    return replace(found, tiebreaks=settings.tiebreaks)


def _advancement(
    field: Field,
    plan: Plan,
    warnings: list[str],
    missing: tuple[TableKey, ...],
    format: str,
) -> Advancement:
    """The list as ``advance`` returns it, from the parts it worked out."""
    called = plan.called
    return Advancement(
        semi_size=plan.semi,
        tables=plan.layout,
        final_only=plan.semi == 0,
        winners_present=len(field.present),
        cap=field.participants // 2,
        participants=field.participants,
        qualifiers=(
            *plan.seated,
            *(Listed(a.player, a.reason, a.name) for a in called.alternates),
        ),
        alternates=called.alternates,
        next_alternates=called.next_alternates,
        pared=tuple(plan.pared),
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
        format=format,
    )


def _field(
    tables: Sequence[HeatTable],
    placed: Mapping[TableKey, TablePlaces],
    absent: Collection[PlayerId],
    pending: Collection[PlayerId],
    settings: AdvancementSettings,
) -> Field:
    histories = player_histories(placed)
    names = _names(tables, settings.names)
    away = frozenset(absent)
    winners = winners_in_order(histories, names)
    return Field(
        histories=histories,
        names=names,
        participants=len(set(histories) | set(pending)),
        away=away,
        winners=winners,
        present=[w for w in winners if w not in away],
    )


def _names(
    tables: Sequence[HeatTable], given: Mapping[PlayerId, str]
) -> dict[PlayerId, str]:
    """Every player's name for display: the records' names, else ``given``."""
    names = dict(given)
    names.update((r.player, r.label) for t in tables for r in t.records if r.name)
    return names


def _nothing_yet(format: str) -> Advancement:
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
        warnings=(reasons.reason(warnings_text.NO_RESULTS_YET),),
        provisional=True,
        missing_tables=(),
        format=format,
    )


def _table_warnings(
    placed: Mapping[TableKey, TablePlaces],
    missing: Sequence[TableKey],
    field: Field,
) -> tuple[str, ...]:
    warnings = [
        reasons.reason(warnings_text.TABLE_WARNING, heat=h, table=t, warning=w)
        for (h, t), p in placed.items()
        for w in p.warnings
    ]
    warnings += [
        reasons.reason(warnings_text.PROVISIONAL, heat=h, table=t) for h, t in missing
    ]
    never = set(field.away) - set(field.histories)
    unknown = sorted(field.names.get(p, str(p)) for p in never)
    if unknown:
        warnings.append(
            reasons.reason(warnings_text.NEVER_IN_A_HEAT, names=listed(unknown))
        )
    return tuple(warnings)
