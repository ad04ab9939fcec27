"""The check-in actions of a round's GM page: one typed name, a pasted list, an
undo, and the type-ahead's player search.

Each action posts from the round page and, without JavaScript, redirects back to
it; a request htmx sent gets the check-in fragment instead
(``heats.views.common_desk``), so the list and the counts change in place and
the name field stays ready for the next player.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET

from heats import forms, permissions
from heats.core import seating
from heats.core.errors import UserError
from heats.models import Event, Round, RoundKind, normalise_name
from heats.queries.desk import RoundFigures, round_figures
from heats.queries.players import search_players
from heats.queries.seating import checked_in_count, waiting_players
from heats.services.checkin import (
    CheckInReport,
    check_in,
    check_in_typed,
)
from heats.services.checkin_identity import DeskLine, SamePersonError
from heats.services.checkin_undo import undo_check_in
from heats.translate import sentences
from heats.views.common import (
    event_action,
    event_player,
    form_problems,
    round_or_404,
    round_url,
)
from heats.views.common_desk import checkin_fragment, is_htmx


def _answer(
    request: HttpRequest,
    event: Event,
    rnd: Round,
    action: Callable[[], CheckInReport],
) -> HttpResponse:
    """Run ``action`` and say what it did (``_report_check_in``); then the round
    page, or for htmx the fragment, whose figures the message shares. A
    UserError is the page's error message, or the fragment's (the typed name is
    kept to be corrected)."""
    try:
        report = action()
    except SamePersonError:
        raise  # the question: the caller asks it
    except UserError as exc:
        if not is_htmx(request):
            raise  # event_action: the message and the redirect
        messages.error(request, exc.render())
        return checkin_fragment(request, event, rnd)
    if not is_htmx(request):
        _report_check_in(request, rnd, report)
        return redirect(round_url(rnd))
    figures = round_figures(rnd)
    _report_check_in(request, rnd, report, figures)
    return checkin_fragment(request, event, rnd, saved=True, figures=figures)


@event_action(permissions.CHECK_IN)
def round_checkin(request: HttpRequest, event: Event, round: str) -> HttpResponse:
    """POST: check one player in (typed name, badge, or a type-ahead pick, which
    carries the player's id). Who it is, the service decides
    (``heats.services.checkin_identity``): a name matching players of the event
    with nothing else said is a question, answered by the page's forms (htmx:
    in the fragment; without JavaScript: a page of its own), posted here."""
    rnd = round_or_404(event, round)
    form = forms.CheckInForm(request.POST)

    def check_in() -> CheckInReport:
        if not form.is_valid():
            raise UserError(_("Nothing was checked in."), form_problems(form))
        data = form.cleaned_data
        line = DeskLine(data["name"], data["badge"], data["player"], new=data["new"])
        return check_in_typed(rnd, line, request.user)

    try:
        return _answer(request, event, rnd, check_in)
    except SamePersonError as question:
        return _ask(request, event, rnd, question)


def _ask(
    request: HttpRequest, event: Event, rnd: Round, question: SamePersonError
) -> HttpResponse:
    """The question "the same person or a new player?": one POST form a
    candidate and one for a new player, each posting a check-in here; in the
    fragment's messages for htmx, else as a page."""
    context = {
        "event": event,
        "round": rnd,
        "question": question,
        "checkin_url": reverse(
            "heats:round-checkin", kwargs={"event": event.slug, "round": rnd.code}
        ),
        "badge_needed": any(not c.badge for c in question.candidates),
        # Every namesake is in this round already: the person at the desk is
        # a new player, whose badge field takes the focus.
        "all_here": all(c.here for c in question.candidates),
    }
    if is_htmx(request):
        return checkin_fragment(request, event, rnd, extra=context)
    return TemplateResponse(request, "heats/gm/checkin_question.html", context)


