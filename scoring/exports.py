"""Results of every round as a spreadsheet: one row per recorded seat.

Words: a *round* is a heat, the semi-final or the final; a *record* is one
player's result at one table (``PlayerRecord``). Seats without a record (a table
still playing) are left out, as on the standings page. The export itself (plain
cells, neutralised formulas, the CSV's byte-order mark) is ``heats.exports``.
"""

from __future__ import annotations

from collections import Counter

import django_tables2 as django_tables
from django.http import HttpResponse

from heats.exports import export_response
from heats.models import Event, RoundKind, Seat
from heats.services import ROUND_ORDER
from heats.tables import TABLE_CLASS
from scoring import operations, tables
from scoring.gm_tables import LaurelTable
from scoring.services import player_keys
from scoring.standings import standings

RESULTS_PREFIX = "results-"


class RoundResultsTable(django_tables.Table):
    """Every record of the event (or of one round), in round, table, seat order.

    Rows: ``{"round", "table", "seat", "player", "badge", "day1", "day2",
    "final", "place", "tie"}``; scores in florins, ``None`` when not recorded.
    """

    round = django_tables.Column("Round")
    table = django_tables.Column("Table")
    seat = django_tables.Column("Seat")
    player = django_tables.Column("Player")
    badge = django_tables.Column("Badge")
    day1 = django_tables.Column("Day 1")
    day2 = django_tables.Column("Day 2")
    final = django_tables.Column("Final")
    place = django_tables.Column("Place")
    tie = django_tables.Column("Tie for first")

    class Meta:
        orderable = False
        attrs = {"class": TABLE_CLASS}


def result_rows(event: Event, kind: str | None = None, number: int | None = None):
    """The rows of :class:`RoundResultsTable` for ``event``; only the round
    ``kind``/``number`` when given. A place-1 record of a table where several
    share first says "tie", or "declared winner: <reason>" for the player the GM
    declared (tournament.md, Recording a table)."""
    seats = Seat.objects.filter(round__event=event, record__isnull=False)
    if kind is not None:
        seats = seats.filter(round__kind=kind, round__number=number)
    seats = list(seats.select_related("round", "table", "record", "player"))
    seats.sort(
        key=lambda s: (
            ROUND_ORDER[s.round.kind],
            s.round.number,
            s.table.number,
            s.number,
        )
    )
    firsts = Counter(s.table_id for s in seats if s.record.place == 1)
    keys = player_keys(event)
    return [_row(s, keys, firsts[s.table_id] > 1) for s in seats]


def _row(seat: Seat, keys: dict[int, str], shared_first: bool) -> dict:
    record = seat.record
    tie = ""
    if shared_first and record.place == 1:
        tie = (
            f"declared winner: {record.tie_reason}" if record.declared_winner else "tie"
        )
    return {
        "round": seat.round.label,
        "table": seat.table.number,
        "seat": seat.number,
        "player": keys[seat.player_id],
        "badge": seat.player.badge,
        "day1": record.day1,
        "day2": record.day2,
        "final": record.final,
        "place": record.place,
        "tie": tie,
    }


def results_export(
    request, event: Event, heat: int | None = None
) -> HttpResponse | None:
    """The CSV/XLSX of the event's results (every round), or of heat ``heat``,
    when the request asks for it (``?_export=csv&_table=results``); else None."""
    if request.GET.get("_table") != RESULTS_PREFIX.rstrip("-"):
        return None
    if heat is None:
        rows, name = result_rows(event), f"{event.slug}-results"
    else:
        rows = result_rows(event, RoundKind.HEAT, heat)
        name = f"{event.slug}-heat-{heat}-results"
    table = RoundResultsTable(rows, prefix=RESULTS_PREFIX)
    return export_response(request, table, name)


def standings_export(request, event: Event) -> HttpResponse | None:
    """The CSV/XLSX of one table of the standings page when the request asks for
    it (``_table``: ``results``, ``qualifiers``, ``alternates``, ``next`` for the
    next alternates, ``laurels``); else None. A standings error (``UserError``)
    propagates: the page shows it instead."""
    wanted = request.GET.get("_table", "")
    if wanted == RESULTS_PREFIX.rstrip("-"):
        return results_export(request, event)
    if wanted not in ("qualifiers", "alternates", "next", "laurels"):
        return None
    if wanted == "laurels":
        rows = [x.to_json() for x in operations.event_laurels(event)]
        table = LaurelTable(rows, prefix="laurels-")
    elif wanted == "qualifiers":
        table = tables.QualifierTable(standings(event).qualifiers, prefix="qualifiers-")
    else:
        data = standings(event)
        rows = data.alternates if wanted == "alternates" else data.next_alternates
        table = tables.AlternateTable(rows, prefix=f"{wanted}-")
    return export_response(request, table, f"{event.slug}-{wanted}")
