"""The final written: the GM's decision for a short final, the final seated and
a finalist marked absent. Its words (finalist, short final, runner-up
candidate) and the field read are ``scoring.queries.final``.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext, ngettext

from heats.core.errors import UserError
from heats.core.seating import Seating
from heats.models import AuditAction, Event, Player
from heats.permissions import Actor
from heats.queries.seating import seating_state
from heats.queries.versions import require_current
from heats.services.audit import acting_user, lock, log
from heats.services.players import mark_absent
from heats.services.seating import seat_round
from scoring import permissions
from scoring.models import FinalFill
from scoring.permissions import require
from scoring.queries.final import FIELD, FinalField, RunnerUp, fill_summary, final_field
from scoring.services.semi_final import _make_round


@transaction.atomic
def decide_final_fill(
    event: Event,
    kind: str,
    *,
    confirm: bool = False,
    user: Actor = None,
    version: str | None = None,
) -> FinalFill:
    """Record the GM's decision for a short final (module docstring), logged.

    ``kind``: ``FinalFill.Kind.RUNNERS_UP`` adds the best runner-up candidates,
    as many as make 4 players; ``FinalFill.Kind.FINAL_OF_THREE`` needs exactly 3
    finalists and ``confirm=True``. Deciding again replaces the decision.
    UserError once the final is seated, when the final is not short, for an
    unknown kind, too few candidates, or a final of 3 unconfirmed or not of 3
    finalists; ``StaleFormError`` when the field changed since ``version`` (the
    page's); NotAllowed unless ``user`` is a GM. Source: tournament.md,
    Semi-final and final (silent on a short final: the GM's decision).
    """
    require(event, user, permissions.FILL_FINAL)
    final = _make_round(event, "final")
    lock(final)
    require_current(event, FIELD, version)
    if final.seated_at:
        raise UserError(
            gettext("The final is already seated: its field cannot change.")
        )
    current = final_field(event)
    if current.needed == 0:
        raise UserError(
            gettext(
                "%(count)s semi-final winners can play: the final needs no "
                "runner-up and no final of 3."
            )
            % {"count": len(current.winners)}
        )
    picks, three = _decision(current, kind, confirm)
    summary = fill_summary(current, picks, three)
    fill, _ = FinalFill.objects.update_or_create(
        event=event,
        defaults={"kind": kind, "summary": summary, "decided_by": acting_user(user)},
    )
    fill.added.set([p.player for p in picks])
    log(event, user, AuditAction.FINAL_FILL, summary, kind=kind)
    return fill


def _decision(
    current: FinalField, kind: str, confirm: bool
) -> tuple[list[RunnerUp], bool]:
    """(runner-up picks, final of 3?) for ``kind``; UserError as
    :func:`decide_final_fill`."""
    if kind == FinalFill.Kind.RUNNERS_UP:
        picks = current.candidates[: current.needed]
        if len(picks) < current.needed:
            raise UserError(
                ngettext(
                    "The final needs %(needed)s runner-up; semi-final runners-up "
                    "who can play: %(count)s.",
                    "The final needs %(needed)s runners-up; semi-final runners-up "
                    "who can play: %(count)s.",
                    current.needed,
                )
                % {"needed": current.needed, "count": len(picks)}
            )
        return picks, False
    if kind == FinalFill.Kind.FINAL_OF_THREE:
        if len(current.winners) != 3:
            raise UserError(
                gettext(
                    "A final of 3 needs 3 semi-final winners, not %(count)s: add "
                    "runners-up instead."
                )
                % {"count": len(current.winners)}
            )
        if not confirm:
            raise UserError(gettext("Confirm that the final is played by 3 players."))
        return [], True
    raise UserError(gettext("Choose runners-up or a final of 3."))


@transaction.atomic
def seat_final(
    event: Event,
    *,
    seed: str | None = None,
    user: Actor = None,
    state: str | None = None,
) -> Seating | None:
    """Seat the final, one table of the field's players (:func:`final_field`);
    None when ``state`` is not the final's (see ``seat_round``).

    A short final (fewer than 4 players without a confirmed final of 3) raises
    UserError naming the choices; NotAllowed unless ``user`` may seat.
    """
    require(event, user, permissions.SEAT)
    final = _make_round(event, "final")
    lock(final)
    if state is not None and state != seating_state(final):
        return None
    current = final_field(event)
    if current.short:
        raise UserError(
            ngettext(
                "Only %(count)s semi-final winner can play the final (no "
                "alternate advances): on the final page, add the best "
                "runners-up.",
                "Only %(count)s semi-final winners can play the final (no "
                "alternate advances): on the final page, add the best "
                "runners-up or confirm a final of 3.",
                len(current.players),
            )
            % {"count": len(current.players)}
        )
    players = current.players
    sizes = [len(players)] if current.of_three else None
    return seat_round(
        final, seed=seed, user=user, players=players, sizes=sizes, smallest=3
    )


@transaction.atomic
def mark_final_absent(
    event: Event, player: Player, user: Actor = None, version: str | None = None
) -> None:
    """A finalist does not come: marked absent from the final, and nobody takes
    the seat by right ("no alternates advance to the final", seed 001); a short
    final then asks the GM (:func:`decide_final_fill`).

    UserError once the final is seated; ``StaleFormError`` as
    :func:`decide_final_fill`; NotAllowed unless ``user`` is a GM.
    """
    require(event, user, permissions.RUN_FINAL)
    final = _make_round(event, "final")
    lock(final)
    require_current(event, FIELD, version)
    if final.seated_at:
        raise UserError(
            gettext("The final is already seated: swap nobody in, play on.")
        )
    mark_absent(final, player, user)
