"""A NUL character anywhere in a request (medici_tourney/nul_bytes.py) gets the
site's 400 page naming where it is, never a server error: PostgreSQL refuses NUL
even as a query parameter, so ``/timer/?event=%00`` and a report link with ``%00``
in its token were 500s there. The PostgreSQL pass runs these too."""

from __future__ import annotations

import html
from urllib.parse import quote

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import RequestFactory
from django.urls import reverse

from heats.models import Player, Round, RoundKind
from heats.services.checkin import check_in
from heats.services.seating import seat_round
from medici_tourney.nul_bytes import nul_place
from scoring.models import ReportLink, TableReport

pytestmark = pytest.mark.django_db

ADDRESS = "The address holds a NUL character (a zero byte), which no page"


def page(response) -> str:
    return " ".join(html.unescape(response.content.decode()).split())


def test_a_nul_in_the_timers_event_is_a_bad_request(client, event):
    response = client.get("/timer/?event=%00")
    assert response.status_code == 400
    assert ADDRESS in page(response)
    assert '<h1 class="h3 mb-3">Bad request</h1>' in page(response)
    assert "\x00" not in response.content.decode()


def test_a_nul_in_a_report_links_token_is_a_bad_request(client, event):
    heat = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(heat, [(name, "") for name in ("Ann", "Ben", "Cy", "Di", "Ed")])
    seat_round(heat, seed=1)
    token = ReportLink.objects.get().token
    kwargs = {"event": event.slug, "round": "1", "table": 1}
    for name in ("scoring:table-report", "scoring:table-report-check"):
        url = reverse(name, kwargs={**kwargs, "token": token[:20] + "\x00"})
        assert "%00" in url
        response = client.post(url, {"reporter": "1"})
        assert response.status_code == 400, name
        assert ADDRESS in page(response)
    assert not TableReport.objects.exists()


def test_a_nul_in_a_form_field_names_the_field(client, event, gm, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    client.force_login(gm)
    url = reverse("heats:round-paste", kwargs={"event": event.slug, "round": "1"})
    for multipart in (False, True):
        data = {"text": "Ann Lee\nBen\x00Bell"}
        response = (
            client.post(url, data)
            if multipart
            else client.post(
                url,
                "text=Ann+Lee%0ABen%00Bell",
                content_type="application/x-www-form-urlencoded",
            )
        )
        assert response.status_code == 400
        assert (
            "The form’s field “text” holds a NUL character (a zero byte), which no "
            "page of this site accepts: nothing was read or saved."
        ) in page(response)
    assert not Player.objects.exists()


def test_a_nul_in_a_gm_pages_query_is_a_bad_request(client, event, gm):
    client.force_login(gm)
    url = reverse("heats:player-search", kwargs={"event": event.slug})
    response = client.get(url + "?q=Ann%00")
    assert response.status_code == 400
    assert ADDRESS in page(response)
    response = client.get(reverse("heats:event-gm", kwargs={"event": event.slug}))
    assert response.status_code == 200


def test_a_nul_in_a_gm_pages_path_is_a_bad_request(client, event, gm):
    client.force_login(gm)
    response = client.get(f"/e/{event.slug}/gm/round/{quote(chr(0))}/")
    assert response.status_code == 400


def test_a_nul_in_a_cookie_names_the_cookie(client, event):
    client.cookies["sessionid"] = "abcdefgh\x00ijklmnop"
    response = client.get(f"/e/{event.slug}/")
    assert response.status_code == 400
    assert "The cookie “sessionid” holds a NUL character" in page(response)


def test_an_uploaded_files_contents_are_not_looked_at():
    upload = SimpleUploadedFile("results.xlsx", b"PK\x03\x04\x00\x00\x00")
    request = RequestFactory().post("/", {"file": upload, "note": "fine"})
    assert nul_place(request) is None


def test_a_request_without_nul_passes():
    request = RequestFactory().post("/?q=Ann", {"text": "Ann Lee\nBen Bell"})
    assert nul_place(request) is None


def test_the_page_speaks_the_visitors_language(client):
    response = client.get("/timer/?lang=de&event=%00")
    assert response.status_code == 400
    assert (
        "Die Adresse enthält ein NUL-Zeichen (ein Null-Byte), das keine Seite dieser "
        "Website annimmt"
    ) in page(response)
