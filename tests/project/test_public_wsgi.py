"""The public pages' WSGI repeat (medici_tourney.public_cache.PublicPagesWSGI): an
unchanged public answer is repeated with Django's own headers; a change (once the
answer is due), a session, a cookie-setting answer or another method goes to
Django."""

from __future__ import annotations

import io

import pytest
from django.core.handlers.wsgi import WSGIHandler

from heats.models import Player
from medici_tourney import public_cache
from medici_tourney.wsgi import application
from scoring.services import semi_final as rounds

pytestmark = pytest.mark.django_db(transaction=True)


def get(path: str, **extra) -> tuple[str, dict, bytes]:
    environ = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": path,
        "QUERY_STRING": "",
        "SERVER_NAME": "testserver",
        "SERVER_PORT": "80",
        "HTTP_HOST": "testserver",
        "wsgi.input": io.BytesIO(),
        "wsgi.url_scheme": "http",
        **extra,
    }
    answer: list = []
    body = b"".join(application(environ, lambda s, h, e=None: answer.extend([s, h])))
    return answer[0], dict(answer[1]), body


@pytest.fixture
def repeat(demo_event):
    application.pages.clear()
    return demo_event


def test_an_unchanged_page_is_repeated_with_djangos_headers(repeat, monkeypatch):
    status, headers, body = get("/e/demo/standings.json")
    assert status.startswith("200")
    assert len(application.pages) == 1
    calls = []
    monkeypatch.setattr(application, "app", lambda *a: calls.append(a))
    again = get("/e/demo/standings.json")
    assert calls == []  # Django was not asked
    assert again == (status, headers, body)
    assert "Content-Security-Policy" in headers and "X-Frame-Options" in headers


@pytest.mark.parametrize(("making", "due"), [(0.0, 0.0), (0.1, 1.0), (1.0, 5.0)])
def test_a_change_is_served_once_the_answer_is_ten_times_as_old_as_its_making(
    repeat, monkeypatch, making, due
):
    """At most ``MAX_STALE`` (5 s) old: a page Django takes 0.1 s to answer is
    asked for again no sooner than 1 s after a change, one taking 1 s after 5 s."""
    clock = [1000.0]
    monkeypatch.setattr(public_cache.time, "monotonic", lambda: clock[0])
    django = application.app

    def slow(environ, start_response):
        clock[0] += making
        return django(environ, start_response)

    monkeypatch.setattr(application, "app", slow)
    first = get("/e/demo/standings.json")[2]
    winner = Player.objects.get(event=repeat, name="Greer Eastwick")
    rounds.mark_semi(repeat, winner, present=False)  # clears the memo
    if due:
        clock[0] += due - 0.01
        assert get("/e/demo/standings.json")[2] == first
    clock[0] += 0.02
    second = get("/e/demo/standings.json")[2]
    assert b"Marlo Juniper" in second and second != first


def test_sessions_and_other_pages_go_to_django(repeat):
    get("/e/demo/standings.json", HTTP_COOKIE="sessionid=abc")
    get("/timer/")
    environ_post = {"REQUEST_METHOD": "HEAD"}
    get("/e/demo/", **environ_post)
    assert application.pages == {}


def test_the_store_is_bounded(repeat, monkeypatch):
    monkeypatch.setattr(public_cache.PublicPagesWSGI, "LIMIT", 2)
    for query in ("a=1", "a=2", "a=3"):
        get("/e/demo/standings.json", QUERY_STRING=query)
    assert len(application.pages) == 1


def test_an_https_answer_is_not_repeated_over_plain_http(repeat):
    # The kiosk's QR code holds the address it was opened with: a reader over
    # plain HTTP gets http://, whatever an earlier HTTPS reader was given.
    assert (
        b"https://testserver/e/demo/find/"
        in get("/e/demo/kiosk/", **{"wsgi.url_scheme": "https"})[2]
    )
    assert b"http://testserver/e/demo/find/" in get("/e/demo/kiosk/")[2]


def test_the_https_redirect_holds_for_repeated_answers(repeat, settings, monkeypatch):
    # DJANGO_SECURE=1 behind a proxy: a plain-HTTP request is redirected to
    # HTTPS, even after the same page went out over HTTPS.
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    monkeypatch.setattr(application, "app", WSGIHandler())  # reads the settings
    status, headers, _ = get("/e/demo/", HTTP_X_FORWARDED_PROTO="https")
    assert status.startswith("200")
    status, headers, _ = get("/e/demo/", HTTP_X_FORWARDED_PROTO="http")
    assert status.startswith("301")
    assert headers["Location"] == "https://testserver/e/demo/"


def test_the_django_cache_keeps_http_and_https_apart(demo_event, client):
    assert (
        b"https://testserver/e/demo/find/"
        in client.get("/e/demo/kiosk/", secure=True).content
    )
    assert b"http://testserver/e/demo/find/" in client.get("/e/demo/kiosk/").content


@pytest.mark.parametrize(
    "path", ["/e/demo/", "/e/demo/heat/1/", "/e/demo/kiosk/", "/e/demo/standings.json"]
)
def test_a_cache_hit_has_the_rendering_answers_headers(demo_event, client, path):
    # The second request is answered by PublicCacheMiddleware; Vary: Cookie (the
    # page differs for logged-in staff) and the length are those of the first.
    rendered, hit = client.get(path), client.get(path)
    assert dict(hit.items()) == dict(rendered.items())
    assert "Cookie" in hit["Vary"]
