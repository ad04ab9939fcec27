"""The public pages' WSGI repeat (medici_tourney.public_pages.PublicPagesWSGI): an
unchanged public answer is repeated with Django's own headers; a change (once the
answer is due), a session, a cookie-setting answer or another method goes to
Django."""

from __future__ import annotations

import io
import json
import random
import string
from urllib.parse import urlencode

import pytest
from django.core.handlers.wsgi import WSGIHandler

from heats.models import Player
from medici_tourney import public_cache, public_pages
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
    application.clear()
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


@pytest.mark.parametrize(
    ("making", "due"), [(0.0, 0.0), (0.05, 0.5), (0.1, 1.0), (1.0, 1.0)]
)
def test_a_change_is_served_once_the_answer_is_ten_times_as_old_as_its_making(
    repeat, monkeypatch, making, due
):
    """At most ``MAX_STALE`` (1 s) old, so a change reaches the screens within
    2 s with their polling: a page Django takes 0.05 s to answer is asked for
    again 0.5 s after a change, one taking 0.1 s or more after 1 s."""
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


def stored_queries() -> list[str]:
    """The queries of the stored answers, oldest first."""
    return [key[-1] for key in application.pages]


def test_the_store_is_bounded_in_answers(repeat, monkeypatch):
    monkeypatch.setattr(public_pages.PublicPagesWSGI, "LIMIT", 2)
    for heat in (1, 2, 3):
        get("/e/demo/seating.json", QUERY_STRING=f"round={heat}")
    assert stored_queries() == ["round=2", "round=3"]  # the oldest dropped


def test_the_store_is_bounded_in_bytes(repeat, settings):
    # The seating feeds of heats 1-3 (50, 54 and 56 players): two fit in 2.5
    # times the first one's bytes (body, headers and key), three do not.
    get("/e/demo/seating.json", QUERY_STRING="round=1")
    first = application.size
    application.clear()
    settings.PUBLIC_PAGES_BYTES = int(2.5 * first)
    for heat in (1, 2, 3):
        get("/e/demo/seating.json", QUERY_STRING=f"round={heat}")
    assert stored_queries() == ["round=2", "round=3"]
    bodies = sum(len(answer.body) for answer in application.pages.values())
    assert bodies <= application.size <= settings.PUBLIC_PAGES_BYTES


JUNK_NAMES = ["x", "utm_source", "fbclid", "page", "sort", "lang", "v", "_", "a[]"]
PAGES = ["/e/demo/", "/e/demo/standings.json", "/e/demo/kiosk/", "/e/demo/find/"]


def junk_query(chance: random.Random) -> str:
    """One to three parameters no public page reads, with random values."""
    names = chance.sample(JUNK_NAMES, chance.randint(1, 3))
    return urlencode(
        [(name + str(chance.randint(0, 99)), token(chance)) for name in names]
    )


def token(chance: random.Random) -> str:
    return "".join(chance.choices(string.ascii_letters + "é/&=?", k=12))


JUNK_REQUESTS = 600  # more than the old store's 512 answers: all would be kept


def test_junk_query_strings_store_nothing_and_get_the_page(repeat):
    plain = {path: get(path)[2] for path in PAGES}
    chance = random.Random(16)
    for _ in range(JUNK_REQUESTS):
        path = chance.choice(PAGES)
        status, _, body = get(path, QUERY_STRING=junk_query(chance))
        assert (status[:3], body) == ("200", plain[path]), path
    assert stored_queries() == [""] * len(PAGES)  # the plain pages alone
    assert application.size <= sum(map(len, plain.values())) + 4 * 4096
    # The kiosk's panel still tells the kiosk that nothing changed.
    version = get("/e/demo/kiosk/panel/")[1]["X-Event-Version"]
    assert get("/e/demo/kiosk/panel/", QUERY_STRING=f"v={version}")[0][:3] == "204"


def test_the_parameters_a_page_reads_are_kept_in_the_key(repeat):
    one = get("/e/demo/seating.json", QUERY_STRING="round=1")[2]
    two = get("/e/demo/seating.json", QUERY_STRING="round=2")[2]
    assert json.loads(one)["round"]["code"] == "1"
    assert json.loads(two)["round"]["code"] == "2"
    for query in ("x=9&round=1", "round=%31", "round=1&utm_source=mail"):
        assert get("/e/demo/seating.json", QUERY_STRING=query)[2] == one, query
    assert stored_queries() == ["round=1", "round=2"]


def test_a_sortable_page_is_sorted_as_asked(repeat):
    # The public seating sorts its tables (django-tables2's ?<prefix>sort=); it
    # is not one of the stored pages.
    def by_name(query: str) -> str:
        page = get("/e/demo/round/1/seating/", QUERY_STRING=query)[2].decode()
        return page[page.index('id="by-name"') : page.index('id="by-table"')]

    ascending, descending = by_name("names-sort=player"), by_name("names-sort=-player")
    first, last = "Avery Birchwood", "Zion Pemberton"  # heat 1, A to Z
    assert ascending.index(first) < ascending.index(last)
    assert descending.index(last) < descending.index(first)
    assert application.pages == {}


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
