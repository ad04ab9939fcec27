"""Never an older page than the screen has (issue "The convention floor", 3):
a substitute answer (the page's latest rendering while another request renders,
or the WSGI repeat's stored answer in place of a 503) is bounded in age, never
older than what the same process answered before, never no newer than the
version the asking screen shows; the version feed passes the public queue."""

from __future__ import annotations

import itertools
import json
import threading

import pytest
from django.core.cache.backends import locmem

from heats.models import Player
from medici_tourney import public_cache, public_pages
from medici_tourney.public_cache import version_order
from medici_tourney.wsgi import application
from scoring.services import semi_final as rounds
from tests.project.test_public_cache_workers import AnotherRendering
from tests.project.test_public_gate import call
from tests.project.test_public_wsgi import get

FEED = "/e/demo/standings.json"
_presence = itertools.cycle([False, True])


def change(event) -> None:
    """A change to the event (a heat winner marked absent or present again):
    a new version, and this process's memo forgotten."""
    winner = Player.objects.get(event=event, name="Greer Eastwick")
    rounds.mark_semi(event, winner, present=next(_presence))


def version(response) -> tuple[int, ...]:
    return version_order(response["X-Event-Version"])


@pytest.mark.parametrize(
    ("text", "order"),
    [("12.3", (12, 3)), ("9.10", (9, 10)), ("0.0", (0, 0)), ("x", ()), (None, ())],
)
def test_versions_compare_as_integers(text, order):
    assert version_order(text) == order


def test_versions_order_by_number_not_by_text():
    assert version_order("10.0") > version_order("9.0")  # "10.0" < "9.0" as text
    assert version_order("5.12") > version_order("5.9")


@pytest.mark.django_db
def test_no_substitute_older_than_the_process_answered(client, demo_event, monkeypatch):
    """Another process's slow rendering of an older version finished last and
    left it as the page's latest rendering: this process, which answered a newer
    version, renders the current one rather than go back."""
    old = client.get(FEED)
    latest_key = next(k for k in locmem._caches[""] if "public-latest" in k)
    stale_latest = public_cache.cache.get(latest_key.split(":", 2)[2])
    assert stale_latest is not None and stale_latest[0] == old["X-Event-Version"]
    change(demo_event)
    newer = client.get(FEED)
    assert version(newer) > version(old)
    public_cache.cache.set(latest_key.split(":", 2)[2], stale_latest)  # put back
    change(demo_event)
    monkeypatch.setattr(public_cache, "cache", AnotherRendering(public_cache.cache))
    answer = client.get(FEED)
    assert version(answer) > version(newer)  # rendered, not the older one


@pytest.mark.django_db
def test_no_substitute_the_screen_already_has(client, demo_event, monkeypatch):
    """The kiosk's panel asks with ``?v=`` (the version it shows): a substitute
    no newer than that would change nothing on the screen; it is rendered."""
    shown = client.get("/e/demo/kiosk/panel/")
    change(demo_event)
    monkeypatch.setattr(public_cache, "cache", AnotherRendering(public_cache.cache))
    plain = client.get("/e/demo/kiosk/panel/")
    assert plain["X-Event-Version"] == shown["X-Event-Version"]  # substitute
    asked = client.get("/e/demo/kiosk/panel/", {"v": shown["X-Event-Version"]})
    assert version(asked) > version(shown)


@pytest.mark.django_db
def test_the_substitute_is_at_most_substitute_age_old(client, demo_event, monkeypatch):
    clock = [1_000_000.0]
    monkeypatch.setattr(locmem.time, "time", lambda: clock[0])
    first = client.get(FEED)
    change(demo_event)
    monkeypatch.setattr(public_cache, "cache", AnotherRendering(public_cache.cache))
    clock[0] += public_cache.SUBSTITUTE_AGE - 1
    assert client.get(FEED)["X-Event-Version"] == first["X-Event-Version"]
    clock[0] += 2  # the latest rendering is now older than SUBSTITUTE_AGE
    assert version(client.get(FEED)) > version(first)


def test_renderings_are_kept_seconds_not_an_hour():
    assert public_cache.TIMEOUT <= 60
    assert public_cache.SUBSTITUTE_AGE <= 10


@pytest.fixture
def repeat(demo_event):
    application.clear()
    yield demo_event
    application.clear()


@pytest.fixture
def one_slot_taken(monkeypatch):
    """The public queue of ``make serve``'s application with its one slot
    taken: every public request Django would get is answered 503."""
    monkeypatch.setattr(application.app, "free", threading.BoundedSemaphore(1))
    application.app.free.acquire()


