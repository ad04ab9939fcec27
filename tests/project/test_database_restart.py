"""PostgreSQL restarted under a running server (gunicorn, one worker keeping its
connection: ``DATABASE_CONN_MAX_AGE``): the first request after the restart is
answered normally, not with an error from the kept, dead connection (settings.py,
``CONN_HEALTH_CHECKS``); while the database is stopped pages answer the site's
"database unavailable" page, 503 (medici_tourney/database_down.py), and work again
once it is back. Runs in the PostgreSQL pass only, on the throwaway cluster of
tests/with_postgres.py (a Unix socket, no port)."""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from django.conf import settings
from django.db import connection

from tests.conftest import REPO
from tests.with_postgres import SERVER_OPTIONS, find_bin, server_user

# Transactional: the restart would break a transaction of this process.
pytestmark = [pytest.mark.database, pytest.mark.django_db(transaction=True)]

START_LIMIT = 60  # seconds for gunicorn to start on a busy machine; no speed test


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTP over the Unix socket gunicorn listens on."""

    def __init__(self, path: Path):
        super().__init__("localhost", timeout=30)
        self.socket_path = str(path)

    def connect(self) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self.socket_path)


def get(sock: Path, path: str = "/") -> tuple[int, dict[str, str], str]:
    client = UnixHTTPConnection(sock)
    try:
        client.request("GET", path)
        response = client.getresponse()
        return response.status, dict(response.headers), response.read().decode()
    finally:
        client.close()


def pg_ctl(*args: str) -> None:
    """Run ``pg_ctl`` on the test cluster (as the ``postgres`` user under root)."""
    folder = Path(connection.settings_dict["HOST"])
    bindir = find_bin()
    assert bindir is not None
    command = [*server_user(), str(bindir / "pg_ctl"), "-D", str(folder / "data")]
    subprocess.run(
        [*command, "-w", *args], check=True, cwd=folder, stdout=subprocess.DEVNULL
    )


@pytest.fixture
def server(tmp_path) -> Iterator[Path]:
    """gunicorn (DEBUG off, one process of one thread, connections kept ten
    minutes) on the test database; the path of its socket."""
    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        pytest.skip("a PostgreSQL restart: the PostgreSQL pass runs it")
    database = connection.settings_dict
    host = quote(str(database["HOST"]), safe="")
    sock = tmp_path / "gunicorn.sock"
    env = {
        **os.environ,
        "DATABASE_URL": f"postgres://postgres@{host}/{database['NAME']}",
        "DATABASE_CONN_MAX_AGE": "600",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "a-test-only-secret-key-" + "x" * 40,
        "DJANGO_SECURE": "0",
        "DJANGO_STATIC_MANIFEST": "0",
    }
    gunicorn = [sys.executable, "-m", "gunicorn", "medici_tourney.wsgi:application"]
    with (tmp_path / "gunicorn.log").open("wb") as log:
        process = subprocess.Popen(
            [*gunicorn, "--bind", f"unix:{sock}", "--workers", "1", "--threads", "1"],
            env=env,
            cwd=REPO,
            stdout=subprocess.DEVNULL,
            stderr=log,
            start_new_session=True,
        )
    deadline = time.monotonic() + START_LIMIT
    while not sock.exists() and process.poll() is None:
        assert time.monotonic() < deadline, "gunicorn did not start"
        time.sleep(0.2)
    try:
        yield sock
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
        connection.close()  # this process's connection died with the restart


def test_a_restarted_database_is_used_again_at_once(server):
    assert get(server)[0] == 200  # the worker's connection is opened and kept
    pg_ctl("-m", "fast", "restart")
    assert get(server)[0] == 200


def test_a_stopped_database_gets_the_unavailable_page_until_it_is_back(server):
    assert get(server)[0] == 200
    pg_ctl("-m", "fast", "stop")
    try:
        status, headers, body = get(server)
    finally:
        folder = Path(connection.settings_dict["HOST"])
        options = SERVER_OPTIONS.format(socket=folder)
        pg_ctl("-l", str(folder / "log"), "-o", options, "start")
    assert status == 503
    assert headers["Retry-After"] == "5"
    assert "Database unavailable" in body and "Traceback" not in body
    assert get(server)[0] == 200
