"""The formats' rules for who the semi-final (or the final) seats (tournament.md,
"Advancement to the semi-final", 1-4, and "Event formats"): a *plan* is what a
format decides from the *field* (who played the heats, who is present); the list
itself is ``scoring.core.advancement``, whose words these are.

- ``hmw`` (heats most wins): a standard size, winners pared by HMW or empty
  seats called to alternates; seats no alternate can fill come off the tables
  (2017: 24 in 5+5+5+5+4).
- ``hmo`` (heats winners only): every present winner, pared by HMW to 36 and
  the half cap; tables by the event's table-size rule; no alternates.
- *the winners present*: the GM's choice of size under ``hmw`` (Advancement,
  5; WBC 2017: "6 out of 30 were no-shows, leaving 24 to compete in five
  semifinal games"): the standard size's tables seat the present winners only,
  no alternate called, the empty seats taken off (24 in 5+5+5+5+4).

Pure: no Django import.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from scoring.core import reasons, warnings_text
from scoring.core.alternates import Called, call_alternates, call_queue
from scoring.core.draw import Draw
from scoring.core.finishes import PlayerHistory, TableKey, rank_runners_up
from scoring.core.hmw import Listed, added_by_gm, seat_winners
from scoring.core.ids import PlayerId
from scoring.core.places import TablePlaces
from scoring.core.sizes import (
    FINAL_MAX,
    FINAL_MIN,
    SEMI_MIN,
    WINNERS_ONLY_MAX,
    final_size,
    semi_final_size,
    short_tables,
    winners_only_seats,
    winners_only_tables,
)

if TYPE_CHECKING:
    from scoring.core.advancement import AdvancementSettings


@dataclass(frozen=True)
class Field:
    """Who played the heats: each player's history and name, the participants'
    count, the absent, and the winners (all, and those present) in display
    order."""

    histories: Mapping[PlayerId, PlayerHistory]
    names: dict[PlayerId, str]
    participants: int
    away: frozenset[PlayerId]
    winners: list[PlayerId]
    present: list[PlayerId]


@dataclass(frozen=True)
class Plan:
    """What a format decided: the semi-final size (0: none), the tables, the
    players seated and pared, the alternates called, and the warnings."""

    semi: int
    layout: tuple[int, ...]
    seated: list[Listed]
    pared: list[Listed]
    called: Called
    warnings: list[str]


NOBODY_CALLED = Called((), (), (), ())


def most_wins(
    field: Field,
    placed: Mapping[TableKey, TablePlaces],
    settings: AdvancementSettings,
    draw: Draw,
    added: Sequence[PlayerId],
) -> Plan:
    """Format ``hmw``: a standard size, winners pared by HMW or alternates called
    (Advancement, 1-4); seats nobody can fill come off the tables."""
    semi = settings.forced_size or semi_final_size(
        len(field.present), field.participants, settings.layouts
    )
    layout = settings.layouts[semi] if semi else (final_size(len(field.present)),)
    seated, pared, warnings = seat_winners(
        field.present,
        field.histories,
        sum(layout),
        draw,
        field.names,
        order=settings.tiebreaks,
    )
    seated += added_by_gm(added, seated, field.away, field.names)
    warnings += size_warnings(settings, len(seated), sum(layout))
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
    warnings += called.warnings
    if semi:
        listed = len(seated) + len(called.alternates)
        layout, more = empty_seats(semi, tuple(layout), listed, settings.policy)
        warnings += more
    return Plan(semi, tuple(layout), seated, pared, called, warnings)


def present_winners(
    field: Field,
    placed: Mapping[TableKey, TablePlaces],
    settings: AdvancementSettings,
    draw: Draw,
    added: Sequence[PlayerId],
) -> Plan:
    """Format ``hmw`` with the GM's size "the winners present"
    (``AdvancementSettings.winners_present``): the present winners, pared by HMW
    to the standard size that holds them (Advancement, 1-2: never above the half
    cap), at that size's tables with the seats nobody takes off them
    (``scoring.core.sizes.short_tables``: 24 of 25 -> 5+5+5+5+4); no alternate
    is called, so a present alternate stays present and off the list. Without a
    semi-final (at most 6 winners present, or no size under the cap) the choice
    changes nothing: ``most_wins``."""
    semi = semi_final_size(len(field.present), field.participants, settings.layouts)
    if not semi:
        return most_wins(field, placed, settings, draw, added)
    seated, pared, warnings = seat_winners(
        field.present,
        field.histories,
        semi,
        draw,
        field.names,
        order=settings.tiebreaks,
        calls=False,
    )
    seated += added_by_gm(added, seated, field.away, field.names)
    layout = short_tables(settings.layouts[semi], len(seated), settings.policy)
    counts = {
        "listed": len(seated),
        "tables": len(layout),
        "sizes": "+".join(str(t) for t in layout),
    }
    if settings.size_reason:
        note = reasons.reason(
            warnings_text.WINNERS_PRESENT_SET, reason=settings.size_reason, **counts
        )
    else:
        note = reasons.reason(warnings_text.WINNERS_PRESENT_ASKED, **counts)
    warnings += [note, *size_warnings(settings, len(seated), sum(layout))]
    return Plan(sum(layout), layout, seated, pared, NOBODY_CALLED, warnings)


def empty_seats(
    semi: int, layout: tuple[int, ...], listed: int, policy: str
) -> tuple[tuple[int, ...], list[str]]:
    """The semi-final's tables once the seats nobody can fill come off them
    (``scoring.core.sizes.short_tables``), and the note that says why."""
    tables = short_tables(layout, listed, policy)
    if tables == layout:
        return layout, []
    counts = {
        "semi": semi,
        "empty": sum(layout) - listed,
        "listed": listed,
        "tables": len(tables),
    }
    if not tables:
        return tables, [
            reasons.counted(warnings_text.SHORT_NO_TABLE, "empty", **counts)
        ]
    sizes = "+".join(str(t) for t in tables)
    return tables, [
        reasons.counted(warnings_text.SHORT_TABLES, "empty", sizes=sizes, **counts)
    ]


def winners_only(
    field: Field,
    settings: AdvancementSettings,
    draw: Draw,
    added: Sequence[PlayerId],
) -> Plan:
    """Format ``hmo`` (tournament.md, Event formats): every present winner, pared
    by HMW to 36 and the half cap (or to the GM's size), at tables by the event's
    table-size rule; no alternates. Fewer than 8 seats make no semi-final: the
    winners, pared to 6, play the final, unfilled."""
    seats = settings.forced_size or winners_only_seats(
        len(field.present), field.participants
    )
    seated, pared, warnings = seat_winners(
        field.present,
        field.histories,
        seats or FINAL_MAX,
        draw,
        field.names,
        order=settings.tiebreaks,
        calls=False,
    )
    seated += added_by_gm(added, seated, field.away, field.names)
    if seats and len(seated) >= SEMI_MIN:
        players = min(len(seated), WINNERS_ONLY_MAX)
        layout = winners_only_tables(players, settings.policy)
        semi = players
    else:
        players = min(len(seated), FINAL_MAX)
        layout, semi = ((players,) if players else ()), 0
        if players < FINAL_MIN:
            warnings.append(
                reasons.counted(warnings_text.FEW_FOR_FINAL, "count", count=players)
            )
    warnings += size_warnings(settings, len(seated), players)
    return Plan(semi, layout, seated, pared, NOBODY_CALLED, warnings)


def size_warnings(settings: AdvancementSettings, listed: int, seats: int) -> list[str]:
    """The notes a GM's override leaves on the list (Advancement, 5): the size
    the GM set, and more players ``listed`` than ``seats``."""
    warnings = []
    if settings.forced_size:
        warnings.append(
            reasons.reason(warnings_text.SIZE_SET, size=settings.forced_size)
        )
    if listed > seats:
        warnings.append(
            reasons.reason(warnings_text.LIST_HOLDS, listed=listed, seats=seats)
        )
    return warnings
