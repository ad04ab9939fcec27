"""The audit log and the keep-apart pairs of an event.

The words are ``heats.models``'s (tournament.md, "Words").
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q

from heats.models.events import Event
from heats.models.players import Player


class AuditEntry(models.Model):
    """One change to an event: who, when, what (check-in, seating, swap, result...)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="audit")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(max_length=40)
    detail = models.TextField()
    data = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-at", "-pk"]
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action}: {self.detail}"


class KeepApart(models.Model):
    """Two players the GM asked not to seat together (family, same club).

    Stored with ``player_a.pk < player_b.pk`` so a pair is saved once whichever
    order it is given in (tournament.md, Heats: "keep apart named pairs").
    """

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="keep_apart"
    )
    player_a = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    player_b = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    note = models.CharField(max_length=120, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "player_a__name_key", "player_b__name_key"]
        verbose_name = "keep-apart pair"
        constraints = [
            models.UniqueConstraint(
                fields=["event", "player_a", "player_b"], name="keep_apart_once"
            ),
            models.CheckConstraint(
                condition=~Q(player_a=models.F("player_b")),
                name="keep_apart_two_players",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player_a} / {self.player_b}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if (
            self.player_a_id
            and self.player_b_id
            and self.player_a_id > self.player_b_id
        ):
            self.player_a_id, self.player_b_id = self.player_b_id, self.player_a_id
        super().save(*args, **kwargs)
