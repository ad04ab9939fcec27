"""The report links of the event's tables (tournament.md, "Reported results"):
each table's private address (``ReportLink``, printed as its scoresheet's QR
code) made when heats announces new tables, and retired with the tables a
seating replaces or a short table's removal deletes, named by that audit
entry, so "Undo" of "Seat again" gives the printed codes back
(``scoring.receivers``). Reading a link is ``scoring.queries.report_links``;
players' reports through it are ``scoring.services.reports``.
"""

from __future__ import annotations

from django.db.models import Max

from heats.models import Table
from scoring.models import ReportLink


def make_report_links(event_id: int) -> int:
    """Give every table of the event that has none its report link; the number
    of tables found without one (tables are seated in bulk, so links follow the
    seating's audit entry: ``scoring.receivers``).

    Two writes at once may both find a table without a link: the second insert
    is skipped (``ignore_conflicts``), so a table keeps the one link made first
    and neither write fails.
    """
    missing = list(
        Table.objects.filter(
            round__event_id=event_id, report_link__isnull=True
        ).values_list("pk", "round_id", "number")
    )
    ReportLink.objects.bulk_create(
        (
            ReportLink(table_id=pk, round_id=round_id, number=number)
            for pk, round_id, number in missing
        ),
        ignore_conflicts=True,
    )
    return len(missing)


def retire_report_links(
    event_id: int, entry_id: int, *, put_back_round: int | None = None
) -> None:
    """After an audit entry (id ``entry_id``) of a service that deletes tables:
    with ``put_back_round`` (the id of the round "Undo" put back), give its
    tables the links retired last ("put back"); then retire the links whose
    table is gone, naming the entry."""
    if put_back_round is not None:
        _put_back(event_id, put_back_round)
    ReportLink.objects.filter(
        round__event_id=event_id, table__isnull=True, retired__isnull=True
    ).update(retired=entry_id)


def _put_back(event_id: int, round_id: int) -> None:
    retired = ReportLink.objects.filter(
        round__event_id=event_id, round_id=round_id, table__isnull=True
    ).exclude(retired__isnull=True)
    last = retired.aggregate(last=Max("retired"))["last"]
    if last is None:
        return
    tables = {
        t.number: t.pk
        for t in Table.objects.filter(round_id=round_id, report_link__isnull=True)
    }
    for link in retired.filter(retired=last):
        if link.number in tables:
            link.table_id, link.retired = tables.pop(link.number), None
            link.save(update_fields=["table", "retired"])
