"""An event found by its slug, and the number its next heat gets, read only.
Events and rounds are made and changed by ``heats.services.events``."""

from __future__ import annotations

from django.utils.translation import gettext as _

from heats.core.errors import UserError
from heats.models import Event, RoundKind
from heats.translate import listed


def get_event(slug: str) -> Event:
    """The event with ``slug``; UserError naming the known events if there is none."""
    try:
        return Event.objects.get(slug=slug)
    except Event.DoesNotExist:
        known = listed(Event.objects.values_list("slug", flat=True)) or _("none yet")
        raise UserError(
            _("No event %(slug)s (known events: %(known)s).")
            % {"slug": repr(slug), "known": known}
        ) from None


def next_heat_number(event: Event) -> int:
    """The number the event's next heat gets: one more than its highest heat."""
    last = (
        event.rounds.filter(kind=RoundKind.HEAT)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )
    return (last or 0) + 1
