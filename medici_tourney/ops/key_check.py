"""One secret key for every host of a database: the first start records the key's
fingerprint, later starts compare theirs with it.

Words:
fingerprint
    ``salted_hmac("medici-key-check", "fingerprint")`` keyed with the secret key
    (SHA-256, hex): equal keys give equal fingerprints, and the key cannot be
    worked back from it, so the database (and its backups) never holds the key.
host
    A machine serving the database (``make serve``). Hosts whose keys differ
    refuse each other's logins, sessions and forms; with several hosts behind one
    address that shows as GMs logged out at random.
"""

from __future__ import annotations

import socket

from django.db import transaction
from django.utils.crypto import constant_time_compare, salted_hmac

from medici_tourney.ops.models import KeyFingerprint

SALT = "medici-key-check"


class KeyMismatchError(Exception):
    """This host's key is not the one the database recorded (a user error: the
    message says what to do)."""

    def __init__(self, recorded: KeyFingerprint) -> None:
        self.recorded = recorded
        when = recorded.recorded_at.strftime("%Y-%m-%d %H:%M UTC")
        super().__init__(
            "This host's secret key is not the one this database was first served "
            f"with (recorded by {recorded.host or 'another host'} on {when}): "
            "logins and forms made under that key would fail on this host. "
            "Start this host with that key: copy DJANGO_SECRET_KEY, or the file "
            "DJANGO_SECRET_KEY_FILE names (.secret_key in the first host's folder "
            "by default), from the first host. To change the key on purpose: stop "
            "every host, run `manage.py forget_key_fingerprint`, then start them "
            "all with the new key."
        )


def fingerprint(key: str) -> str:
    """The fingerprint of the secret key ``key`` (64 hex digits)."""
    return salted_hmac(SALT, "fingerprint", secret=key, algorithm="sha256").hexdigest()


def check_key(*, key: str, host: str | None = None) -> bool:
    """Record ``key``'s fingerprint when the database has none (True), else
    compare it with the recorded one (False when equal). ``host`` names this
    machine in the record (default: its host name). Raises KeyMismatchError when
    the keys differ. Two first starts at once record one fingerprint: the second
    finds the first's row and compares."""
    with transaction.atomic():
        record, made = KeyFingerprint.objects.get_or_create(
            id=KeyFingerprint.ONLY,
            defaults={
                "fingerprint": fingerprint(key),
                "host": (host or socket.gethostname())[:255],
            },
        )
    if not made and not constant_time_compare(record.fingerprint, fingerprint(key)):
        raise KeyMismatchError(record)
    return made


def forget_key() -> bool:
    """Delete the recorded fingerprint (True when there was one): the next start
    records its own key."""
    with transaction.atomic():
        deleted, _ = KeyFingerprint.objects.filter(id=KeyFingerprint.ONLY).delete()
    return bool(deleted)
