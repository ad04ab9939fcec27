"""Semi-final substitutes after seating: a seated qualifier who does not show up
gives their seat to the next present alternate.

Words (tournament.md, "Advancement to the semi-final", 2, 3 and 9):

no-show
    A player seated in the semi-final who is not there. Marked absent from the
    semi-final (never deleted: heat results stay), exactly as the list page's
    "absent" does before seating (``scoring.rounds.mark_semi``).
present alternate
    A player on the semi-final list
    (``scoring.queries.event_results.event_advancement``, which already calls
    alternates in order as players are marked absent: cut
    winners first, then second places by percentage, then thirds) who is checked
    in for the semi-final and has no seat. The list's call order is kept: its
    qualifiers first, then its next alternates. "Next" is the first of them.
substitute
    The present alternate takes the no-show's seat: same table, same seat number
    (so seat 1 stays the start player), only before that table has results.

Under "the winners present" (the GM's semi-final size) no alternate is called:
the no-show is marked absent and their seat comes off the table
(:func:`remove_no_show`), the later seats moving up one; that table plays one
short, and one left under 4 players must be seated again.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from heats.core.errors import UserError
from heats.models import (
    AuditAction,
    Event,
    Player,
    Round,
    Seat,
)
from heats.permissions import (
    Actor,
)
from heats.queries.versions import (
    Topic,
    require_current,
)
from heats.services.audit import (
    lock,
    log,
)
from heats.services.players import (
    mark_absent,
)
from heats.translate import listed
from scoring import permissions
from scoring.permissions import require
from scoring.queries.no_shows import (
    Candidate,
    no_show_state,
    open_seats,
    present_alternates,
    winners_present,
)
from scoring.queries.rounds import semi_round
from scoring.services import publishing
from scoring.services.results import lock_table

NO_SHOWS = Topic(
    _("the semi-final's open seats and waiting alternates"),
    lambda event: no_show_state(open_seats(event), present_alternates(event)),
)
"""What the "Replace a no-show" form shows (``heats.queries.versions``)."""


@transaction.atomic
def replace_no_show(
    event: Event,
    player: Player,
    alternate: Player | None = None,
    user: Actor = None,
    version: str | None = None,
) -> Seat:
    """Mark the seated ``player`` absent and give the seat to ``alternate`` (by
    default the next present alternate, :func:`present_alternates`); logged.

    Returns the seat, now the alternate's. UserError when the semi-final is not
    seated, ``player`` has no seat in it, the table already has results, nobody
    present is waiting, ``alternate`` is not a present unseated player on the
    list, or the semi-final is of the winners present (:func:`remove_no_show`);
    nothing is saved then. ``StaleFormError`` when the open seats or the
    waiting alternates changed since ``version`` (the form's). NotAllowed unless
    ``user`` is a GM. Source: tournament.md, Advancement, 3 ("absent players are
    skipped and the next alternate is called") and 9.
    """
    semi = _seated_semi(event, user, version)
    if winners_present(event):
        raise UserError(
            gettext(
                "The semi-final seats the winners present: no alternate is called. "
                "Take the no-show off the table instead."
            )
        )
    found = _open_seat(semi, player)
    mark_absent(semi, player, user)
    chosen = _chosen(present_alternates(event), alternate)
    found.player = chosen.player
    found.save(update_fields=["player"])
    log(
        event,
        user,
        AuditAction.SUBSTITUTE,
        f"{chosen.player} ({chosen.reason}) takes the seat of {player} (no-show) at "
        f"semi-final table {found.table.number}, seat {found.number}",
        round=semi.code,
        table=found.table.number,
        player=player.pk,
        alternate=chosen.player.pk,
    )
    return found


@dataclass(frozen=True)
class Removed:
    """What :func:`remove_no_show` did: the ``table`` and ``seat`` number the
    no-show left and the players ``left`` at that table."""

    table: int
    seat: int
    left: int


@transaction.atomic
def remove_no_show(
    event: Event, player: Player, user: Actor = None, version: str | None = None
) -> Removed:
    """Under "the winners present" (module docstring): mark the seated
    ``player`` absent and take their seat off the table; logged, and the list
    published again if the event publishes it automatically.

    UserError when the GM's size is not the winners present (the next alternate
    takes the seat then: :func:`replace_no_show`), or as ``replace_no_show``;
    ``StaleFormError`` and NotAllowed as ``replace_no_show``. Source:
    tournament.md, Advancement, 9 (absent players are never deleted).
    """
    semi = _seated_semi(event, user, version)
    if not winners_present(event):
        raise UserError(
            gettext(
                "The semi-final is not of the winners present: the next present "
                "alternate takes the no-show's seat."
            )
        )
    found = _open_seat(semi, player)
    mark_absent(semi, player, user)
    table, number = found.table, found.number
    left = _take_off(found)
    log(
        event,
        user,
        AuditAction.ABSENT,
        f"{player} (no-show) taken off semi-final table {table.number}, seat "
        f"{number}, which now has {left} players: no alternate is called under "
        "the winners present",
        round=semi.code,
        table=table.number,
        player=player.pk,
    )
    publishing.publish_automatically(event, user)
    return Removed(table.number, number, left)


def _take_off(seat: Seat) -> int:
    """Delete ``seat``; the later seats of its table move up one (clockwise
    order and the start player kept). Returns the players left there."""
    seats = list(
        Seat.objects.select_for_update().filter(table=seat.table).order_by("number")
    )
    seat.delete()
    for later in seats:
        if later.number > seat.number:
            later.number -= 1
            later.save(update_fields=["number"])
    return len(seats) - 1


def _seated_semi(event: Event, user: Actor, version: str | None) -> Round:
    """The event's seated semi-final, locked once ``user`` may replace a
    no-show and ``version`` is current; UserError before seating."""
    require(event, user, permissions.REPLACE_NO_SHOW)
    lock(event)
    require_current(event, NO_SHOWS, version)
    semi = semi_round(event)
    if semi is None or not semi.seated_at:
        raise UserError(
            gettext(
                "The semi-final is not seated: mark the player absent on the list "
                "and the next alternate is called."
            )
        )
    lock(semi)
    return semi


def _open_seat(semi: Round, player: Player) -> Seat:
    """``player``'s seat in the seated ``semi``, its table locked; UserError
    when they have none or the table already has results."""
    seat = Seat.objects.filter(round=semi, player=player).select_related("table")
    found = seat.first()
    if found is None:
        raise UserError(
            gettext("%(player)s has no seat in the semi-final.") % {"player": player}
        )
    lock_table(found.table)
    if Seat.objects.filter(table=found.table, record__isnull=False).exists():
        raise UserError(
            gettext(
                "Semi-final table %(table)s already has results: its players "
                "cannot change."
            )
            % {"table": found.table.number}
        )
    return found


def _chosen(candidates: list[Candidate], alternate: Player | None) -> Candidate:
    if not candidates:
        raise UserError(
            gettext(
                "No present alternate is waiting: mark the next alternate on the "
                "list present first."
            )
        )
    if alternate is None:
        return candidates[0]
    for candidate in candidates:
        if candidate.player.pk == alternate.pk:
            return candidate
    names = listed(c.player.name for c in candidates)
    raise UserError(
        gettext(
            "%(player)s is not a present alternate without a seat; present: %(names)s."
        )
        % {"player": alternate, "names": names}
    )
