""" "Delete event" pressed six times at once (issue "The GM's desk", item 5): one
press deletes the event, the others land on the event list saying it was
deleted already; none is a server error or a 403 saying only GMs may delete.

Each press is a test client in its own thread with its own database connection
(``tests.support.concurrency``), on SQLite (a file) and on PostgreSQL.
"""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages

from heats.models import Event
from tests.support.concurrency import at_once, browsers, errors

pytestmark = pytest.mark.django_db(transaction=True)

PRESSES = 6
DELETE = "/e/wbc/gm/delete/"


def said(response) -> str:
    return "\n".join(str(m) for m in get_messages(response.wsgi_request))


def test_delete_event_pressed_six_times_at_once_deletes_once(gm, event):
    clients = browsers(gm, PRESSES)
    outcomes = at_once(lambda i: clients[i].post(DELETE, {"slug": "wbc"}), PRESSES)
    assert errors(outcomes) == []
    responses = [o.value for o in outcomes]
    assert [r.status_code for r in responses] == [302] * PRESSES
    assert {r["Location"] for r in responses} == {"/"}
    messages = [said(r) for r in responses]
    deleted = "Medici, WBC test (wbc) was deleted, with its audit log."
    assert messages.count(deleted) == 1
    gone = "The event wbc was deleted already: nothing more to delete."
    assert messages.count(gone) == PRESSES - 1
    assert not Event.objects.filter(slug="wbc").exists()


def test_deleting_an_event_deleted_already_says_so(gm, event, client):
    client.force_login(gm)
    first = client.post(DELETE, {"slug": "wbc"})
    assert said(first) == "Medici, WBC test (wbc) was deleted, with its audit log."
    again = client.post(DELETE, {"slug": "wbc"})
    assert again.status_code == 302 and again["Location"] == "/"
    # The test client keeps the first press's message (no page read it).
    gone = "The event wbc was deleted already: nothing more to delete."
    assert said(again).splitlines()[-1] == gone


@pytest.mark.parametrize("slug", ["wbc", "never-was"])
def test_without_a_login_a_delete_is_refused_and_says_nothing(client, event, slug):
    response = client.post(f"/e/{slug}/gm/delete/", {"slug": slug})
    assert response.status_code == 403
    assert said(response) == ""
    assert Event.objects.filter(slug="wbc").exists()
