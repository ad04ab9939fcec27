"""The laurels of an event (tournament.md, Semi-final and final: places 1-6): the
final's and the semi-final's saved results as the pure ``scoring.core.laurels``
ranks them, players by id and named only for display. The semi-final's
alternates (players who won no heat table) are put in HMW order from the heats'
results, so that alternates who won a semi-final table come in that order.
"""

from __future__ import annotations

from collections.abc import Collection

from heats.models import (
    Event,
    Round,
    RoundKind,
)
from scoring.core.draw import Draw
from scoring.core.finishes import place_heats, player_histories
from scoring.core.hmw import HmwRanking
from scoring.core.ids import PlayerId
from scoring.core.laurels import Laurel, empty_places, laurels
from scoring.core.places import PlayerResult
from scoring.models import PlayerRecord
from scoring.queries.event_results import (
    event_draw,
    heat_tables,
    held_tables,
    player_names,
)
from scoring.queries.seats import (
    seat_record,
    table_seats,
)


def round_results(
    rnd: Round | None, keys: dict[int, str], held: Collection[int] = ()
) -> list[list[PlayerResult]]:
    """Per table of ``rnd`` (table order) its records as ``PlayerResult``; a table
    still owing results, or among ``held`` (ids of tables being checked), gives an
    empty list, so positions stay table numbers - 1."""
    if rnd is None:
        return []
    tables: list[list[PlayerResult]] = []
    for table in rnd.tables.order_by("number"):
        seats = table_seats(table)
        if table.pk in held or not seats or not all(seat_record(s) for s in seats):
            tables.append([])
            continue
        tables.append(
            [
                PlayerResult(
                    player=s.player_id,
                    final=s.record.final,
                    day1=s.record.day1,
                    day2=s.record.day2,
                    declared_place=1 if s.record.declared_winner else None,
                    name=keys[s.player_id],
                )
                for s in seats
            ]
        )
    return tables


def event_laurels(event: Event, *, public: bool = False) -> list[Laurel]:
    """Places 1-6 of ``event`` (``scoring.core.laurels``); empty until the final has
    results. With ``public``, a semi-final or final table being checked
    (``scoring.queries.event_results.held_tables``) counts as owing its results."""
    return laurels_and_note(event, public=public)[0]


def laurels_and_note(
    event: Event, *, public: bool = False
) -> tuple[list[Laurel], str | None]:
    """:func:`event_laurels` and why they stop before place 6
    (``scoring.core.laurels.empty_places``: a message, None when they do not)."""
    rounds = {r.kind: r for r in event.rounds.exclude(kind=RoundKind.HEAT)}
    if RoundKind.FINAL not in rounds:
        return [], None
    keys = player_names(event)
    held = held_tables(event) if public else {}
    final_tables = round_results(rounds.get(RoundKind.FINAL), keys, held)
    if not final_tables or not final_tables[0]:
        return [], None
    semi_tables = round_results(rounds.get(RoundKind.SEMI), keys, held)
    ties: dict[PlayerId, str] = dict(
        PlayerRecord.objects.filter(
            seat__round=rounds[RoundKind.FINAL], declared_winner=True
        ).values_list("seat__player_id", "tie_reason")
    )
    draw = event_draw(event)
    # Without semi-final results no alternate won a table: the heats stay unread.
    ranking = heat_ranking(event, keys, draw) if any(semi_tables) else None
    lines = laurels(
        final_tables[0],
        semi_tables,
        draw,
        tie_reasons=ties,
        alternates=semi_alternates(semi_tables, ranking) if ranking else (),
        ranking=ranking,
    )
    return lines, empty_places(lines, semi_tables)


def heat_ranking(event: Event, keys: dict[int, str], draw: Draw) -> HmwRanking:
    """The HMW ranking of ``event``'s heats under its tie-break order
    (``Event.tiebreaks``; tournament.md, Advancement, 2)."""
    tables, _, _ = heat_tables(event, keys)
    histories = player_histories(place_heats(tables)[0])
    return HmwRanking(histories, draw, event.tiebreaks)


def semi_alternates(
    semi_tables: list[list[PlayerResult]], ranking: HmwRanking
) -> list[PlayerId]:
    """The semi-final's players who won no heat table (alternates, or added by
    the GM), in HMW order (``ranking``: tournament.md, Advancement, 2; Semi-final
    and final: an alternate who wins a semi-final table cannot advance, and
    several such are listed "by their HMW order")."""
    players = [r.player for records in semi_tables for r in records]
    histories = ranking.histories
    alternates = [p for p in players if p not in histories or not histories[p].wins]
    return ranking.ranked(alternates)
