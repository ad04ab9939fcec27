"""Players of an event and their draw keys.

The words are ``heats.models``'s (tournament.md, "Words").
"""

from __future__ import annotations

from typing import Any

from django.db import models
from django.db.models import Q

from heats.core.names import (
    BADGE_MAX_LENGTH,
    DRAW_KEY_MAX_LENGTH,
    KEY_MAX_LENGTH,
    NAME_MAX_LENGTH,
    display_name,
    new_draw_keys,
)
from heats.models.events import Event, normalise_name


class Player(models.Model):
    """A person in one event; identity by badge, else by normalised name.

    ``draw_key`` seeds the player's die rolls (tournament.md, Advancement, 7): set
    once when the player is created (``heats.core.names.new_draw_keys``), unique in
    the event and never changed, so a namesake arriving later, a corrected typo or
    a merge never re-rolls an HMW, alternate or laurels tie-break. Carried by the
    event file (``export_event``).
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=NAME_MAX_LENGTH)
    name_key = models.CharField(max_length=KEY_MAX_LENGTH, editable=False)
    badge = models.CharField(max_length=BADGE_MAX_LENGTH, blank=True)
    draw_key = models.CharField(max_length=DRAW_KEY_MAX_LENGTH, editable=False)

    class Meta:
        ordering = ["name_key", "badge"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "badge"],
                condition=~Q(badge=""),
                name="player_badge_unique_per_event",
            ),
            models.UniqueConstraint(
                fields=["event", "name_key"],
                condition=Q(badge=""),
                name="player_name_unique_without_badge",
            ),
            models.CheckConstraint(condition=~Q(name=""), name="player_name_not_empty"),
            models.UniqueConstraint(
                fields=["event", "draw_key"], name="player_draw_key_unique_per_event"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} (#{self.badge})" if self.badge else self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.name = display_name(self.name)
        self.badge = display_name(self.badge)
        self.name_key = normalise_name(self.name)
        if not self.draw_key:
            assign_draw_keys(self.event_id, [self])
        super().save(*args, **kwargs)


# Up to this many new players, their draw keys read only the rows that matter.
FEW_NEW_PLAYERS = 20


def assign_draw_keys(event_id: int, players: list[Player]) -> None:
    """Give each of ``players`` (new players of one event, tidied as
    ``Player.save`` tidies them) that has no ``draw_key`` yet its key, in list
    order (``heats.core.names.new_draw_keys``). One query: for a few players
    (one checked in, a short pasted list) only the rows that matter, namesakes
    and draw keys beginning with a new name (every key a name can get does);
    for an import, every player of the event."""
    new = [p for p in players if not p.draw_key]
    if not new:
        return
    saved = Player.objects.filter(event_id=event_id).exclude(
        pk__in=[p.pk for p in new if p.pk is not None]
    )
    if len(new) <= FEW_NEW_PLAYERS:
        near = Q(name_key__in={p.name_key for p in new})
        for name in {p.name for p in new}:
            near |= Q(draw_key__startswith=name)
        saved = saved.filter(near)
    rows = list(saved.values_list("name_key", "draw_key"))
    keys = new_draw_keys(
        [(p.name, p.name_key, p.badge) for p in new],
        [key for key, _ in rows],
        [draw for _, draw in rows],
    )
    for player, key in zip(new, keys, strict=True):
        player.draw_key = key
