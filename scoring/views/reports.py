"""The players' report page of one table, reached by its report link without a
login (tournament.md, "Reported results"): the form, its live rules check (the
GM's dry run, same messages) and "received — the GM will confirm". A link that
does not work here is refused with a page saying why; a refused report is
counted, not audited (``scoring.services.report_rates``). Never cached: each
answer is one table's private page.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from heats.core.errors import UserError
from heats.models import Event, Table
from heats.queries.desk import shown_names
from medici_tourney.client import client_address
from scoring.forms.report import (
    ReportForm,
)
from scoring.queries import report_tables
from scoring.queries.seats import (
    table_seats,
)
from scoring.report_models import (
    TableReport,
)
from scoring.services import (
    report_rates,
    reports,
)


def _refused(request: HttpRequest, event: Event, exc: UserError) -> HttpResponse:
    return TemplateResponse(
        request,
        "scoring/public/report_refused.html",
        {"event": event, "message": exc.render()},
        status=403,
    )


def _form(request: HttpRequest, table: Table, kwargs: dict[str, Any]) -> ReportForm:
    check = reverse("scoring:table-report-check", kwargs=kwargs)
    data = request.POST if request.method == "POST" else None
    return ReportForm(data, seats=table_seats(table), check_url=check)


def _address(request: HttpRequest) -> str | None:
    # The login pause's address too (settings.py, PROXY_COUNT): behind a proxy the
    # one it saw, never what the sender wrote into X-Forwarded-For.
    return client_address(request)


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def table_report(
    request: HttpRequest, event: str, round: str, table: int, token: str
) -> HttpResponse:
    """GET: the report form; POST: store the report (``reports.submit_report``)
    and show what was sent, or the form again with what stops it."""
    ev = get_object_or_404(Event, slug=event)
    kwargs = {"event": event, "round": round, "table": table, "token": token}
    try:
        found = report_tables.open_table(ev, round, table, token)
    except report_tables.ReportRefusedError as exc:
        now = report_tables.renumbered_table(ev, round, table, token)
        if request.method != "POST" and now is not None:
            # A QR code printed before its table was renumbered: the token
            # is the table's, the page is under its number now.
            moved = kwargs | {"table": now}
            return redirect(reverse("scoring:table-report", kwargs=moved))
        if request.method == "POST":
            report_rates.refuse(ev, round, table, exc.why)
        return _refused(request, ev, exc)
    form = _form(request, found, kwargs)
    context = {"event": ev, "table": found, "form": form}
    if request.method == "POST" and form.is_valid():
        try:
            sent = reports.submit_report(
                found,
                token,
                form.reporter(),
                form.scores(),
                form.time_called(),
                _address(request),
                form.nonce_key(),
                form.cleaned_data["seating"],
            )
        except report_tables.ReportRefusedError as exc:
            return _refused(request, ev, exc)
        except UserError as exc:
            form.add_error(None, exc.render())
        else:
            context.update(sent=sent, rows=_sent_rows(found, sent.report))
    return TemplateResponse(request, "scoring/public/table_report.html", context)


def _sent_rows(
    table: Table, report: TableReport
) -> list[tuple[int, str, dict[str, Any]]]:
    """(seat, player name, values) of what a report sent, in seat order; the
    name told apart from namesakes (``shown_names``), as on the form."""
    seats = table_seats(table)
    names = shown_names(table.round.event_id, [s.player for s in seats])
    return [
        (s.number, names[s.player_id], report.scores.get(str(s.number), {}))
        for s in seats
    ]


@never_cache
@require_POST
def table_report_check(
    request: HttpRequest, event: str, round: str, table: int, token: str
) -> HttpResponse:
    """POST: the live rules check of the report form as it is typed (htmx);
    the GM's dry run (``report_tables.check_report``); only the check is counted
    (``report_rates.check_limited``: anonymous, and each runs the rules
    engine)."""
    ev = get_object_or_404(Event, slug=event)
    try:
        found = report_tables.open_table(ev, round, table, token)
    except report_tables.ReportRefusedError as exc:
        return _refused(request, ev, exc)
    kwargs = {"event": event, "round": round, "table": table, "token": token}
    form = _form(request, found, kwargs)
    problem = ""
    if report_rates.check_limited(found, token, _address(request)):
        problem = _(
            "Too many checks from this link or this device: the values are not "
            "checked as you type for a few minutes. You can still send the report."
        )
    elif not form.is_valid() and form.non_field_errors():
        problem = form.non_field_errors().as_text()
    else:
        try:
            form.check = report_tables.check_report(
                found, form.scores(), form.time_called()
            )
        except UserError as exc:
            problem = exc.render()
    context = {
        "event": ev,
        "table": found,
        "form": form,
        "checked": form.check,
        "problem": problem,
        "slots": [form.slot(s.number, errors=True) for s in form.seats],
    }
    if request.headers.get("HX-Request") != "true":
        return TemplateResponse(request, "scoring/public/table_report.html", context)
    return TemplateResponse(request, "scoring/gm/table_check.html", context)
