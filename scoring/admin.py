"""Django admin for results, their history and scoresheets."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.contrib import admin
from django.http import HttpRequest

from scoring.models import (
    PlayerRecord,
    PublishedList,
    RecordHistory,
    ScoresheetSubmission,
    SemiFinalOverride,
    TableCheck,
)

if TYPE_CHECKING:
    # django-stubs' admin classes are generic in the model; Django's are not.
    _PlayerRecordAdmin = admin.ModelAdmin[PlayerRecord]
    _RecordHistoryAdmin = admin.ModelAdmin[RecordHistory]
    _TableCheckAdmin = admin.ModelAdmin[TableCheck]
    _ScoresheetSubmissionAdmin = admin.ModelAdmin[ScoresheetSubmission]
    _SemiFinalOverrideAdmin = admin.ModelAdmin[SemiFinalOverride]
    _PublishedListAdmin = admin.ModelAdmin[PublishedList]
else:
    _PlayerRecordAdmin = _RecordHistoryAdmin = _TableCheckAdmin = admin.ModelAdmin
    _ScoresheetSubmissionAdmin = _SemiFinalOverrideAdmin = admin.ModelAdmin
    _PublishedListAdmin = admin.ModelAdmin


@admin.register(PlayerRecord)
class PlayerRecordAdmin(_PlayerRecordAdmin):
    list_display = ["seat", "day1", "day2", "final", "place", "declared_winner"]
    list_filter = ["seat__round__event", "seat__round", "place"]
    search_fields = ["seat__player__name"]
    raw_id_fields = ["seat"]


@admin.register(RecordHistory)
class RecordHistoryAdmin(_RecordHistoryAdmin):
    list_display = ["at", "table", "user", "source"]
    list_filter = ["table__round__event"]
    readonly_fields = ["table", "user", "at", "source", "old", "new"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(TableCheck)
class TableCheckAdmin(_TableCheckAdmin):
    list_display = ["table", "checked_at", "acknowledged_by", "acknowledged_at"]
    list_filter = ["table__round__event"]


@admin.register(ScoresheetSubmission)
class ScoresheetSubmissionAdmin(_ScoresheetSubmissionAdmin):
    list_display = ["table", "level", "submitted_by", "submitted_at"]
    list_filter = ["table__round__event", "level"]


@admin.register(SemiFinalOverride)
class SemiFinalOverrideAdmin(_SemiFinalOverrideAdmin):
    list_display = ["event", "size", "winners_present", "updated_by", "updated_at"]
    filter_horizontal = ["added"]


@admin.register(PublishedList)
class PublishedListAdmin(_PublishedListAdmin):
    list_display = ["event", "published_at", "published_by"]
    list_filter = ["event"]
    readonly_fields = ["event", "data", "published_by", "published_at"]
