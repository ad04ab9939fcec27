"""The ``ops`` app: the project's own ``migrate`` command, the key record, and
the project's signal receivers."""

from __future__ import annotations

from django.apps import AppConfig


class OpsConfig(AppConfig):
    name = "medici_tourney.ops"
    label = "ops"
    verbose_name = "Operations"

    def ready(self) -> None:
        # The public pages' cache forgets event versions on a change: connected
        # here, by the project, so it holds whichever apps are installed.
        from medici_tourney import public_cache  # noqa: F401
