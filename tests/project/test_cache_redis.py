"""The public pages with a real Redis that stops, comes back and fills up
(medici_tourney.cache_backends; issue "The convention floor", 2). Skipped when
``redis-server`` is not on PATH. The port: ``MEDICI_TEST_REDIS_PORT``, else a
free one."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator

import pytest
import redis
from django.core.cache import cache

from medici_tourney import cache_backends
from medici_tourney.settings import cache_settings
from tests.project.test_cache_failures import PAGES

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(
        shutil.which("redis-server") is None,
        reason="redis-server is not on PATH (Debian: apt install redis-server)",
    ),
]


def free_port() -> int:
    given = os.environ.get("MEDICI_TEST_REDIS_PORT")
    if given:
        return int(given)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """One ``redis-server`` process on ``port``, with no persistence."""

    def __init__(self, port: int, *options: str) -> None:
        self.port = port
        self.options = options
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        command = ["redis-server", "--port", str(self.port), "--save", ""]
        command += ["--appendonly", "no", "--bind", "127.0.0.1", *self.options]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        client = self.client()
        for _ in range(200):
            try:
                client.ping()
                return
            except redis.ConnectionError:
                time.sleep(0.02)
        raise RuntimeError(f"redis-server did not start on port {self.port}")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)
            self.process = None

    def client(self) -> redis.Redis:
        return redis.Redis(port=self.port, socket_timeout=1)


@pytest.fixture
def server(settings, monkeypatch) -> Iterator[Server]:
    """A running Redis as Django's cache; a failure pauses nothing (so the
    test needs no waiting when the server comes back)."""
    monkeypatch.setattr(cache_backends, "PAUSE", 0.0)
    running = Server(free_port())
    running.start()
    settings.CACHES = cache_settings(f"redis://127.0.0.1:{running.port}/0")
    yield running
    running.stop()


def all_answer(client) -> None:
    for path in PAGES:
        assert client.get(path).status_code == 200, path


def test_pages_answer_while_redis_stops_and_use_it_again(demo_event, server, client):
    all_answer(client)
    assert server.client().dbsize() > 0  # the renderings are in Redis
    server.stop()
    all_answer(client)
    all_answer(client)
    server.start()  # empty: no persistence
    assert server.client().dbsize() == 0
    all_answer(client)
    assert server.client().dbsize() > 0  # used again


def test_pages_answer_when_redis_is_full(demo_event, settings, monkeypatch, client):
    """``maxmemory 1mb`` under ``noeviction``, filled: writes are refused
    (OOM), the pages are rendered all the same."""
    monkeypatch.setattr(cache_backends, "PAUSE", 0.0)
    full = Server(free_port(), "--maxmemory", "1mb", "--maxmemory-policy", "noeviction")
    full.start()
    try:
        settings.CACHES = cache_settings(f"redis://127.0.0.1:{full.port}/0")
        filler = full.client()
        with pytest.raises(redis.exceptions.OutOfMemoryError):
            for number in range(100):
                filler.set(f"filler:{number}", b"x" * 100_000)
        all_answer(client)
        all_answer(client)
        cache.set("page-sized", b"x" * 200_000)  # refused: full
        assert cache.get("page-sized") is None
    finally:
        full.stop()
