"""Refusals are cheap (issue "The convention floor"): a refused report is
counted in the database, never audited, and leaves the event's version (every
public page) as it was; the counters are the database's, not the cache's."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.urls import reverse

from heats.models import AuditEntry, Round, RoundKind
from heats.services.checkin import check_in
from heats.services.seating import seat_round
from medici_tourney.public_cache import event_with_version
from scoring.models import ReportCounter, TableReport
from scoring.queries import report_desk
from scoring.queries.report_tables import ReportRefusedError
from scoring.services import report_rates
from scoring.services.results import save_table_results
from tests.heats.conftest import names
from tests.scoring.services.test_reports import CLEAN, report, scores
from tests.scoring.views.test_table_report import form_data, report_url

pytestmark = pytest.mark.django_db

LIMIT = report_rates.RATE_PER_TOKEN


@pytest.fixture
def table(event):
    """Table 1 of heat 1 (two tables of 5)."""
    rnd = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(rnd, names(10))
    seat_round(rnd, seed=1)
    return rnd.tables.get(number=1)


def fill(table) -> None:
    """The link's share of reports, each from another seat and address."""
    for i in range(LIMIT):
        report(table, CLEAN, seat=i % 5 + 1, address=f"10.0.1.{i}")


def test_refused_reports_write_no_audit_row_and_keep_the_version(table):
    fill(table)
    slug = table.round.event.slug
    audit, version = AuditEntry.objects.count(), event_with_version(slug).version
    for i in range(20):
        with pytest.raises(ReportRefusedError, match="Too many reports"):
            report(table, CLEAN, seat=2, address=f"10.0.2.{i}")
    assert AuditEntry.objects.count() == audit
    assert event_with_version(slug).version == version
    assert TableReport.objects.count() == LIMIT
    assert report_desk.refusals(table.round.event, table.pk) == {"limit": 20}


def test_a_cleared_cache_does_not_reset_the_count(table):
    fill(table)
    cache.clear()  # a flood of other keys culled the file cache
    with pytest.raises(ReportRefusedError, match="Too many reports"):
        report(table, CLEAN, address="10.0.3.1")
    assert TableReport.objects.count() == LIMIT


def test_a_window_gone_by_counts_from_one_again(table):
    fill(table)
    ReportCounter.objects.filter(key__startswith="rate:").update(
        started=ReportCounter.objects.get(key__startswith="rate:t:").started
        - timedelta(seconds=report_rates.RATE_WINDOW + 1)
    )
    report(table, CLEAN, seat=3, address="10.0.3.2")
    assert TableReport.objects.count() == LIMIT + 1
    counter = ReportCounter.objects.get(key__startswith="rate:t:")
    assert (counter.count, counter.total) == (1, LIMIT + 1)


def test_a_wrong_link_and_a_closed_link_are_counted_not_audited(client, gm, table):
    audit = AuditEntry.objects.count()
    wrong = report_url(table, token="B" * 43)
    assert client.post(wrong, form_data(table, CLEAN)).status_code == 403
    save_table_results(table, scores(CLEAN), gm)
    audit = AuditEntry.objects.count()
    for _ in range(3):
        closed = client.post(report_url(table), form_data(table, CLEAN))
        assert closed.status_code == 403
    assert AuditEntry.objects.count() == audit
    counted = report_desk.refusals(table.round.event, table.pk)
    assert counted == {"link": 1, "closed": 3}
    client.force_login(gm)
    kwargs = {"event": table.round.event.slug, "round": "1", "table": 1}
    page = client.get(reverse("scoring:table-reports", kwargs=kwargs)).content
    assert "0 over the rate limit, 1 with a wrong link, 3 after reports" in (
        page.decode()
    )


def test_the_live_check_is_limited(client, table, monkeypatch):
    monkeypatch.setattr(report_rates, "CHECKS_PER_TOKEN", 2)
    url = report_url(table, "scoring:table-report-check")
    answers = [
        client.post(url, form_data(table, CLEAN), HTTP_HX_REQUEST="true")
        for _ in range(3)
    ]
    assert [a.status_code for a in answers] == [200, 200, 200]
    assert "Too many checks" not in answers[1].content.decode()
    assert "Too many checks" in answers[2].content.decode()
    assert not AuditEntry.objects.filter(action__startswith="report").exists()
