"""What the GM's reports page of one table shows (reading only; tournament.md,
"Reported results").

Words:

shown report
    One held report laid on today's seats (``scoring.core.reported``): its
    rules check, whether it was made for today's seating, an earlier one or an
    unknown one, and a row per seat of today with the report's values for that
    seat's player.
differing cell
    A value of a report that another report gives otherwise for the same
    player: marked on the page with a sign and words, not by colour alone.
pre-filled form
    The GM's result form opened from a report ("Enter by hand"): the report's
    values laid on today's seats by player; a seat the report has no value for
    is left empty.
"""

from __future__ import annotations

from dataclasses import dataclass

from heats.core.errors import UserError
from heats.models import Event, Seat, Table
from heats.queries.desk import shown_names
from scoring.core.reported import CELLS, Laid, differing_cells, lay_report
from scoring.models import ReportCounter, TableReport
from scoring.queries import report_tables
from scoring.queries.report_links import held_reports
from scoring.queries.result_check import ResultCheck, SeatScores


@dataclass(frozen=True)
class Cell:
    """One value of a shown report: florins (None: not given) and whether
    another report gives it otherwise."""

    value: int | None
    differs: bool


@dataclass(frozen=True)
class ShownRow:
    """Today's seat ``number``, its player's ``name`` and the report's cells
    (day 1, day 2, final) for that player; ``cells`` is empty when the report
    has no value for them."""

    number: int
    name: str
    cells: list[Cell]


@dataclass(frozen=True)
class ShownReport:
    """A held report as the GM's page shows it (see "shown report");
    ``check`` is None when the report cannot be laid whole (nothing to check),
    ``time_differs`` when another report gives another day time was called."""

    report: TableReport
    laid: Laid
    rows: list[ShownRow]
    check: ResultCheck | None
    time_differs: bool

    @property
    def kind(self) -> str:
        """ "same", "earlier" or "unknown" (``scoring.core.reported.Laid``)."""
        return self.laid.kind


def shown_reports(table: Table, seats: list[Seat]) -> list[ShownReport]:
    """The held reports of ``table`` in the order they came, each laid on
    today's ``seats`` (``results.table_seats``), differing cells marked.
    Reads any stored report, whatever its seats (never an error)."""
    held = held_reports(table)
    laid = [lay_report(r.seating, r.scores, seats) for r in held]
    marks = differing_cells(laid)
    times = {r.time_called for r in held}
    shown = []
    # Reports giving the same values share one check (the rules engine runs
    # once per distinct result, not once per seat that sent it).
    checks: dict[tuple[SeatScores, ...], ResultCheck | None] = {}
    names = shown_names(table.round.event_id, [s.player for s in seats])
    for report, one, marked in zip(held, laid, marks, strict=True):
        rows = [
            ShownRow(
                s.number,
                names[s.player_id],
                [Cell(one.values[s.number][c], (s.number, c) in marked) for c in CELLS]
                if s.number in one.values
                else [],
            )
            for s in seats
        ]
        check = _check(table, report, seats, checks) if one.complete else None
        shown.append(ShownReport(report, one, rows, check, len(times) > 1))
    return shown


def _check(
    table: Table,
    report: TableReport,
    seats: list[Seat],
    checks: dict[tuple[SeatScores, ...], ResultCheck | None],
) -> ResultCheck | None:
    """The report's rules check, taken from ``checks`` (the checks made so far,
    by values) when another report gave the same values; None when its values
    cannot be a result at all (the page then shows the report without one,
    never an error)."""
    scores = tuple(report_tables.report_scores(report, seats))
    if scores not in checks:
        try:
            checks[scores] = report_tables.check_report(table, list(scores), None)
        except UserError:
            checks[scores] = None
    return checks[scores]


def table_refusals(table: Table) -> dict[str, int]:
    """Refused reports of ``table`` counted per reason ("limit": too many,
    "link": a link not this table's, "closed": after the result was saved,
    the next round seated or the event archived)."""
    return refusals(table.round.event, table.pk)


def prefilled(report: TableReport, seats: list[Seat]) -> dict[str, int | None]:
    """The GM's result form's initial values from ``report`` (see "pre-filled
    form")."""
    initial: dict[str, int | None] = {"time_called": report.time_called}
    for scores in report_tables.report_scores(report, seats):
        n = scores.seat
        if scores.final is None:
            continue
        initial.update(
            {
                f"day1_{n}": scores.day1,
                f"day2_{n}": scores.day2,
                f"final_{n}": scores.final,
            }
        )
    return initial


def refusals(event: Event, table_id: int) -> dict[str, int]:
    """The refused reports of the table ``table_id`` ever counted, per reason
    (reasons without any are left out)."""
    rows = ReportCounter.objects.filter(
        event=event, key__startswith=f"refused:{table_id}:"
    )
    return {
        key.rsplit(":", 1)[1]: total
        for key, total in rows.values_list("key", "total")
        if total
    }
