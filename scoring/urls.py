"""URLs of the scoring app: one list for the public, one for the event's staff,
mounted once under ``e/<event>/gm/``; and the new-event page, which belongs to
no event yet."""

from django.urls import URLPattern, URLResolver, include, path

from scoring.views import (
    gm,
    gm_final,
    gm_players,
    gm_reports,
    gm_results,
    gm_rounds,
    gm_semi,
    public,
    reports,
    room,
)

app_name = "scoring"

_event = "e/<slug:event>/"

public_urlpatterns: list[URLPattern | URLResolver] = [
    path("", public.EventListView.as_view(), name="event-list"),
    path(_event, public.StandingsView.as_view(), name="standings"),
    path(
        _event + "round/<str:round>/table/<int:table>/",
        public.TableDetailView.as_view(),
        name="table-detail",
    ),
    path(_event + "heat/<int:heat>/", public.heat_results, name="heat-results"),
    path(
        _event + "round/<str:round>/table/<int:table>/report/<str:token>/",
        reports.table_report,
        name="table-report",
    ),
    path(
        _event + "round/<str:round>/table/<int:table>/report/<str:token>/check/",
        reports.table_report_check,
        name="table-report-check",
    ),
    path(_event + "kiosk/", room.kiosk, name="kiosk"),
    path(_event + "kiosk/panel/", room.kiosk_panel, name="kiosk-panel"),
    path(_event + "find/", room.find, name="find"),
    path(_event + "version.json", room.version_feed, name="version-json"),
    path(_event + "standings.json", room.standings_feed, name="standings-json"),
    path(_event + "seating.json", room.seating_feed, name="seating-json"),
]

_table = "round/<str:round>/table/<int:table>/"

# Under e/<slug:event>/gm/.
gm_urlpatterns: list[URLPattern | URLResolver] = [
    path("settings/", gm.EventSettingsView.as_view(), name="event-settings"),
    path("delete/", gm.event_delete, name="event-delete"),
    path("import/", gm.ResultsImportView.as_view(), name="results-import"),
    path(
        "round/<str:round>/table/<int:table>/acknowledge/",
        gm.acknowledge_view,
        name="table-acknowledge",
    ),
    path("print/<slug:kind>.pdf", gm.PrintView.as_view(), name="print-event"),
    path(
        "round/<str:round>/print/<slug:kind>.pdf",
        gm.PrintView.as_view(),
        name="print-round",
    ),
    path(
        _table + "results/",
        gm_results.TableResultsView.as_view(),
        name="table-results",
    ),
    path(
        _table + "results/check/",
        gm_results.TableResultsCheckView.as_view(),
        name="table-results-check",
    ),
    path(_table + "tie/", gm_results.TableTieView.as_view(), name="table-tie"),
    path(
        _table + "reports/",
        gm_reports.TableReportsView.as_view(),
        name="table-reports",
    ),
    path(
        "reports/auto-confirm/",
        gm_reports.report_auto_confirm,
        name="report-auto-confirm",
    ),
    path("semi/", gm_rounds.SemiView.as_view(), name="semi"),
    path("semi/mark/", gm_rounds.semi_mark, name="semi-mark"),
    path("semi/presence/", gm_semi.semi_presence, name="semi-presence"),
    path("semi/auto-publish/", gm_semi.semi_auto_publish, name="semi-auto-publish"),
    path("semi/seat/", gm_rounds.semi_seat, name="semi-seat"),
    path("semi/override/", gm_rounds.semi_override, name="semi-override"),
    path("semi/publish/", gm_rounds.semi_publish, name="semi-publish"),
    path("semi/replace/", gm_rounds.semi_replace, name="semi-replace"),
    path("semi/remove/", gm_semi.semi_remove, name="semi-remove"),
    path("semi/short-table/", gm_semi.semi_short_table, name="semi-short-table"),
    path("final/", gm_final.FinalView.as_view(), name="final"),
    path("final/seat/", gm_final.final_seat, name="final-seat"),
    path("final/absent/", gm_final.final_absent, name="final-absent"),
    path("final/fill/", gm_final.final_fill, name="final-fill"),
    path("laurels/", gm_final.LaurelsView.as_view(), name="laurels"),
    path("players/", gm_players.PlayersView.as_view(), name="players"),
    path("players/rename/", gm_players.player_rename, name="player-rename"),
    path("players/merge/", gm_players.player_merge, name="player-merge"),
]

urlpatterns = [
    *public_urlpatterns,
    path("events/new/", gm.EventCreateView.as_view(), name="event-create"),
    path(_event + "gm/", include(gm_urlpatterns)),
]
