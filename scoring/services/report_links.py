"""Report links (issue: players report their table's result): every table of an
event gets one, made after its seating (``scoring.receivers``) and after an event
file is imported (``scoring.services.transfer``); a round's links as the round
page, the scoresheets and ``manage.py report_links`` list them
(:func:`report_links`). Kept apart from ``scoring.services.reports`` so that
both can import it without a cycle.

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

from django.db.models import Max
from django.urls import reverse

from heats.models import ResultStatus, Round, Table
from scoring.models import ReportLink


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
    return [
        LinkRow(
            link.table.number,
            report_url(link.table, link.token),
            not later
            and not rnd.event.archived
            and link.table.result_status == ResultStatus.OWED,
        )
        for link in sorted(links, key=lambda link: link.table.number)
    ]


def later_round_seated(rnd: Round) -> bool:
    """Whether a round of ``rnd``'s event after it has tables (its reports
    are closed then)."""
    return Table.objects.filter(
        round__event_id=rnd.event_id, round__ordinal__gt=rnd.ordinal
    ).exists()


def make_report_links(event_id: int) -> int:
    """Give every table of the event that has none its report link; the number
    of tables found without one (tables are seated in bulk, so links follow
    heats' signal of the seating: ``scoring.receivers``).

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
