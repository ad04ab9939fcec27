"""The event's results as a spreadsheet, in the results CSV's own columns.

Words (formats.md, Results CSV):
- *results export*: one row per player record of every round (heats by number, then
  the semi-final and the final), with the columns the importer reads: ``heat``,
  ``table``, ``seat``, ``player``, ``badge``, ``day1``, ``day2``, ``final``,
  ``place``, ``time_called`` (the day time was called at the table, blank for
  a game played out) and ``tie_reason`` (the GM's reason on the line of a tie's
  declared winner). Importing the export into the same event changes nothing.

Offered as CSV and XLSX (``heats.exports``) from the public standings page, where
the same results are shown.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

import django_tables2 as tables

from heats.core.rounds import RoundCode
from heats.models import Event, Seat
from scoring.core.results_csv import COLUMNS

PREFIX = "results-"


class ResultsExportTable(tables.Table):
    """Every player record of an event; headers are the importer's column names
    and empty cells stay empty, so the file imports as it is."""

    heat = tables.Column("heat", default="")
    table = tables.Column("table", default="")
    seat = tables.Column("seat", default="")
    player = tables.Column("player", default="")
    badge = tables.Column("badge", default="")
    day1 = tables.Column("day1", default="")
    day2 = tables.Column("day2", default="")
    final = tables.Column("final", default="")
    place = tables.Column("place", default="")
    time_called = tables.Column("time_called", default="")
    tie_reason = tables.Column("tie_reason", default="")

    class Meta:
        orderable = False


def result_rows(
    event: Event,
    kind: str | None = None,
    number: int | None = None,
    held: Collection[int] = (),
) -> list[dict[str, Any]]:
    """One dict per player record of ``event`` (keys: ``COLUMNS``), heats first by
    number, then the semi-final and the final, each by table and seat; only the
    round ``kind``/``number`` when given; one query. The tables ``held`` (ids:
    ``scoring.queries.event_results.held_tables``, the one rule of what is public)
    are left out, as tables still owing their results are."""
    seats = Seat.objects.filter(round__event=event, record__isnull=False).exclude(
        table_id__in=held
    )
    if kind is not None:
        # None is a lookup Django takes (IS NULL); django-stubs' plugin refuses it.
        seats = seats.filter(round__kind=kind, round__number=number)  # type: ignore[misc]
    rows = seats.values_list(
        "round__kind",
        "round__number",
        "table__number",
        "number",
        "player__name",
        "player__badge",
        "record__day1",
        "record__day2",
        "record__final",
        "record__place",
        "table__time_called",
        "record__tie_reason",
        "record__declared_winner",
    )
    ordered = rows.order_by("round__ordinal", "table__number", "number")
    # A reason is the declared winner's only (a tie no longer a tie keeps none).
    return [
        dict(
            zip(
                COLUMNS,
                (RoundCode(kind, number).code, *rest, reason if declared else ""),
                strict=True,
            )
        )
        for kind, number, *rest, reason, declared in ordered
    ]


def results_table(
    event: Event,
    kind: str | None = None,
    number: int | None = None,
    held: Collection[int] = (),
) -> ResultsExportTable:
    """The export table of ``event``'s results (``?_export=csv&_table=results``),
    or of the round ``kind``/``number`` only; without the tables ``held``."""
    return ResultsExportTable(result_rows(event, kind, number, held), prefix=PREFIX)
