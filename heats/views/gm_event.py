"""GM actions on the event itself: archive it, restore it, delete an empty heat.

The event's Settings page (another app's) carries the archive and restore
buttons; the dashboard carries a heat's "Delete". Each is a POST-only action
for the event's GMs (``heats.permissions``).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from heats import permissions, services
from heats.core.errors import UserError
from heats.models import Event
from heats.views.common import back_to, event_action


@event_action(permissions.ARCHIVE_EVENT)
def event_archive(request: HttpRequest, event: Event) -> HttpResponse:
    """POST: archive the event (off the public list of events)."""
    if services.set_archived(event, True, request.user):
        messages.success(
            request,
            _(
                "%(event)s is archived: it is no longer on the public list of "
                "events. Its pages still answer; restore it from its Settings page."
            )
            % {"event": event.name},
        )
    else:
        messages.info(
            request, _("%(event)s was already archived.") % {"event": event.name}
        )
    return redirect(back_to(request, event))


@event_action(permissions.ARCHIVE_EVENT)
def event_restore(request: HttpRequest, event: Event) -> HttpResponse:
    """POST: restore an archived event to the public list of events."""
    if services.set_archived(event, False, request.user):
        messages.success(
            request,
            _("%(event)s is back on the list of events.") % {"event": event.name},
        )
    else:
        messages.info(request, _("%(event)s is not archived.") % {"event": event.name})
    return redirect(back_to(request, event))


@event_action(permissions.DELETE_HEAT)
def round_delete(request: HttpRequest, event: Event, round: str) -> HttpResponse:
    """POST: delete a heat nobody is checked in to (a "New heat" too many)."""
    try:
        rnd = services.get_round(event, round)
    except UserError:
        raise UserError(
            _("There is no round %(code)s (deleted already?).") % {"code": repr(round)}
        ) from None
    label = rnd.label
    services.delete_heat(rnd, request.user)
    messages.success(request, _("%(round)s deleted.") % {"round": label})
    return redirect(back_to(request, event))
