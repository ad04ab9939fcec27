"""A cache that fails is a miss (medici_tourney.cache_backends; issue "The
convention floor", 2): with Redis unreachable every public page, feed and report
still answers, rendered from the database, and the failure is logged once, not
once per request."""

from __future__ import annotations

import logging
import pickle
import socket
import threading
from collections.abc import Iterator

import pytest
from django.core.cache import cache
from django.urls import reverse

from heats.models import Round, RoundKind
from heats.services.checkin import check_in
from heats.services.seating import seat_round
from medici_tourney import cache_backends, public_cache
from medici_tourney.cache_backends import CacheUnavailable
from medici_tourney.settings import cache_settings
from scoring.models import ReportLink, TableReport

pytestmark = pytest.mark.django_db

CLEAN = [110, 95, 85, 75, 65]
# Nothing listens on port 1: every connection is refused.
DEAD = "redis://127.0.0.1:1/0"
# The public pages and feeds of the demo event (test_cache_garbled, test_cache_redis
# read them too).
PAGES = [
    "/e/demo/",
    "/e/demo/heat/1/",
    "/e/demo/kiosk/",
    "/e/demo/kiosk/panel/",
    "/e/demo/find/",
    "/e/demo/standings.json",
    "/e/demo/version.json",
    "/e/demo/seating.json?round=1",
]


@pytest.fixture
def dead_cache(settings, monkeypatch):
    """Django's cache is a Redis that refuses every connection, tried on every
    call (no pause), as if it had just died."""
    monkeypatch.setattr(cache_backends, "PAUSE", 0.0)
    settings.CACHES = cache_settings(DEAD)
    return cache


def test_the_dead_cache_is_a_miss(dead_cache):
    assert dead_cache.get("x") is None
    assert dead_cache.get("x", "default") == "default"
    assert dead_cache.get_many(["x", "y"]) == {}
    assert dead_cache.add("x", 1) is False
    assert dead_cache.set("x", 1) is None
    assert dead_cache.set_many({"x": 1, "y": 2}) == ["x", "y"]  # none stored
    assert dead_cache.delete("x") is False
    assert dead_cache.has_key("x") is False


def test_a_counter_on_the_dead_cache_says_so(dead_cache):
    with pytest.raises(CacheUnavailable):
        dead_cache.incr("count")
    with pytest.raises(ValueError):  # what Django's callers already catch
        dead_cache.decr("count")


@pytest.mark.parametrize("path", PAGES)
def test_every_public_page_answers_without_the_cache(
    demo_event, dead_cache, client, path
):
    for _ in range(2):  # rendered, then (no cache) rendered again
        response = client.get(path)
        assert response.status_code == 200, path
        assert int(response.get("Content-Length", 1)) > 0


def test_the_failure_is_logged_once_not_per_request(
    demo_event, dead_cache, client, caplog
):
    cache_backends.health(DEAD).logged_at = -cache_backends.LOG_EVERY
    with caplog.at_level(logging.WARNING, logger="medici_tourney.cache"):
        for _ in range(5):
            assert client.get("/e/demo/").status_code == 200
    lines = [r for r in caplog.records if r.name == "medici_tourney.cache"]
    assert len(lines) == 1
    assert "failing" in lines[0].getMessage()


def test_a_paused_cache_is_not_asked(settings, monkeypatch):
    """After a failure the process leaves Redis alone for ``PAUSE`` seconds:
    the next calls are misses without a connection attempt."""
    settings.CACHES = cache_settings(DEAD)
    tries = []
    real = cache_backends.RedisCache.get

    def counted(self, *args, **kwargs):
        tries.append(args)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(cache_backends.RedisCache, "get", counted)
    monkeypatch.setattr(cache_backends, "PAUSE", 3600.0)
    cache_backends.health(DEAD).closed_at = 0.0
    assert [cache.get("x") for _ in range(3)] == [None, None, None]
    assert len(tries) == 1
    cache_backends.health(DEAD).closed_at = 0.0


@pytest.fixture
def heat_table(event):
    """Heat 1 of ``event`` seated at one table of five."""
    heat = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(heat, [(name, "") for name in ("Ann", "Ben", "Cy", "Di", "Ed")])
    seat_round(heat, seed=1)
    return heat.tables.get(number=1)


