"""A round found by its code ("2", "semi", "final"), read only: the lookup
``heats.services.events.get_round`` makes when it may not create the round."""

from __future__ import annotations

from django.utils.translation import gettext as _

from heats.core.errors import UserError
from heats.core.rounds import RoundCode, RoundCodeError
from heats.models import Event, Round


def parse_round_code(code: str) -> tuple[str, int]:
    """``"2"`` -> ``("heat", 2)``; ``"semi"``/``"final"`` -> ``(kind, 1)``.

    Raises UserError for anything else.
    """
    try:
        parsed = RoundCode.parse(code)
    except RoundCodeError:
        raise UserError(
            _("Unknown round %(code)s: give a heat number, 'semi' or 'final'.")
            % {"code": repr(code)}
        ) from None
    return parsed.kind, parsed.number


def find_round(event: Event, code: str) -> Round:
    """The round of ``event`` written as ``code``; UserError for a code that is
    no round's or a round the event does not have yet."""
    kind, number = parse_round_code(code)
    try:
        rnd = Round.objects.get(event=event, kind=kind, number=number)
    except Round.DoesNotExist:
        raise UserError(
            _("%(event)s has no round %(code)s yet.")
            % {"event": event.slug, "code": repr(code)}
        ) from None
    rnd.event = event  # the caller's row: no second read of the event
    return rnd
