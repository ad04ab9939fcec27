"""The public pages' cache under several server processes (make serve runs gunicorn
workers; scoring/public_cache.py, "memo"): a change made in another worker is seen
once this worker's memo of the event version is older than VERSION_TTL, whether the
workers keep their own caches (local memory) or share one (Redis)."""

from __future__ import annotations

import json

import pytest

from heats.models import Player
from scoring import operations, public_cache

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
    operations.mark_semi(demo_event, winner, present=False)
    public_cache._memo.clear()
    public_cache._memo.update(this_workers_memo)
    clock[0] += public_cache.VERSION_TTL / 2
    assert alternates(client) == ["Drew Penrose"]  # the memo still holds
    clock[0] += public_cache.VERSION_TTL
    # One more absent winner calls the next alternate (Advancement, 3).
    assert alternates(client) == ["Drew Penrose", "Marlo Juniper"]
