"""One secret key per database (medici_tourney/ops/key_check.py): the first start
records the key's fingerprint, a host with another key stops and says why."""

from __future__ import annotations

import hashlib
import hmac
import os
import subprocess
import sys

import pytest

from medici_tourney.ops.key_check import KeyMismatchError, check_key, forget_key
from medici_tourney.ops.models import KeyFingerprint
from tests.conftest import REPO
from tests.support.scratch_database import scratch_database

KEY_A = "the-first-hosts-key-" + "a" * 40
KEY_B = "a-second-hosts-other-key-" + "b" * 40


def by_hand(key: str) -> str:
    """Django's salted_hmac worked out with hashlib: HMAC-SHA256 of "fingerprint"
    keyed with SHA-256(salt + key)."""
    inner = hashlib.sha256(b"medici-key-check" + key.encode()).digest()
    return hmac.new(inner, b"fingerprint", hashlib.sha256).hexdigest()


@pytest.mark.django_db
def test_the_first_start_records_the_fingerprint_never_the_key():
    assert check_key(key=KEY_A, host="gm-laptop") is True
    record = KeyFingerprint.objects.get()
    assert record.fingerprint == by_hand(KEY_A)
    assert KEY_A not in record.fingerprint and record.host == "gm-laptop"


@pytest.mark.django_db
def test_the_same_key_passes_another_stops_naming_the_first_host():
    check_key(key=KEY_A, host="gm-laptop")
    assert check_key(key=KEY_A, host="second-laptop") is False
    with pytest.raises(KeyMismatchError, match="recorded by gm-laptop") as raised:
        check_key(key=KEY_B, host="second-laptop")
    assert "DJANGO_SECRET_KEY" in str(raised.value)
    assert KeyFingerprint.objects.get().fingerprint == by_hand(KEY_A)


@pytest.mark.django_db
def test_a_forgotten_key_lets_the_next_start_record_a_new_one():
    check_key(key=KEY_A, host="gm-laptop")
    assert forget_key() is True
    assert check_key(key=KEY_B, host="gm-laptop") is True
    assert KeyFingerprint.objects.get().fingerprint == by_hand(KEY_B)
    with pytest.raises(KeyMismatchError):
        check_key(key=KEY_A)
    assert forget_key() is True and forget_key() is False


def manage(env: dict, *command: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(REPO / "manage.py"), *command],
        env=env,
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.database
def test_a_second_make_serve_with_another_key_stops_before_gunicorn(tmp_path):
    with scratch_database(tmp_path) as url:
        env = {
            **os.environ,
            "DATABASE_URL": url,
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": KEY_A,
            "DJANGO_STATIC_ROOT": str(tmp_path / "static"),
            "MEDICI_BACKUP_MINUTES": "0",
        }
        assert manage(env, "migrate", "-v0").returncode == 0
        first = manage(env, "check_secret_key")
        assert first.returncode == 0 and "Recorded" in first.stdout
        second = subprocess.run(
            [sys.executable, "-m", "medici_tourney.ops.serve", "--port", "18499"],
            env={**env, "DJANGO_SECRET_KEY": KEY_B},
            cwd=REPO,
            capture_output=True,
            text=True,
            check=False,
            timeout=300,
        )
        again = manage(env, "check_secret_key")
    assert second.returncode == 1
    assert "secret key is not the one this database was first served" in (second.stderr)
    assert "copy DJANGO_SECRET_KEY" in second.stderr
    assert "Serving on" not in second.stdout
    assert not (tmp_path / "static").exists()  # stopped before collectstatic
    assert again.returncode == 0 and again.stdout == ""
