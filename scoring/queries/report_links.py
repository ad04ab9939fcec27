"""Report links (issue: players report their table's result): every table of an
event gets one, made after its seating (``scoring.receivers``) and after an event
file is imported (``scoring.services.transfer``); a round's links as the round
page, the scoresheets and ``manage.py report_links`` list them
(:func:`report_links`), and the reports a table holds (:func:`held_reports`).
Reading only: the links are made and retired, the reports stored, by
``scoring.services.report_links`` (``make_report_links``, ``retire_report_links``).

Words:

retired link
    The link of a table that "Seat again" replaced: it has no table any more
    (``ReportLink.table`` is set to null with the table's deletion) and names
    the audit entry of the seating that retired it (``ReportLink.retired``).
    Its QR code is refused ("does not belong to this table").
put back
    "Undo" puts back the seating "Seat again" replaced, table for table (same
    numbers, same seats: ``heats.services.reseating``); each table put back
    gets the link retired last by its round and number, so the scoresheets
    printed for that seating work again.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse

from heats.models import ResultStatus, Round, Table
from scoring.models import ReportLink, TableReport


def report_url(table: Table, token: str) -> str:
    """The path of ``table``'s report page for ``token``."""
    kwargs = {
        "event": table.round.event.slug,
        "round": table.round.code,
        "table": table.number,
        "token": token,
    }
    return reverse("scoring:table-report", kwargs=kwargs)


@dataclass(frozen=True)
class LinkRow:
    """One table's report link: table number, path, whether it still works."""

    table: int
    path: str
    open: bool


def report_links(rnd: Round) -> list[LinkRow]:
    """The report links of ``rnd``'s tables in table order (reading only: a
    table seated before links existed has none until the event's next seating,
    or ``manage.py report_links``)."""
    later = later_round_seated(rnd)
    links = ReportLink.objects.filter(table__round=rnd).select_related(
        "table__round__event"
    )
    # Each link has its table: the query reads the links of rnd's tables.
    tables = [(link.table, link.token) for link in links if link.table is not None]
    return [
        LinkRow(
            table.number,
            report_url(table, token),
            not later
            and not rnd.event.archived
            and table.result_status == ResultStatus.OWED,
        )
        for table, token in sorted(tables, key=lambda pair: pair[0].number)
    ]


def later_round_seated(rnd: Round) -> bool:
    """Whether a round of ``rnd``'s event after it has tables (its reports
    are closed then)."""
    return Table.objects.filter(
        round__event_id=rnd.event_id, round__ordinal__gt=rnd.ordinal
    ).exists()


def held_reports(table: Table) -> list[TableReport]:
    """The reports of ``table`` in the order they came."""
    return list(table.reports.all())


def reported_tables(rnd: Round) -> set[int]:
    """Ids of ``rnd``'s tables owing results with at least one report."""
    return set(
        TableReport.objects.filter(
            table__round=rnd, table__result_status=ResultStatus.OWED
        ).values_list("table_id", flat=True)
    )
