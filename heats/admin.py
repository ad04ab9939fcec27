"""Django admin for the event's structure."""

from django.contrib import admin

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


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    fields = ["kind", "number", "start_time", "seed", "seated_at"]


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["slug", "name", "rules", "format", "created_at"]
    search_fields = ["slug", "name"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["gms", "assistants"]
    inlines = [RoundInline]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["event", "kind", "number", "start_time", "seated_at"]
    list_filter = ["event", "kind"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "badge", "event"]
    list_filter = ["event"]
    search_fields = ["name", "badge"]


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["player", "round", "status", "created_at"]
    list_filter = ["round__event", "round", "status"]
    search_fields = ["player__name", "player__badge"]
    raw_id_fields = ["player"]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["number", "player"]
    raw_id_fields = ["player"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["__str__", "round", "number", "late"]
    list_filter = ["round__event", "round"]
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ["table", "number", "player"]
    list_filter = ["round__event", "round"]
    search_fields = ["player__name"]
    raw_id_fields = ["player", "table"]
    exclude = ["round"]


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ["at", "event", "user", "action", "detail"]
    list_filter = ["event", "action"]
    readonly_fields = ["event", "user", "at", "action", "detail", "data"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(KeepApart)
class KeepApartAdmin(admin.ModelAdmin):
    list_display = ["player_a", "player_b", "note", "event"]
    list_filter = ["event"]
    search_fields = ["player_a__name", "player_b__name", "note"]
    raw_id_fields = ["player_a", "player_b"]
