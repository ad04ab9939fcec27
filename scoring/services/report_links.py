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
    made (tables are seated in bulk, so links follow the seating's audit entry:
    ``scoring.receivers``)."""
    missing = Table.objects.filter(
        round__event_id=event_id, report_link__isnull=True
    ).values_list("pk", flat=True)
    made = ReportLink.objects.bulk_create(ReportLink(table_id=pk) for pk in missing)
    return len(made)
