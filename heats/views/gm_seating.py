"""GM actions on a heat's seating after it was made: put back the seating "Seat
again" replaced, and move the players of a table left with 3 to open seats.
The round page (``heats.views.gm.RoundDetailView``) shows their forms.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from heats import forms, permissions, services
from heats.core.errors import UserError
from heats.models import Event
from heats.views.common import event_action, round_or_404, round_url


@event_action(permissions.SEAT)
def round_undo_seating(request: HttpRequest, event: Event, round: str) -> HttpResponse:
    """POST: put back the seating the round had before its last "Seat again"
    (GMs only); ``state`` is the seating the page showed, so a second press
    changes nothing."""
    rnd = round_or_404(event, round)
    form = forms.UndoSeatingForm(request.POST)
    state = form.cleaned_data["state"] if form.is_valid() else ""
    done = services.undo_seating(rnd, request.user, state=state or None)
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
        names = ", ".join(map(str, done.waiting))
        waiting = _("Waiting for a seat again: %(names)s.") % {"names": names}
        text = " ".join([text, waiting])
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
    done = services.move_short_table(rnd, int(number), request.user)
    moves = "; ".join(
        ngettext(
            "%(player)s to table %(table)s, seat %(seat)s (%(count)s repeat opponent)",
            "%(player)s to table %(table)s, seat %(seat)s (%(count)s repeat opponents)",
            move.repeats,
        )
        % {
            "player": seat.player,
            "table": seat.table.number,
            "seat": seat.number,
            "count": move.repeats,
        }
        for seat, move in done.seats
    )
    messages.success(
        request,
        _(
            "Table %(table)s removed: %(moves)s. Tell the tables, and reprint "
            "their scoresheets if they were printed."
        )
        % {"table": done.number, "moves": moves},
    )
    return redirect(round_url(rnd))