def test_a_players_report_is_received_without_the_cache(dead_cache, client, heat_table):
    token = ReportLink.objects.get(table=heat_table).token
    kwargs = {"event": "wbc", "round": "1", "table": 1, "token": token}
    url = reverse("scoring:table-report", kwargs=kwargs)
    assert client.get(url).status_code == 200
    seats = list(heat_table.seats.order_by("number"))
    data = {f"final_{s.number}": f for s, f in zip(seats, CLEAN, strict=True)}
    data["seating"] = ",".join(f"{s.number}:{s.player_id}" for s in seats)
    data["reporter"] = 1
    response = client.post(url, data)
    assert response.status_code == 200
    assert "Received — the GM will confirm" in response.content.decode()
    assert TableReport.objects.count() == 1


def test_a_broken_file_cache_is_a_miss(demo_event, settings, tmp_path, client):
    """The file cache's directory cannot be written (a file stands in its
    place): pages are rendered, nothing is stored."""
    blocked = tmp_path / "cache"
    blocked.write_text("not a directory")
    settings.CACHES = cache_settings(f"file://{blocked}")
    for path in ("/e/demo/", "/e/demo/kiosk/panel/", "/e/demo/standings.json"):
        assert client.get(path).status_code == 200, path
    assert cache.get("x", "miss") == "miss"


@pytest.mark.parametrize(
    "damaged",
    [
        pickle.dumps("not a time"),  # the expiry Django compares with a number
        b"X\x02\x00\x00\x00\xff\xfe",  # text that is not UTF-8
    ],
)
def test_a_damaged_file_cache_entry_is_a_miss(
    demo_event, settings, tmp_path, client, monkeypatch, damaged
):
    """Entries the file cache cannot read (a crash or a full disk left them
    half written; Django only renames a whole file, but a power cut may not
    keep its contents): each is a miss, and every page is rendered again."""
    monkeypatch.setattr(cache_backends, "PAUSE", 0.0)
    settings.CACHES = cache_settings(f"file://{tmp_path / 'cache'}")
    for path in ("/e/demo/", "/e/demo/standings.json"):
        assert client.get(path).status_code == 200, path
    entries = list((tmp_path / "cache").glob("*.djcache"))
    assert entries
    for entry in entries:
        entry.write_bytes(damaged)
    public_cache.forget_answers()
    for path in ("/e/demo/", "/e/demo/standings.json"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert "Medici" in response.content.decode() or path.endswith(".json")


# --- a Redis that takes connections and does not answer ---------------------------

# Seconds the silent server holds a connection before closing it: far beyond the
# app's wait for Redis (settings.REDIS_TIMEOUT), so a closed connection, not a
# timeout, is what a request meets when the app does not bound its wait.
HOLD = 10.0


@pytest.fixture
def silent_redis() -> Iterator[str]:
    """The address of a server that takes connections and answers nothing (a
    Redis stopped with SIGSTOP, or swamped), closing each after ``HOLD``."""
    listener = socket.create_server(("127.0.0.1", 0))
    held: list[threading.Timer] = []

    def take() -> None:
        while True:
            try:
                connection, _ = listener.accept()
            except OSError:
                return  # the listener was closed: the test is over
            held.append(threading.Timer(HOLD, connection.close))
            held[-1].start()

    threading.Thread(target=take, daemon=True).start()
    yield f"redis://127.0.0.1:{listener.getsockname()[1]}/0"
    listener.close()
    for timer in held:
        timer.cancel()
        timer.function()  # type: ignore[misc]  # close the connection now


def test_a_redis_that_does_not_answer_is_a_miss(
    demo_event, silent_redis, settings, client, caplog
):
    """Every page answers, and the cache is given up on for want of an answer
    (a timeout), not after the server dropped the connection."""
    settings.CACHES = cache_settings(silent_redis)
    with caplog.at_level(logging.WARNING, logger="medici_tourney.cache"):
        for path in ("/e/demo/", "/e/demo/kiosk/panel/", "/e/demo/version.json"):
            assert client.get(path).status_code == 200, path
    lines = [r.getMessage() for r in caplog.records if r.name == "medici_tourney.cache"]
    assert lines and "failing, answering as a miss: TimeoutError" in lines[0]
