"""The semi-final and final rounds: made on first use, semi-final check-in (present
or absent) and seating, each round's results, the event's laurels.

Words (tournament.md, "Semi-final and final"):

qualifiers
    The semi-final list of ``scoring.queries.event_results.event_advancement``: present
    winners, then the alternates called in order as no-shows are marked absent.

The final's field (who plays it) lives in ``scoring.queries.final``. Every change
is written to the event's audit log (``heats.services.audit.log``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from django.db import transaction
from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from heats.core.errors import UserError
from heats.core.message import SEMICOLON
from heats.core.seating import Seating
from heats.models import (
    AuditAction,
    Entry,
    EntryStatus,
    Event,
    Player,
    Round,
)
from heats.permissions import (
    Actor,
)
from heats.queries.seating import (
    seating_state,
)
from heats.queries.versions import (
    Topic,
    require_current,
)
from heats.services.audit import (
    lock,
    log,
)
from heats.services.events import (
    get_round,
)
from heats.services.players import (
    mark_absent,
)
from heats.services.seating import (
    seat_round,
)
from heats.translate import listed
from scoring import permissions
from scoring.models import PublishedList
from scoring.permissions import require
from scoring.queries.event_results import (
    ListInputs,
    event_advancement,
    qualifier_labels,
    require_no_held_heats,
)
from scoring.queries.rounds import players_by_id, semi_round
from scoring.services import publishing


def _make_round(event: Event, code: str) -> Round:
    """The semi-final or final round, created by the first change made in it.

    The event is locked first, so two first changes made at once create one round.
    """
    lock(event)
    return get_round(event, code, create=True)


@transaction.atomic
def mark_semi(event: Event, player: Player, present: bool, user: Actor = None) -> None:
    """Semi-final check-in: present makes an entry "in"; absent marks the player
    absent (never deleted) so the next alternate is called (Advancement, 3, 9).
    The list is then published again if the event publishes it automatically
    (``publishing.publish_automatically``). NotAllowed unless ``user`` may mark
    semi-final presence."""
    require(event, user, permissions.MARK_SEMI_PRESENCE)
    semi = _make_round(event, "semi")
    lock(semi)
    if not present:
        mark_absent(semi, player, user)
        publishing.publish_automatically(event, user)
        return
    entry = semi.entries.filter(player=player).first()
    if entry is not None and entry.status == EntryStatus.CHECKED_IN:
        return
    semi.entries.update_or_create(
        player=player, defaults={"status": EntryStatus.CHECKED_IN}
    )
    log(event, user, AuditAction.CHECK_IN, f"{player} present for the semi-final")
    publishing.publish_automatically(event, user)


@dataclass(frozen=True)
class SemiMark:
    """What one player's presence mark did to the semi-final list: the names of
    the players it ``called`` in and ``dropped`` from the list (the player
    marked left out); both empty once the semi-final is seated, as the tables
    stand then. ``no_seat``: the player was marked present at a seated
    semi-final without a seat of their own (their seat is given away under
    "Replace a no-show", not by a mark)."""

    called: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)
    no_seat: bool = False


def mark_semi_presence(
    event: Event, player: Player, present: bool, user: Actor = None
) -> SemiMark:
    """:func:`mark_semi`, and what the mark did to the semi-final list (the
    list before and after it)."""
    semi = semi_round(event)
    seated = semi if semi is not None and semi.seated_at is not None else None
    # Once seated, the tables stand: nobody is called in or dropped by a mark.
    inputs = None if seated else ListInputs.load(event)
    before = qualifier_labels(event, inputs) if inputs else {}
    mark_semi(event, player, present, user)
    after = qualifier_labels(event, inputs) if inputs else {}
    if seated is not None:
        no_seat = present and not seated.seats.filter(player=player).exists()
        return SemiMark(no_seat=no_seat)
    return SemiMark(
        called=[n for p, n in after.items() if p not in before and p != player.pk],
        dropped=[n for p, n in before.items() if p not in after and p != player.pk],
    )


def _presence_state(event: Event) -> dict[str, Any]:
    """The semi-final's check-ins as the presence form shows them: each
    player's entry status, and who is seated (no box)."""
    semi = semi_round(event)
    if semi is None:
        return {"entries": [], "seated": []}
    entries = sorted(semi.entries.values_list("player_id", "status"))
    seated = sorted(semi.seats.values_list("player_id", flat=True))
    return {"entries": [list(e) for e in entries], "seated": seated}


SEMI_PRESENCE = Topic(
    _("the semi-final check-in"),
    _presence_state,
    (AuditAction.CHECK_IN, AuditAction.ABSENT, AuditAction.SEMI_PRESENCE),
)
"""The semi-final check-in as the presence form shows it."""


