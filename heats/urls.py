"""URLs of the heats app: public pages, then GM pages."""

from django.urls import path

from heats import log_views, staff_views, views

app_name = "heats"

public_urlpatterns: list = [
    path(
        "e/<slug:event>/round/<str:round>/seating/",
        views.RoundSeatingView.as_view(),
        name="round-seating",
    ),
]

_round = "e/<slug:event>/gm/round/<str:round>/"

gm_urlpatterns: list = [
    path("e/<slug:event>/gm/", views.EventGMView.as_view(), name="event-gm"),
    path("e/<slug:event>/gm/heats/new/", views.round_create, name="round-create"),
    path("e/<slug:event>/gm/audit/", log_views.AuditView.as_view(), name="audit"),
    path(
        "e/<slug:event>/gm/staff/",
        staff_views.StaffView.as_view(),
        name="event-staff",
    ),
    path("e/<slug:event>/gm/staff/add/", staff_views.staff_add, name="staff-add"),
    path(
        "e/<slug:event>/gm/staff/remove/",
        staff_views.staff_remove,
        name="staff-remove",
    ),
    path("e/<slug:event>/gm/staff/login/", staff_views.staff_login, name="staff-login"),
    path(
        "e/<slug:event>/gm/players/search/", views.player_search, name="player-search"
    ),
    path(
        "e/<slug:event>/gm/keep-apart/",
        log_views.KeepApartView.as_view(),
        name="keep-apart",
    ),
    path(
        "e/<slug:event>/gm/keep-apart/add/",
        log_views.keep_apart_add,
        name="keep-apart-add",
    ),
    path(
        "e/<slug:event>/gm/keep-apart/<int:pk>/delete/",
        log_views.keep_apart_delete,
        name="keep-apart-delete",
    ),
    path(_round, views.RoundDetailView.as_view(), name="round-detail"),
    path(_round + "checkin/", views.round_checkin, name="round-checkin"),
    path(_round + "paste/", views.round_paste, name="round-paste"),
    path(_round + "undo/", views.round_undo, name="round-undo"),
    path(_round + "seat/", views.round_seat, name="round-seat"),
    path(_round + "swap/", views.round_swap, name="round-swap"),
    path(_round + "clock/", views.round_start_clock, name="round-start-clock"),
    path(_round + "late-table/", views.round_late_table, name="round-late-table"),
    path(_round + "late-seat/", views.round_late_seat, name="round-late-seat"),
]

urlpatterns = public_urlpatterns + gm_urlpatterns
