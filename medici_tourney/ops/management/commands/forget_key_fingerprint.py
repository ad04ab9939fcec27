"""``manage.py forget_key_fingerprint``: the database forgets its recorded secret
key, so the next ``make serve`` records its own (changing the key on purpose)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from medici_tourney.ops.key_check import forget_key


class Command(BaseCommand):
    help = (
        "Forget the secret key's fingerprint the database recorded; the next "
        "make serve records its key. Stop every host first; logins made with the "
        "old key end."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        if forget_key():
            self.stdout.write(
                "Forgot the recorded secret key: the next host to start records "
                "its key; start every host with that same key."
            )
        else:
            self.stdout.write("No secret key was recorded: nothing to forget.")
