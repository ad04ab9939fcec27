"""24 reports at once through one link store exactly the link's share (issue
"The convention floor": the file cache's counter let 9 through against 6); the
count is the database's, one row updated atomically, on SQLite and PostgreSQL
(``tests/with_postgres.py``)."""

from __future__ import annotations

import pytest

from heats.models import AuditEntry, Round, RoundKind
from heats.services.checkin import check_in
from heats.services.seating import seat_round
from scoring.models import ReportCounter, ReportLink, TableReport
from scoring.queries import report_desk, report_tables
from scoring.queries.report_tables import ReportRefusedError
from scoring.queries.result_check import SeatScores
from scoring.services import report_rates, reports
from tests.heats.conftest import names
from tests.support.concurrency import at_once

pytestmark = pytest.mark.django_db(transaction=True)

FINALS = [110, 95, 85, 75, 65]


def test_24_reports_at_once_store_exactly_the_limit(event):
    heat = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(heat, names(10))
    seat_round(heat, seed=1)
    table = heat.tables.get(number=1)
    token = ReportLink.objects.get(table=table).token
    audit = AuditEntry.objects.count()
    values = [SeatScores(n, None, None, f) for n, f in enumerate(FINALS, start=1)]

    def send(i: int) -> str:
        opened = report_tables.open_table(event, "1", 1, token)
        try:
            reports.submit_report(
                opened, token, i % 5 + 1, values, None, f"10.0.4.{i}", f"{i:032x}"
            )
        except ReportRefusedError:
            return "refused"
        return "stored"

    outcomes = at_once(send, 24)
    assert [o.error for o in outcomes] == [None] * 24
    limit = report_rates.RATE_PER_TOKEN
    told = sorted(str(o.value) for o in outcomes)
    assert told == ["refused"] * (24 - limit) + ["stored"] * limit
    assert TableReport.objects.count() == limit
    # One audit row per report stored, none per refusal.
    assert AuditEntry.objects.count() == audit + limit
    counter = ReportCounter.objects.get(key=f"rate:t:{token}")
    assert (counter.count, counter.total) == (24, 24)
    assert report_desk.refusals(event, table.pk) == {"limit": 24 - limit}
