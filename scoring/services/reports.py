"""Players' reports of their table's result (tournament.md, "Reported results").

Words:

report link
    A table's private address (``ReportLink.token``, 256 random bits), printed
    as the QR code of its scoresheet. It works without a login, for its own
    table and round only, while the table has no saved result and no later
    round of the event is seated (:func:`open_table`).
report
    What one seat sent through the link (``TableReport``): final florins (and
    day-1/day-2 money when known) per seat and the day time was called. A
    report is held: it is no ``PlayerRecord``, so no public page, feed, export
    or advancement reads it. A second report with other values is kept beside
    the first; neither replaces the other.
confirming
    A GM or assistant saves a report's values as the table's result
    (``results.save_table_results``, the same rules as result entry); with the
    event's setting on (``ReportSettings.two_reports_confirm``), two identical
    reports from two different seats with no level-1 finding confirm the
    table by themselves.

Every report, refusal of a known link and confirmation is in the event's audit
log with the token's first characters, the seat and the sender's address.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.cache import cache
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from heats import services as heat_services
from heats.core.errors import UserError
from heats.models import Event, ResultStatus, Round, Table
from scoring import permissions
from scoring.models import ReportLink, ReportSettings, TableReport
from scoring.services import results
from scoring.services.report_links import make_report_links  # noqa: F401
from scoring.services.results import ResultCheck, SeatScores, TableOutcome

# At most this many reports per window (seconds), per link and per address.
RATE_WINDOW = 600
RATE_PER_TOKEN = 6
RATE_PER_ADDRESS = 200  # a room may share one address (hotel Wi-Fi, a proxy)
PREFIX = 6


class ReportRefusedError(UserError):
    """A report link that does not work (here, or any more): the page says why."""


def report_url(table: Table, token: str) -> str:
    """The path of ``table``'s report page for ``token``."""
    kwargs = {
        "event": table.round.event.slug,
        "round": table.round.code,
        "number": table.number,
        "token": token,
    }
    return reverse("scoring:table-report", kwargs=kwargs)


@dataclass(frozen=True)
class LinkRow:
    """One table's report link: table number, path, whether it still works."""

    table: int
    path: str
    open: bool


def report_links(rnd: Round) -> list[LinkRow]:
    """The report links of ``rnd``'s tables in table order (reading only: a
    table seated before links existed has none until the event's next seating,
    or ``manage.py report_links``)."""
    later = _later_round_seated(rnd)
    links = ReportLink.objects.filter(table__round=rnd).select_related(
        "table__round__event"
    )
    return [
        LinkRow(
            link.table.number,
            report_url(link.table, link.token),
            not later and link.table.result_status == ResultStatus.OWED,
        )
        for link in sorted(links, key=lambda link: link.table.number)
    ]


def _later_round_seated(rnd: Round) -> bool:
    return Table.objects.filter(
        round__event_id=rnd.event_id, round__ordinal__gt=rnd.ordinal
    ).exists()


def open_table(event: Event, round_code: str, number: int, token: str) -> Table:
    """The table whose report page ``token`` opens; ``ReportRefusedError`` for a
    token that is not this table's (another table's or round's, or guessed),
    a table whose result a GM saved, or a round followed by a seated one.
    Source: tournament.md, Reported results."""
    link = (
        ReportLink.objects.select_related("table__round__event")
        .filter(token=token)
        .first()
    )
    table = link.table if link else None
    if (
        table is None
        or table.round.event_id != event.pk
        or table.round.code != round_code
        or table.number != number
    ):
        raise ReportRefusedError(
            _(
                "This report link does not belong to this table. Scan the QR code "
                "on your table's scoresheet, or hand the sheet to the GM."
            )
        )
    if table.seats.filter(record__isnull=False).exists():
        raise ReportRefusedError(
            _(
                "The result of %(table)s is already saved by the GM: a report "
                "cannot change it. Ask the GM if it is wrong."
            )
            % {"table": table}
        )
    if _later_round_seated(table.round):
        raise ReportRefusedError(
            _(
                "The next round is seated: reports for %(table)s are closed. Hand "
                "the scoresheet to the GM."
            )
            % {"table": table}
        )
    return table


def open_table_or_none(
    event: Event, round_code: str, number: int, token: str
) -> Table | None:
    """:func:`open_table`, None where it refuses."""
    try:
        return open_table(event, round_code, number, token)
    except ReportRefusedError:
        return None


def check_report(
    table: Table, scores: list[SeatScores], time_called: int | None
) -> ResultCheck:
    """The GM's dry run (``results.check_table_results``) of a report as it is
    typed: the same level-1 findings and messages; nothing is written. The link
    stands for the login: the check runs as the operator (``user=None``)."""
    return results.check_table_results(table, scores, None, time_called=time_called)


def _values(scores: list[SeatScores]) -> dict[str, dict]:
    return {
        str(s.seat): {"day1": s.day1, "day2": s.day2, "final": s.final} for s in scores
    }


def report_scores(report: TableReport) -> list[SeatScores]:
    """A report's values as ``SeatScores`` in seat order."""
    return [
        SeatScores(int(seat), v["day1"], v["day2"], v["final"])
        for seat, v in sorted(report.scores.items(), key=lambda kv: int(kv[0]))
    ]


