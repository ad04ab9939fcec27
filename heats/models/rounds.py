"""Rounds and what happens in them: check-ins (entries), tables and seats.

The words are ``heats.models``'s (tournament.md, "Words").
"""

from __future__ import annotations

from typing import Any, TypedDict

from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext

from heats.core.rounds import KIND_LABELS, RoundCode
from heats.core.rounds import RoundKind as CoreKind
from heats.core.tables import STATUS_LABELS
from heats.core.tables import ResultStatus as CoreStatus
from heats.models.events import Event
from heats.models.players import Player


class RoundKind(models.TextChoices):
    """The stages of an event (tournament.md, Words); the values of
    ``heats.core.rounds.RoundKind``."""

    HEAT = CoreKind.HEAT.value, KIND_LABELS[CoreKind.HEAT]
    SEMI = CoreKind.SEMI.value, KIND_LABELS[CoreKind.SEMI]
    FINAL = CoreKind.FINAL.value, KIND_LABELS[CoreKind.FINAL]


class SnapshotTable(TypedDict):
    """One table of a seating snapshot: its number, whether it is a late table,
    and its players' draw keys in seat order."""

    number: int
    late: bool
    players: list[str]


class SeatingSnapshot(TypedDict):
    """A seating as ``Round.previous_seating`` keeps it: its seed and tables."""

    seed: str
    tables: list[SnapshotTable]


class Round(models.Model):
    """A heat, the semi-final or the final of an event.

    ``number`` is the heat number (1-based) for heats and 1 for the semi-final and
    final. ``ordinal`` sorts the rounds as they are played (every heat, then the
    semi-final, then the final: ``heats.core.rounds.RoundCode.ordinal``), set on
    save. ``seed`` is the recorded seed of the last seating, ``seated_at`` its
    time; a clock never started runs from ``first_seated_at``.
    ``previous_seating``: what "Seat again" replaced (``heats.services.reseating``).
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    kind = models.CharField(max_length=10, choices=RoundKind.choices)
    number = models.PositiveSmallIntegerField(default=1)
    ordinal = models.PositiveSmallIntegerField(default=0, editable=False)
    start_time = models.DateTimeField(null=True, blank=True)
    seed = models.CharField(max_length=64, blank=True)
    seated_at = models.DateTimeField(null=True, blank=True)
    first_seated_at = models.DateTimeField(null=True, blank=True)
    previous_seating = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["event", "ordinal"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "kind", "number"], name="round_unique_per_event"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1), name="round_number_gte_1"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event.slug} {self.label}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.ordinal = self.round_code.ordinal
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse(
            "heats:round-detail", kwargs={"event": self.event.slug, "round": self.code}
        )

    @property
    def round_code(self) -> RoundCode:
        """Kind and number as one value (``heats.core.rounds.RoundCode``)."""
        return RoundCode(self.kind, self.number)

    @property
    def label(self) -> str:
        """Human name in the current language: "Heat 2", "Semi-final", "Final"
        (English: ``round_code.label``)."""
        message, fields = self.round_code.label_message
        return gettext(message) % fields if fields else gettext(message)

    @property
    def code(self) -> str:
        """The round as written in URLs, commands and the CSV: "2", "semi", "final"."""
        return self.round_code.code


class EntryStatus(models.TextChoices):
    """Check-in state of a player for a round."""

    CHECKED_IN = "in", "Checked in"
    LATE = "late", "Late, waiting for a late table"
    ABSENT = "absent", "Absent"


class Entry(models.Model):
    """A player's check-in to a round (tournament.md, Heats; Advancement, 9)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="entries")
    status = models.CharField(
        max_length=10, choices=EntryStatus.choices, default=EntryStatus.CHECKED_IN
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round", "created_at", "pk"]
        verbose_name_plural = "entries"
        constraints = [
            models.UniqueConstraint(
                fields=["round", "player"], name="entry_player_once_per_round"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.round} ({self.get_status_display()})"


class ResultStatus(models.TextChoices):
    """Where a table's results stand (``heats.core.tables``): written by the
    results app at the end of every write of a table's records (Tabbycat's
    ``Debate.result_status``), read here without knowing what a record is."""

    OWED = CoreStatus.OWED.value, STATUS_LABELS[CoreStatus.OWED]
    IN = CoreStatus.IN.value, STATUS_LABELS[CoreStatus.IN]
    TIE = CoreStatus.TIE.value, STATUS_LABELS[CoreStatus.TIE]
    CHECK = CoreStatus.CHECK.value, STATUS_LABELS[CoreStatus.CHECK]


class Table(models.Model):
    """One game of 4–6 players in a round, numbered 1..n (tournament.md, Words).

    ``result_status`` says whether its results are owed, in, in with a tie for
    first the GM has not declared, or held for a rules check no GM has
    acknowledged (``ResultStatus``); the results app keeps it up to date and
    this app only reads it.

    ``time_called`` is the day (1-3) on which time was called, the game then
    ending with that day's scoring and scored as recorded (tournament.md, Heats,
    the clock; rules.md, A trading day, 9); ``None`` for a game played out.
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    late = models.BooleanField(default=False, help_text="Formed from late arrivals.")
    result_status = models.CharField(
        max_length=5,
        choices=ResultStatus.choices,
        default=ResultStatus.OWED,
        editable=False,
    )
    time_called = models.PositiveSmallIntegerField(
        "time called on day",
        null=True,
        blank=True,
        help_text="The day time was called; empty for a game played out.",
    )

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "number"], name="table_number_unique_per_round"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1), name="table_number_gte_1"
            ),
            models.CheckConstraint(
                condition=Q(time_called__isnull=True)
                | Q(time_called__gte=1, time_called__lte=3),
                name="table_time_called_day_1_to_3",
            ),
        ]

    def __str__(self) -> str:
        return gettext("%(round)s, table %(number)s") % {
            "round": self.round.label,
            "number": self.number,
        }

    @property
    def time_called_label(self) -> str:
        """ "time called on day 2", or "" for a game played out."""
        if self.time_called is None:
            return ""
        return gettext("time called on day %(day)s") % {"day": self.time_called}


class Seat(models.Model):
    """A player's place at a table; seat 1 is the start player.

    ``round`` repeats ``table.round`` so that the database itself refuses a player
    seated twice in one round.
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "number"], name="seat_number_unique_per_table"
            ),
            models.UniqueConstraint(
                fields=["round", "player"], name="seat_player_once_per_round"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1, number__lte=6), name="seat_number_1_to_6"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table}, seat {self.number}: {self.player}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.round_id = self.table.round_id
        super().save(*args, **kwargs)
