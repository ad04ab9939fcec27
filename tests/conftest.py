"""Shared fixtures: event -> GMs -> demo results (pretix-style fixture chains)."""

from __future__ import annotations

import os
import zlib
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.http import HttpRequest
from django.test import Client, override_settings
from hypothesis import settings as hypothesis_settings

from heats.models import Event
from medici_tourney import public_cache
from tests.support.depth import DEPTH

# make test: each property test's own count; make test-deep: ten times that, and
# 1,000 examples for those that name none (tests/support/depth.py).
hypothesis_settings.register_profile("deep", max_examples=1000)
if DEPTH > 1:
    hypothesis_settings.load_profile("deep")

REPO = Path(__file__).resolve().parent.parent
DEMO_DIR = REPO / "data" / "demo"


@pytest.fixture(autouse=True, scope="session")
def fast_password_hashing():
    """MD5 password hashing in every test, browser tests' live server included: the
    deployed PBKDF2 spends about 0.3 s of CPU on each password set or checked, and
    no test is about the hash's strength (a login still checks the password)."""
    with override_settings(
        PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]
    ):
        yield


@pytest.fixture(autouse=True)
def fresh_cache():
    """Every test starts with an empty page cache: a rolled-back test database
    hands out the same ids again, so a page cached by an earlier test could match."""
    cache.clear()
    public_cache.forget_answers()


class LoginClient(Client):
    """The test client, whose ``login()`` passes a request to ``authenticate()``:
    django-axes (settings: "Logins") stays on in tests and refuses a login made
    without one."""

    def login(self, **credentials) -> bool:
        credentials.setdefault("request", HttpRequest())
        return super().login(**credentials)


@pytest.fixture
def client() -> LoginClient:
    """pytest-django's ``client``, with ``login()`` working under django-axes."""
    return LoginClient()


@pytest.fixture(scope="session")
def django_db_modify_db_settings(
    django_db_modify_db_settings_parallel_suffix, tmp_path_factory
) -> None:
    """SQLite tests use a database file, not memory: threads of the concurrency
    tests then hold real separate connections that contend for its write lock, as
    a GM's browsers do (an in-memory test database shares one cache instead)."""
    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        folder = tmp_path_factory.mktemp("sqlite")
        database.setdefault("TEST", {})["NAME"] = str(folder / "test.sqlite3")


@pytest.fixture
def demo_csv() -> str:
    """The bundled demo results file (160 records, 32 heat tables)."""
    return (DEMO_DIR / "results.csv").read_text(encoding="utf-8")


@pytest.fixture
def no_shows() -> list[str]:
    """The six heat winners absent from the demo semi-final."""
    return [n for n in (DEMO_DIR / "no_shows.txt").read_text().splitlines() if n]


@pytest.fixture
def event(db) -> Event:
    """An empty WBC event."""
    return Event.objects.create(slug="wbc", name="Medici, WBC test", seed="test-seed")


@pytest.fixture
def gm(db, event):
    """A GM of ``event``."""
    user = get_user_model().objects.create_user("gm", password="gm-password-1")
    event.gms.add(user)
    return user


@pytest.fixture
def assistant(db, event):
    """An assistant GM of ``event``."""
    user = get_user_model().objects.create_user("assistant", password="assistant-pw-1")
    event.assistants.add(user)
    return user


@pytest.fixture
def gm_client(client, gm):
    """The test client logged in as ``gm``."""
    client.force_login(gm)
    return client


@pytest.fixture
def assistant_client(client, assistant):
    """The test client logged in as ``assistant``."""
    client.force_login(assistant)
    return client


@pytest.fixture
def stranger(db):
    """A logged-in user with no role in any event."""
    return get_user_model().objects.create_user("stranger", password="stranger-pw-1")


@pytest.fixture
def demo_event(db):
    """The demo event as ``make run`` loads it (no-shows marked absent)."""
    from scoring.services.demo import load_demo

    load_demo("demo", with_gm=False)
    return Event.objects.get(slug="demo")


DATABASE_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "live_server",
}


def pytest_collection_modifyitems(config, items) -> None:
    """Mark every test that touches the database (pytest-django's ``django_db``
    mark, or a fixture chain reaching ``db``) with ``database``: the PostgreSQL
    pass of ``make test`` runs those again (``-m "not e2e"``); browser tests run
    once, on SQLite. Pure tests run once too, shared between the two passes by
    ``MEDICI_TEST_SHARE`` (see ``pure_share``)."""
    for item in items:
        uses = set(getattr(item, "fixturenames", ()))
        if item.get_closest_marker("django_db") or uses & DATABASE_FIXTURES:
            item.add_marker(pytest.mark.database)
    share = pure_share(os.environ.get("MEDICI_TEST_SHARE", ""))
    if share is None:
        return
    kept, dropped = [], []
    for item in items:
        marks = {mark.name for mark in item.iter_markers()}
        pure = not marks & {"database", "e2e"}
        mine = zlib.crc32(item.nodeid.encode()) % share[1] in share[0]
        (dropped if pure and not mine else kept).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


def pure_share(value: str) -> tuple[set[int], int] | None:
    """``"k/n"`` (or ``"k,l,.../n"``) of ``MEDICI_TEST_SHARE``: this run keeps
    the pure tests (neither ``database`` nor ``e2e``) whose node id hashes to
    one of the ``k`` modulo ``n``, so runs side by side with the other parts
    run each pure test once (tests/run_passes.py). Empty: every test runs."""
    if not value:
        return None
    parts, _, whole = value.partition("/")
    kept = parts.split(",")
    if not (whole.isdigit() and all(k.isdigit() and int(k) < int(whole) for k in kept)):
        raise pytest.UsageError(
            f"MEDICI_TEST_SHARE={value!r}: expected k/n or k,l/n with each k < n"
        )
    return {int(k) for k in kept}, int(whole)
