"""Events: the tournament, its settings and the defaults of new events.

The words are ``heats.models``'s (tournament.md, "Words").
"""

from __future__ import annotations

import secrets
from typing import Any
from zoneinfo import ZoneInfo

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext

from heats.core.clock import MAX_HEAT_MINUTES, is_zone
from heats.core.formats import (
    DEFAULT_FORMAT,
    FORMAT_CHOICES,
    FORMAT_LINE,
    FORMAT_NAMES,
    FORMATS,
    HMO,
    HMW,
    format_line,
)
from heats.core.names import (
    name_key,
)
from heats.core.paper import A4, LETTER, paper_for_zone
from heats.core.tiebreaks import (
    DEFAULT_TIEBREAKS,
    TIEBREAK_CHOICES,
    TIEBREAK_LINE,
    TIEBREAK_NAMES,
    TIEBREAKS,
)


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


def default_time_zone() -> str:
    """A new event's time zone: the server's (the ``TIME_ZONE`` setting;
    tournament.md, Time)."""
    return str(settings.TIME_ZONE)


def default_paper() -> str:
    """A new event's paper: the paper of the server's time zone
    (``heats.core.paper.paper_for_zone``); ``create_event`` takes the event's
    own zone's."""
    return paper_for_zone(default_time_zone())


def validate_time_zone(name: str) -> None:
    """Django validator: a time zone name this machine knows
    (``heats.core.clock.zone_names``)."""
    if not is_zone(name):
        raise ValidationError(
            f"{name!r} is not a time zone: choose one such as Europe/Berlin or "
            "America/New_York.",
            code="time_zone",
        )


def normalise_name(name: str) -> str:
    """The identity key of a name: NFC, case-folded, invisible characters dropped,
    runs of white space (no-break spaces too) folded to one (``heats.core.names``).

    formats.md, Results CSV: "case and surrounding spaces ignored".
    """
    return name_key(name)


def model_field(model: type[models.Model], name: str) -> models.Field[Any, Any]:
    """``model``'s own field ``name``: ``_meta.get_field``, which also finds the
    relations other models make to ``model``; TypeError for one of those."""
    field = model._meta.get_field(name)
    if not isinstance(field, models.Field):
        raise TypeError(f"{model.__name__}.{name} is not a field of its own")
    return field


def max_length(model: type[models.Model], name: str) -> int:
    """The ``max_length`` of ``model``'s text field ``name``; TypeError when it
    has none."""
    length = model_field(model, name).max_length
    if length is None:
        raise TypeError(f"{model.__name__}.{name} has no max_length")
    return length


class SeatingPolicy(models.TextChoices):
    """Table-size preference (tournament.md, Heats)."""

    SIX_OVER_FOUR = "six-over-four", "Fewest 4-player tables, then most 5s (WBC)"
    FIVE_FIRST = "five-first", "Most 5-player tables, then 6 over 4"


class EventFormat(models.TextChoices):
    """How heat winners reach the semi-final and the final (tournament.md, Event
    formats; ``heats.core.formats``)."""

    HMW = HMW, FORMAT_CHOICES[HMW]
    HMO = HMO, FORMAT_CHOICES[HMO]


class TiebreakOrder(models.TextChoices):
    """The HMW tie-breakers a GM announced (tournament.md, Advancement, 2;
    ``heats.core.tiebreaks``)."""

    BPA = "bpa", TIEBREAK_CHOICES["bpa"]
    MARGIN_DIE = "margin-die", TIEBREAK_CHOICES["margin-die"]


class Event(models.Model):
    """One tournament with its rule set and settings (tournament.md, Words).

    Minutes are minutes after a heat's designated start; a heat lasts at most
    ``MAX_HEAT_MINUTES`` (120: "heat length up to 120 minutes", tournament.md,
    Event formats); ``timer_seconds`` is the slow-player timer (tournament.md,
    Heats, Timer rule). ``format`` is the event's format (``EventFormat``);
    ``tiebreaks`` the order of the HMW tie-breakers (``TiebreakOrder``).
    ``time_zone`` is the zone of every time typed or shown on the event's pages
    (tournament.md, Time). ``language`` (a code of ``settings.LANGUAGES``) is
    the language its public pages, kiosk and printouts speak unless a visitor
    chooses another (``medici_tourney.language``). An ``archived`` event is
    left off the public list of events; its pages still answer, saying it is
    archived, and its GMs can restore it.
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
    tiebreaks = models.CharField(
        "tie-breakers",
        max_length=12,
        choices=TiebreakOrder.choices,
        default=DEFAULT_TIEBREAKS,
    )
    semi_layouts = models.JSONField(default=default_semi_layouts)
    language = models.CharField(
        "language",
        max_length=10,
        choices=settings.LANGUAGES,
        default="en",
        help_text="The language of the public pages, the kiosk and the printouts.",
    )
    time_zone = models.CharField(
        max_length=64, default=default_time_zone, validators=[validate_time_zone]
    )
    paper = models.CharField(
        "paper",
        max_length=6,
        choices=[(A4, "A4"), (LETTER, "Letter")],
        default=default_paper,
        help_text="The paper the printouts are laid out for.",
    )
    archived = models.BooleanField(
        default=False, help_text="Left off the public list of events."
    )
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
    # Not a field: the version of the event ("<audit pk>.<admin pk>") on an
    # event read by medici_tourney.public_cache.event_with_version, absent on others.
    version: str

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
            models.CheckConstraint(
                condition=Q(tiebreaks__in=TIEBREAKS), name="event_tiebreaks_known"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def zone(self) -> ZoneInfo:
        """The event's time zone (``time_zone``) as a ``tzinfo``."""
        return ZoneInfo(self.time_zone)

    @property
    def zone_label(self) -> str:
        """The time zone as people read it: "America/New York" for
        ``America/New_York`` (the settings' list shows the same)."""
        return self.time_zone.replace("_", " ")

    @property
    def format_line(self) -> str:
        """ "Format: heats winners only", as pages and printables show the format,
        in the current language (English: ``heats.core.formats.format_line``)."""
        return shown_format_line(self.format)

    @property
    def tiebreak_line(self) -> str:
        """ "Tie-breakers: WBC 2018 (margin, then die)", as pages and printables
        name the HMW tie-break order, in the current language (English:
        ``heats.core.tiebreaks.tiebreak_line``)."""
        return shown_tiebreak_line(self.tiebreaks)

    def semi_layout_map(self) -> dict[int, tuple[int, ...]]:
        """``semi_layouts`` with integer keys: ``{25: (5, 5, 5, 5, 5), ...}``."""
        return {int(size): tuple(tables) for size, tables in self.semi_layouts.items()}


def shown_format_line(code: str) -> str:
    """The line naming format ``code`` ("Format: heats winners only") in the
    current language; ValueError for an unknown format. Pages showing a
    published list name the format it was worked out under, which the event's
    own may have left since."""
    format_line(code)  # ValueError for an unknown format
    return gettext(FORMAT_LINE) % {"name": gettext(FORMAT_NAMES[code])}


def shown_tiebreak_line(code: str) -> str:
    """The line naming tie-break order ``code`` ("Tie-breakers: WBC 2018
    (margin, then die)") in the current language; KeyError for an unknown
    order (see :func:`shown_format_line`)."""
    return gettext(TIEBREAK_LINE) % {"name": gettext(TIEBREAK_NAMES[code])}
