"""Players' reports of their table's result (tournament.md, "Reported results").

Words:

report link
    A table's private address (``ReportLink.token``, 256 random bits), printed
    as the QR code of its scoresheet. It works without a login, for its own
    table and round only, while the table has no saved result and no later
    round of the event is seated (:func:`open_table`).
report
    What one seat sent through the link (``TableReport``): final florins (and
    day-1/day-2 money when known) per seat, the day time was called and the
    seating it was made for (its seating signature, ``scoring.core.reported``).
    A report is held: it is no ``PlayerRecord``, so no public page, feed,
    export or advancement reads it. A second report with other values is kept
    beside the first; neither replaces the other. A post sent again (the same
    form's ``nonce``) is stored once.
confirming
    A GM or assistant saves a report's values as the table's result
    (``results.save_table_results``, the same rules as result entry), laid on
    today's seats player by player when the seating changed since
    (``scoring.core.reported.lay_report``); with the event's setting on
    (``ReportSettings.two_reports_confirm``), two identical reports from two
    different seats with no level-1 finding confirm the table by themselves.

Every report and confirmation is in the event's audit log with the token's
first characters, the seat and the sender's address. A refusal is only counted
(``scoring.services.report_rates``): an audit entry would make a new event
version, so a phone in a loop would re-render every public page.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from heats.core.errors import UserError
from heats.core.message import SEMICOLON
from heats.models import (
    AuditAction,
    Event,
    Seat,
    Table,
)
from heats.permissions import (
    Actor,
)
from heats.services.audit import (
    acting_user,
    lock,
    log,
)
from heats.translate import listed
from scoring import permissions
from scoring.core.medici.findings import blocking
from scoring.core.reported import Laid, lay_report, seating_signature
from scoring.models import ReportSettings, TableReport
from scoring.queries.report_tables import (
    ReportRefusedError,
    check_report,
    open_table,
    report_scores,
)
from scoring.queries.result_check import ResultCheck, SeatScores
from scoring.queries.seats import table_seats
from scoring.services import report_rates, results
from scoring.services.results import TableOutcome

PREFIX = 6


def _values(scores: list[SeatScores]) -> dict[str, dict[str, Any]]:
    return {
        str(s.seat): {"day1": s.day1, "day2": s.day2, "final": s.final} for s in scores
    }


@dataclass(frozen=True)
class Submitted:
    """A report stored, its dry run, and the outcome when it confirmed the
    table by itself (the event's two-reports setting)."""

    report: TableReport
    check: ResultCheck
    confirmed: TableOutcome | None


def submit_report(
    table: Table,
    token: str,
    seat: int,
    scores: list[SeatScores],
    time_called: int | None,
    address: str | None,
    nonce: str = "",
    seating: str | None = None,
) -> Submitted:
    """Store one seat's report of ``table`` (reached with ``token`` by
    :func:`open_table`), held until confirmed, with ``seating``, the seating
    signature its form was drawn for (default: the table's now); the same
    ``nonce`` (the form's) sent again gives the report stored the first time.
    ReportRefusedError (counted, not audited) when the link no longer works
    under the table's lock or the sender is over the rate limit; UserError
    when ``seat`` is not a seat of the table, a final is missing or the values
    cannot be a result (``result_check.check_table_results``).
    Source: tournament.md, Reported results.
    """
    if report_rates.rate_limited(table, token, address):
        report_rates.count_refusal(table.round.event, table.pk, "limit")
        raise ReportRefusedError(
            _(
                "Too many reports from this link or this device: wait a few "
                "minutes, or hand the scoresheet to the GM."
            ),
            why="limit",
        )
    sent = (seat, scores, time_called, address, nonce, seating)
    try:
        try:
            return _store(table, token, *sent)
        except IntegrityError:  # a replay raced the first post to the insert
            return _store(table, token, *sent)
    except ReportRefusedError as exc:  # closed since the page was opened
        report_rates.count_refusal(table.round.event, table.pk, exc.why)
        raise


@transaction.atomic
def _store(
    table: Table,
    token: str,
    seat: int,
    scores: list[SeatScores],
    time_called: int | None,
    address: str | None,
    nonce: str,
    seating: str | None,
) -> Submitted:
    event = table.round.event
    results.lock_table(table)
    table = open_table(event, table.round.code, table.number, token)
    seats = table_seats(table)
    if seat not in {s.number for s in seats}:
        raise UserError(
            _("Say which seat of %(table)s is reporting.") % {"table": table}
        )
    check = check_report(table, scores, time_called)
    if check.places is None:
        raise UserError(
            _("Give the final florins of every seat of %(table)s.") % {"table": table}
        )
    fields = {
        "seat": seat,
        "scores": _values(scores),
        "seating": seating_signature(seats) if seating is None else seating,
        "time_called": time_called,
        "address": address,
    }
    again = _replayed(table, nonce, fields)
    if again is not None:
        return Submitted(again, check, None)
    report = TableReport.objects.create(table=table, nonce=nonce, **fields)
    _log(table, token, seat, address, AuditAction.REPORT, "reported by seat", report.pk)
    return Submitted(report, check, _confirm_by_two(table, report, check))


def _replayed(table: Table, nonce: str, fields: dict[str, Any]) -> TableReport | None:
    """The report already stored from the same form (``nonce``), or, for a
    client sending none, the same values from the same seat and address."""
    if nonce:
        return table.reports.filter(nonce=nonce).first()
    same = table.reports.filter(
        nonce="", seat=fields["seat"], address=fields["address"]
    )
    keys = ("scores", "seating", "time_called")
    return next(
        (r for r in same if all(getattr(r, k) == fields[k] for k in keys)), None
    )


def _log(
    table: Table,
    token: str,
    seat: int,
    address: str | None,
    action: AuditAction,
    what: str,
    report_id: int | None = None,
) -> None:
    log(
        table.round.event,
        None,
        action,
        f"{table}: {what} {seat} (link {token[:PREFIX]}…, address {address or '?'})",
        round=table.round.code,
        table=table.number,
        token=token[:PREFIX],
        seat=seat,
        address=address,
        report=report_id,
    )


def _same(a: TableReport, b: TableReport) -> bool:
    return (
        a.scores == b.scores
        and a.time_called == b.time_called
        and a.seating == b.seating
    )


def _confirm_by_two(
    table: Table, report: TableReport, check: ResultCheck
) -> TableOutcome | None:
    """Confirm ``report`` when the event allows it and another seat sent the
    same values for the same seating from another address, with no level-1
    finding that blocks (a hint does not).

    The seat is only what the sender chose: one phone claiming two seats is
    not two players, so the two reports must come from two addresses (behind
    a proxy every phone shares one: the GM then confirms, as without the
    setting)."""
    setting = ReportSettings.objects.filter(event=table.round.event).first()
    if setting is None or not setting.two_reports_confirm or blocking(check.findings):
        return None
    if not report.address:
        return None
    twins = [
        other
        for other in table.reports.exclude(pk=report.pk)
        if other.seat != report.seat
        and other.address
        and other.address != report.address
        and _same(other, report)
    ]
    if not twins:
        return None
    seats = f"seats {twins[0].seat} and {report.seat}"
    return _save(
        report, report_scores(report), None, f"two identical reports ({seats})"
    )


def _save(
    report: TableReport, scores: list[SeatScores], user: Actor, source: str
) -> TableOutcome:
    table = report.table
    outcome = results.save_table_results(
        table, scores, user, source, time_called=report.time_called
    )
    report.confirmed_at = timezone.now()
    report.confirmed_by = acting_user(user)
    report.save(update_fields=["confirmed_at", "confirmed_by"])
    log(
        table.round.event,
        user,
        AuditAction.REPORT_CONFIRMED,
        f"{table}: report of seat {report.seat} confirmed ({source})",
        round=table.round.code,
        table=table.number,
        seat=report.seat,
        address=report.address,
        report=report.pk,
    )
    return outcome


@transaction.atomic
def confirm_report(report: TableReport, user: Actor) -> TableOutcome:
    """A GM or assistant confirms ``report``: its values become the table's
    result, as if entered (``results.save_table_results``; a tie or rules
    finding follows as there), laid on today's seats by player when the
    seating changed since it was sent. UserError when the table's result is
    already saved (a report never changes a saved result) or when the report
    cannot be laid on today's seats (a player not at the table any more, a
    seat it has no value for): the GM enters the result by hand. NotAllowed
    unless ``user`` may enter results. Source: tournament.md, Reported
    results."""
    table = report.table
    permissions.require(table.round.event, user, permissions.ENTER_RESULTS)
    results.lock_table(table)
    if table.seats.filter(record__isnull=False).exists():
        raise UserError(
            _("The result of %(table)s is already saved: a report cannot change it.")
            % {"table": table}
        )
    seats = table_seats(table)
    laid = lay_report(report.seating, report.scores, seats)
    if not laid.complete:
        raise UserError(
            _(
                "This report was sent for another seating of %(table)s and cannot "
                "be laid on today's seats (%(seats)s). Check the scoresheet and "
                "enter the result by hand: the form opens with the report's "
                "values that still fit."
            )
            % {"table": table, "seats": _unlaid(laid, seats)}
        )
    source = f"report of seat {report.seat}"
    if laid.kind == "earlier":
        source += ", laid on today's seating by player"
    return _save(report, report_scores(report, seats), user, source)


def _unlaid(laid: Laid, seats: Iterable[Seat]) -> str:
    """The seats a report cannot be laid on, as the GM reads them."""
    names = {s.number: s.player.name for s in seats}
    parts = [
        _("seat %(seat)s (%(player)s) has no value in it")
        % {"seat": n, "player": names[n]}
        for n in laid.missing
    ] + [
        _("its seat %(seat)s's player is not at the table any more") % {"seat": n}
        for n in laid.gone
    ]
    return listed(parts, SEMICOLON)


@transaction.atomic
def set_two_reports_confirm(
    event: Event, on: bool, user: Actor = None
) -> ReportSettings:
    """Turn the event's "two identical reports from two seats confirm a table"
    on or off (``ReportSettings``); logged. NotAllowed unless ``user`` may
    change the event's settings. Source: tournament.md, Reported results."""
    permissions.require(event, user, permissions.EDIT_SETTINGS)
    lock(event)
    setting, _ = ReportSettings.objects.update_or_create(
        event=event,
        defaults={
            "two_reports_confirm": on,
            "updated_by": acting_user(user),
        },
    )
    state = "on" if on else "off"
    log(
        event,
        user,
        AuditAction.SETTINGS,
        f"Two identical reports confirm a table: {state}",
    )
    return setting
