"""Results: player records, their history, scoresheets and rules checks.

Words (tournament.md, "Recording a table"):
- *player record*: one player's result at one table — final score in florins, the
  intermediate scores after day 1 and day 2, and the place at the table;
- *declared winner*: the player the GM declared the winner of a tie for first, with
  the reason; until declared, every tied player counts as a winner;
- *record history*: the earlier values of a record, kept whenever it is replaced;
- *scoresheet*: a detailed game log (formats.md) attached to a table and verified by
  the rules engine.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q

from heats.fields import MessagesField
from heats.models import Seat, Table


class PlayerRecord(models.Model):
    """One player's result at one table (tournament.md, Recording a table)."""

    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, related_name="record")
    day1 = models.IntegerField("after day 1", null=True, blank=True)
    day2 = models.IntegerField("after day 2", null=True, blank=True)
    final = models.IntegerField("final florins")
    place = models.PositiveSmallIntegerField(
        help_text="Derived from the final scores; equal scores share a place."
    )
    declared_winner = models.BooleanField(
        default=False, help_text="Declared by the GM the winner of a tie for first."
    )
    tie_reason = models.CharField(max_length=200, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["seat__table", "seat__number"]
        constraints = [
            models.CheckConstraint(
                condition=Q(final__gte=0), name="record_final_gte_0"
            ),
            models.CheckConstraint(
                condition=Q(day1__isnull=True) | Q(day1__gte=0),
                name="record_day1_gte_0",
            ),
            models.CheckConstraint(
                condition=Q(day2__isnull=True) | Q(day2__gte=0),
                name="record_day2_gte_0",
            ),
            models.CheckConstraint(
                condition=Q(place__gte=1), name="record_place_gte_1"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.seat}: {self.final}"

    def values(self) -> dict[str, object]:
        """The recorded values, as kept in the history; ``time_called`` is the
        table's (``Table.time_called``), repeated on each of its records so that a
        change of it alone is a change of the result."""
        return {
            "seat": self.seat.number,
            "day1": self.day1,
            "day2": self.day2,
            "final": self.final,
            "place": self.place,
            "declared_winner": self.declared_winner,
            "time_called": self.seat.table.time_called,
        }


class RecordHistory(models.Model):
    """Earlier values of a table's records, kept when they are replaced or edited.

    ``old`` and ``new`` map each seat's number (as text) to ``{"player_id",
    "player" (the name at the time), ...PlayerRecord.values()}``; a missing seat
    had no record before (or after) the change. Rows saved before seats were the
    keys map player names to the values; rows saved before ``time_called`` was
    recorded have no such key.
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="history")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    at = models.DateTimeField(auto_now_add=True)
    source = models.CharField(max_length=200)
    old = models.JSONField(default=dict)
    new = models.JSONField(default=dict)

    class Meta:
        ordering = ["-at", "-pk"]
        verbose_name_plural = "record history"

    def __str__(self) -> str:
        return f"{self.table} changed {self.at:%Y-%m-%d %H:%M} ({self.source})"

    @property
    def old_rows(self) -> list[tuple[str, dict[str, Any]]]:
        """``(name, values)`` of the old values in seat order, whichever way the
        row was keyed (by seat, or by name in rows saved before)."""
        rows = [(v.get("player", key), v) for key, v in self.old.items()]
        return sorted(rows, key=lambda row: row[1].get("seat") or 0)

    @property
    def old_time_called(self) -> int | None:
        """The day time was called before the change (``None``: played out)."""
        return next(
            (v.get("time_called") for v in self.old.values() if "final" in v), None
        )


class TableCheck(models.Model):
    """Level-1 rules findings on a table's entered results (rules.md, Verifying, 1).

    An impossible score is a warning the GM must acknowledge; ``findings`` is a list
    of ``{"day", "player", "message"}``.
    """

    table = models.OneToOneField(
        Table, on_delete=models.CASCADE, related_name="rules_check"
    )
    findings = MessagesField(default=list)
    checked_at = models.DateTimeField(auto_now=True)
    acknowledged_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    acknowledged_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.table}: {len(self.findings)} finding(s)"


class ScoresheetSubmission(models.Model):
    """A detailed scoresheet (formats.md) attached to a table, with its findings."""

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="scoresheets"
    )
    sheet = models.JSONField()
    level = models.PositiveSmallIntegerField()
    findings = MessagesField(default=list)
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    submitted_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-submitted_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.table}: level {self.level}, {len(self.findings)} finding(s)"


OVERRIDE_REASON_MAX = 200
"""The most characters the GM's reason for a semi-final size may have."""


class SemiFinalOverride(models.Model):
    """The GM's override of the recommended semi-final (tournament.md, Advancement, 5):
    a different size from the event's layouts, or ``winners_present`` (the
    winners present only, no alternate called: WBC 2017's "24 to compete in
    five semifinal games"), the GM's ``reason`` for it, and players added to the
    list."""

    event = models.OneToOneField(
        "heats.Event", on_delete=models.CASCADE, related_name="semi_override"
    )
    size = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Empty: the recommended size."
    )
    winners_present = models.BooleanField(
        default=False,
        help_text="Seat the winners present only, no alternate called (size empty).",
    )
    reason = models.CharField(
        max_length=OVERRIDE_REASON_MAX,
        blank=True,
        help_text="The GM's reason, shown on the list.",
    )
    added = models.ManyToManyField("heats.Player", blank=True, related_name="+")
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(winners_present=False) | Q(size__isnull=True),
                name="semi_override_one_size",
            ),
        ]

    def __str__(self) -> str:
        if self.winners_present:
            return f"{self.event}: size the winners present"
        return f"{self.event}: size {self.size or 'recommended'}"


