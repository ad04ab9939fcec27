"""Two writes at once both give an event's tables their report links (every
seating's audit entry does, ``scoring.receivers``): one link per table, never a
unique violation (found by ``make load``, when every audit entry made them: two
GMs' first saves at once gave a 500 on PostgreSQL)."""

from __future__ import annotations

import pytest
from django.db import transaction

from heats.models import Round, RoundKind
from heats.services.checkin import check_in
from heats.services.seating import seat_round
from scoring.models import ReportLink
from scoring.services.report_links import make_report_links
from tests.support.concurrency import at_once, errors

pytestmark = pytest.mark.django_db(transaction=True)


def test_links_made_by_six_writes_at_once_are_one_per_table(event):
    heat = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(heat, [(f"Player {i:02d}", "") for i in range(1, 21)])
    seat_round(heat, seed=1)
    ReportLink.objects.all().delete()  # tables made in bulk, as a generated event

    def write(_: int) -> int:
        with transaction.atomic():
            return make_report_links(event.pk)

    outcomes = at_once(write, 6)
    assert errors(outcomes) == []
    tables = list(heat.tables.values_list("pk", flat=True))
    links = list(ReportLink.objects.values_list("table_id", flat=True))
    assert sorted(links) == sorted(tables) and len(tables) == 4
