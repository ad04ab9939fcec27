"""URLs of the scoring app: public pages, then GM pages."""

from django.urls import path

from scoring import gm_urls, views

app_name = "scoring"

public_urlpatterns = [
    path("", views.EventListView.as_view(), name="event-list"),
    path("e/<slug:event>/", views.StandingsView.as_view(), name="standings"),
]

gm_urlpatterns = [
    path(
        "e/<slug:event>/gm/import/",
        views.ResultsImportView.as_view(),
        name="results-import",
    ),
]

urlpatterns = public_urlpatterns + gm_urlpatterns + gm_urls.urlpatterns