@pytest.mark.django_db(transaction=True)
def test_the_version_feed_answers_while_every_slot_is_taken(repeat, one_slot_taken):
    status, headers, body, _ = call(application, "/e/demo/version.json")
    assert status.startswith("200")
    assert json.loads(body)["v"] == public_cache.current_version("demo")
    assert call(application, "/e/demo/kiosk/panel/")[0].startswith("503")


@pytest.mark.django_db(transaction=True)
def test_a_stale_stored_answer_does_not_stand_in_for_503(repeat, monkeypatch):
    """The stored answer stands in for a 503 only while it was known current
    less than SUBSTITUTE_AGE seconds ago; an older one lets the 503 (retry
    after 1 s) through."""
    clock = [5000.0]
    monkeypatch.setattr(public_pages.time, "monotonic", lambda: clock[0])
    first = call(application, FEED)
    change(repeat)
    clock[0] += 2  # past MAX_STALE: the change goes to Django
    monkeypatch.setattr(application.app, "free", threading.BoundedSemaphore(1))
    application.app.free.acquire()
    assert call(application, FEED) == first  # known current 2 s ago
    clock[0] += public_cache.SUBSTITUTE_AGE
    status, headers, _, _ = call(application, FEED)
    assert status.startswith("503") and headers["Retry-After"] == "1"


@pytest.mark.django_db(transaction=True)
def test_the_wsgi_repeat_stores_only_the_current_version(repeat, monkeypatch):
    """A substitute Django served (another request was rendering) is passed on
    but not stored, and never replaces the newer answer stored."""
    clock = [5000.0]
    monkeypatch.setattr(public_pages.time, "monotonic", lambda: clock[0])
    first = call(application, FEED)
    (stored,) = application.pages.values()
    change(repeat)
    clock[0] += 2  # past MAX_STALE: the change goes to Django
    monkeypatch.setattr(public_cache, "cache", AnotherRendering(public_cache.cache))
    substitute = call(application, FEED)
    assert substitute[1]["X-Event-Version"] == first[1]["X-Event-Version"]
    assert substitute[1] is not first[1]  # from Django, not from the store
    assert list(application.pages.values()) == [stored]
    assert stored.confirmed == 5000.0  # not confirmed by the substitute


@pytest.mark.django_db
def test_the_memo_does_not_step_back_to_an_older_read(demo_event):
    """Two requests of one process read the version; the one that read before a
    change finishes last: the memo keeps the newer version."""
    newer = public_cache.event_with_version("demo").version
    older = f"{version_order(newer)[0] - 1}.{version_order(newer)[1]}"
    public_cache._remember("demo", demo_event.pk, older)
    assert public_cache.current_version("demo") == newer


PANEL = "/e/demo/kiosk/panel/"


def older_than(version: str) -> str:
    audit, admin = version_order(version)
    return f"{audit - 1}.{admin}"


@pytest.mark.django_db(transaction=True)
def test_a_screen_behind_is_answered_from_the_store(repeat, monkeypatch):
    """A kiosk's ``?v=`` older than the stored panel gets the stored panel,
    without Django (so without a public slot); at the stored version it gets
    Django's 204 (nothing new)."""
    first = get(PANEL)
    version = first[1]["X-Event-Version"]
    django, calls = application.app, []
    monkeypatch.setattr(application, "app", lambda *a: calls.append(a))
    assert get(PANEL, QUERY_STRING=f"v={older_than(version)}") == first
    assert calls == []
    monkeypatch.setattr(application, "app", django)
    assert get(PANEL, QUERY_STRING=f"v={version}")[0].startswith("204")


@pytest.mark.django_db(transaction=True)
def test_djangos_answer_to_a_screen_is_stored_as_the_page(repeat, monkeypatch):
    answered = get(PANEL, QUERY_STRING="v=0.0&lang=de")
    assert [key[-1] for key in application.pages] == ["lang=de"]
    monkeypatch.setattr(application, "app", lambda *a: pytest.fail("not stored"))
    assert get(PANEL, QUERY_STRING="lang=de") == answered


@pytest.mark.django_db(transaction=True)
def test_no_stand_in_for_503_no_newer_than_the_screens(repeat, monkeypatch):
    """With every slot taken, the stored panel stands in for the 503 for a
    kiosk showing an older one, not for a kiosk showing it already."""
    clock = [5000.0]
    monkeypatch.setattr(public_pages.time, "monotonic", lambda: clock[0])
    first = get(PANEL)
    version = first[1]["X-Event-Version"]
    change(repeat)
    clock[0] += 2  # past MAX_STALE: the change goes to Django
    monkeypatch.setattr(application.app, "free", threading.BoundedSemaphore(1))
    application.app.free.acquire()
    assert get(PANEL, QUERY_STRING=f"v={version}")[0].startswith("503")
    assert get(PANEL, QUERY_STRING=f"v={older_than(version)}") == first
