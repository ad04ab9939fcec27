"""Counting players' reports and their refusals in the database.

Words:

counter
    One ``ReportCounter`` row per event and key: ``count`` since the start of
    its window, ``total`` for ever. Counted with one ``UPDATE … SET count =
    count + 1`` (a new row inserted once, a racing insert falling back to the
    update), so processes and hosts sharing the database count on one row
    atomically, on SQLite and PostgreSQL alike; a cache's counter is neither
    shared by hosts nor safe from culling.
rate limit
    At most ``limit`` counts per key within ``RATE_WINDOW`` seconds from the
    window's first count (:func:`over_limit`).
refusal
    A report refused (too many, a link that is not the table's, a closed
    link): counted (:func:`count_refusal`), never written to the audit log, so
    a phone sending refused reports in a loop adds no audit row and leaves the
    event's version (and every public page) as it was.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import IntegrityError, transaction
from django.db.models import Case, F, Value, When
from django.utils import timezone

from heats.models import Event, Table
from scoring.models import ReportCounter

RATE_WINDOW = 600  # seconds
# At most this many reports per window, per link and per address; and as many
# live checks of the report form (anonymous, each a run of the rules engine).
RATE_PER_TOKEN = 6
RATE_PER_ADDRESS = 200  # a room may share one address (hotel Wi-Fi, a proxy)
CHECKS_PER_TOKEN = 300  # a check 0.4 s after each pause in typing
CHECKS_PER_ADDRESS = 3000


def count(event: Event, key: str, window: int = RATE_WINDOW) -> int:
    """Count one for ``key`` of ``event``; the count within the key's window
    after it (1 for a new window). One transaction of its own: committed even
    when the caller's work is then refused."""
    now = timezone.now()
    old = now - timedelta(seconds=window)
    stale = When(started__lt=old, then=Value(1))
    with transaction.atomic():
        rows = ReportCounter.objects.filter(event=event, key=key)
        bumped = rows.update(
            count=Case(stale, default=F("count") + 1),
            started=Case(When(started__lt=old, then=Value(now)), default=F("started")),
            total=F("total") + 1,
        )
        if not bumped:
            try:
                with transaction.atomic():
                    ReportCounter.objects.create(
                        event=event, key=key, started=now, count=1, total=1
                    )
                return 1
            except IntegrityError:  # another request inserted it first
                rows.update(count=F("count") + 1, total=F("total") + 1)
        # The update holds the row's lock until commit: this is our count.
        return int(rows.values_list("count", flat=True).get())


def over_limit(event: Event, limits: list[tuple[str, int]]) -> bool:
    """Count one for each ``(key, limit)``; True when any key's count within
    its window is over its limit."""
    over = False
    for key, limit in limits:
        over = count(event, key) > limit or over
    return over


def count_refusal(event: Event, table_id: int | None, why: str) -> None:
    """Count one refused report of ``event`` at the table ``table_id`` (None:
    no table known) for the reason ``why`` ("limit", "link", "closed")."""
    count(event, f"refused:{table_id or '-'}:{why}")


def rate_limited(table: Table, token: str, address: str | None) -> bool:
    """Count one report for ``token`` and ``address`` (the database's counters,
    this module); True when either has sent more than its share in the
    last ``RATE_WINDOW`` seconds."""
    limits = [(f"rate:t:{token}", RATE_PER_TOKEN)]
    if address:
        limits.append((f"rate:a:{address}", RATE_PER_ADDRESS))
    return over_limit(table.round.event, limits)


def check_limited(table: Table, token: str, address: str | None) -> bool:
    """Count one live check of ``token``'s form from ``address``; True when
    over ``CHECKS_PER_TOKEN`` or ``CHECKS_PER_ADDRESS`` (anonymous, and each
    check runs the rules engine)."""
    limits = [(f"check:t:{token}", CHECKS_PER_TOKEN)]
    if address:
        limits.append((f"check:a:{address}", CHECKS_PER_ADDRESS))
    return over_limit(table.round.event, limits)


def refuse(event: Event, round_code: str, number: int, why: str) -> None:
    """Count a refused report sent to ``event``'s table ``number`` of round
    ``round_code`` (why: "limit", "link", "closed"); no audit entry."""
    table = Table.objects.filter(round__event=event, number=number).select_related(
        "round"
    )
    found = next((t.pk for t in table if t.round.code == round_code), None)
    count_refusal(event, found, why)
