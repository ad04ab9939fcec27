"""The public queue (medici_tourney.public_gate): while as many readers as it has
slots are in Django, the next reader is answered 503 with Retry-After at once (or
the page's stored answer), and a GM's requests go through."""

from __future__ import annotations

import io
import re
import threading
from urllib.parse import urlencode

import pytest

from heats.models import Player, Round, RoundKind
from heats.services.checkin import check_in
from heats.services.seating import seat_round
from medici_tourney import public_gate
from medici_tourney.public_gate import PublicGate, slots_from_environment
from medici_tourney.wsgi import application
from scoring.models import PlayerRecord
from scoring.services import semi_final as rounds

HIDDEN = re.compile(r'<input type="hidden" name="(\w+)" value="([^"]*)"')


def call(app, path: str, method: str = "GET", cookie: str = "", form=None):
    """``(status, headers, body, header list)`` of ``app`` for one request."""
    body = urlencode(form or {}).encode()
    environ = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "QUERY_STRING": "",
        "SERVER_NAME": "testserver",
        "SERVER_PORT": "80",
        "HTTP_HOST": "testserver",
        "HTTP_COOKIE": cookie,
        "CONTENT_TYPE": "application/x-www-form-urlencoded",
        "CONTENT_LENGTH": str(len(body)),
        "wsgi.input": io.BytesIO(body),
        "wsgi.url_scheme": "http",
    }
    answer: list = []
    result = app(environ, lambda s, h, e=None: answer.extend([s, h]))
    return answer[0], dict(answer[1]), b"".join(result), answer[1]


class Held:
    """A stand-in for Django whose public answers wait until ``release`` is set."""

    def __init__(self) -> None:
        self.inside = threading.Semaphore(0)
        self.release = threading.Event()

    def __call__(self, environ, start_response):
        if environ["PATH_INFO"].startswith("/e/demo/kiosk"):
            self.inside.release()
            self.release.wait(10)
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"answered"]


@pytest.mark.parametrize("slots", [1, 3])
def test_readers_beyond_the_slots_get_503_and_gm_requests_pass(settings, slots):
    django = Held()
    gate = PublicGate(django, slots)
    readers = [
        threading.Thread(target=call, args=(gate, "/e/demo/kiosk/"))
        for _ in range(slots)
    ]
    for reader in readers:
        reader.start()
    for _ in readers:
        assert django.inside.acquire(timeout=10)  # every slot is taken
    try:
        status, headers, body, _ = call(gate, "/e/demo/")
        assert status == "503 Service Unavailable"
        assert headers["Retry-After"] == str(public_gate.RETRY_AFTER)
        assert headers["Cache-Control"] == "no-store"
        assert b'http-equiv="refresh"' in body
        session = f"{settings.SESSION_COOKIE_NAME}=abc"
        for path, method, cookie in [
            ("/e/demo/gm/round/1/table/1/results/", "POST", session),
            ("/e/demo/", "GET", session),  # a logged-in GM reading the standings
            ("/e/demo/gm/", "GET", ""),  # on the way to the login form
            ("/accounts/login/", "GET", ""),
            ("/accounts/login/", "POST", ""),
            ("/static/css/kiosk.css", "GET", ""),
        ]:
            assert call(gate, path, method, cookie)[0] == "200 OK", (path, method)
    finally:
        django.release.set()
        for reader in readers:
            reader.join(10)
    assert call(gate, "/e/demo/")[0] == "200 OK"  # a slot is free again


def test_the_bound_comes_from_the_environment():
    assert slots_from_environment({}) == public_gate.DEFAULT_SLOTS
    assert slots_from_environment({"MEDICI_PUBLIC_SLOTS": " 6 "}) == 6
    assert slots_from_environment({"MEDICI_PUBLIC_SLOTS": "0"}) == 1
    with pytest.raises(ValueError):
        slots_from_environment({"MEDICI_PUBLIC_SLOTS": "many"})


def busy_answer(query: str = "", accept: str = "") -> tuple[str, str]:
    """The status and page of a reader who found the queue's one slot taken."""
    gate = PublicGate(Held(), 1)
    gate.free.acquire()
    environ = {"REQUEST_METHOD": "GET", "PATH_INFO": "/e/demo/", "QUERY_STRING": query}
    environ["HTTP_ACCEPT_LANGUAGE"] = accept
    answer: list = []
    body = gate(environ, lambda s, h, e=None: answer.append(s))
    return answer[0], b"".join(body).decode()


@pytest.mark.parametrize(
    ("query", "accept", "lang", "text"),
    [
        ("", "", "en", "the page comes back in 1 second."),
        ("lang=de", "fr", "de", "sie ist in 1 Sekunde wieder da."),
        ("", "xx, fr-CH;q=0.9, de;q=0.8", "fr", "elle revient dans 1 seconde."),
        ("lang=zh-hans", "", "zh-hans", "1秒后恢复。"),
        # The weights decide, as on the pages (Django's reading of the header):
        # the first language listed was the busy page's.
        ("", "fr;q=0.1, de;q=0.9", "de", "sie ist in 1 Sekunde wieder da."),
    ],
)
def test_the_busy_page_speaks_the_readers_language(query, accept, lang, text):
    status, page = busy_answer(query, accept)
    assert status.startswith("503")
    assert f"<html lang={lang}>" in page
    assert text in page


@pytest.fixture
def full_queue(demo_event):
    """``make serve``'s application with every slot of its public queue taken."""
    gate = application.app
    application.pages.clear()
    for _ in range(gate.slots):
        gate.free.acquire()
    yield demo_event
    for _ in range(gate.slots):
        gate.free.release()


@pytest.mark.django_db(transaction=True)
def test_a_reader_gets_the_stored_page_rather_than_503(demo_event, monkeypatch):
    application.pages.clear()
    first = call(application, "/e/demo/standings.json")
    monkeypatch.setattr(application, "REFRESH", 0.0)  # a change goes to Django
    winner = Player.objects.get(event=demo_event, name="Greer Eastwick")
    rounds.mark_semi(demo_event, winner, present=False)
    monkeypatch.setattr(application.app, "free", threading.BoundedSemaphore(1))
    application.app.free.acquire()
    assert call(application, "/e/demo/standings.json") == first
    status, headers, _, _ = call(application, "/e/demo/kiosk/")  # never stored
    assert status.startswith("503") and "Retry-After" in headers


@pytest.mark.django_db(transaction=True)
def test_a_gm_saves_a_result_while_the_public_queue_is_full(
    full_queue, client, event, gm, settings
):
    heat = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(heat, [(name, "") for name in ("Ann", "Ben", "Cy", "Di", "Ed")])
    seat_round(heat, seed=1)
    client.force_login(gm)
    session = f"{settings.SESSION_COOKIE_NAME}={client.cookies['sessionid'].value}"
    path = f"/e/wbc/gm/round/{heat.code}/table/1/results/"
    status, _, page, headers = call(application, path, cookie=session)
    assert status.startswith("200")
    cookies = [v.split(";")[0].strip() for h, v in headers if h == "Set-Cookie"]
    csrf = next(c for c in cookies if c.startswith(settings.CSRF_COOKIE_NAME))
    form = dict(HIDDEN.findall(page.decode()))
    form |= {f"final_{n}": str(f) for n, f in enumerate([83, 60, 100, 55, 70], 1)}
    status, _, _, _ = call(application, path, "POST", f"{session}; {csrf}", form)
    assert status.startswith("302")
    assert PlayerRecord.objects.filter(seat__round=heat, final=100).count() == 1
    assert call(application, "/e/demo/kiosk/")[0].startswith("503")
