"""While the database is down nothing can change, so a public page answers its
latest rendering, of any age, and the version feed the version last read, rather
than the "database unavailable" page (medici_tourney/public_cache.py, "database
down"); a page never rendered still gets that page. Issue "The convention
floor", 5: "while it is down public pages answer from their stored copy"."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from medici_tourney import public_cache
from medici_tourney.wsgi import application
from tests.project.test_database_down import assert_unavailable, database_gone
from tests.project.test_public_gate import call

pytestmark = pytest.mark.django_db

STANDINGS = "/e/demo/"
FEED = "/e/demo/version.json"


def an_hour_later(monkeypatch) -> None:
    """Every memo and substitute long expired (the database down for an hour)."""
    later = public_cache.time.time() + 3000
    monotonic = public_cache.time.monotonic() + 3000
    monkeypatch.setattr(public_cache.time, "time", lambda: later)
    monkeypatch.setattr(public_cache.time, "monotonic", lambda: monotonic)


def test_a_public_page_answers_its_last_rendering(client, demo_event, monkeypatch):
    before = client.get(STANDINGS)
    assert before.status_code == 200
    an_hour_later(monkeypatch)
    with database_gone():
        during = client.get(STANDINGS)
    assert during.status_code == 200
    assert during.content == before.content
    assert during["X-Event-Version"] == before["X-Event-Version"]


def test_the_version_feed_answers_the_version_last_read(
    client, demo_event, monkeypatch
):
    before = json.loads(client.get(FEED).content)
    an_hour_later(monkeypatch)
    with database_gone():
        during = client.get(FEED)
    assert during.status_code == 200
    assert json.loads(during.content) == before


def test_a_page_never_rendered_gets_the_unavailable_page(demo_event):
    with database_gone():
        assert_unavailable(Client().get("/e/demo/heat/1/"))


@pytest.mark.django_db(transaction=True)
def test_the_wsgi_repeat_stands_in_whatever_its_age(demo_event, monkeypatch):
    """The WSGI layer's stored answer replaces the database's 503 even when it
    is older than a busy queue's substitute may be."""
    application.clear()
    status, _, body, _ = call(application, STANDINGS)
    assert status.startswith("200")
    public_cache.cache.clear()  # only the WSGI layer's copy is left
    an_hour_later(monkeypatch)
    with database_gone():
        again = call(application, STANDINGS)
    assert again[0].startswith("200")
    assert again[2] == body
