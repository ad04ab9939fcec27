"""Root URL configuration: admin, accounts (``medici_tourney.accounts``), and the
two apps. Errors render ``templates/403.html``, ``404.html`` and ``500.html``, or
``503.html`` when the database cannot be reached (``medici_tourney.database_down``)."""

from django.contrib import admin
from django.urls import include, path

from medici_tourney.language import choose_language

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("medici_tourney.accounts")),
    path("language/", choose_language, name="set-language"),
    path("", include("heats.urls")),
    path("", include("scoring.urls")),
]

handler500 = "medici_tourney.database_down.server_error"
