"""A semi-final table left short, moved: under "the winners present" a no-show
taken off a table of 4 (``scoring.services.substitutes.remove_no_show``)
leaves 3, who cannot play (tables of 4-6).

Words (``heats.queries.short_tables``, whose planner and mover this uses):

short table
    A semi-final table without results and with fewer than 4 players.
open seat
    A free seat at another semi-final table of 4 or 5 players without results;
    each player goes to the table whose players they met least in the event's
    earlier rounds (the heats).

The emptied table is removed and the later tables move down one number, so
the semi-final's tables stay numbered 1..n: the bracket, the final's field and
the kiosk read them so.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext

from heats.core.errors import UserError
from heats.models import Event, RoundKind
from heats.permissions import Actor
from heats.queries.short_tables import short_tables
from heats.services.audit import lock
from heats.services.seating import lock_tables
from heats.services.short_tables import Dispersed, move_short_table
from scoring import permissions
from scoring.permissions import require
from scoring.queries.rounds import semi_round
from scoring.report_models import ReportLink
from scoring.services import publishing


@transaction.atomic
def move_short_semi_table(
    event: Event,
    number: int,
    user: Actor = None,
    players: Sequence[int] | None = None,
) -> Dispersed:
    """Move the players of the semi-final's short table ``number`` to open
    seats (module docstring), remove it and number the later tables down one;
    logged ("short-table"), and the list published again if the event
    publishes it automatically.

    ``players`` are the ids the page showed at that table, in seat order: when
    the table holds others now (a second press, after which another table
    took its number), nothing is moved. UserError then, when the semi-final
    is not seated, or as ``heats.services.short_tables.move_short_table``;
    NotAllowed unless ``user`` is a GM.
    """
    require(event, user, permissions.MOVE_SHORT_SEMI_TABLE)
    lock(event)
    semi = semi_round(event)
    if semi is None or not semi.seated_at:
        raise UserError(gettext("The semi-final is not seated: nothing was moved."))
    lock(semi)
    lock_tables(semi)
    if players is not None:
        _require_shown(event, number, list(players))
    done = move_short_table(semi, number, user, kind=RoundKind.SEMI, close_gap=True)
    for _old, new in done.renumbered:
        # A table's report link keeps the number it was printed under for
        # "Undo" (``scoring.services.report_links``): it follows the table.
        ReportLink.objects.filter(table__round=semi, table__number=new).update(
            number=new
        )
    publishing.publish_automatically(event, user)
    return done


def _require_shown(event: Event, number: int, shown: list[int]) -> None:
    """UserError unless semi-final table ``number`` is short and seats the
    players ``shown`` (by id, in seat order)."""
    semi = semi_round(event)
    assert semi is not None  # the caller found it seated
    found = next(
        (t for t in short_tables(semi, RoundKind.SEMI) if t.number == number),
        None,
    )
    if found is None or [p.pk for p in found.players] != shown:
        raise UserError(
            gettext(
                "Semi-final table %(table)s changed since the page was drawn "
                "(pressed twice?): nothing was moved. Its tables are below."
            )
            % {"table": number}
        )
