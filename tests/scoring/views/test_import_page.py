"""The results import page: staff only, errors shown with lines, replace needs a GM."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from scoring.models import PlayerRecord

pytestmark = pytest.mark.django_db

URL = "/e/wbc/gm/import/"
CSV = "heat,table,player,final\n1,1,Ann,90\n1,1,Ben,80\n1,1,Cy,70\n1,1,Di,60\n"


def test_anonymous_users_are_sent_to_log_in(client, event):
    response = client.get(URL)
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")
    assert client.post(URL, {"text": CSV}).status_code == 302
    assert not PlayerRecord.objects.exists()


def test_users_without_a_role_are_refused(client, event, stranger):
    client.force_login(stranger)
    assert client.get(URL).status_code == 403
    assert client.post(URL, {"text": CSV}).status_code == 403
    assert not PlayerRecord.objects.exists()


def test_a_gm_of_another_event_is_refused(client, event, stranger):
    from heats.models import Event

    Event.objects.create(slug="other", name="Other").gms.add(stranger)
    client.force_login(stranger)
    assert client.post(URL, {"text": CSV}).status_code == 403


def test_a_gm_imports_a_pasted_file(client, event, gm):
    client.force_login(gm)
    response = client.post(URL, {"text": CSV})
    assert response.status_code == 302
    assert response["Location"] == "/e/wbc/"
    assert PlayerRecord.objects.get(seat__player__name="Ann").place == 1


def test_an_assistant_cannot_seat_a_heat_by_importing_it(client, event, assistant):
    client.force_login(assistant)
    response = client.post(URL, {"text": CSV})
    assert response.status_code == 403
    assert (
        "Only the GMs of Medici, WBC test may seat a round. "
        "The file has tables the app has not seated: Heat 1 table 1."
    ) in response.content.decode()
    assert not PlayerRecord.objects.exists()
    assert not event.rounds.exists()


def test_an_uploaded_file_with_errors_shows_each_line(client, event, gm):
    client.force_login(gm)
    bad = CSV.replace("Ben,80", "Ben,eighty").replace("Di,60", "Di,-1")
    upload = SimpleUploadedFile("r.csv", bad.encode(), content_type="text/csv")
    response = client.post(URL, {"file": upload})
    assert response.status_code == 200
    html = response.content.decode()
    assert "line 3, column final: &#x27;eighty&#x27; is not a whole number" in html
    assert "line 5, column final: -1 is below 0" in html
    assert not PlayerRecord.objects.exists()


def test_replacing_needs_a_gm(client, event, gm, assistant):
    client.force_login(gm)
    client.post(URL, {"text": CSV})
    client.force_login(assistant)
    changed = CSV.replace("Di,60", "Di,99")
    refused = client.post(URL, {"text": changed, "replace": "on"})
    assert refused.status_code == 403
    assert "Only the GMs of Medici, WBC test may change saved results." in (
        refused.content.decode()
    )
    assert PlayerRecord.objects.get(seat__player__name="Di").final == 60
    response = client.post(URL, {"text": changed})
    assert (
        "The file contradicts 1 saved record; nothing was saved. To overwrite it,"
        in response.content.decode()
    )
    client.force_login(gm)
    assert client.post(URL, {"text": changed, "replace": "on"}).status_code == 302
    assert PlayerRecord.objects.get(seat__player__name="Di").final == 99


def test_the_form_is_csrf_protected(event, gm):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(gm)
    assert client.post(URL, {"text": CSV}).status_code == 403
    assert not PlayerRecord.objects.exists()


def test_a_file_and_pasted_text_together_are_refused(client, event, gm):
    client.force_login(gm)
    upload = SimpleUploadedFile("r.csv", CSV.encode(), content_type="text/csv")
    response = client.post(URL, {"file": upload, "text": CSV})
    assert "Give a file or pasted text, not both" in response.content.decode()
    assert not PlayerRecord.objects.exists()
