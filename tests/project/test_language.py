"""Which language a page speaks (medici_tourney.language): ``?lang=``, the menu's
cookie, the event's language, the browser's; and the public caches keep one copy
per language (issue: the room in the players' languages)."""

from __future__ import annotations

import io
import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import translation

from heats.core.errors import UserError
from heats.models import Event
from heats.services.event_admin import update_settings
from medici_tourney.language import environ_language, requested_language, supported
from medici_tourney.wsgi import application

COOKIE = settings.LANGUAGE_COOKIE_NAME


def set_language(event, code: str) -> None:
    """The event's language set as its GM does (audited, so its pages change)."""
    user = get_user_model().objects.create_user(f"gm-{code}", password="pw-12345-x")
    event.gms.add(user)
    assert update_settings(event, {"language": code}, user=user)


def html_lang(response) -> str:
    body = response.content.decode() if hasattr(response, "content") else response
    return re.search(r'<html lang="([^"]+)"', body)[1]


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("de", "de"),
        ("DE-de", "de"),
        ("fr-CA", "fr"),
        ("zh-Hans", "zh-hans"),
        ("en-US", "en"),
        ("xx", None),
        ("", None),
        (None, None),
        ("de" * 20, None),
    ],
)
def test_supported_codes(code, expected):
    assert supported(code) == expected


def test_the_address_beats_the_cookie_and_the_kiosk_ignores_the_cookie():
    assert requested_language("/e/x/standings/", "fr", "de") == "fr"
    assert requested_language("/e/x/standings/", None, "de") == "de"
    assert requested_language("/e/x/standings/", "klingon", "de") == "de"
    assert requested_language("/e/x/kiosk/", None, "de") == ""
    assert requested_language("/e/x/kiosk/", "de", "fr") == "de"


def test_environ_language_reads_the_query_and_the_cookie():
    environ = {"PATH_INFO": "/e/x/", "QUERY_STRING": "lang=zh-hans"}
    assert environ_language(environ) == "zh-hans"
    environ = {"PATH_INFO": "/e/x/", "HTTP_COOKIE": f"a=1; {COOKIE}=fr"}
    assert environ_language(environ) == "fr"
    assert environ_language({"PATH_INFO": "/e/x/", "HTTP_COOKIE": 'x="'}) == ""


@pytest.mark.django_db
def test_public_pages_speak_the_events_language(client, demo_event):
    assert html_lang(client.get("/e/demo/")) == "en"
    set_language(demo_event, "de")
    response = client.get("/e/demo/")
    assert html_lang(response) == "de"
    assert response["Content-Language"] == "de"
    assert html_lang(client.get("/e/demo/kiosk/")) == "de"


@pytest.mark.django_db
def test_an_unknown_language_is_refused_naming_the_field(demo_event):
    with pytest.raises(UserError, match="(?i)language"):
        set_language(demo_event, "tlh")


@pytest.mark.django_db
def test_a_visitors_choice_beats_the_events_but_not_on_the_kiosk(client, demo_event):
    set_language(demo_event, "de")
    client.cookies[COOKIE] = "fr"
    assert html_lang(client.get("/e/demo/")) == "fr"
    assert html_lang(client.get("/e/demo/kiosk/")) == "de"
    assert html_lang(client.get("/e/demo/kiosk/?lang=zh-hans")) == "zh-hans"
    assert html_lang(client.get("/e/demo/kiosk/?lang=tlh")) == "de"


