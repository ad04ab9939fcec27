"""Rules checks in the product: level-1 checks of every entered result, and
scoresheets attached to a table (rules.md, "Verifying a submitted scoresheet").

Words:
- *table check*: the level-1 findings on a table's recorded scores (``TableCheck``);
  an impossible score is a warning the GM must acknowledge;
- *scoresheet*: a game log in the JSON of formats.md, verified at the level its
  detail allows and compared with the table's recorded result.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from heats.core.errors import UserError
from heats.core.message import (
    error_text,
)
from heats.models import (
    AuditAction,
    Table,
)
from heats.permissions import (
    Actor,
)
from heats.services.audit import (
    acting_user,
    log,
)
from heats.translate import translate
from scoring import permissions
from scoring.core.medici.findings import ScoresheetError, joined
from scoring.core.medici.rulesets import RuleSetError
from scoring.core.medici.verify import verify_sheet
from scoring.models import ScoresheetSubmission, TableCheck
from scoring.queries.rules_findings import (
    check_sheet_is_for,
    compare_with_records,
    level1_findings,
    sheet_findings,
)
from scoring.services.result_status import update_result_status


def refresh_table_check(
    table: Table, level1: list[dict[str, Any]] | None = None
) -> TableCheck:
    """Recompute and save ``table``'s check: the level-1 findings on its recorded
    scores and those of its newest scoresheet.

    ``level1``: the level-1 findings, when the caller has just worked them out
    on the scores it saved (``score_findings`` on every seat's record, in seat
    order, and ``table.time_called``); else read from the records
    (:func:`level1_findings`).
    A changed list of findings needs a new acknowledgement; an unchanged one keeps
    the GM's earlier acknowledgement.
    """
    if level1 is None:
        level1 = level1_findings(table)
    findings = joined(level1, sheet_findings(table))
    check, created = TableCheck.objects.get_or_create(
        table=table, defaults={"findings": findings}
    )
    if not created and check.findings != findings:
        check.findings = findings
        check.acknowledged_by = None
        check.acknowledged_at = None
        check.save()
    update_result_status([table.pk])
    return check


@transaction.atomic
def acknowledge_check(table: Table, user: Actor) -> TableCheck:
    """Record that ``user`` (a GM) has seen ``table``'s level-1 findings."""
    permissions.require(table.round.event, user, permissions.ACKNOWLEDGE)
    check = refresh_table_check(table)
    check.acknowledged_by = acting_user(user)  # the GM: others are refused above
    check.acknowledged_at = timezone.now()
    check.save()
    update_result_status([table.pk])
    log(
        table.round.event,
        user,
        AuditAction.ACKNOWLEDGE,
        f"Acknowledged {len(check.findings)} rules finding(s) at {table}",
    )
    return check


@transaction.atomic
def attach_scoresheet(
    table: Table, sheet: dict[str, Any], user: Actor = None
) -> ScoresheetSubmission:
    """Verify ``sheet`` with the rules engine and attach it to ``table``.

    The sheet is checked under the event's rule set, whatever its ``rules`` says:
    a sheet naming another one gets a finding naming both; one naming none is
    simply checked under it (tournament.md, Recording a table: "consistent with
    the table size and rule set"). Findings are the engine's (every one, at the
    sheet's level of detail) followed by disagreements with the recorded result.
    Raises UserError for a sheet too malformed to check (the message names the
    field), or when the event's rule set is unknown. rules.md, Verifying.
    """
    event = table.round.event
    permissions.require(event, user, permissions.ATTACH_SCORESHEET)
    check_sheet_is_for(sheet, table)
    try:
        report = verify_sheet(sheet, event.rules)
    except ScoresheetError as exc:
        raise UserError(
            _("The scoresheet cannot be checked: %(problem)s")
            % {"problem": translate(error_text(exc))}
        ) from None
    except RuleSetError as exc:
        raise UserError(
            _("The event's rule set cannot be used: %(problem)s")
            % {"problem": translate(error_text(exc))}
        ) from None
    # The engine's order keeps each root before what follows from it.
    findings = joined(
        [f.to_dict() for f in report.findings], compare_with_records(sheet, table)
    )
    submission = ScoresheetSubmission.objects.create(
        table=table,
        sheet=sheet,
        level=report.level,
        findings=findings,
        submitted_by=acting_user(user),
    )
    refresh_table_check(table)
    log(
        table.round.event,
        user,
        AuditAction.SCORESHEET,
        f"Scoresheet (level {report.level}) attached to {table}: "
        f"{len(findings)} finding(s)",
        submission=submission.pk,
    )
    return submission
