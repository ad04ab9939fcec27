"""A report link's table opened, and a report's values read and checked, read
only (tournament.md, "Reported results"). The words "report link" and
"report", and the writers that store and confirm reports, are in
``scoring.services.reports``.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from heats.core.errors import UserError
from heats.models import Event, Seat, Table
from scoring.core.reported import CELLS, EMPTY, lay_report
from scoring.models import ReportLink, TableReport
from scoring.queries import result_check
from scoring.queries.report_links import later_round_seated
from scoring.queries.result_check import ResultCheck, SeatScores
from scoring.queries.seats import table_seats


class ReportRefusedError(UserError):
    """A report link that does not work (here, or any more): the page says why.
    ``why`` is what the refusal is counted as: "link" (not this table's link),
    "closed" (reports closed for the table) or "limit" (too many)."""

    def __init__(self, message: str, why: str = "closed") -> None:
        super().__init__(message)
        self.why = why


def open_table(event: Event, round_code: str, number: int, token: str) -> Table:
    """The table whose report page ``token`` opens; ``ReportRefusedError`` for a
    token that is not this table's (another table's or round's, or guessed),
    an archived event, a table whose result a GM saved, or a round followed by
    a seated one. Source: tournament.md, Reported results."""
    table = _linked_table(event, round_code, number, token)
    if table.round.event.archived:
        raise ReportRefusedError(
            _(
                "%(event)s is archived: it takes no reports any more. Hand the "
                "scoresheet to the GM."
            )
            % {"event": table.round.event.name}
        )
    if table.seats.filter(record__isnull=False).exists():
        raise ReportRefusedError(
            _(
                "The result of %(table)s is already saved by the GM: a report "
                "cannot change it. Ask the GM if it is wrong."
            )
            % {"table": table}
        )
    if later_round_seated(table.round):
        raise ReportRefusedError(
            _(
                "The next round is seated: reports for %(table)s are closed. Hand "
                "the scoresheet to the GM."
            )
            % {"table": table}
        )
    return table


def _linked_table(event: Event, round_code: str, number: int, token: str) -> Table:
    """The table ``token`` links to; ``ReportRefusedError`` unless it is table
    ``number`` of the round ``round_code`` of ``event``."""
    link = (
        ReportLink.objects.select_related("table__round__event")
        .filter(token=token)
        .first()
    )
    table = link.table if link else None
    if (
        table is None
        or table.round.event_id != event.pk
        or table.round.code != round_code
        or table.number != number
    ):
        raise ReportRefusedError(
            _(
                "This report link does not belong to this table. Scan the QR code "
                "on your table's scoresheet, or hand the sheet to the GM."
            ),
            why="link",
        )
    return table


def renumbered_table(
    event: Event, round_code: str, number: int, token: str
) -> int | None:
    """The number ``token``'s table has now when it is a table of the round
    ``round_code`` of ``event`` numbered other than ``number``: a scoresheet
    printed before its table was renumbered (a semi-final's short table
    removed, the later ones moving down one); None otherwise."""
    link = (
        ReportLink.objects.select_related("table__round")
        .filter(token=token, table__round__event=event)
        .first()
    )
    table = link.table if link else None
    if table is None or table.round.code != round_code or table.number == number:
        return None
    return table.number


def open_table_or_none(
    event: Event, round_code: str, number: int, token: str
) -> Table | None:
    """:func:`open_table`, None where it refuses."""
    try:
        return open_table(event, round_code, number, token)
    except ReportRefusedError:
        return None


def check_report(
    table: Table, scores: list[SeatScores], time_called: int | None
) -> ResultCheck:
    """The GM's dry run (``result_check.check_table_results``) of a report as it is
    typed: the same level-1 findings and messages; nothing is written. The link
    stands for the login: the check runs as the operator (``user=None``)."""
    return result_check.check_table_results(
        table, scores, None, time_called=time_called
    )


def report_scores(
    report: TableReport, seats: list[Seat] | None = None
) -> list[SeatScores]:
    """A report's values as ``SeatScores`` on today's ``seats`` (default: the
    table's), laid by player when the seating changed since it was sent
    (``lay_report``); a seat it cannot be laid on has no values."""
    seats = table_seats(report.table) if seats is None else seats
    laid = lay_report(report.seating, report.scores, seats).values
    return [
        SeatScores(s.number, *(laid.get(s.number, EMPTY)[c] for c in CELLS))
        for s in seats
    ]
