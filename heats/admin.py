"""Django admin for the event's structure."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.contrib import admin
from django.http import HttpRequest

from heats.models import (
    AuditEntry,
    Entry,
    Event,
    KeepApart,
    Player,
    Round,
    Seat,
    Table,
)

if TYPE_CHECKING:
    # django-stubs' admin classes are generic in the model; Django's are not.
    _RoundInline = admin.TabularInline[Round, Event]
    _SeatInline = admin.TabularInline[Seat, Table]
    _EventAdmin = admin.ModelAdmin[Event]
    _RoundAdmin = admin.ModelAdmin[Round]
    _PlayerAdmin = admin.ModelAdmin[Player]
    _EntryAdmin = admin.ModelAdmin[Entry]
    _TableAdmin = admin.ModelAdmin[Table]
    _SeatAdmin = admin.ModelAdmin[Seat]
    _AuditEntryAdmin = admin.ModelAdmin[AuditEntry]
    _KeepApartAdmin = admin.ModelAdmin[KeepApart]
else:
    _RoundInline = _SeatInline = admin.TabularInline
    _EventAdmin = _RoundAdmin = _PlayerAdmin = _EntryAdmin = admin.ModelAdmin
    _TableAdmin = _SeatAdmin = _AuditEntryAdmin = _KeepApartAdmin = admin.ModelAdmin


class RoundInline(_RoundInline):
    model = Round
    extra = 0
    fields = ["kind", "number", "start_time", "seed", "seated_at"]


@admin.register(Event)
class EventAdmin(_EventAdmin):
    list_display = ["slug", "name", "rules", "format", "created_at"]
    search_fields = ["slug", "name"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["gms", "assistants"]
    inlines = [RoundInline]


@admin.register(Round)
class RoundAdmin(_RoundAdmin):
    list_display = ["event", "kind", "number", "start_time", "seated_at"]
    list_filter = ["event", "kind"]


@admin.register(Player)
class PlayerAdmin(_PlayerAdmin):
    list_display = ["name", "badge", "event"]
    list_filter = ["event"]
    search_fields = ["name", "badge"]


@admin.register(Entry)
class EntryAdmin(_EntryAdmin):
    list_display = ["player", "round", "status", "created_at"]
    list_filter = ["round__event", "round", "status"]
    search_fields = ["player__name", "player__badge"]
    raw_id_fields = ["player"]


class SeatInline(_SeatInline):
    model = Seat
    extra = 0
    fields = ["number", "player"]
    raw_id_fields = ["player"]


@admin.register(Table)
class TableAdmin(_TableAdmin):
    list_display = ["__str__", "round", "number", "late"]
    list_filter = ["round__event", "round"]
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(_SeatAdmin):
    list_display = ["table", "number", "player"]
    list_filter = ["round__event", "round"]
    search_fields = ["player__name"]
    raw_id_fields = ["player", "table"]
    exclude = ["round"]


@admin.register(AuditEntry)
class AuditEntryAdmin(_AuditEntryAdmin):
    list_display = ["at", "event", "user", "action", "detail"]
    list_filter = ["event", "action"]
    readonly_fields = ["event", "user", "at", "action", "detail", "data"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(
        self, request: HttpRequest, obj: AuditEntry | None = None
    ) -> bool:
        return False


@admin.register(KeepApart)
class KeepApartAdmin(_KeepApartAdmin):
    list_display = ["player_a", "player_b", "note", "event"]
    list_filter = ["event"]
    search_fields = ["player_a__name", "player_b__name", "note"]
    raw_id_fields = ["player_a", "player_b"]
