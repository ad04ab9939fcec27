"""The GM's "Start clock": the start of a round recorded (or corrected). The
clock read from it is ``heats.queries.clock``.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from heats import permissions
from heats.models import AuditAction, Round
from heats.permissions import Actor
from heats.queries.clock import clock_state
from heats.services.audit import lock, log


@transaction.atomic
def start_clock(
    rnd: Round,
    at: datetime | None = None,
    user: Actor = None,
    *,
    state: str | None = None,
) -> Round | None:
    """Record the start of ``rnd`` (``at``, default now): its clock reads 0:00
    then, and "Seat now" is due ``seat_after`` minutes later. Setting it again
    corrects it. NotAllowed unless ``user`` may start the clock (a GM).

    With ``state`` (``clock_state`` as the GM's page showed it), a clock started
    or corrected since then is left as it is and None is returned: "Start clock"
    pressed twice starts it once, "Correct the start" pressed twice corrects it
    once. The round's lock orders the presses.
    """
    permissions.require(rnd.event, user, permissions.START_CLOCK)
    lock(rnd)
    if state is not None and state != clock_state(rnd):
        return None
    rnd.start_time = at or timezone.now()
    rnd.save(update_fields=["start_time"])
    local = timezone.localtime(rnd.start_time, rnd.event.zone)
    log(
        rnd.event,
        user,
        AuditAction.CLOCK,
        f"{rnd.label} clock started at {local:%H:%M:%S}",
        round=rnd.code,
        start=rnd.start_time.isoformat(),
    )
    return rnd
