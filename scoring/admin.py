"""Django admin for results, their history and scoresheets."""

from django.contrib import admin

from scoring.models import PlayerRecord, RecordHistory, ScoresheetSubmission, TableCheck


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
