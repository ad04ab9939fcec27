"""Players of an event: the directory that finds a player by badge or name (and
creates one that is new), and absences (marked, never deleted). Finding only
is ``heats.queries.players``.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction

from heats.core.names import display_name
from heats.models import (
    AuditAction,
    Entry,
    EntryStatus,
    Event,
    Player,
    Round,
    assign_draw_keys,
    normalise_name,
)
from heats.permissions import Actor
from heats.queries.players import PlayerFinder
from heats.services.audit import lock, log


class PlayerDirectory(PlayerFinder):
    """Finds an event's players by badge or name, and creates new ones on demand.

    A row with a badge is that badge's player; a row without one is the badge-less
    player of that name, else the only player of that name (formats.md, Results CSV).
    ``players`` (default: the event's, loaded) are the players to search; with
    ``saving=False`` new players and new badges stay unsaved (in ``created`` and
    ``badged``), for an import that plans before it writes.
    """

    def __init__(
        self, event: Event, players: list[Player] | None = None, *, saving: bool = True
    ) -> None:
        super().__init__(event, players)
        self.saving = saving
        self.created: list[Player] = []
        self.badged: list[Player] = []

    def get_or_create(self, name: str, badge: str = "") -> Player:
        """The player for ``name``/``badge``, created (and remembered) if new.

        A new badge whose name matches exactly one player without a badge goes to
        that player (recorded in ``badged``), so the order in which a person's
        results arrive never makes two players of one.
        """
        player = self.find(name, badge)
        if player is None and badge:
            plain = [
                p for p in self.by_name.get(normalise_name(name), []) if not p.badge
            ]
            if len(plain) == 1:
                player = plain[0]
                player.badge = display_name(badge)
                if self.saving:
                    player.save(update_fields=["badge"])
                self.by_badge[player.badge] = player
                self.badged.append(player)
        if player is None:
            player = self._create(name, badge)
        return player

    def save_planned(self) -> None:
        """Save the new badges (``badged``) and new players (``created``) a
        directory made with ``saving=False``: two statements whatever their number
        (SQLite splits a long bulk insert into batches). Raises IntegrityError when
        another transaction saved one of them meanwhile; the caller plans again.
        """
        badged = [p for p in self.badged if p.pk is not None]
        if badged:
            Player.objects.bulk_update(badged, ["badge"])
        assign_draw_keys(self.event.pk, self.created)
        Player.objects.bulk_create(self.created)
        if any(p.pk is None for p in self.created):
            # A database that does not return ids from a bulk insert.
            saved = {
                (p.badge, p.name_key if not p.badge else ""): p
                for p in self.event.players.all()
            }
            for player in self.created:
                found = saved[
                    (player.badge, player.name_key if not player.badge else "")
                ]
                player.pk, player._state.adding = found.pk, False

    def new(self, name: str, badge: str = "") -> Player:
        """A new player of ``name`` and ``badge``, whatever players share the
        name (the check-in desk's rule, ``heats.services.checkin_identity``):
        created (or planned) as ``get_or_create`` creates one."""
        return self._create(name, badge)

    def _create(self, name: str, badge: str) -> Player:
        """A new player, or the one saved meanwhile by another transaction (a
        check-in to another round, an import) under the same name or badge."""
        player = Player(event=self.event, name=" ".join(name.split()), badge=badge)
        player.badge, player.name_key = display_name(badge), normalise_name(name)
        if self.saving:
            try:
                with transaction.atomic():
                    player.save()
            except IntegrityError:
                same = self.event.players.filter(badge=player.badge)
                if not player.badge:
                    same = same.filter(name_key=player.name_key)
                player = same.get()
                self._remember(player)
                return player
        self._remember(player)
        self.created.append(player)
        return player


@transaction.atomic
def mark_absent(rnd: Round, player: Player, user: Actor = None) -> Entry:
    """Mark ``player`` absent from ``rnd``, never deleted (tournament.md, Adv., 9).

    Idempotent: an entry already absent is returned unchanged.
    """
    lock(rnd)
    entry, created = Entry.objects.get_or_create(
        round=rnd, player=player, defaults={"status": EntryStatus.ABSENT}
    )
    if not created and entry.status != EntryStatus.ABSENT:
        entry.status = EntryStatus.ABSENT
        entry.save(update_fields=["status"])
        created = True
    if created:
        log(
            rnd.event,
            user,
            AuditAction.ABSENT,
            f"{player} marked absent from {rnd.label}",
        )
    return entry
