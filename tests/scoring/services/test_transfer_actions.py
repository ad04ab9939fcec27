"""Audit actions in event files (heats.models.AuditAction): an event file is
checked against the model's choices, so every action any release wrote to a log
is a choice, and an event file of an earlier release still imports."""

from __future__ import annotations

import pytest

from heats.core.errors import UserError
from heats.models import AuditAction, AuditEntry
from heats.services.audit import log
from scoring.services import transfer

pytestmark = pytest.mark.django_db

# Every action a release passed to heats.services.log (read from the history of
# its calls; "report-refused" by the releases before refusals were counted). A
# new action is added here and to AuditAction.
WRITTEN = {
    "absent", "acknowledge", "archive", "auto-publish", "check-in", "clock",
    "event", "final-fill", "import", "keep-apart", "late-seat", "late-table",
    "login", "merge", "override", "player", "publish", "rename", "report",
    "report-confirmed", "report-refused", "result", "round", "scoresheet",
    "seating", "seating-undo", "semi-presence", "settings", "short-table",
    "staff", "substitute", "swap", "tie", "undo-check-in",
}  # fmt: skip


def test_every_action_a_release_wrote_is_a_choice():
    assert set(AuditAction.values) == WRITTEN


def round_trip(event, slug: str) -> None:
    document = transfer.loads(transfer.dumps(transfer.export_event(event)))
    transfer.import_event(document, slug=slug)


def test_an_event_file_with_an_earlier_releases_action_imports(event):
    log(event, None, AuditAction.REPORT_REFUSED, "Heat 1 table 1: report refused")
    round_trip(event, "again")
    entry = AuditEntry.objects.get(event__slug="again")
    assert (entry.action, entry.detail) == (
        "report-refused",
        "Heat 1 table 1: report refused",
    )


def test_an_event_file_with_an_unknown_action_is_refused(event):
    AuditEntry.objects.create(event=event, action="no-such-action", detail="?")
    with pytest.raises(UserError):
        round_trip(event, "again")
