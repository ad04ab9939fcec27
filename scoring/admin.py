"""Django admin for results, their history and scoresheets."""

from django.contrib import admin

from scoring.models import (
    PlayerRecord,
    PublishedList,
    RecordHistory,
    ScoresheetSubmission,
    SemiFinalOverride,
    TableCheck,
)


@admin.register(PlayerRecord)
class PlayerRecordAdmin(admin.ModelAdmin):
    list_display = ["seat", "day1", "day2", "final", "place", "declared_winner"]
    list_filter = ["seat__round__event", "seat__round", "place"]
    search_fields = ["seat__player__name"]
    raw_id_fields = ["seat"]


@admin.register(RecordHistory)
class RecordHistoryAdmin(admin.ModelAdmin):
    list_display = ["at", "table", "user", "source"]
    list_filter = ["table__round__event"]
    readonly_fields = ["table", "user", "at", "source", "old", "new"]

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(TableCheck)
class TableCheckAdmin(admin.ModelAdmin):
    list_display = ["table", "checked_at", "acknowledged_by", "acknowledged_at"]
    list_filter = ["table__round__event"]


@admin.register(ScoresheetSubmission)
class ScoresheetSubmissionAdmin(admin.ModelAdmin):
    list_display = ["table", "level", "submitted_by", "submitted_at"]
    list_filter = ["table__round__event", "level"]


@admin.register(SemiFinalOverride)
class SemiFinalOverrideAdmin(admin.ModelAdmin):
    list_display = ["event", "size", "updated_by", "updated_at"]
    filter_horizontal = ["added"]


@admin.register(PublishedList)
class PublishedListAdmin(admin.ModelAdmin):
    list_display = ["event", "published_at", "published_by"]
    list_filter = ["event"]
    readonly_fields = ["event", "data", "published_by", "published_at"]
