"""What the database remembers about the hosts that serve it.

Words:
fingerprint
    An HMAC of a fixed message keyed with the secret key
    (``medici_tourney.ops.key_check.fingerprint``): equal for equal keys, and the
    key cannot be worked back from it. The key itself is never stored.
"""

from __future__ import annotations

from django.db import models


class KeyFingerprint(models.Model):
    """The fingerprint of the secret key the database was first served with: one
    row (``pk`` 1), written by the first ``make serve``, compared by every later
    one (``manage.py check_secret_key``); ``manage.py forget_key_fingerprint``
    deletes it, so the next start records its own key (key rotation)."""

    ONLY = 1

    id = models.PositiveSmallIntegerField(primary_key=True, default=ONLY)
    fingerprint = models.CharField(max_length=64)
    host = models.CharField(max_length=255, blank=True)
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(id=1), name="ops_keyfingerprint_one_row"
            )
        ]

    def __str__(self) -> str:
        return f"key {self.fingerprint[:8]}… recorded by {self.host or '?'}"
