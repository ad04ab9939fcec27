"""Signal receivers of the scoring app.

Tables are seated in bulk by heats (no ``post_save`` per table), and heats never
names scoring; every seating is written to the event's audit log, so a new
audit entry of a seating is when scoring gives new tables their report links
(``scoring.services.report_links``), inside the seating's own transaction.
"""

from __future__ import annotations

from django.db.models.signals import post_save
from django.dispatch import receiver

from heats.models import AuditEntry, Round
from scoring.services.report_links import keep_report_links

# The audit actions of the services that create tables: a round seated
# (``heats.services.seat_round``), late tables formed (``form_late_table``), a
# previous seating put back (``undo_seating``), results imported
# with tables new to the event (``scoring.services.results_import``). Any other
# entry (a result saved, a player checked in...) makes no table: no query.
TABLE_ACTIONS = frozenset({"seating", "late-table", "seating-undo", "import"})


@receiver(post_save, sender=AuditEntry, dispatch_uid="scoring-report-links")
def links_for_new_tables(sender, instance: AuditEntry, created: bool, **kwargs) -> None:
    """Report links for the event's tables that have none yet, after an entry
    of ``TABLE_ACTIONS`` (one query when every table has one); after "Undo" of
    a seating, the links of the tables it puts back."""
    # An event file's rows are saved raw (``scoring.services.transfer``), which
    # makes the links once every table is written.
    if (
        created
        and not kwargs.get("raw")
        and instance.event_id is not None
        and instance.action in TABLE_ACTIONS
    ):
        keep_report_links(
            instance.event_id, instance.pk, put_back_round=_put_back(instance)
        )


def _put_back(entry: AuditEntry) -> int | None:
    """The id of the round an "Undo" of a seating put back (its entry names the
    round by code), else None."""
    code = entry.data.get("round") if entry.action == "seating-undo" else None
    if not code:
        return None
    rounds = Round.objects.filter(event_id=entry.event_id)
    return next((r.pk for r in rounds if r.code == code), None)
