"""A results-side button pressed six times at once (issue 16, item 3): "New event"
with one short name creates one event, "Publish" of an unchanged semi-final list
publishes it once; the other presses are refused with a message saying why, and
none is a server error. SQLite and PostgreSQL (``tests.support.concurrency``).
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from heats.models import AuditEntry, Event
from scoring.models import PublishedList
from tests.support import concurrency
from tests.support.concurrency import at_once, errors
from tests.support.versions import page_version

pytestmark = pytest.mark.django_db(transaction=True)

PRESSES = 6


def browsers(user, count: int = PRESSES) -> list[Client]:
    """``count`` browsers logged in as ``user``."""
    return concurrency.browsers(user, count)


def post_at_once(user, url: str, data: dict) -> list:
    """Post ``data`` to ``url`` from six browsers at once; the responses, after
    checking that none raised."""
    clients = browsers(user)
    outcomes = at_once(lambda i: clients[i].post(url, data), PRESSES)
    assert errors(outcomes) == []
    return [o.value for o in outcomes]


def said(response) -> str:
    """The messages a response left for the next page, one a line."""
    return "\n".join(str(m) for m in get_messages(response.wsgi_request))


@pytest.fixture
def login(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return get_user_model().objects.create_user("kit", password="kit-password-1")


def new_event_data() -> dict:
    """The new-event form filled in as a GM would, WBC settings unchanged."""
    data = {"name": "Medici, Origins", "slug": "origins", "rules": "wbc"}
    data.update(heat_minutes=55, first_mark_minutes=20, second_mark_minutes=35)
    data.update(call_minutes=53, seat_after_minutes=2, min_late_table=5)
    data.update(seating_policy="six-over-four", timer_seconds=240)
    data.update(late_timer_seconds=120)
    return data


def test_new_event_posted_six_times_at_once_creates_one_event(login):
    url = reverse("scoring:event-create")
    responses = post_at_once(login, url, new_event_data())
    assert sorted(r.status_code for r in responses) == [200] * 5 + [302]
    assert Event.objects.filter(slug="origins").count() == 1
    assert AuditEntry.objects.filter(action="event").count() == 1
    refused = [r.content.decode() for r in responses if r.status_code == 200]
    assert all("An event &#x27;origins&#x27; already exists." in p for p in refused)


def test_publish_pressed_six_times_at_once_publishes_the_list_once(demo_event, login):
    demo_event.gms.add(login)
    url = reverse("scoring:semi-publish", kwargs={"event": "demo"})
    semi = reverse("scoring:semi", kwargs={"event": "demo"})
    version = page_version(browsers(login, 1)[0], semi, url)
    responses = post_at_once(login, url, {"version": version})
    assert [r.status_code for r in responses] == [302] * PRESSES
    assert PublishedList.objects.count() == 1
    assert AuditEntry.objects.filter(action="publish").count() == 1
    assert sum("Semi-final list published" in said(r) for r in responses) == 1
    assert sum("already published" in said(r) for r in responses) == PRESSES - 1


def test_publishing_an_unchanged_list_again_is_refused(demo_event, login):
    demo_event.gms.add(login)
    client = browsers(login, 1)[0]
    url = reverse("scoring:semi-publish", kwargs={"event": "demo"})
    version = page_version(
        client, reverse("scoring:semi", kwargs={"event": "demo"}), url
    )
    client.post(url, {"version": version}, follow=True)
    again = client.post(url, {"version": version})
    assert again["Location"] == reverse("scoring:semi", kwargs={"event": "demo"})
    assert said(again) == (
        "The semi-final list is already published as it stands (Publish pressed "
        "twice?): nothing changed."
    )
    assert PublishedList.objects.count() == 1
