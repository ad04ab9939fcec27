"""The record of changes to a table's results: the history of replaced values
(``RecordHistory``) and the audit log's entries (``heats.services.audit.log``).
Used by ``scoring.services.results``; who last changed a table, read back from
them, is ``scoring.queries.result_check.last_change``.
"""

from __future__ import annotations

from typing import Any

from heats.models import (
    AuditAction,
    Seat,
    Table,
)
from heats.permissions import (
    Actor,
)
from heats.services.audit import (
    acting_user,
    log,
)
from scoring.models import RecordHistory


def keep_history(
    table: Table, user: Actor, source: str, old: dict[str, Any], new: dict[str, Any]
) -> None:
    """Keep ``old`` values of ``table`` (``result_check.saved_values``) replaced by
    ``new`` ones in ``RecordHistory``; nothing when they are the same or there
    were none (a first entry)."""
    if old and old != new:
        RecordHistory.objects.create(
            table=table, user=acting_user(user), source=source, old=old, new=new
        )


def log_result(
    table: Table,
    user: Actor,
    seats: list[Seat],
    action: AuditAction,
    what: str,
    old: dict[str, Any] | None = None,
) -> None:
    """Audit one table's results: "Results Heat 2 table 3: Ann 98, Ben 77 ...";
    a correction names the old final: "Corrected ...: Ann 98 (was 89), ..."; a
    time-called game ends with "; time called on day 2" (and "(was played out)"
    when that changed)."""
    old = old or {}

    def score(s: Seat) -> str:
        before = old.get(str(s.number), {}).get("final")
        was = f" (was {before})" if before not in (None, s.record.final) else ""
        return f"{s.player.name} {s.record.final}{was}"

    scores = ", ".join(score(s) for s in seats) + _time_called_note(table, old)
    log(
        table.round.event,
        user,
        action,
        f"{what} {table.round.label} table {table.number}: {scores}",
        round=table.round.code,
        table=table.number,
        time_called=table.time_called,
    )


def _time_called_note(table: Table, old: dict[str, Any]) -> str:
    """ "; time called on day 2", with "(was ...)" when a saved result said else."""
    before = [v.get("time_called") for v in old.values()]
    now = table.time_called
    note = f"; time called on day {now}" if now else ""
    if before and before[0] != now:
        was = f"time called on day {before[0]}" if before[0] else "played out"
        note = f"{note or '; played out'} (was {was})"
    return note