@dataclass(frozen=True)
class PresenceChanges:
    """What one presence save changed: players marked ``present``, marked
    ``absent``, and ``cleared`` (present before, not ticked: not checked in
    again), each in list order; ``published``: the list published again
    automatically (``publishing.publish_automatically``), else None."""

    present: list[Player] = field(default_factory=list)
    absent: list[Player] = field(default_factory=list)
    cleared: list[Player] = field(default_factory=list)
    published: PublishedList | None = None

    def __bool__(self) -> bool:
        return bool(self.present or self.absent or self.cleared)

    def summary(self, *, stored: bool = False) -> str:
        """One line: "present: A, B; absent: C; not checked in: D", in the
        active language; with ``stored``, in English as the audit log keeps it."""
        if stored:
            labels = ("present: %(names)s", "absent: %(names)s")
            cleared, nothing = "not checked in: %(names)s", "nothing changed"
        else:
            labels = (
                pgettext("semi-final check-in", "present: %(names)s"),
                pgettext("semi-final check-in", "absent: %(names)s"),
            )
            cleared = pgettext("semi-final check-in", "not checked in: %(names)s")
            nothing = gettext("nothing changed")
        parts = [
            label % {"names": listed(players)}
            for label, players in (
                (labels[0], self.present),
                (labels[1], self.absent),
                (cleared, self.cleared),
            )
            if players
        ]
        return listed(parts, SEMICOLON) or nothing


@transaction.atomic
def save_semi_presence(
    event: Event,
    shown: list[int],
    present: set[int],
    *,
    absent_rest: bool = False,
    user: Actor = None,
    version: str | None = None,
) -> PresenceChanges:
    """One save of the semi-final check-in form: of the players ``shown`` (ids,
    list order), those in ``present`` are present; the others are marked absent
    with ``absent_rest`` (never deleted: their seats go to the next alternates,
    Advancement, 3 and 9), else a player present before is no longer checked in
    and anyone else stays as they were. Players already seated in the semi-final
    are left as they are (a no-show is replaced on its own form).

    One transaction, one audit entry ("semi-presence") listing every change;
    then the list is published again if the event publishes it automatically.
    UserError for a player not of ``event``; ``StaleFormError`` when the
    check-in changed since ``version`` (``form_version(event, SEMI_PRESENCE)``);
    NotAllowed unless ``user`` may mark semi-final presence.
    """
    require(event, user, permissions.MARK_SEMI_PRESENCE)
    semi = _make_round(event, "semi")
    lock(semi)
    require_current(event, SEMI_PRESENCE, version)
    try:
        players = players_by_id(event, list(dict.fromkeys(shown)))
    except KeyError:
        raise UserError(
            gettext("The form names a player who is not in this event.")
        ) from None
    seated = set(semi.seats.values_list("player_id", flat=True))
    status = dict(semi.entries.values_list("player_id", "status"))
    changes = PresenceChanges()
    for player in players:
        if player.pk in seated:
            continue
        now = status.get(player.pk)
        if player.pk in present:
            if now != EntryStatus.CHECKED_IN:
                changes.present.append(player)
        elif absent_rest:
            if now != EntryStatus.ABSENT:
                changes.absent.append(player)
        elif now == EntryStatus.CHECKED_IN:
            changes.cleared.append(player)
    if not changes:
        return changes
    _apply_presence(semi, changes)
    log(
        event,
        user,
        AuditAction.SEMI_PRESENCE,
        f"Semi-final check-in: {changes.summary(stored=True)}",
        present=[p.pk for p in changes.present],
        absent=[p.pk for p in changes.absent],
        cleared=[p.pk for p in changes.cleared],
    )
    published = publishing.publish_automatically(event, user)
    return replace(changes, published=published)


def _apply_presence(semi: Round, changes: PresenceChanges) -> None:
    """Save ``changes`` to the semi-final's entries (locked): three statements
    per status at most."""
    for players, status in (
        (changes.present, EntryStatus.CHECKED_IN),
        (changes.absent, EntryStatus.ABSENT),
    ):
        ids = [p.pk for p in players]
        semi.entries.filter(player_id__in=ids).update(status=status)
        Entry.objects.bulk_create(
            [Entry(round=semi, player_id=pk, status=status) for pk in ids],
            ignore_conflicts=True,
        )
    semi.entries.filter(player__in=changes.cleared).delete()


@transaction.atomic
def seat_semi(
    event: Event,
    *,
    seed: str | None = None,
    user: Actor = None,
    state: str | None = None,
) -> Seating | None:
    """Seat the semi-final qualifiers in the layout for its size, avoiding repeat
    opponents (tournament.md, Semi-final and final). Returns the ``Seating``, or
    None when ``state`` is not the semi-final's (seated since the GM's page was
    drawn: see ``seat_round``).

    Raises UserError while heat tables owe results (the list is provisional) or
    are being checked (``scoring.queries.event_results.require_no_held_heats``), when
    there is no semi-final (straight to the final), or as ``seat_round``;
    NotAllowed unless ``user`` may seat.
    """
    require(event, user, permissions.SEAT)
    semi = _make_round(event, "semi")
    lock(semi)
    if state is not None and state != seating_state(semi):
        return None
    require_no_held_heats(event, "seating the semi-final")
    result = event_advancement(event)
    if result.provisional:
        missing = [
            gettext("heat %(heat)s table %(table)s") % {"heat": h, "table": t}
            for h, t in result.missing_tables
        ]
        raise UserError(gettext("Heat tables still owe results:"), missing)
    if result.final_only:
        raise UserError(
            gettext("There is no semi-final: seat the final from the final page.")
        )
    if len(result.qualifiers) > result.seats:
        raise UserError(
            gettext(
                "The list holds %(players)s players for %(seats)s seats: choose a "
                "larger size or take a player off the list first."
            )
            % {"players": len(result.qualifiers), "seats": result.seats}
        )
    players = players_by_id(event, [q.player for q in result.qualifiers])
    return seat_round(
        semi, seed=seed, user=user, players=players, sizes=list(result.tables)
    )