class SemiListSettings(models.Model):
    """An event's settings of the semi-final list (one row per event, made when
    first changed; none: every setting at its default).

    ``auto_publish`` (default off): once the list has been published, every
    semi-final presence save and every change of results publishes it again
    when it moved, instead of waiting for the GM's confirmation (tournament.md,
    Advancement, 9 asks for that confirmation: the GM waives it here).
    """

    event = models.OneToOneField(
        "heats.Event", on_delete=models.CASCADE, related_name="semi_list_settings"
    )
    auto_publish = models.BooleanField(
        "publish the semi-final list automatically", default=False
    )
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "semi-final list settings"

    def __str__(self) -> str:
        state = "on" if self.auto_publish else "off"
        return f"{self.event}: automatic publication {state}"


class PublishedList(models.Model):
    """A semi-final list as the GM published it (tournament.md, Advancement, 9).

    Who is on it is ``entries`` (``PublishedEntry``, one row per player and part,
    keyed by the player, never by a name); ``data`` keeps the rest of
    ``Advancement.to_json()`` at publication (size, tables, counts, warnings,
    provisional), whose words stay as written. The newest row is the list the
    public sees; older rows are the history. A recomputed list that differs waits
    for the GM to publish it again.
    """

    event = models.ForeignKey(
        "heats.Event", on_delete=models.CASCADE, related_name="published_lists"
    )
    data = MessagesField()
    published_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    published_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-published_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.event} list published {self.published_at:%Y-%m-%d %H:%M}"


class ListPart(models.TextChoices):
    """The parts of a posted list (``Advancement``'s fields of the same names)."""

    QUALIFIERS = "qualifiers", "seated"
    ALTERNATES = "alternates", "alternate called"
    NEXT_ALTERNATES = "next_alternates", "next alternate"
    PARED = "pared", "winner cut by HMW"
    SKIPPED = "skipped", "absent, passed over"
    DOUBLE_WINNERS = "double_winners", "double winner"


class PublishedEntry(models.Model):
    """One player in one part of a published list, with the reason for the place
    (tournament.md, Advancement, 5): a computed list stored as rows keyed by the
    player, as Tabbycat's ``BreakingTeam``. ``position`` is 1-based within the
    part (the call order of alternates). ``percent`` (rounded to 0.1 for display),
    ``heat``, ``table`` and ``place`` locate an alternate's finish.

    A corrected name shows at once (the entry names the player, not a spelling);
    a merge moves the entries to the person kept.
    """

    published_list = models.ForeignKey(
        PublishedList, on_delete=models.CASCADE, related_name="entries"
    )
    player = models.ForeignKey(
        "heats.Player", on_delete=models.PROTECT, related_name="+"
    )
    part = models.CharField(max_length=20, choices=ListPart.choices)
    position = models.PositiveSmallIntegerField()
    reason = MessagesField(default=str, blank=True)
    percent = models.FloatField(null=True, blank=True)
    heat = models.PositiveSmallIntegerField(null=True, blank=True)
    table = models.PositiveSmallIntegerField(null=True, blank=True)
    place = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["published_list", "part", "position"]
        verbose_name_plural = "published entries"
        constraints = [
            models.UniqueConstraint(
                fields=["published_list", "part", "position"],
                name="published_entry_position_once",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.published_list}: {self.part} {self.position}"


class FinalFill(models.Model):
    """The GM's decision for a final that fewer than 4 semi-final table winners
    can play (tournament.md, Semi-final and final: the final is one table of 4-6
    and no alternate advances; the spec says nothing about a shorter field).

    ``kind`` is the choice: the best semi-final runner(s)-up added (``added``,
    ranked by ``scoring.queries.final.final_field``), or a final of 3 after an
    explicit confirmation. ``summary`` is the line the public pages show ("Final: 3
    semi-final winners + Ann Lee (runner-up, 97.5%) added by the GM"). One row per
    event: deciding again replaces it; the audit log keeps every decision.
    """

    class Kind(models.TextChoices):
        RUNNERS_UP = "runners-up", "best semi-final runner(s)-up added"
        FINAL_OF_THREE = "three", "a final of 3"

    event = models.OneToOneField(
        "heats.Event", on_delete=models.CASCADE, related_name="final_fill"
    )
    kind = models.CharField(max_length=12, choices=Kind.choices)
    added = models.ManyToManyField("heats.Player", blank=True, related_name="+")
    summary = MessagesField()
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    decided_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.event}: {self.summary}"


# Players' reports (scoring.report_models), here for Django and the migrations.
from scoring.report_models import (  # noqa: E402, F401
    ReportCounter,
    ReportLink,
    ReportSettings,
    TableReport,
    new_report_token,
)
