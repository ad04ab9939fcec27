"""URLs of the heats app: public pages, then GM pages."""

app_name = "heats"

public_urlpatterns: list = []

gm_urlpatterns: list = []

urlpatterns = public_urlpatterns + gm_urlpatterns
