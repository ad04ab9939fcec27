"""GM operation URLs of the scoring app (result entry, semi-final, final)."""

urlpatterns: list = []
