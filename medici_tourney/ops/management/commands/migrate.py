"""``manage.py migrate`` under the database's migration lock
(``medici_tourney.ops.migration_lock``): hosts started at once migrate in turn.

This app's command replaces Django's own (``get_commands`` lets an installed
app's command win over ``django.core``'s); everything else is Django's."""

from __future__ import annotations

from typing import Any

from django.core.management.commands.migrate import Command as DjangoMigrate
from django.db import connections

from medici_tourney.ops.migration_lock import migration_lock


class Command(DjangoMigrate):
    help = DjangoMigrate.help + " Waits while another host migrates the database."

    def handle(self, *args: Any, **options: Any) -> None:
        def waiting() -> None:
            if options["verbosity"] >= 1:
                self.stdout.write("Waiting for another host's migrate to finish…")

        with migration_lock(connections[options["database"]], waiting):
            super().handle(*args, **options)
