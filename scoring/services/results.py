"""GM operations on table results: result entry per table, tie declarations and
level-1 rules checks. The dry run every save runs first, and the words "seat
scores" and "dry run", are in ``scoring.queries.result_check``. The semi-final
and final rounds are in ``scoring.services.semi_final``.

Ties for first are declared in ``scoring.services.ties``.

Words (tournament.md, "Recording a table" and "Semi-final and final"):

tie for first
    Several players with the top final score. The GM declares the winner and why
    (``PlayerRecord.declared_winner`` + ``tie_reason``); until then every tied
    player counts as a winner (``scoring.core.places.table_places``).

Every change is written to the event's audit log (``heats.services.audit.log``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from heats.core.errors import UserError
from heats.models import (
    AuditAction,
    Seat,
    Table,
)
from heats.permissions import (
    Actor,
)
from heats.queries.desk import shown_names
from heats.services.audit import (
    lock,
)
from scoring import permissions
from scoring.core.ids import PlayerId
from scoring.core.places import TablePlaces
from scoring.permissions import require
from scoring.queries.corrections import Consequences
from scoring.queries.result_check import (
    SeatScores,
    check_table_results,
    every_final,
    saved_values,
)
from scoring.services.result_log import keep_history, log_result
from scoring.services.result_records import write_records
from scoring.services.rules_checks import refresh_table_check


@dataclass(frozen=True)
class TableOutcome:
    """What saving a table gave: the places (keys are player ids as strings), the
    tied players' names while a tie for first is unresolved, and the level-1
    findings (``[{"day", "player", "message"}]``)."""

    table: Table
    places: TablePlaces
    tied: list[str]
    findings: list[dict[str, Any]]

    @property
    def unresolved_tie(self) -> bool:
        return bool(self.tied)


def lock_table(table: Table) -> None:
    """Lock ``table`` for the transaction and read it again (``heats.services.
    lock``); UserError when it is gone (its round was seated again meanwhile).
    A round already loaded on ``table`` stays (a table never changes rounds):
    not read again."""
    rnd = table.round if Table.round.is_cached(table) else None
    try:
        lock(table)
    except Table.DoesNotExist:
        raise UserError(
            _(
                "%(table)s no longer exists: its round was seated again. Open the "
                "round's page for its new tables."
            )
            % {"table": table}
        ) from None
    if rnd is not None and rnd.pk == table.round_id:
        table.round = rnd


class UnconfirmedCorrectionError(UserError):
    """A correction whose ``consequences`` (``corrections.Consequences``) the GM
    has not confirmed: nothing was saved."""

    def __init__(self, consequences: Consequences) -> None:
        self.consequences = consequences
        if consequences.semi == "played":
            text = _(
                "This correction changes %(table)s's winner or the semi-final list "
                "after the semi-final was played: nothing is saved until you "
                "confirm it."
            )
        else:
            text = _(
                "This correction changes %(table)s's winner or the semi-final list "
                "after the semi-final was seated: nothing is saved until you "
                "confirm it."
            )
        super().__init__(text % {"table": consequences.table})


@transaction.atomic
def save_table_results(
    table: Table,
    scores: list[SeatScores],
    user: Actor = None,
    source: str = "result entry",
    *,
    version: str | None = None,
    time_called: int | None = None,
    confirmed: str | None = None,
) -> TableOutcome:
    """Save one table's results with places from ``scoring.core.places.table_places``.

    ``time_called`` is the day (1-3) time was called at the table, ``None`` for a
    game played out: saved on the table, the scores kept as recorded (tournament.md,
    Heats, the clock) and checked as a game that ended that day.

    A GM's earlier tie declaration stays while that player is still tied for first.
    Replaced values (the day time was called too) are kept in ``RecordHistory``
    and the audit log; the level-1 rules findings are
    stored in ``TableCheck`` by ``rules_checks.refresh_table_check`` (changed
    findings need the GM's acknowledgement again, on the table page).
    The table is locked first (``lock_table``) and read again under the lock, so
    each history row's old values are exactly the previous save's; then the dry
    run (:func:`check_table_results`) decides, and raises its errors: ``version``
    is the ``table_version`` the entry form showed: a table changed since raises
    ``StaleResultsError`` (nothing is saved). Raises UserError when ``scores`` does
    not give every seat exactly one final or ``time_called`` is not a day 1-3;
    ``UnconfirmedCorrectionError`` for a correction with consequences after the
    semi-final is seated whose ``key`` is not ``confirmed`` (tournament.md,
    Advancement, 9);
    NotAllowed unless ``user`` may enter results, or, when a saved score or the
    saved day time was called changes, change saved results (``heats.permissions``).
    Source: tournament.md, Recording a table.
    """
    require(table.round.event, user, permissions.ENTER_RESULTS)
    lock_table(table)
    check = check_table_results(
        table, scores, user, version=version, time_called=time_called
    )
    if check.places is None:
        raise UserError(every_final(table))
    if check.consequences and check.consequences.key != confirmed:
        raise UnconfirmedCorrectionError(check.consequences)
    seats, by_seat, places = check.seats, check.scores, check.places
    old = saved_values(seats)
    if table.time_called != time_called:
        table.time_called = time_called
        table.save(update_fields=["time_called"])
    write_records(seats, by_seat, places)
    keep_history(table, user, source, old, saved_values(seats))
    findings = refresh_table_check(table, level1=check.findings).findings
    log_result(
        table, user, seats, AuditAction.RESULT, "Corrected" if old else "Results", old
    )
    return TableOutcome(table, places, tied_names(table, seats, places), findings)


def tied_names(table: Table, seats: list[Seat], places: TablePlaces) -> list[str]:
    """The names of the players tied for first at ``table`` (none without an
    unresolved tie), namesakes told apart by badge as on the pages that name
    them; read only when there is a tie, so a plain save asks nothing more."""
    if not places.unresolved_tie:
        return []
    shown = shown_names(table.round.event_id, [s.player for s in seats])
    names: dict[PlayerId, str] = {str(s.player_id): shown[s.player_id] for s in seats}
    return [names[k] for k in places.winners]
