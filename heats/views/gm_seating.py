"""GM actions on a round's seating: seat it, swap two players, seat late
arrivals (a late table, a seat at an open table), put back the seating "Seat
again" replaced, and move the players of a table left with 3 to open seats.
The round page (``heats.views.gm.RoundDetailView``) shows their forms.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from heats import forms, permissions
from heats.core.errors import UserError
from heats.models import (
    Event,
    RoundKind,
)
from heats.queries import (
    seat_questions,
)
from heats.services.late import (
    add_late_player,
)
from heats.services.reseating import undo_seating
from heats.services.seating import (
    form_late_table,
    seat_round,
    swap_seats,
)
from heats.services.short_tables import move_short_table
from heats.translate import listed, sentences
from heats.views.common import (
    already_seated,
    dispersal_moves,
    event_action,
    event_player,
    round_or_404,
    round_url,
    seat_request,
)


@event_action(permissions.SEAT)
def round_undo_seating(request: HttpRequest, event: Event, round: str) -> HttpResponse:
    """POST: put back the seating the round had before its last "Seat again"
    (GMs only); ``state`` is the seating the page showed, so a second press
    changes nothing."""
    rnd = round_or_404(event, round)
    form = forms.UndoSeatingForm(request.POST)
    state = form.cleaned_data["state"] if form.is_valid() else ""
    done = undo_seating(rnd, request.user, state=state or None)
    if done is None:
        messages.info(
            request,
            _(
                "%(round)s was seated again since this page was opened (Undo "
                "pressed twice?): nothing changed. Its seating is below."
            )
            % {"round": rnd.label},
        )
        return redirect(round_url(rnd))
    text = _(
        "%(round)s: the previous seating is back (%(shape)s, seed %(seed)s). Tell "
        "the room, and reprint the tables if they were printed."
    ) % {"round": rnd.label, "shape": done.previous.shape, "seed": done.previous.seed}
    if done.waiting:
        names = listed(done.waiting)
        waiting = _("Waiting for a seat again: %(names)s.") % {"names": names}
        text = sentences([text, waiting])
    messages.success(request, text)
    return redirect(round_url(rnd))


@event_action(permissions.SEAT)
def round_short_table(request: HttpRequest, event: Event, round: str) -> HttpResponse:
    """POST: move the players of a table left with fewer than 4 to open seats at
    tables of 4-5 without results, by repeat-opponent cost (GMs only)."""
    rnd = round_or_404(event, round)
    number = str(request.POST.get("table", ""))
    if not number.isdecimal() or len(number) > 5:
        raise UserError(_("Choose a table of %(round)s.") % {"round": rnd.label})
    done = move_short_table(rnd, int(number), request.user)
    moves = dispersal_moves(done)
    messages.success(
        request,
        _(
            "Table %(table)s removed: %(moves)s. Tell the tables, and reprint "
            "their scoresheets if they were printed."
        )
        % {"table": done.number, "moves": moves},
    )
    return redirect(round_url(rnd))


@event_action(permissions.SEAT)
def round_seat(request: HttpRequest, event: Event, round: str) -> HttpResponse:
    """POST: seat a heat now (GMs only); a seed reproduces an earlier seating."""
    rnd = round_or_404(event, round)
    if rnd.kind != RoundKind.HEAT:
        raise UserError(_("Seat the semi-final and final from their own pages."))
    refused = seat_questions.refuse_inside_grace(rnd, request.POST)
    if refused:
        messages.warning(request, refused)
        return redirect(round_url(rnd))
    seed, state = seat_request(request)
    result = seat_round(rnd, seed=seed, user=request.user, state=state)
    if result is None:
        messages.info(request, already_seated(rnd))
        return redirect(round_url(rnd))
    shape = "+".join(str(len(t)) for t in result.tables)
    values = {
        "round": rnd.label,
        "shape": shape,
        "waiting": len(result.waiting),
        "seed": result.seed,
    }
    if result.waiting:
        text = _("%(round)s seated: %(shape)s, %(waiting)s waiting (seed %(seed)s).")
    else:
        text = _("%(round)s seated: %(shape)s (seed %(seed)s).")
    messages.success(request, text % values)
    return redirect(round_url(rnd))


@event_action(permissions.SWAP)
def round_swap(request: HttpRequest, event: Event, round: str) -> HttpResponse:
    """POST: swap two players of a seated round (GMs only), objective re-checked."""
    rnd = round_or_404(event, round)
    a = event_player(event, request.POST.get("player_a"))
    b = event_player(event, request.POST.get("player_b"))
    report = swap_seats(rnd, a, b, request.user)
    messages.success(
        request,
        _(
            "Swapped %(a)s and %(b)s. Repeat cost %(cost_before)s → %(cost_after)s; "
            "keep-apart violations %(apart_before)s → %(apart_after)s."
        )
        % {
            "a": a,
            "b": b,
            "cost_before": report.before[0],
            "cost_after": report.after[0],
            "apart_before": report.before[1],
            "apart_after": report.after[1],
        },
    )
    return redirect(round_url(rnd))


@event_action(permissions.LATE_TABLE)
def round_late_table(request: HttpRequest, event: Event, round: str) -> HttpResponse:
    """POST: seat the waiting late arrivals at a late table (GMs only). A table
    under the event's minimum needs ``small`` and the ticked ``confirm``."""
    rnd = round_or_404(event, round)
    small = request.POST.get("small") == "1"
    if small and request.POST.get("confirm") != "1":
        raise UserError(
            _(
                "Tick the box to confirm a late table under the event's minimum "
                "of %(minimum)s players."
            )
            % {"minimum": event.min_late_table}
        )
    result = form_late_table(rnd, user=request.user, small=small)
    shape = "+".join(str(len(t)) for t in result.tables)
    messages.success(
        request,
        ngettext(
            "Late table formed: %(shape)s.",
            "Late tables formed: %(shape)s.",
            len(result.tables),
        )
        % {"shape": shape},
    )
    return redirect(round_url(rnd))


@event_action(permissions.LATE_SEAT)
def round_late_seat(request: HttpRequest, event: Event, round: str) -> HttpResponse:
    """POST: seat one waiting player at a table that has no results yet and fewer
    than 6 players (GMs only)."""
    rnd = round_or_404(event, round)
    player = event_player(event, request.POST.get("player"))
    number = _number(request.POST.get("table"))
    table = rnd.tables.filter(number=number).first() if number is not None else None
    if table is None:
        raise UserError(_("Choose a table of %(round)s.") % {"round": rnd.label})
    seat = add_late_player(rnd, player, table, request.user)
    messages.success(
        request,
        _(
            "%(player)s seated at table %(table)s, seat %(seat)s: tell the table, "
            "and reprint its scoresheet if it was printed."
        )
        % {"player": player, "table": table.number, "seat": seat.number},
    )
    return redirect(round_url(rnd))


def _number(value: str | None) -> int | None:
    """A table number posted by a form, or None."""
    text = str(value or "")
    return int(text) if text.isdecimal() and len(text) < 6 else None
