"""``manage.py check_secret_key``: this host's secret key against the database's
record (``medici_tourney.ops.key_check``); ``make serve`` runs it after migrate."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from medici_tourney.ops.key_check import KeyMismatchError, check_key


class Command(BaseCommand):
    help = (
        "Record the secret key's fingerprint when the database has none, else stop "
        "(exit 1) when this host's key differs from the recorded one."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            made = check_key(key=settings.SECRET_KEY)
        except KeyMismatchError as error:
            raise CommandError(str(error)) from error
        if made:
            self.stdout.write(
                "Recorded this secret key's fingerprint in the database: every "
                "other host of it must use the same key."
            )
