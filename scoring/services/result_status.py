"""The one writer of ``heats.models.Table.result_status`` (``heats.core.tables``).

Every write of a table's records ends here: results entered or corrected, a tie
declared, a results file imported, a rules check refreshed or acknowledged (a
scoresheet attached), players merged, an event imported. The heats app reads the
status (may a late player join, may a round be seated again) without knowing what
a record is; pages read it to say which tables owe results (Tabbycat's
``Debate.result_status``, kept by its results app).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable

from django.db import transaction

from heats.models import Seat, Table
from scoring.core.medici.findings import blocking
from scoring.core.status import result_status
from scoring.models import TableCheck
from scoring.services.publishing import publish_after_results


def worked_out(table_ids: Iterable[int]) -> dict[int, str]:
    """Table id -> its status as the saved rows give it; two queries (the seats
    with their records' places, the unacknowledged rules checks)."""
    ids = set(table_ids)
    seats: Counter[int] = Counter()
    places: dict[int, list[int]] = defaultdict(list)
    for table_id, place in Seat.objects.filter(table_id__in=ids).values_list(
        "table_id", "record__place"
    ):
        seats[table_id] += 1
        if place is not None:
            places[table_id].append(place)
    held = {
        table_id
        for table_id, findings in TableCheck.objects.filter(
            table_id__in=ids, acknowledged_at__isnull=True
        ).values_list("table_id", "findings")
        if blocking(findings)
    }
    return {
        pk: result_status(seats[pk], places[pk], held=pk in held).value for pk in ids
    }


def update_result_status(table_ids: Iterable[int]) -> None:
    """Work out and save the status of the tables ``table_ids``: one update per
    status (four at most). Call it inside the transaction that wrote the
    records. Once it is committed, an event that publishes its semi-final list
    automatically publishes it again (``publishing.publish_after_results``)."""
    ids = set(table_ids)
    by_status: dict[str, list[int]] = defaultdict(list)
    for pk, status in worked_out(ids).items():
        by_status[status].append(pk)
    for status, pks in by_status.items():
        Table.objects.filter(pk__in=pks).exclude(result_status=status).update(
            result_status=status
        )
    transaction.on_commit(lambda: _publish_after(ids))


def _publish_after(table_ids: set[int]) -> None:
    publish_after_results(table_ids)


def update_event_result_status(event_id: int) -> None:
    """Every table of an event (an event imported from a file, a sample event)."""
    update_result_status(
        Table.objects.filter(round__event_id=event_id).values_list("pk", flat=True)
    )
