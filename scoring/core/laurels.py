"""Event standings for the laurels: places 1 to 6.

Pure module: no Django import. Source: tournament.md, "Semi-final and final":
"Event standings for the laurels (places 1–6): the final's places, then, when the
final has fewer than 6 players, the semi-final non-finalists: first an alternate who
won a semi-final table (and so could not advance; their own win counts 100%; several
such by their HMW order), then the runners-up ranked by percentage of their table
winner's score. The reason for each place is shown."

Words:

final places
    The places at the final table (``scoring.core.places.table_places``): equal final
    scores share a place, the next place skips the shared ones, and a GM-declared
    winner of a tie for first is alone at place 1.
alternate winner
    A player who entered the semi-final as an alternate (not a heat winner) and
    won a semi-final table (place 1): no alternate advances to the final, so the
    laurels list them right after the final's places, their own win counting
    100%; several in the HMW order the caller gives (``scoring.core.hmw``),
    each line naming the HMW level that set it against the alternate winner
    beside it when the caller gives the event's ranking.
semi-final runner-up
    A player at place 2 of a semi-final table (after any tie declaration: a player
    tied for first but not declared the winner is a runner-up at 100%).
percentage
    The runner-up's final score over the table winner's, an exact fraction
    (Advancement, 6); ties go to the day-2 then the day-1 percentage (a missing day
    ranks below a recorded one), then to a die roll from the event's seed
    (Advancement, 3 and 7, read for the laurels the same way).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from scoring.core import reasons
from scoring.core.draw import Draw, as_draw
from scoring.core.hmw import HmwRanking
from scoring.core.ids import PlayerId
from scoring.core.places import PlayerResult, TablePlaces, display_percent, table_places

LAUREL_PLACES = 6


@dataclass(frozen=True)
class Laurel:
    """One line of the laurels: ``place`` (1-6), the ``player`` id (``name`` for
    display), and why:
    ``final`` florins at the final, or ``percent`` of the semi-final ``table``
    winner's score for a runner-up (``die`` when the die roll decided it);
    ``alternate`` for an alternate who won semi-final ``table`` (percent 1),
    ``level`` the HMW level (1-based, ``criterion`` its name) that set that
    place against the alternate winner beside it (0: no other);
    ``tie`` is the GM's reason when this player was declared the winner of a tie
    for first at the final (tournament.md, Recording a table)."""

    place: int
    player: PlayerId
    final: int | None = None
    table: int | None = None
    percent: Fraction | None = None
    die: bool = False
    alternate: bool = False
    tie: str = ""
    name: str = ""
    level: int = 0
    criterion: str = ""

    @property
    def label(self) -> str:
        """The name, else the id."""
        return self.name or str(self.player)

    @property
    def reason(self) -> str:
        """The line shown on the page: "final, 104 florins", "won semi-final
        table 3 as an alternate (cannot advance)" or "semi-final runner-up ..."."""
        if self.alternate and self.level:
            return reasons.reason(
                reasons.ALTERNATE_WON_BY,
                table=self.table,
                level=self.level,
                criterion=self.criterion,
            )
        if self.alternate:
            return reasons.reason(reasons.ALTERNATE_WON, table=self.table)
        if self.percent is None:
            if self.tie:
                return reasons.reason(
                    reasons.FINAL_TIE, florins=self.final, reason=self.tie
                )
            return reasons.reason(reasons.FINAL_FLORINS, florins=self.final)
        runner_up = reasons.RUNNER_UP_DIE if self.die else reasons.RUNNER_UP
        return reasons.reason(
            runner_up,
            percent=reasons.percent_field(display_percent(self.percent)),
            table=self.table,
        )

    def to_json(self) -> dict[str, Any]:
        """Return ``{"place", "player": name, "reason"}``."""
        return {"place": self.place, "player": self.label, "reason": self.reason}


def laurels(
    final: Sequence[PlayerResult],
    semi_tables: Sequence[Sequence[PlayerResult]] = (),
    seed: str | Draw = "0",
    tie_reasons: Mapping[PlayerId, str] | None = None,
    alternates: Sequence[PlayerId] = (),
    ranking: HmwRanking | None = None,
) -> list[Laurel]:
    """Places 1-6 for the laurels from the final's and semi-final's records.

    ``final``: the final table's records (empty: no laurels yet). ``semi_tables``:
    each semi-final table's records, table 1 first (empty when the event had no
    semi-final). ``tie_reasons`` maps the declared winner of a tie for first at
    the final to the GM's reason, shown on that player's line. ``alternates``:
    the players who entered the semi-final as alternates, in HMW order; those
    who won a table come right after the final, then the runners-up
    (tournament.md, Semi-final and final); with the event's HMW ``ranking``
    they are put in its order and each line names the level that set it.
    Players already at the final are never listed twice. Raises ValueError as
    ``scoring.core.places.table_places`` for an invalid table.
    """
    if not final:
        return []
    placed = table_places(final)
    lines = [
        Laurel(
            placed.places[r.player],
            r.player,
            final=r.final,
            tie=(tie_reasons or {}).get(r.player, "")
            if r.declared_place == 1 and len(placed.winners) == 1
            else "",
            name=r.name,
        )
        for r in sorted(final, key=lambda r: (placed.places[r.player], r.label))
    ]
    if len(lines) >= LAUREL_PLACES:
        return lines[:LAUREL_PLACES]
    at_final = {r.player for r in final}
    ranked = _alternate_winners(semi_tables, alternates, at_final, ranking)
    ranked += _runners_up(semi_tables, at_final, as_draw(seed))
    for position, laurel in enumerate(ranked, start=len(lines) + 1):
        if position > LAUREL_PLACES:
            break
        lines.append(replace(laurel, place=position))
    return lines


