"""Keep-apart pairs: players the GM asked not to seat together (family, same
club; tournament.md, Heats), read by the seating as a cost.

Adding and removing a pair lock the event first (``heats.services.audit.lock``)
and decide on what is saved then: the same pair added or removed by several
presses at once is added or removed once, and the other presses are told so.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from heats import permissions
from heats.core.errors import UserError
from heats.models import (
    Event,
    KeepApart,
    Player,
)
from heats.permissions import Actor
from heats.services.audit import lock, log
from heats.services.versions import Topic, require_current


def keep_apart_pairs(event: Event) -> set[frozenset[str]]:
    """The event's keep-apart pairs as ``frozenset({id, id})`` of player keys."""
    pairs = KeepApart.objects.filter(event=event)
    return {
        frozenset((str(a), str(b)))
        for a, b in pairs.values_list("player_a_id", "player_b_id")
    }


def _pairs_state(event: Event) -> list[list[object]]:
    pairs = KeepApart.objects.filter(event=event).order_by("pk")
    return [
        list(row) for row in pairs.values_list("pk", "player_a", "player_b", "note")
    ]


KEEP_APART = Topic(gettext_lazy("the keep-apart list"), _pairs_state, ("keep-apart",))
"""The pairs as the Keep-apart page shows them (``versions``)."""


@transaction.atomic
def add_keep_apart(
    event: Event,
    a: Player,
    b: Player,
    note: str = "",
    user: Actor = None,
    version: str | None = None,
) -> KeepApart:
    """Ask future seatings to keep ``a`` and ``b`` apart; UserError for one player
    twice or a pair already listed (also when listed meanwhile by another press:
    the event's lock orders them); ``StaleFormError`` when the list changed since
    ``version`` (the page's ``form_version``)."""
    permissions.require(event, user, permissions.KEEP_APART)
    if a.pk == b.pk:
        raise UserError(_("A keep-apart pair needs two different players."))
    lock(event)
    low, high = sorted((a, b), key=lambda p: p.pk)
    if KeepApart.objects.filter(event=event, player_a=low, player_b=high).exists():
        raise UserError(_("%(a)s and %(b)s are already kept apart.") % {"a": a, "b": b})
    require_current(event, KEEP_APART, version)
    pair = KeepApart.objects.create(event=event, player_a=low, player_b=high, note=note)
    log(event, user, "keep-apart", f"Keep apart: {pair}")
    return pair


@transaction.atomic
def remove_keep_apart(
    pair: KeepApart, user: Actor = None, version: str | None = None
) -> None:
    """Forget a keep-apart pair, logged once: UserError when it is already
    removed (by another press or another GM meanwhile); ``StaleFormError`` as
    :func:`add_keep_apart`."""
    permissions.require(pair.event, user, permissions.KEEP_APART)
    lock(pair.event)
    if not KeepApart.objects.filter(pk=pair.pk).exists():
        raise UserError(
            _("%(pair)s: already removed from the keep-apart pairs.") % {"pair": pair}
        )
    require_current(pair.event, KEEP_APART, version)
    log(pair.event, user, "keep-apart", f"No longer kept apart: {pair}")
    pair.delete()
