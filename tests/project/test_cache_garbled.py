"""A cache address where something answers that is not Redis, or answers out of
step (medici_tourney.cache_backends, "garbled answer"): every answer is a miss,
the public pages are rendered from the database, never a server error. The
stand-in server is a socket in this process giving one fixed answer to
everything sent to it."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator

import pytest
from django.core.cache import cache

from medici_tourney import cache_backends
from medici_tourney.settings import cache_settings
from tests.project.test_cache_failures import PAGES

pytestmark = pytest.mark.django_db


# What the stand-in answers to every command, in Redis's wire protocol.
ANSWERS = {
    "a string": b"$3\r\nabc\r\n",  # not a pickle: the unpickling fails
    "an integer": b":5\r\n",  # Redis answers a GET with a string, never this
    "OK": b"+OK\r\n",  # a status where the handshake wants a map
    "a list": b"*1\r\n$3\r\nabc\r\n",
}


class Stand_in:  # noqa: N801
    """A TCP server on a free loopback port answering ``answer`` to every read."""

    def __init__(self, answer: bytes) -> None:
        self.answer = answer
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.connections: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            self.connections.append(connection)
            threading.Thread(
                target=self._serve, args=(connection,), daemon=True
            ).start()

    def _serve(self, connection: socket.socket) -> None:
        try:
            while connection.recv(65536):
                connection.sendall(self.answer)
        except OSError:
            pass

    def close(self) -> None:
        self.listener.close()
        for connection in self.connections:
            connection.close()


@pytest.fixture(params=list(ANSWERS))
def garbled(request, settings, monkeypatch) -> Iterator[str]:
    """The cache is a stand-in answering one of ``ANSWERS``; no pause after a
    failure, so every call meets it."""
    monkeypatch.setattr(cache_backends, "PAUSE", 0.0)
    server = Stand_in(ANSWERS[request.param])
    settings.CACHES = cache_settings(f"redis://127.0.0.1:{server.port}/0")
    yield request.param
    cache.close()
    server.close()


def test_pages_answer_when_the_cache_answers_nonsense(demo_event, garbled, client):
    for _ in range(2):  # the second time the renderings "stored" are asked for
        for path in PAGES:
            response = client.get(path)
            assert response.status_code == 200, (garbled, path)
    assert "Medici" in client.get("/e/demo/").content.decode()


def test_each_call_is_a_miss(garbled):
    assert cache.get("page", "default") == "default"
    assert cache.get_many(["a", "b"]) == {}
    if garbled != "an integer":  # which is what a count is answered as
        with pytest.raises(cache_backends.CacheUnavailable):
            cache.incr("count")


def test_a_value_that_is_not_a_string_is_garbled():
    serializer = cache_backends.CheckedRedisSerializer()
    assert serializer.loads(b"12") == 12
    assert serializer.loads(serializer.dumps(("body", None))) == ("body", None)
    for answer in (5, [b"abc"], None):
        with pytest.raises(cache_backends.GarbledAnswer):
            serializer.loads(answer)