@event_action(permissions.CHECK_IN)
def round_paste(request: HttpRequest, event: Event, round: str) -> HttpResponse:
    """POST: check a pasted list in, one name (or "Name, badge") a line."""
    rnd = round_or_404(event, round)

    def paste() -> CheckInReport:
        form = forms.PasteForm(request.POST)
        if not form.is_valid():
            raise UserError(_("Paste at least one name."))
        return check_in(rnd, form.cleaned_data["text"], request.user, form.lines)

    return _answer(request, event, rnd, paste)


def _report_check_in(
    request: HttpRequest,
    rnd: Round,
    report: CheckInReport,
    figures: RoundFigures | None = None,
) -> None:
    """The check-in's message: what it did, then the round's count and layout
    (a seated round: who waits for a late table); ``figures``: the round's
    figures when the caller read them (the fragment's), else counted here."""
    if rnd.seated_at:
        late = figures.waiting if figures and rnd.kind == RoundKind.HEAT else None
        waiting = len(waiting_players(rnd) if late is None else late)
        status = _(
            "%(waiting)s waiting for a late table (one forms at %(minimum)s)"
        ) % {"waiting": waiting, "minimum": rnd.event.min_late_table}
    else:
        count, layout = (
            (figures.count, figures.layout) if figures else checked_in_count(rnd)
        )
        if layout.sizes:
            status = _("%(count)s checked in: %(layout)s") % {
                "count": count,
                "layout": "+".join(map(str, layout.sizes)),
            }
        else:
            status = _("%(count)s checked in: no table yet") % {"count": count}
    lines = [*report.lines(), status]
    level = messages.warning if report.similar else messages.success
    level(request, "\n".join(lines))


@event_action(permissions.CHECK_IN)
def round_undo(request: HttpRequest, event: Event, round: str) -> HttpResponse:
    """POST: undo a check-in; a seated heat player also leaves their table
    (GMs only, a table without results of 4 players or more: one left with 3 is
    flagged as short). A player with no other round is deleted, and said so."""
    rnd = round_or_404(event, round)
    player = event_player(event, request.POST.get("player"))
    done = undo_check_in(rnd, player, request.user)
    values = {
        "player": player,
        "round": rnd.label,
        "table": done.table,
        "seat": done.seat,
    }
    gone = _("%(player)s had no other round: the player record is deleted.") % values
    if done.table is None:
        text = _("Check-in of %(player)s to %(round)s undone.") % values
        messages.success(request, sentences([text, gone] if done.deleted else [text]))
        if is_htmx(request):
            return checkin_fragment(request, event, rnd, saved=True)
        return redirect(round_url(rnd))
    text = (
        _(
            "%(player)s taken off table %(table)s and their check-in to %(round)s "
            "undone; the players after seat %(seat)s moved up one seat: tell the "
            "table, and reprint its scoresheet if it was printed."
        )
        % values
    )
    messages.success(request, sentences([text, gone] if done.deleted else [text]))
    if done.left < seating.MIN_TABLE:
        messages.warning(
            request,
            ngettext(
                "Table %(table)s has %(left)s player: move them to open seats or "
                "seat a late arrival there (see Short tables).",
                "Table %(table)s has %(left)s players: move them to open seats or "
                "seat a late arrival there (see Short tables).",
                done.left,
            )
            % {"table": done.table, "left": done.left},
        )
    return redirect(round_url(rnd))


@require_GET
def player_search(request: HttpRequest, event: str) -> JsonResponse:
    """JSON for the check-in type-ahead: ``{"players": [{"id", "name", "badge",
    "exact"}]}``; ``exact`` when the name is the query once normalised (NFC, case
    and spaces ignored: ``heats.core.names``), so the page never compares names
    itself."""
    ev = get_object_or_404(Event, slug=event)
    permissions.require(ev, request.user, permissions.CHECK_IN)
    query = request.GET.get("q", "")
    found = search_players(ev, query)
    key = normalise_name(query)
    return JsonResponse(
        {
            "players": [
                {
                    "id": p.pk,
                    "name": p.name,
                    "badge": p.badge,
                    "exact": p.name_key == key,
                }
                for p in found
            ]
        }
    )
