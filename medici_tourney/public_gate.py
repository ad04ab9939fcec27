"""The public queue: a bound on how many public requests one server process hands to
Django at once, so a GM saving a result never waits behind a crowd of readers.

Words:

public request
    A GET or HEAD without a session cookie, for anything but the login pages
    (``/accounts/``), the admin, the static files, an event's GM pages
    (``/e/<event>/gm/``) and its version feed (``/e/<event>/version.json``):
    kiosks, phones and visitors reading the standings, the feeds, the clock.
    The version feed, polled every second by every open screen, is answered
    from the version memo (``medici_tourney.public_cache.current_version``,
    at most one query per process every quarter second) in a few
    milliseconds, so it never waits for a slot: a screen learns of a change
    however busy the pages are. A GM is logged in (a session cookie), so every GM
    request, and a GM's way to the login form, passes by the queue. (So does
    anyone sending a made-up session cookie: the queue shares the server
    between GMs and a room of readers; it is no defence against an attack.)
slots
    How many public requests a process lets into Django at once
    (``MEDICI_PUBLIC_SLOTS``; ``make serve`` sets it, ``medici_tourney.ops.serve``).
    gunicorn gives a process ``--threads`` threads: the ones beyond the slots are
    left to GMs, however many readers come.
busy
    A public request arriving while every slot is taken is answered at once:
    ``503 Service Unavailable`` with ``Retry-After`` (seconds) and a page that
    reloads itself then. It does not wait: a waiting reader would hold one of the
    threads kept for GMs. :class:`~medici_tourney.public_pages.PublicPagesWSGI`,
    in front, answers it with the page's last rendering when it holds one known
    current less than ``SUBSTITUTE_AGE`` seconds ago, so a reader sees 503 only
    for what this process does not store (the clock's feed, a page not served
    yet or not lately, a screen's ``?v=`` when the stored copy is no newer than
    what it shows). The kiosk's panel and the
    clock poll again by themselves and keep what they show meanwhile.

A slot is held while Django makes the answer; no public page streams, so its body
is whole when Django returns.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable, Mapping
from wsgiref.types import StartResponse, WSGIApplication, WSGIEnvironment

from django.conf import settings
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import ngettext, pgettext
from django.utils.translation.trans_real import parse_accept_lang_header

from medici_tourney.language import environ_language, supported

# Public requests let into Django at once per process, unless MEDICI_PUBLIC_SLOTS
# says otherwise (make serve sets it to half a process's threads, one of two:
# medici_tourney.ops.serve).
DEFAULT_SLOTS = 2
# Seconds a busy reader is asked to wait (the screens poll every second).
RETRY_AFTER = 1
NOT_PUBLIC = re.compile(
    r"^/(accounts|admin|static)/|^/e/[-a-zA-Z0-9_]+/(gm/|version\.json$)"
)
BUSY_PAGE = (
    "<!doctype html><html lang={lang}><head><meta charset=utf-8>"
    '<meta http-equiv="refresh" content="{seconds}">'
    "<title>{title}</title></head><body><p>{text}</p></body></html>"
)


def slots_from_environment(environ: Mapping[str, str]) -> int:
    """``MEDICI_PUBLIC_SLOTS`` as a count of at least 1, else ``DEFAULT_SLOTS``;
    ValueError when it is not a whole number."""
    given = environ.get("MEDICI_PUBLIC_SLOTS", "").strip()
    return max(1, int(given)) if given else DEFAULT_SLOTS


def is_public(environ: WSGIEnvironment) -> bool:
    """Whether a WSGI request is a public request (see module doc)."""
    if environ.get("REQUEST_METHOD") not in ("GET", "HEAD"):
        return False
    if settings.SESSION_COOKIE_NAME in environ.get("HTTP_COOKIE", ""):
        return False
    return NOT_PUBLIC.match(environ.get("PATH_INFO", "")) is None


class PublicGate:
    """The WSGI application between the public pages' repeat and Django
    (``medici_tourney.wsgi``): at most ``slots`` public requests in Django at once
    in this process; the next ones are answered busy (``503``, ``Retry-After:
    retry_after``). Every other request goes straight to Django."""

    def __init__(
        self, app: WSGIApplication, slots: int, retry_after: int = RETRY_AFTER
    ) -> None:
        self.app = app
        self.slots = slots
        self.retry_after = retry_after
        self.free = threading.BoundedSemaphore(slots)

    def __call__(
        self, environ: WSGIEnvironment, start_response: StartResponse
    ) -> Iterable[bytes]:
        if not is_public(environ):
            return self.app(environ, start_response)
        if not self.free.acquire(blocking=False):
            return self.busy(environ, start_response)
        try:
            return self.app(environ, start_response)
        finally:
            self.free.release()

    def busy(
        self, environ: WSGIEnvironment, start_response: StartResponse
    ) -> list[bytes]:
        """The answer to a public request that found every slot taken, in the
        reader's language (:func:`busy_language`)."""
        body = busy_page(busy_language(environ), self.retry_after).encode()
        start_response(
            "503 Service Unavailable",
            [
                ("Content-Type", "text/html; charset=utf-8"),
                ("Content-Length", str(len(body))),
                ("Retry-After", str(self.retry_after)),
                ("Cache-Control", "no-store"),
                ("X-Frame-Options", settings.X_FRAME_OPTIONS),
                ("Content-Security-Policy", "default-src 'none'"),
            ],
        )
        return [body]


def busy_language(environ: WSGIEnvironment) -> str:
    """The language of the busy page: the one the page was asked for
    (``?lang=``, the menu's cookie: ``environ_language``), else the first of the
    browser's ``Accept-Language`` the site speaks (highest weight first), else
    the site's default. The event's own language would need the database, which
    the queue keeps away from."""
    chosen = environ_language(environ)
    if chosen:
        return chosen
    # Django's own reading of the header: by weight, as the pages read it.
    accepted = parse_accept_lang_header(environ.get("HTTP_ACCEPT_LANGUAGE", ""))
    spoken = (supported(code) for code, _weight in accepted[:10])
    return next((code for code in spoken if code), settings.LANGUAGE_CODE)


def busy_page(language: str, seconds: int) -> str:
    """The busy page in ``language``, asking to wait ``seconds``."""
    with translation.override(language):
        text = ngettext(
            "Many people are reading this right now; the page comes back in "
            "%(seconds)s second.",
            "Many people are reading this right now; the page comes back in "
            "%(seconds)s seconds.",
            seconds,
        ) % {"seconds": seconds}
        return BUSY_PAGE.format(
            lang=language,
            seconds=seconds,
            title=escape(pgettext("busy page title", "One moment")),
            text=escape(text),
        )
