"""Public URLs for the room: kiosk, clock, phone view, timer, heat results, feeds."""

from django.urls import path

from scoring import kiosk_views as views

_event = "e/<slug:event>/"

urlpatterns: list = [
    path(_event + "kiosk/", views.kiosk, name="kiosk"),
    path(_event + "kiosk/panel/", views.kiosk_panel, name="kiosk-panel"),
    path(_event + "clock/", views.clock_page, name="clock"),
    path(_event + "clock.json", views.clock_feed, name="clock-json"),
    path(_event + "find/", views.find, name="find"),
    path(_event + "heat/<int:heat>/", views.heat_results, name="heat-results"),
    path(_event + "standings.json", views.standings_feed, name="standings-json"),
    path(_event + "seating.json", views.seating_feed, name="seating-json"),
    path("timer/", views.timer, name="timer"),
]
