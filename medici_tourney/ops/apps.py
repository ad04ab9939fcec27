"""The ``ops`` app: the project's own ``migrate`` command and the key record."""

from __future__ import annotations

from django.apps import AppConfig


class OpsConfig(AppConfig):
    name = "medici_tourney.ops"
    label = "ops"
    verbose_name = "Operations"
