"""Signal receivers of the scoring app.

Tables are seated in bulk by heats (no ``post_save`` per table), and heats never
names scoring; every seating is written to the event's audit log, so a new
audit entry of a seating is when scoring gives new tables their report links
(``scoring.services.reports.make_report_links``), inside the seating's own transaction.
"""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_save
from django.dispatch import receiver

from heats.models import AuditEntry, Round
from scoring.services.reports import make_report_links, retire_report_links

# The audit actions of the services that create tables: a round seated
# (``heats.services.seating.seat_round``), late tables formed (``form_late_table``), a
# previous seating put back (``undo_seating``), results imported
# with tables new to the event (``scoring.services.results_import``). Any other
# entry (a result saved, a player checked in...) makes no table: no query.
TABLE_ACTIONS = frozenset({"seating", "late-table", "seating-undo", "import"})
# The actions that delete tables (``seat_round`` seating again, ``undo_seating``,
# ``heats.services.short_tables`` dissolving a table): their tables' links are
# retired, named by the entry, so "Undo" finds the ones "Seat again" retired.
RETIRING_ACTIONS = frozenset({"seating", "seating-undo", "short-table"})


@receiver(post_save, sender=AuditEntry, dispatch_uid="scoring-report-links")
def links_for_new_tables(
    sender: type[AuditEntry], instance: AuditEntry, created: bool, **kwargs: Any
) -> None:
    """Report links for the event's tables that have none yet, after an entry
    of ``TABLE_ACTIONS`` (one query when every table has one); after "Undo" of
    a seating, the links of the tables it puts back."""
    # An event file's rows are saved raw (``scoring.services.transfer``), which
    # makes the links once every table is written.
    if (
        not created
        or kwargs.get("raw")
        or instance.event_id is None
        or instance.action not in TABLE_ACTIONS | RETIRING_ACTIONS
    ):
        return
    if instance.action in RETIRING_ACTIONS:
        retire_report_links(
            instance.event_id, instance.pk, put_back_round=_put_back(instance)
        )
    if instance.action in TABLE_ACTIONS:
        make_report_links(instance.event_id)


def _put_back(entry: AuditEntry) -> int | None:
    """The id of the round an "Undo" of a seating put back (its entry names the
    round by code), else None."""
    code = entry.data.get("round") if entry.action == "seating-undo" else None
    if not code:
        return None
    rounds = Round.objects.filter(event_id=entry.event_id)
    return next((r.pk for r in rounds if r.code == code), None)
