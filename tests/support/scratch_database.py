"""A new, empty database for a test that runs ``manage.py`` in other processes:
a SQLite file in a temporary folder, or on the PostgreSQL pass (``DATABASE_URL``
naming a PostgreSQL server, tests/with_postgres.py) a new database on that server,
dropped afterwards."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import dj_database_url
import pytest


def on_postgres() -> bool:
    """Whether this run's ``DATABASE_URL`` names a PostgreSQL server."""
    return os.environ.get("DATABASE_URL", "").startswith(("postgres", "postgresql"))


def _server(url: str) -> dict:
    parsed = dj_database_url.parse(url)
    return {
        "host": parsed.get("HOST") or None,
        "port": parsed.get("PORT") or None,
        "user": parsed.get("USER") or None,
        "password": parsed.get("PASSWORD") or None,
        "dbname": parsed["NAME"],
    }


@contextmanager
def postgres_database() -> Iterator[str]:
    """The URL of a new empty database on this run's PostgreSQL server (skips the
    test when the run is not on PostgreSQL)."""
    if not on_postgres():
        pytest.skip("runs on the PostgreSQL pass (make test-postgres)")
    import psycopg

    url = os.environ["DATABASE_URL"]
    name = f"scratch_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(**_server(url), autocommit=True) as server:
        server.execute(f'CREATE DATABASE "{name}"')
    try:
        yield url.rsplit("/", 1)[0] + "/" + name
    finally:
        with psycopg.connect(**_server(url), autocommit=True) as server:
            server.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextmanager
def scratch_database(folder: Path) -> Iterator[str]:
    """The URL of a new empty database: on PostgreSQL when the run is, else the
    SQLite file ``folder/db.sqlite3``."""
    if on_postgres():
        with postgres_database() as url:
            yield url
    else:
        yield f"sqlite:///{folder / 'db.sqlite3'}"
