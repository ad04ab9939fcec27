"""URLs of the scoring app: public pages, then GM pages."""

from django.urls import path

from scoring import gm_urls, kiosk_urls, print_views, views

app_name = "scoring"

public_urlpatterns = [
    path("", views.EventListView.as_view(), name="event-list"),
    path("e/<slug:event>/", views.StandingsView.as_view(), name="standings"),
    path(
        "e/<slug:event>/round/<str:round>/table/<int:number>/",
        views.TableDetailView.as_view(),
        name="table-detail",
    ),
    *kiosk_urls.urlpatterns,
]

gm_urlpatterns = [
    path("events/new/", views.EventCreateView.as_view(), name="event-create"),
    path(
        "e/<slug:event>/gm/import/",
        views.ResultsImportView.as_view(),
        name="results-import",
    ),
    path(
        "e/<slug:event>/gm/round/<str:round>/table/<int:number>/acknowledge/",
        views.acknowledge_view,
        name="table-acknowledge",
    ),
    path(
        "e/<slug:event>/gm/print/<slug:kind>.pdf",
        print_views.PrintView.as_view(),
        name="print-event",
    ),
    path(
        "e/<slug:event>/gm/round/<str:round>/print/<slug:kind>.pdf",
        print_views.PrintView.as_view(),
        name="print-round",
    ),
]

urlpatterns = public_urlpatterns + gm_urlpatterns + gm_urls.urlpatterns
