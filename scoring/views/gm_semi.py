"""GM actions of the semi-final page's check-in: every player's presence in one
save, and the event's automatic publication of the list. The page itself is
``scoring.views.gm_rounds.SemiView``; the services are
``scoring.services.semi_final`` and ``scoring.services.publishing``.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from heats.core.errors import UserError
from heats.core.message import SEMICOLON
from heats.core.seating import MIN_TABLE
from heats.models import Event
from heats.translate import listed, sentences
from heats.views.common import (
    dispersal_moves,
    event_action,
    event_player,
    posted_version,
)
from scoring import permissions
from scoring.core.ids import PlayerId
from scoring.forms.semi import (
    AutoPublishForm,
    SemiPresenceForm,
)
from scoring.queries.event_results import ListInputs, qualifier_labels
from scoring.queries.rounds import (
    semi_round,
)
from scoring.services import publishing, substitutes
from scoring.services import semi_final as rounds
from scoring.services.short_semi import move_short_semi_table


def _moved(event: Event, before: dict[PlayerId, str], inputs: ListInputs) -> list[str]:
    """["Called in: ….", "No longer on the list: …."] against ``before`` (the
    qualifiers by id, before the save); each only when someone is."""
    after = qualifier_labels(event, inputs)
    called = [n for p, n in after.items() if p not in before]
    dropped = [n for p, n in before.items() if p not in after]
    lines = []
    if called:
        lines.append(_("Called in: %(names)s.") % {"names": listed(called)})
    if dropped:
        lines.append(
            _("No longer on the list: %(names)s.") % {"names": listed(dropped)}
        )
    return lines


def _summary(changes: rounds.PresenceChanges) -> str:
    """One line: "present: A, B; absent: C; not checked in: D"."""
    groups = (
        (_("present: %(names)s"), changes.present),
        (_("absent: %(names)s"), changes.absent),
        (_("not checked in: %(names)s"), changes.cleared),
    )
    parts = [text % {"names": listed(players)} for text, players in groups if players]
    return listed(parts, SEMICOLON) or _("nothing changed")


@event_action(permissions.MARK_SEMI_PRESENCE, back="scoring:semi")
def semi_presence(request: HttpRequest, event: Event) -> HttpResponse:
    """POST: save the presence of every player listed in one go (tick boxes,
    "All present", the others absent if asked); says who is called in or
    drops off the list, and whether the list was published again."""
    form = SemiPresenceForm(request.POST)
    if not form.is_valid():
        raise UserError(_("Nothing was saved: the form names an unknown player."))
    semi = semi_round(event)
    seated = semi is not None and semi.seated_at is not None
    # Once seated, the tables stand: nobody is called in or dropped by a mark.
    inputs = None if seated else ListInputs.load(event)
    before = qualifier_labels(event, inputs) if inputs else {}
    changes = rounds.save_semi_presence(
        event,
        form.cleaned_data["shown"],
        form.present_ids(),
        absent_rest=form.cleaned_data["absent_rest"],
        user=request.user,
        version=form.cleaned_data["version"],
    )
    if not changes:
        messages.info(request, _("Semi-final check-in: nothing changed."))
        return redirect("scoring:semi", event=event.slug)
    lines = [
        _("Semi-final check-in saved: %(summary)s.") % {"summary": _summary(changes)}
    ]
    if inputs is not None:
        lines += _moved(event, before, inputs)
    if changes.published is not None:
        lines.append(_("The list was published again automatically."))
    messages.success(request, sentences(lines))
    return redirect("scoring:semi", event=event.slug)


@event_action(permissions.RUN_SEMI_FINAL, back="scoring:semi")
def semi_auto_publish(request: HttpRequest, event: Event) -> HttpResponse:
    """POST: turn the event's automatic publication of the list on or off (GMs)."""
    form = AutoPublishForm(request.POST)
    if not form.is_valid():
        raise UserError(_("The setting was not saved."))
    on = form.cleaned_data["auto_publish"]
    changed = publishing.set_auto_publish(
        event, on, request.user, version=form.cleaned_data["version"]
    )
    if not changed:
        messages.info(request, _("The setting was already so: nothing changed."))
    elif on:
        messages.success(
            request,
            _(
                "The semi-final list is now published again automatically after "
                "each presence save and result change, once it has been published."
            ),
        )
    else:
        messages.success(
            request, _("Automatic publication off: publish each change yourself.")
        )
    return redirect("scoring:semi", event=event.slug)


@event_action(permissions.REPLACE_NO_SHOW, back="scoring:semi")
def semi_remove(request: HttpRequest, event: Event) -> HttpResponse:
    """POST, under "the winners present" (GMs only): a seated semi-final
    player did not show up; they are marked absent and their seat comes off
    the table, no alternate called; a table left under 4 players is said to
    need its players moved ("Short tables") or the semi-final seated again."""
    player = event_player(event, request.POST.get("player"))
    done = substitutes.remove_no_show(
        event, player, request.user, posted_version(request)
    )
    values = {"player": player, "table": done.table, "seat": done.seat}
    text = _(
        "%(player)s marked absent and taken off semi-final table %(table)s, seat "
        "%(seat)s: under the winners present no alternate is called. The players "
        "after that seat moved up one: tell the table."
    )
    messages.success(request, text % values)
    if done.left < MIN_TABLE:
        messages.warning(
            request,
            ngettext(
                "Semi-final table %(table)s has %(left)s player: it cannot play "
                "(tables of 4–6). Move its players to open seats under “Short "
                "tables” on this page, or seat the semi-final again before any "
                "table has results.",
                "Semi-final table %(table)s has %(left)s players: it cannot play "
                "(tables of 4–6). Move its players to open seats under “Short "
                "tables” on this page, or seat the semi-final again before any "
                "table has results.",
                done.left,
            )
            % {"table": done.table, "left": done.left},
        )
    return redirect("scoring:semi", event=event.slug)


@event_action(permissions.MOVE_SHORT_SEMI_TABLE, back="scoring:semi")
def semi_short_table(request: HttpRequest, event: Event) -> HttpResponse:
    """POST (GMs only): move the players of a semi-final table left with fewer
    than 4 to open seats at tables of 4-5 without results, by repeat-opponent
    cost, remove the table and number the later ones down. ``table`` is its
    number, ``players`` the ids the page showed there (comma-separated), so a
    second press moves nobody."""
    number = str(request.POST.get("table", ""))
    shown = str(request.POST.get("players", "")).split(",")
    if not number.isdecimal() or len(number) > 5:
        raise UserError(_("Choose a table of the semi-final: nothing was moved."))
    if not all(p.isdecimal() and len(p) < 12 for p in shown):
        raise UserError(
            _("The form named no players of table %(table)s: nothing was moved.")
            % {"table": number}
        )
    done = move_short_semi_table(
        event, int(number), request.user, [int(p) for p in shown]
    )
    lines = [
        _("Semi-final table %(table)s removed: %(moves)s.")
        % {"table": done.number, "moves": dispersal_moves(done)}
    ]
    lines += [
        _("Table %(old)s is now table %(new)s.") % {"old": old, "new": new}
        for old, new in done.renumbered
    ]
    lines.append(
        _(
            "Tell the tables, and reprint the scoresheets of the tables named if "
            "they were printed."
        )
    )
    messages.success(request, sentences(lines))
    return redirect("scoring:semi", event=event.slug)
