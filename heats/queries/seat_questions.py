"""The questions "Seat now" asks before seating a round not seated yet: its
clock starts long after now (``start_ahead``), or the minutes after its start
that the GM waits before seating are not up (``grace_question``).

Read only (the round page's questions, like ``desk`` its figures). Both are
asked in the browser (the seat form's ``data-confirm``) when the page
is drawn, until the page's clock finds the seating due (``data-seat-early``,
``static/js/clock.js``); the grace is also checked when the press arrives, as a
page drawn before the start may be pressed inside the grace: that press seats
nothing and the page, drawn again, asks (``refuse_inside_grace``).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.http import QueryDict
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from heats.core import clock
from heats.models import Round
from heats.queries.clock import clock_start
from heats.translate import sentences

# The seat form's hidden field saying the page asked the grace question (and
# the GM, in a browser running its scripts, said yes).
EARLY_FIELD = "early"


def start_ahead(rnd: Round, now: datetime) -> str:
    """The warning for a round not seated whose clock starts more than 10
    minutes after ``now`` (``clock.far_ahead``: a start typed for later), else
    "": seating now would come long before its designated start."""
    start_time = rnd.start_time
    if rnd.seated_at or start_time is None or not clock.far_ahead(start_time, now):
        return ""
    start = timezone.localtime(start_time)
    minutes = round((start_time - now).total_seconds() / 60)
    return _(
        "%(round)s's clock starts at %(start)s (%(day)s), in %(minutes)s "
        "minutes: seat at %(seat)s. If the heat has started, correct the start."
    ) % {
        "round": rnd.label,
        "start": date_format(start, "H:i"),
        "day": date_format(start, "D d M"),
        "minutes": minutes,
        "seat": date_format(_seat_time(rnd), "H:i"),
    }


def grace_question(rnd: Round, now: datetime) -> str:
    """ "2 minutes are not up since the start (seat at 14:02): seat now
    anyway?" for a round not seated whose clock started (or starts) less than
    the event's ``seat_after_minutes`` before ``now``, else ""."""
    minutes = rnd.event.seat_after_minutes
    if rnd.seated_at or not clock.before_seat_time(rnd.start_time, now, minutes):
        return ""
    return ngettext(
        "%(minutes)s minute is not up since the start (seat at %(seat)s): seat "
        "now anyway?",
        "%(minutes)s minutes are not up since the start (seat at %(seat)s): seat "
        "now anyway?",
        minutes,
    ) % {"minutes": minutes, "seat": date_format(_seat_time(rnd), "H:i")}


def refuse_inside_grace(rnd: Round, post: QueryDict) -> str:
    """Why a press of "Seat now" (its POST data ``post``) seats nothing: the
    grace is not up and the page it came from did not ask; else ""."""
    question = grace_question(rnd, timezone.now())
    if not question or post.get(EARLY_FIELD) == "1":
        return ""
    return sentences(
        [question, _("Nothing was seated: press Seat now again to seat anyway.")]
    )


def _seat_time(rnd: Round) -> datetime:
    """When the round is due to be seated, in the event's time zone."""
    return timezone.localtime(clock_start(rnd)) + timedelta(
        minutes=rnd.event.seat_after_minutes
    )
