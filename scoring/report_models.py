"""Models of players' reports (tournament.md, Reported results), imported by
``scoring.models``: report links, reports, the event's report settings and the
counters of reports and refusals (``scoring.services.report_rates``).
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q

from heats.models import Table


def new_report_token() -> str:
    """A report link's token: 32 random bytes, URL-safe (256 bits; the spec asks
    for an unguessable private link, tournament.md, Reported results)."""
    return secrets.token_urlsafe(32)


class ReportSettings(models.Model):
    """An event's settings of players' reports (one row per event, made when
    first changed; none: every setting at its default).

    ``two_reports_confirm`` (default off): two identical reports from two
    different seats, with no level-1 rules finding, confirm the table's result
    without a GM (tournament.md, Reported results).
    """

    event = models.OneToOneField(
        "heats.Event", on_delete=models.CASCADE, related_name="report_settings"
    )
    two_reports_confirm = models.BooleanField(
        "two identical reports from two seats confirm a table", default=False
    )
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "report settings"

    def __str__(self) -> str:
        state = "on" if self.two_reports_confirm else "off"
        return f"{self.event}: two reports confirm {state}"


class ReportLink(models.Model):
    """A table's private report link (tournament.md, Reported results): the
    ``token`` printed as the QR code of the table's scoresheet.

    A table's link outlives it: when "Seat again" replaces the round's tables
    the link loses its ``table`` and is *retired* (``retired``: the id of the
    seating's audit entry); "Undo" gives the tables it puts back (same
    ``round`` and ``number``) the links retired last, so the scoresheets
    printed first work again (``scoring.queries.report_links``)."""

    table = models.OneToOneField(
        Table,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="report_link",
    )
    round = models.ForeignKey(
        "heats.Round", null=True, on_delete=models.CASCADE, related_name="+"
    )
    number = models.PositiveSmallIntegerField("table number", default=0)
    token = models.CharField(max_length=64, unique=True, default=new_report_token)
    created_at = models.DateTimeField(auto_now_add=True)
    retired = models.PositiveBigIntegerField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.round}: table {self.number}: report link {self.token[:6]}…"


class TableReport(models.Model):
    """One report of a table's result sent by a player through its link: held,
    never public, until a GM confirms it (tournament.md, Reported results).

    ``scores`` maps each seat's number (as text) to ``{"day1", "day2",
    "final"}`` (florins; day scores may be null); ``seat`` is the reporting seat;
    ``seating`` the seating signature of the table when it was sent ("seat:player
    id" pairs, ``scoring.core.reported``; empty: unknown, a report stored before
    reports recorded it); ``nonce`` the random key of the form it was sent from
    (a replayed post is stored once; empty: a client without one);
    ``address`` the sender's IP address. ``confirmed_at`` is set on the report
    whose values were saved (by ``confirmed_by``, or by a second identical
    report when the event's setting allows it).
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="reports")
    seat = models.PositiveSmallIntegerField("reporting seat")
    scores = models.JSONField()
    seating = models.CharField(max_length=200, blank=True, default="")
    nonce = models.CharField(max_length=32, blank=True, default="")
    time_called = models.PositiveSmallIntegerField(null=True, blank=True)
    address = models.GenericIPAddressField(null=True, blank=True)
    reported_at = models.DateTimeField(auto_now_add=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )

    class Meta:
        ordering = ["table", "reported_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "nonce"],
                condition=~Q(nonce=""),
                name="report_nonce_once_per_table",
            )
        ]

    def __str__(self) -> str:
        return f"{self.table}: report from seat {self.seat}"


class ReportCounter(models.Model):
    """A count of one event's reports or refusals, kept in the database so that
    every server process and host counts on the same row, atomically
    (``scoring.services.report_rates``).

    ``key`` names what is counted ("rate:t:<token>", "refused:<table id>:<why>"
    ...); ``count`` counts since ``started``, the start of the current window
    (a row older than the window starts again at 1); ``total`` counts for
    ever. Never an audit entry: counting changes no public page."""

    event = models.ForeignKey("heats.Event", on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=120)
    started = models.DateTimeField()
    count = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["event", "key"], name="report_counter_key_per_event"
            )
        ]

    def __str__(self) -> str:
        return f"{self.event}: {self.key} {self.count}/{self.total}"
