"""Late arrivals read: the open tables a waiting player may join, best first,
and what still holds a round's results back. Its words (waiting player, open
table, repeat opponents) are ``heats.services.late``'s, which seats them.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db.models import Count
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from heats.core import placement, seating
from heats.models import Player, ResultStatus, Round, RoundKind, Seat, Table
from heats.queries.seating import keep_apart_pairs, seating_history, waiting_players


def open_tables(rnd: Round) -> list[Table]:
    """Tables of ``rnd`` a late player may join (see "open table"), by number;
    each has ``seated`` (its number of players) annotated."""
    tables = rnd.tables.filter(result_status=ResultStatus.OWED).annotate(
        seated=Count("seats", distinct=True)
    )
    return list(tables.filter(seated__lt=seating.MAX_TABLE).order_by("number"))


def table_players(tables: Sequence[Table]) -> dict[int, list[str]]:
    """Player keys (ids as text) at each of ``tables``, by table number, in seat
    order; one query."""
    seated: dict[int, list[str]] = {t.number: [] for t in tables}
    seats = Seat.objects.filter(table__in=tables).order_by("table__number", "number")
    for number, player_id in seats.values_list("table__number", "player_id"):
        seated[number].append(str(player_id))
    return seated


def late_options(
    rnd: Round, players: list[Player]
) -> dict[int, list[placement.JoinCost]]:
    """For each of ``players`` (waiting in ``rnd``), by id: the open tables
    (``open_tables``) in the order of the repeat cost seating them there would
    add, best first, with the count of repeat opponents (see "repeat
    opponents"; tournament.md, Heats: the objective). Empty without players."""
    if not players:
        return {}
    seated = table_players(open_tables(rnd))
    history = seating_history(rnd)
    apart = keep_apart_pairs(rnd.event)
    return {
        p.pk: placement.join_options(str(p.pk), seated, history, apart) for p in players
    }


def completion_blockers(rnd: Round, tied_tables: list[int]) -> list[str]:
    """Why a round whose tables all have results is not complete yet: players
    still waiting for a seat, and tables (``tied_tables``, numbers) with a tie for
    first no GM has resolved, in the reader's language. Empty when nothing holds
    it back.

    tournament.md, Heats ("Late arrivals") and Recording a table ("until
    resolved ... the event shows the unresolved tie as a warning").
    """
    blockers = []
    waiting = waiting_players(rnd) if rnd.kind == RoundKind.HEAT else []
    if waiting:
        blockers.append(
            ngettext(
                "%(count)s checked-in player still waiting for a seat",
                "%(count)s checked-in players still waiting for a seat",
                len(waiting),
            )
            % {"count": len(waiting)}
        )
    blockers += [
        _("tie for first unresolved at table %(table)s") % {"table": n}
        for n in tied_tables
    ]
    return blockers
