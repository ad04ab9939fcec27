"""The public pages' cache under several server processes (make serve runs
gunicorn workers; medici_tourney/public_cache.py, "memo"): a change made in another
worker is seen
once this worker's memo of the event version is older than VERSION_TTL, whether the
workers keep their own caches (local memory) or share one (Redis)."""

from __future__ import annotations

import json

import pytest

from heats.models import Player
from medici_tourney import public_cache
from scoring.services import semi_final as rounds

pytestmark = pytest.mark.django_db

FEED = "/e/demo/standings.json"


def alternates(client) -> list[str]:
    data = json.loads(client.get(FEED).content)
    return [a["player"] for a in data["list"]["alternates"]]


def test_a_change_in_another_worker_is_served_after_the_memo_expires(
    client, demo_event, monkeypatch
):
    clock = [1000.0]
    monkeypatch.setattr(public_cache.time, "monotonic", lambda: clock[0])
    assert alternates(client) == ["Drew Penrose"]
    this_workers_memo = dict(public_cache._memo)
    # Another worker marks a heat winner absent: its audit entry clears only that
    # worker's memo, so this worker's memo is put back as it was.
    winner = Player.objects.get(event=demo_event, name="Greer Eastwick")
    rounds.mark_semi(demo_event, winner, present=False)
    public_cache._memo.clear()
    public_cache._memo.update(this_workers_memo)
    clock[0] += public_cache.VERSION_TTL / 2
    assert alternates(client) == ["Drew Penrose"]  # the memo still holds
    clock[0] += public_cache.VERSION_TTL
    # One more absent winner calls the next alternate (Advancement, 3).
    assert alternates(client) == ["Drew Penrose", "Marlo Juniper"]


class AnotherRendering:
    """The cache as seen while another request holds every rendering lock."""

    def __init__(self, cache):
        self.cache = cache

    def add(self, key, *args, **kwargs):
        if key.startswith("rendering:"):
            return False
        return self.cache.add(key, *args, **kwargs)

    def __getattr__(self, name):
        return getattr(self.cache, name)


def feed_alternates(response) -> list[str]:
    return [a["player"] for a in json.loads(response.content)["list"]["alternates"]]


def test_a_miss_during_another_rendering_gets_the_latest_rendering(
    client, demo_event, monkeypatch
):
    """One rendering at a time: while another request renders the new version,
    a request gets the page's previous rendering; once no rendering is under way
    the new version is rendered and served."""
    assert alternates(client) == ["Drew Penrose"]
    winner = Player.objects.get(event=demo_event, name="Greer Eastwick")
    rounds.mark_semi(demo_event, winner, present=False)
    cache = public_cache.cache
    monkeypatch.setattr(public_cache, "cache", AnotherRendering(cache))
    stale = client.get(FEED)
    assert feed_alternates(stale) == ["Drew Penrose"]
    monkeypatch.setattr(public_cache, "cache", cache)
    fresh = client.get(FEED)
    assert fresh["X-Event-Version"] != stale["X-Event-Version"]
    # One more absent winner calls the next alternate (Advancement, 3).
    assert feed_alternates(fresh) == ["Drew Penrose", "Marlo Juniper"]


def test_a_miss_with_no_earlier_rendering_renders_even_during_another(
    client, demo_event, monkeypatch
):
    monkeypatch.setattr(public_cache, "cache", AnotherRendering(public_cache.cache))
    assert alternates(client) == ["Drew Penrose"]


def test_parameters_a_page_does_not_read_make_no_new_rendering(
    client, demo_event, django_assert_max_num_queries
):
    """``?x=1``, ``?x=2``, ...: one page, rendered once per version; the second
    costs the version query alone, and the junk is not echoed into its links."""
    first = client.get("/e/demo/?x=1")
    with django_assert_max_num_queries(1):
        second = client.get("/e/demo/?x=2&qualifiers-sort=player")
    assert second.content == first.content
    assert b"x=1" not in first.content and b"qualifiers-sort" not in second.content


def test_the_seating_feed_keeps_its_round_parameter(client, demo_event):
    one = client.get("/e/demo/seating.json?round=1").content
    assert client.get("/e/demo/seating.json?round=1&x=9").content == one
    assert client.get("/e/demo/seating.json?round=2").content != one


def test_workers_sharing_the_file_cache_render_a_page_once(
    client, demo_event, monkeypatch, tmp_path, django_assert_max_num_queries
):
    """make serve's workers share Django's file cache (medici_tourney.ops.serve,
    "page cache"): a page one worker rendered is served by another from the
    file, at the cost of the version query alone, not rendered again."""
    from django.core.cache.backends.filebased import FileBasedCache

    monkeypatch.setattr(public_cache, "cache", FileBasedCache(str(tmp_path), {}))
    first = client.get("/e/demo/")
    public_cache._memo.clear()  # the other worker has read no version yet
    monkeypatch.setattr(public_cache, "cache", FileBasedCache(str(tmp_path), {}))
    with django_assert_max_num_queries(1):
        second = client.get("/e/demo/")
    assert second.content == first.content
