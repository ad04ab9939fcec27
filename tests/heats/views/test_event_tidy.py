"""Tidying up (issue 17, item 10): an archived event leaves the public list of
events, its pages still answer and say so, and its GMs restore it; a heat
nobody is checked in to can be deleted from the dashboard, any other refused."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from heats.models import Event, Round
from heats.services.checkin import check_in, create_heat
from tests.heats.conftest import names

pytestmark = pytest.mark.django_db

ARCHIVE, RESTORE = "/e/wbc/gm/archive/", "/e/wbc/gm/restore/"


def said(response) -> str:
    return "\n".join(str(m) for m in get_messages(response.wsgi_request))


def test_an_archived_event_leaves_the_public_list_and_comes_back(gm_client, event):
    public = Client()
    Event.objects.create(slug="live", name="Medici, still running", seed="l")
    assert "Medici, WBC test" in public.get("/").content.decode()
    response = gm_client.post(ARCHIVE, {"next": "/e/wbc/gm/settings/"})
    assert response["Location"] == "/e/wbc/gm/settings/"
    assert said(response).startswith("Medici, WBC test is archived")
    listing = public.get("/").content.decode()
    assert "Medici, WBC test" not in listing
    assert "Medici, still running" in listing
    response = gm_client.post(RESTORE)
    assert response["Location"] == "/e/wbc/gm/"
    event.refresh_from_db()
    assert not event.archived
    assert "Medici, WBC test" in public.get("/").content.decode()


def test_an_archived_events_pages_still_answer_and_say_so(client, event):
    event.archived = True
    event.save()
    page = client.get("/e/wbc/")
    assert page.status_code == 200
    assert "This event is archived" in page.content.decode()


def test_its_gms_find_their_archived_events_on_the_list(gm_client, event):
    event.archived = True
    event.save()
    Event.objects.create(slug="theirs", name="Not mine", seed="t", archived=True)
    html = gm_client.get("/").content.decode()
    assert 'href="/e/wbc/gm/settings/">Medici, WBC test</a>' in html
    assert "Not mine" not in html


def test_the_gm_pages_say_the_event_is_archived(gm_client, event):
    event.archived = True
    event.save()
    assert 'id="archived-note"' in gm_client.get("/e/wbc/gm/").content.decode()


def test_an_assistant_may_not_archive(assistant_client, event):
    assert assistant_client.post(ARCHIVE).status_code == 403
    event.refresh_from_db()
    assert not event.archived


def test_archiving_is_a_post(gm_client, event):
    assert gm_client.get(ARCHIVE).status_code == 405


def test_the_dashboard_deletes_a_heat_nobody_is_checked_in_to(gm_client, event, heat):
    check_in(heat, names(8))
    create_heat(event)
    html = gm_client.get("/e/wbc/gm/").content.decode()
    assert 'action="/e/wbc/gm/round/2/delete/"' in html
    assert 'action="/e/wbc/gm/round/1/delete/"' not in html
    response = gm_client.post("/e/wbc/gm/round/2/delete/")
    assert response["Location"] == "/e/wbc/gm/"
    assert said(response) == "Heat 2 deleted."
    assert list(Round.objects.values_list("number", flat=True)) == [1]


def test_a_heat_with_players_checked_in_is_not_deleted(gm_client, event, heat):
    check_in(heat, names(2))
    response = gm_client.post("/e/wbc/gm/round/1/delete/")
    assert response["Location"] == "/e/wbc/gm/round/1/"
    assert said(response) == (
        "Heat 1 was not deleted: 2 players are checked in to it (or marked late "
        "or absent). Only a heat nobody is checked in to can be deleted."
    )
    assert Round.objects.filter(pk=heat.pk).exists()


def test_a_heat_deleted_already_is_a_message(gm_client, event, heat):
    gm_client.post("/e/wbc/gm/round/1/delete/", follow=True)  # message shown
    response = gm_client.post("/e/wbc/gm/round/1/delete/")
    assert said(response) == "There is no round '1' (deleted already?)."


def test_an_assistant_may_not_delete_a_heat(assistant_client, event, heat):
    assert assistant_client.post("/e/wbc/gm/round/1/delete/").status_code == 403
    assert Round.objects.filter(pk=heat.pk).exists()
