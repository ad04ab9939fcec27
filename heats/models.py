"""The event's structure: event, round, player, entry (check-in), table, seat.

Words (tournament.md, "Words"):
- *event*: one tournament, with a rule set and its settings;
- *round*: a stage of the event, each **heat**, then the **semi-final**, then the
  **final**;
- *player*: a person inside one event, identified by badge when given, else by the
  normalised name (Unicode NFC, case and surrounding spaces ignored, inner spaces
  folded: ``heats.core.names``);
- *entry*: a player checked in to a round (or marked absent from it: absent players are
  marked, never deleted — tournament.md, Advancement, 9);
- *table*: one game of 4–6 players in a round, numbered 1..n;
- *seat*: a player's place at a table; seat 1 is the start player.

Everything that changes an event is also written to ``AuditEntry`` (who, when, what).
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse

from heats.core.clock import MAX_HEAT_MINUTES
from heats.core.formats import (
    DEFAULT_FORMAT,
    FORMAT_CHOICES,
    FORMATS,
    HMO,
    HMW,
    format_line,
)
from heats.core.names import (
    BADGE_MAX_LENGTH,
    DRAW_KEY_MAX_LENGTH,
    KEY_MAX_LENGTH,
    NAME_MAX_LENGTH,
    display_name,
    name_key,
    new_draw_keys,
)
from heats.core.rounds import KIND_LABELS, RoundCode
from heats.core.rounds import RoundKind as CoreKind
from heats.core.tables import STATUS_LABELS
from heats.core.tables import ResultStatus as CoreStatus


def new_seed() -> str:
    """A fresh random seed for die rolls and seatings, recorded for replay."""
    return secrets.token_hex(4)


def default_semi_layouts() -> dict[str, list[int]]:
    """Semi-final table layouts by size (tournament.md, Advancement, 1)."""
    return {
        "16": [4, 4, 4, 4],
        "20": [5, 5, 5, 5],
        "25": [5, 5, 5, 5, 5],
        "30": [5, 5, 5, 5, 5, 5],
        "36": [6, 6, 6, 6, 6, 6],
    }


def normalise_name(name: str) -> str:
    """The identity key of a name: NFC, case-folded, invisible characters dropped,
    runs of white space (no-break spaces too) folded to one (``heats.core.names``).

    formats.md, Results CSV: "case and surrounding spaces ignored".
    """
    return name_key(name)


class SeatingPolicy(models.TextChoices):
    """Table-size preference (tournament.md, Heats)."""

    SIX_OVER_FOUR = "six-over-four", "Fewest 4-player tables, then most 5s (WBC)"
    FIVE_FIRST = "five-first", "Most 5-player tables, then 6 over 4"


class EventFormat(models.TextChoices):
    """How heat winners reach the semi-final and the final (tournament.md, Event
    formats; ``heats.core.formats``)."""

    HMW = HMW, FORMAT_CHOICES[HMW]
    HMO = HMO, FORMAT_CHOICES[HMO]


class Event(models.Model):
    """One tournament with its rule set and settings (tournament.md, Words).

    Minutes are minutes after a heat's designated start; a heat lasts at most
    ``MAX_HEAT_MINUTES`` (120: "heat length up to 120 minutes", tournament.md,
    Event formats); ``timer_seconds`` is the slow-player timer (tournament.md,
    Heats, Timer rule). ``format`` is the event's format (``EventFormat``).
    """

    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=200)
    rules = models.CharField("rule set", max_length=40, default="wbc")
    seed = models.CharField(
        max_length=64, default=new_seed, help_text="Recorded seed for die rolls."
    )
    heat_minutes = models.PositiveSmallIntegerField(
        default=55,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_HEAT_MINUTES)],
    )
    first_mark_minutes = models.PositiveSmallIntegerField(default=20)
    second_mark_minutes = models.PositiveSmallIntegerField(default=35)
    call_minutes = models.PositiveSmallIntegerField(
        "time called at (minutes)", default=53
    )
    seat_after_minutes = models.PositiveSmallIntegerField(default=2)
    min_late_table = models.PositiveSmallIntegerField(default=5)
    seating_policy = models.CharField(
        max_length=20,
        choices=SeatingPolicy.choices,
        default=SeatingPolicy.SIX_OVER_FOUR,
    )
    format = models.CharField(
        "format",
        max_length=3,
        choices=EventFormat.choices,
        default=DEFAULT_FORMAT,
    )
    semi_layouts = models.JSONField(default=default_semi_layouts)
    timer_seconds = models.PositiveSmallIntegerField(default=240)
    late_timer_seconds = models.PositiveSmallIntegerField(default=120)
    slow_bid_seconds = models.CharField(max_length=20, default="7–9")
    slow_draw_seconds = models.CharField(max_length=20, default="15–20")
    gms = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="gm_events",
        verbose_name="GMs",
    )
    assistants = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="assistant_events",
        verbose_name="assistant GMs",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=Q(min_late_table__gte=4, min_late_table__lte=6),
                name="event_min_late_table_4_to_6",
            ),
            models.CheckConstraint(
                condition=Q(first_mark_minutes__lt=models.F("second_mark_minutes"))
                & Q(second_mark_minutes__lt=models.F("call_minutes"))
                & Q(call_minutes__lte=models.F("heat_minutes")),
                name="event_clock_marks_in_order",
            ),
            models.CheckConstraint(
                condition=Q(heat_minutes__lte=MAX_HEAT_MINUTES),
                name="event_heat_at_most_120_minutes",
            ),
            models.CheckConstraint(
                condition=Q(format__in=FORMATS), name="event_format_known"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def format_line(self) -> str:
        """ "Format: heats winners only", as pages and printables show the format."""
        return format_line(self.format)

    def semi_layout_map(self) -> dict[int, tuple[int, ...]]:
        """``semi_layouts`` with integer keys: ``{25: (5, 5, 5, 5, 5), ...}``."""
        return {int(size): tuple(tables) for size, tables in self.semi_layouts.items()}

    def is_gm(self, user) -> bool:
        """True when ``user`` may seat, override and publish (a GM or a superuser);
        the decision is ``heats.permissions.role_of``."""
        from heats.permissions import Role, role_of

        return role_of(self, user) == Role.GM

    def is_staff_member(self, user) -> bool:
        """True when ``user`` may check players in and enter results (GM, assistant)."""
        from heats.permissions import Role, role_of

        return role_of(self, user) >= Role.ASSISTANT


class RoundKind(models.TextChoices):
    """The stages of an event (tournament.md, Words); the values of
    ``heats.core.rounds.RoundKind``."""

    HEAT = CoreKind.HEAT.value, KIND_LABELS[CoreKind.HEAT]
    SEMI = CoreKind.SEMI.value, KIND_LABELS[CoreKind.SEMI]
    FINAL = CoreKind.FINAL.value, KIND_LABELS[CoreKind.FINAL]


class Round(models.Model):
    """A heat, the semi-final or the final of an event.

    ``number`` is the heat number (1-based) for heats and 1 for the semi-final and
    final. ``ordinal`` sorts the rounds as they are played (every heat, then the
    semi-final, then the final: ``heats.core.rounds.RoundCode.ordinal``), set on
    save. ``seed`` is the recorded seed of the last seating.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    kind = models.CharField(max_length=10, choices=RoundKind.choices)
    number = models.PositiveSmallIntegerField(default=1)
    ordinal = models.PositiveSmallIntegerField(default=0, editable=False)
    start_time = models.DateTimeField(null=True, blank=True)
    seed = models.CharField(max_length=64, blank=True)
    seated_at = models.DateTimeField(null=True, blank=True)

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

    def save(self, *args, **kwargs) -> None:
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
        """Human name: "Heat 2", "Semi-final", "Final"."""
        return self.round_code.label

    @property
    def code(self) -> str:
        """The round as written in URLs, commands and the CSV: "2", "semi", "final"."""
        return self.round_code.code


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

    def save(self, *args, **kwargs) -> None:
        self.name = display_name(self.name)
        self.badge = self.badge.strip()
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
        return f"{self.round.label}, table {self.number}"

    @property
    def time_called_label(self) -> str:
        """ "time called on day 2", or "" for a game played out."""
        if self.time_called is None:
            return ""
        return f"time called on day {self.time_called}"


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

    def save(self, *args, **kwargs) -> None:
        self.round_id = self.table.round_id
        super().save(*args, **kwargs)


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

    def save(self, *args, **kwargs) -> None:
        if (
            self.player_a_id
            and self.player_b_id
            and self.player_a_id > self.player_b_id
        ):
            self.player_a_id, self.player_b_id = self.player_b_id, self.player_a_id
        super().save(*args, **kwargs)
