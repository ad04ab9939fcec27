"""Report links (issue: players report their table's result): every table of an
event gets one, made after its seating (``scoring.receivers``) and after an event
file is imported (``scoring.services.transfer``). Kept apart from
``scoring.services.reports`` so that both can import it without a cycle.
"""

from __future__ import annotations

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
        ).values_list("pk", flat=True)
    )
    ReportLink.objects.bulk_create(
        (ReportLink(table_id=pk) for pk in missing), ignore_conflicts=True
    )
    return len(missing)