@pytest.mark.django_db
def test_gm_pages_stay_english_whatever_the_events_language(client, demo_event, gm):
    set_language(demo_event, "de")
    demo_event.gms.add(gm)
    client.force_login(gm)
    client.cookies[COOKIE] = "xx"
    response = client.get("/e/demo/gm/", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 200
    assert html_lang(response) == "en"


@pytest.mark.django_db
def test_other_pages_follow_the_browser(client, demo_event):
    assert html_lang(client.get("/", HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9")) == "fr"
    assert html_lang(client.get("/", HTTP_ACCEPT_LANGUAGE="ja")) == "en"


@pytest.mark.django_db
def test_the_menu_posts_the_choice_and_returns_to_the_page(client, demo_event):
    page = client.get("/e/demo/?lang=de").content.decode()
    assert 'action="/language/"' in page
    assert 'name="next" value="/e/demo/"' in page  # without ?lang=
    response = client.post("/language/", {"language": "zh-hans", "next": "/e/demo/"})
    assert response.status_code == 302 and response["Location"] == "/e/demo/"
    assert client.cookies[COOKIE].value == "zh-hans"
    assert html_lang(client.get("/e/demo/")) == "zh-hans"
    away = client.post(
        "/language/", {"language": "de", "next": "https://evil.example/"}
    )
    assert away["Location"] == "/"
    assert client.get("/language/?language=de").status_code == 405  # no GET writes


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/e/demo/", "/e/demo/kiosk/"])
def test_the_django_cache_keeps_one_copy_per_language(client, demo_event, path):
    assert html_lang(client.get(path + "?lang=de")) == "de"
    assert html_lang(client.get(path)) == "en"  # not the cached German copy
    assert html_lang(client.get(path + "?lang=de")) == "de"
    if "kiosk" not in path:
        client.cookies[COOKIE] = "fr"
        assert html_lang(client.get(path)) == "fr"
        del client.cookies[COOKIE]
    assert html_lang(client.get(path)) == "en"


def wsgi_get(path: str, query: str = "", cookie: str = "") -> str:
    environ = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "SERVER_NAME": "testserver",
        "SERVER_PORT": "80",
        "HTTP_HOST": "testserver",
        "wsgi.input": io.BytesIO(),
        "wsgi.url_scheme": "http",
    }
    if cookie:
        environ["HTTP_COOKIE"] = cookie
    answer: list = []
    body = b"".join(application(environ, lambda s, h, e=None: answer.extend([s, h])))
    assert answer[0].startswith("200"), answer[0]
    return body.decode()


@pytest.mark.django_db(transaction=True)
def test_the_wsgi_repeat_keeps_one_copy_per_language(demo_event):
    application.clear()
    path = "/e/demo/"
    assert html_lang(wsgi_get(path, "lang=de")) == "de"
    assert html_lang(wsgi_get(path)) == "en"
    assert html_lang(wsgi_get(path, cookie=f"{COOKIE}=fr")) == "fr"
    assert html_lang(wsgi_get(path, "lang=de")) == "de"  # repeated
    assert html_lang(wsgi_get(path)) == "en"
    assert len(application.pages) == 3
    application.clear()


@pytest.mark.django_db
def test_an_event_file_carries_the_language_and_older_files_mean_english(demo_event):
    from scoring.services import transfer

    set_language(demo_event, "fr")
    document = transfer.loads(transfer.dumps(transfer.export_event(demo_event)))
    transfer.import_event(document, slug="copy")
    assert Event.objects.get(slug="copy").language == "fr"
    for item in document["objects"]:
        if item["model"] == "heats.event":
            del item["fields"]["language"]
    transfer.import_event(document, slug="older")
    assert Event.objects.get(slug="older").language == "en"
    for item in document["objects"]:
        if item["model"] == "heats.event":
            item["fields"]["language"] = "tlh"
    with pytest.raises(UserError, match="language"):
        transfer.import_event(document, slug="bad")


# Headings of the kiosk's results screen, in English.
KIOSK_HEADINGS = (
    "Standings",
    "Find your table<br>on your phone:",
    "Alternates waiting, in call order",
    "Alternates in the semi-final",
)


@pytest.mark.django_db
@pytest.mark.parametrize("code", ["de", "fr", "zh-hans"])
def test_the_kiosk_with_lang_shows_its_headings_in_that_language(
    client, demo_event, code
):
    """The shipped catalogues, not a fake one: ``/e/<event>/kiosk/?lang=de``."""
    page = client.get(f"/e/demo/kiosk/?lang={code}").content.decode()
    assert html_lang(page) == code
    for english in KIOSK_HEADINGS:
        with translation.override(code):
            translated = translation.gettext(english)
        assert translated != english
        assert translated in page and english not in page


@pytest.mark.django_db
def test_the_german_kiosk_says_rangliste(client, demo_event):
    page = client.get("/e/demo/kiosk/?lang=de").content.decode()
    assert "Rangliste" in page and "Vorrundensieger" in page
    assert "95,6\u00a0%" in page  # Marlo Juniper's percentage, German style
