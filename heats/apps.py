"""App config for ``heats``: the event's structure and operations."""

from django.apps import AppConfig


class HeatsConfig(AppConfig):
    """Events, rounds, players, check-in, tables and seats."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "heats"
    verbose_name = "Heats and seating"
