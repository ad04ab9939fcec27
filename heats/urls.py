"""URLs of the heats app: one list for the public, one for the event's staff,
mounted once under ``e/<event>/gm/`` (every GM page of an event lives there)."""

from django.urls import URLPattern, URLResolver, include, path

from heats.views import gm, gm_checkin, gm_event, gm_records, gm_seating, public

app_name = "heats"

public_urlpatterns: list[URLPattern | URLResolver] = [
    path(
        "e/<slug:event>/round/<str:round>/seating/",
        public.RoundSeatingView.as_view(),
        name="round-seating",
    ),
    path("e/<slug:event>/clock/", public.clock_page, name="clock"),
    path("e/<slug:event>/clock.json", public.clock_feed, name="clock-json"),
    path("timer/", public.timer, name="timer"),
]

_round = "round/<str:round>/"

# Under e/<slug:event>/gm/.
gm_urlpatterns: list[URLPattern | URLResolver] = [
    path("", gm.EventGMView.as_view(), name="event-gm"),
    path("heats/new/", gm.round_create, name="round-create"),
    path("players/search/", gm_checkin.player_search, name="player-search"),
    path(_round, gm.RoundDetailView.as_view(), name="round-detail"),
    path(_round + "checkin/", gm_checkin.round_checkin, name="round-checkin"),
    path(_round + "paste/", gm_checkin.round_paste, name="round-paste"),
    path(_round + "undo/", gm_checkin.round_undo, name="round-undo"),
    path(_round + "seat/", gm_seating.round_seat, name="round-seat"),
    path(
        _round + "seat/undo/", gm_seating.round_undo_seating, name="round-undo-seating"
    ),
    path(
        _round + "short-table/", gm_seating.round_short_table, name="round-short-table"
    ),
    path(_round + "swap/", gm_seating.round_swap, name="round-swap"),
    path(_round + "clock/", gm.round_start_clock, name="round-start-clock"),
    path(_round + "late-table/", gm_seating.round_late_table, name="round-late-table"),
    path(_round + "late-seat/", gm_seating.round_late_seat, name="round-late-seat"),
    path(_round + "delete/", gm_event.round_delete, name="round-delete"),
    path("archive/", gm_event.event_archive, name="event-archive"),
    path("restore/", gm_event.event_restore, name="event-restore"),
    path("audit/", gm_records.AuditView.as_view(), name="audit"),
    path("staff/", gm_records.StaffView.as_view(), name="event-staff"),
    path("staff/add/", gm_records.staff_add, name="staff-add"),
    path("staff/remove/", gm_records.staff_remove, name="staff-remove"),
    path("staff/login/", gm_records.staff_login, name="staff-login"),
    path("keep-apart/", gm_records.KeepApartView.as_view(), name="keep-apart"),
    path("keep-apart/add/", gm_records.keep_apart_add, name="keep-apart-add"),
    path(
        "keep-apart/<int:pk>/delete/",
        gm_records.keep_apart_delete,
        name="keep-apart-delete",
    ),
]

urlpatterns = [
    *public_urlpatterns,
    path("e/<slug:event>/gm/", include(gm_urlpatterns)),
]