def rate_limited(token: str, address: str | None) -> bool:
    """Count one report for ``token`` and ``address``; True when either has sent
    more than its share in the last ``RATE_WINDOW`` seconds (Django's cache)."""
    keys = [(f"report-rate:t:{token}", RATE_PER_TOKEN)]
    if address:
        keys.append((f"report-rate:a:{address}", RATE_PER_ADDRESS))
    over = False
    for key, limit in keys:
        cache.add(key, 0, RATE_WINDOW)
        try:
            count = cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.set(key, 1, RATE_WINDOW)
            count = 1
        over = over or count > limit
    return over


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
) -> Submitted:
    """Store one seat's report of ``table`` (reached with ``token`` by
    :func:`open_table`), held until confirmed. ReportRefusedError when the link no
    longer works under the table's lock or the sender is over the rate limit;
    UserError when ``seat`` is not a seat of the table, a final is missing or
    the values cannot be a result (``results.check_table_results``).
    Source: tournament.md, Reported results.
    """
    if rate_limited(token, address):
        _log(table, token, seat, address, "report-refused", "too many reports from")
        raise ReportRefusedError(
            _(
                "Too many reports from this link or this device: wait a few "
                "minutes, or hand the scoresheet to the GM."
            )
        )
    return _store(table, token, seat, scores, time_called, address)


@transaction.atomic
def _store(table, token, seat, scores, time_called, address) -> Submitted:
    event = table.round.event
    results.lock_table(table)
    table = open_table(event, table.round.code, table.number, token)
    if seat not in set(table.seats.values_list("number", flat=True)):
        raise UserError(
            _("Say which seat of %(table)s is reporting.") % {"table": table}
        )
    check = check_report(table, scores, time_called)
    if check.places is None:
        raise UserError(
            _("Give the final florins of every seat of %(table)s.") % {"table": table}
        )
    report = TableReport.objects.create(
        table=table,
        seat=seat,
        scores=_values(scores),
        time_called=time_called,
        address=address,
    )
    _log(table, token, seat, address, "report", "reported by seat", report.pk)
    return Submitted(report, check, _confirm_by_two(table, report, check))


def _log(table, token, seat, address, action, what, report_id=None) -> None:
    heat_services.log(
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
    return a.scores == b.scores and a.time_called == b.time_called


def _confirm_by_two(table, report, check) -> TableOutcome | None:
    """Confirm ``report`` when the event allows it and another seat sent the
    same values from another address, with no level-1 finding.

    The seat is only what the sender chose: one phone claiming two seats is
    not two players, so the two reports must come from two addresses (behind
    a proxy every phone shares one: the GM then confirms, as without the
    setting)."""
    setting = ReportSettings.objects.filter(event=table.round.event).first()
    if setting is None or not setting.two_reports_confirm or check.findings:
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
    return _save(report, None, f"two identical reports ({seats})")


def _save(report: TableReport, user, source: str) -> TableOutcome:
    table = report.table
    outcome = results.save_table_results(
        table,
        report_scores(report),
        user,
        source,
        time_called=report.time_called,
    )
    report.confirmed_at = timezone.now()
    report.confirmed_by = heat_services.acting_user(user)
    report.save(update_fields=["confirmed_at", "confirmed_by"])
    heat_services.log(
        table.round.event,
        user,
        "report-confirmed",
        f"{table}: report of seat {report.seat} confirmed ({source})",
        round=table.round.code,
        table=table.number,
        seat=report.seat,
        address=report.address,
        report=report.pk,
    )
    return outcome


@transaction.atomic
def confirm_report(report: TableReport, user) -> TableOutcome:
    """A GM or assistant confirms ``report``: its values become the table's
    result, as if entered (``results.save_table_results``; a tie or rules
    finding follows as there). UserError when the table's result is already
    saved (a report never changes a saved result); NotAllowed unless ``user``
    may enter results. Source: tournament.md, Reported results."""
    table = report.table
    permissions.require(table.round.event, user, permissions.ENTER_RESULTS)
    results.lock_table(table)
    if table.seats.filter(record__isnull=False).exists():
        raise UserError(
            _("The result of %(table)s is already saved: a report cannot change it.")
            % {"table": table}
        )
    return _save(report, user, f"report of seat {report.seat}")


def held_reports(table: Table) -> list[TableReport]:
    """The reports of ``table`` in the order they came."""
    return list(table.reports.all())


def reported_tables(rnd: Round) -> set[int]:
    """Ids of ``rnd``'s tables owing results with at least one report."""
    return set(
        TableReport.objects.filter(
            table__round=rnd, table__result_status=ResultStatus.OWED
        ).values_list("table_id", flat=True)
    )


@transaction.atomic
def set_two_reports_confirm(event: Event, on: bool, user=None) -> ReportSettings:
    """Turn the event's "two identical reports from two seats confirm a table"
    on or off (``ReportSettings``); logged. NotAllowed unless ``user`` may
    change the event's settings. Source: tournament.md, Reported results."""
    permissions.require(event, user, permissions.EDIT_SETTINGS)
    heat_services.lock(event)
    setting, _ = ReportSettings.objects.update_or_create(
        event=event,
        defaults={
            "two_reports_confirm": on,
            "updated_by": heat_services.acting_user(user),
        },
    )
    state = "on" if on else "off"
    heat_services.log(
        event, user, "settings", f"Two identical reports confirm a table: {state}"
    )
    return setting