def empty_places(
    lines: Sequence[Laurel], semi_tables: Sequence[Sequence[PlayerResult]]
) -> str | None:
    """Why the laurels stop before place 6, or None when they do not (or the
    final has no results yet). ``lines`` are :func:`laurels`' lines for these
    ``semi_tables`` (a table owing results is an empty list). A missing place is
    either waiting for a semi-final table's results or rightly empty: only a
    semi-final non-finalist who won a table as an alternate or came second may
    take it (tournament.md, Semi-final and final), and none is left; without
    a semi-final (no ``semi_tables``: the heat winners played the final) only
    the final's players are placed."""
    if not lines or len(lines) >= LAUREL_PLACES:
        return None
    first = len(lines) + 1
    single = first == LAUREL_PLACES
    if not semi_tables:
        if single:
            return reasons.reason(reasons.PLACE_NO_SEMI, first=first)
        return reasons.reason(reasons.PLACES_NO_SEMI, first=first, last=LAUREL_PLACES)
    if any(not records for records in semi_tables):
        if single:
            return reasons.reason(reasons.PLACE_WAIT, first=first)
        return reasons.reason(reasons.PLACES_WAIT, first=first, last=LAUREL_PLACES)
    if single:
        return reasons.reason(reasons.PLACE_EMPTY, first=first)
    return reasons.reason(reasons.PLACES_EMPTY, first=first, last=LAUREL_PLACES)


def semi_runners_up(
    semi_tables: Sequence[Sequence[PlayerResult]],
    leave_out: Collection[PlayerId] = (),
    seed: str | Draw = "0",
) -> list[Laurel]:
    """Every semi-final runner-up not in ``leave_out``, best first, as laurel
    lines with ``place`` 0: by percentage of the table winner's final, then the
    day-2 and day-1 percentages, then the die roll (module docstring). The final's
    field (``scoring.queries.final``) ranks runners-up by this same order, so the
    laurels and a GM's addition to the final never disagree.
    """
    return _runners_up(semi_tables, set(leave_out), as_draw(seed))


def _alternate_winners(
    semi_tables: Sequence[Sequence[PlayerResult]],
    alternates: Sequence[PlayerId],
    at_final: set[PlayerId],
    ranking: HmwRanking | None = None,
) -> list[Laurel]:
    """The ``alternates`` (in their order, or ``ranking``'s) who won a
    semi-final table, with the table and the HMW level between them (see
    module docstring)."""
    won: dict[PlayerId, tuple[int, str]] = {}
    for number, records in enumerate(semi_tables, start=1):
        if records:
            for record in table_places(records).at_place(1):
                won[record.player] = (number, record.name)
    players = [p for p in dict.fromkeys(alternates) if p in won and p not in at_final]
    levels: dict[PlayerId, int] = {}
    if ranking is not None:
        players = ranking.ranked(players)
        levels = ranking.levels(players) if len(players) > 1 else {}
    return [
        Laurel(
            0,
            player,
            table=won[player][0],
            percent=Fraction(1),
            alternate=True,
            name=won[player][1],
            level=levels.get(player, 0),
            criterion=ranking.criterion(levels[player])
            if ranking is not None and levels.get(player)
            else "",
        )
        for player in players
    ]


def _runners_up(
    semi_tables: Sequence[Sequence[PlayerResult]],
    at_final: set[PlayerId],
    draw: Draw,
) -> list[Laurel]:
    """Every semi-final runner-up, best percentage first (see module docstring)."""
    found: list[tuple[tuple[Any, ...], Laurel]] = []
    for number, records in enumerate(semi_tables, start=1):
        if not records:
            continue
        places = table_places(records)
        for record in places.at_place(2):
            if record.player in at_final:
                continue
            found.append(_ranked(places, number, record, draw))
    found.sort(key=lambda item: item[0])
    keys = [key for key, _ in found]
    return [
        Laurel(
            0,
            lau.player,
            table=lau.table,
            percent=lau.percent,
            die=_by_die(keys, i),
            name=lau.name,
        )
        for i, (_, lau) in enumerate(found)
    ]


def _ranked(
    places: TablePlaces, table: int, record: PlayerResult, draw: Draw
) -> tuple[tuple[Any, ...], Laurel]:
    player = record.player
    final, day2, day1 = places.percentages(player)
    days = tuple((1, 0) if r is None else (0, -r) for r in (day2, day1))
    roll = -draw.roll("laurels", player)
    key = (-final, *days, roll, str(player))
    return key, Laurel(0, player, table=table, percent=final, name=record.name)


def _by_die(keys: list[tuple[Any, ...]], index: int) -> bool:
    """True when the key at ``index`` equals a neighbour on every level before the
    die roll, i.e. the die decided its order."""
    level = keys[index][:3]
    neighbours = keys[max(index - 1, 0) : index] + keys[index + 1 : index + 2]
    return any(other[:3] == level for other in neighbours)
