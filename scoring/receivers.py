"""Signal receivers of the scoring app: report links follow the tables.

Heats announces when tables come and go (``heats.signals``) and never names
scoring; every table gets its report link (``scoring.services.reports``)
when heats says it was made, and the link of a table deleted is retired, naming
the audit entry that deleted it, so "Undo" finds the ones "Seat again" retired.
The receivers run inside the seating's own transaction (the signals are sent
there). Connected once, when ``ScoringConfig.ready()`` imports this module.
"""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from heats import signals
from heats.models import AuditEntry, Event, Round
from scoring.services.report_links import make_report_links, retire_report_links


@receiver(signals.tables_seated, dispatch_uid="scoring-links-seated")
def links_for_seating(sender: Event, entry: AuditEntry, **kwargs: Any) -> None:
    """A round seated (again): the links of the tables it replaced are retired,
    its new tables get theirs."""
    retire_report_links(sender.pk, entry.pk)
    make_report_links(sender.pk)


@receiver(signals.late_table_seated, dispatch_uid="scoring-links-late")
@receiver(signals.results_imported, dispatch_uid="scoring-links-import")
def links_for_new_tables(sender: Event, **kwargs: Any) -> None:
    """Late tables formed, or results imported (which may make tables): the
    event's tables without a link get one (one query when all have one)."""
    make_report_links(sender.pk)


@receiver(signals.seating_undone, dispatch_uid="scoring-links-undone")
def links_put_back(
    sender: Event, entry: AuditEntry, round: Round, **kwargs: Any
) -> None:
    """A seating put back: its tables get the links retired last by their round
    and number (the scoresheets printed for it work again); the links of the
    tables it replaced are retired."""
    retire_report_links(sender.pk, entry.pk, put_back_round=round.pk)
    make_report_links(sender.pk)


@receiver(signals.table_dissolved, dispatch_uid="scoring-links-dissolved")
def links_of_dissolved_table(sender: Event, entry: AuditEntry, **kwargs: Any) -> None:
    """A short table removed: its link is retired."""
    retire_report_links(sender.pk, entry.pk)
