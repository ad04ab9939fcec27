"""The public pages' repeat: a WSGI application in front of Django's
(``medici_tourney.wsgi``) that answers an unchanged public page again, byte for
byte and header for header, without building a Django request.

Words (see also ``medici_tourney.public_cache``: event version, memo, version
order):

stored answer
    A ``200`` GET answer carrying ``X-Event-Version`` (pages of
    ``cached_response``) and no ``Set-Cookie``, for a request without a
    session cookie, whose version was the event's current one (this process's
    memo) when Django gave it: a substitute Django served while another request
    rendered is passed on, never stored. Keyed by scheme (``wsgi.url_scheme``
    and the header of ``SECURE_PROXY_SSL_HEADER``, when set), the language
    chosen (``?lang=`` or the menu's cookie, read as Django reads them:
    ``medici_tourney.language.environ_language``), host, path, the query as
    the page reads it (:func:`page_query`) and whether gzip is accepted; with
    the seconds Django took to answer. A query holding a parameter the page
    does not read (``?x=1``, ``?utm_source=…``) is answered by Django, which
    keeps one rendering for all of them, and is never stored here: junk
    queries cannot fill a process's memory. A newer version of a page
    replaces the older one, never the reverse.
shown
    The screens' ``?v=``: the version the kiosk's panel or the phone view
    shows (static/js/kiosk.js, find.js). It is no part of the key: a request
    with it is answered from the stored answer only when that is newer than
    ``v`` (also in place of a ``503``), else by Django (the panel's ``204``:
    nothing new), whose answer is stored as the page's. So after a save, of
    the screens that all ask for the new version within the same second, the
    first in each process is answered by Django, the others from the store,
    and not ``503`` for want of a public slot (the load test of the
    convention floor, ``bench/bench_floor.py``).
confirmed
    When a stored answer was last known to be the current version: when it was
    stored, and each time it is served while the memo's version equals it.
served
    While this process's memo of the event's version (see "memo") is younger
    than ``VERSION_TTL`` and equals the stored answer's version; after a change,
    until the answer is ``REFRESH`` times as old as Django took to make it, and
    at most ``MAX_STALE`` seconds old; and instead of a ``503`` (the public
    queue was full, ``medici_tourney.public_gate``) while it was confirmed less
    than ``SUBSTITUTE_AGE`` seconds ago (an older one lets the ``503``, with
    its ``Retry-After``, through), and instead of the database's ``503``
    (``medici_tourney.database_down``) whatever its age, as nothing changes
    while the database is down. Why the wait after a change: every result
    saved is a new version, and a 1,000-player standings page takes 0.1 to
    0.5 s to render; rendered again after each of the saves GMs make every few
    tenths of a second, the pages took most of the processor and saves waited
    (the load test, ``bench/bench_load.py``). Waiting ten times the making, a
    process spends at most about a tenth of its time on each page, and a change
    is still shown within ``MAX_STALE`` (1 s) plus the screens' polling.
bounded
    At most ``settings.PUBLIC_PAGES_BYTES`` bytes and ``LIMIT`` answers, the
    oldest stored dropped first.

Everything else goes to Django, whose headers (CSP, security, framing) the
stored answer already holds.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl, unquote_plus, urlencode
from wsgiref.types import StartResponse, WSGIApplication, WSGIEnvironment

from django.conf import settings

from medici_tourney.database_down import HEADER as DOWN_HEADER
from medici_tourney.gzip import accepts_gzip
from medici_tourney.language import PARAM, environ_language, supported
from medici_tourney.public_cache import (
    EVENT_PATH,
    PARAMS_KEY,
    SHOWN,
    SUBSTITUTE_AGE,
    fresh_version,
    version_order,
)

if TYPE_CHECKING:
    from _typeshed import OptExcInfo

# Bytes a stored answer costs besides its own (the object, dict slot, key).
ENTRY_OVERHEAD = 512
# A page's key without its query (PublicPagesWSGI._base): event slug, language,
# scheme, the proxy's scheme header, host, path, whether gzip is accepted.
Base = tuple[str, str, str, str, str, str, bool]
# A stored answer's key: the Base and the page's query (page_query).
Key = tuple[str, str, str, str, str, str, bool, str]


@dataclass(slots=True)
class Stored:
    """A stored answer (module docstring): Django's status line, headers and
    body at ``version``; ``size`` in bytes (:func:`entry_size`); served after a
    change until ``until`` and last ``confirmed`` current at (both
    ``time.monotonic()``)."""

    version: str
    status: str
    headers: list[tuple[str, str]]
    body: bytes
    size: int
    until: float
    confirmed: float


class PublicPagesWSGI:
    """The WSGI application that repeats stored answers (module docstring)."""

    LIMIT = 512
    REFRESH = 10.0
    MAX_STALE = 1.0

    def __init__(self, app: WSGIApplication) -> None:
        self.app = app
        # key -> stored answer, oldest first
        self.pages: OrderedDict[Key, Stored] = OrderedDict()
        self.size = 0
        # path -> the query parameters its page reads (learned from Django)
        self.params: dict[str, frozenset[str]] = {}
        self.lock = threading.Lock()  # gthread workers store from many threads

    def clear(self) -> None:
        """Forget every stored answer and every page's parameters."""
        with self.lock:
            self.pages.clear()
            self.params.clear()
            self.size = 0

    def __call__(
        self, environ: WSGIEnvironment, start_response: StartResponse
    ) -> Iterable[bytes]:
        base = self._base(environ)
        if base is None:
            return self.app(environ, start_response)
        query_string, shown = split_shown(environ.get("QUERY_STRING", ""))
        params = self.params.get(environ["PATH_INFO"])
        stored = None
        if params is not None:
            query = page_query(query_string, params)
            if query is None:
                return self.app(environ, start_response)
            stored = self.pages.get((*base, query))
            if stored is not None and not _newer(stored.version, shown):
                stored = None  # nothing new for this screen: Django answers
            if stored is not None and self._servable(base[0], stored):
                start_response(stored.status, stored.headers)
                return [stored.body]
        return self._store(base, stored, environ, start_response)

    @staticmethod
    def _servable(slug: str, stored: Stored) -> bool:
        """Whether ``stored`` may be served now (module docstring, "served"),
        confirming it when it is current."""
        fresh = fresh_version(slug)
        now = time.monotonic()
        if fresh is not None and fresh[1] == stored.version:
            stored.confirmed = now
            return True
        return now < stored.until

    def _base(self, environ: WSGIEnvironment) -> Base | None:
        """The key of the page without its query, None when nothing may be
        stored for this request."""
        if environ.get("REQUEST_METHOD") != "GET":
            return None
        if settings.SESSION_COOKIE_NAME in environ.get("HTTP_COOKIE", ""):
            return None
        match = EVENT_PATH.match(environ.get("PATH_INFO", ""))
        if match is None:
            return None
        gzip = accepts_gzip(environ.get("HTTP_ACCEPT_ENCODING", ""))
        host = environ.get("HTTP_HOST", "")
        proxy = settings.SECURE_PROXY_SSL_HEADER
        return (
            match["slug"],
            environ_language(environ),
            environ.get("wsgi.url_scheme", ""),
            environ.get(proxy[0], "") if proxy else "",
            host,
            environ["PATH_INFO"],
            gzip,
        )

    def _store(
        self,
        base: Base,
        stored: Stored | None,
        environ: WSGIEnvironment,
        start_response: StartResponse,
    ) -> Iterable[bytes]:
        seen: list[Any] = []  # [status, headers] once Django started its answer
        stand_in = stored is not None and (
            time.monotonic() - stored.confirmed <= SUBSTITUTE_AGE
        )

        def replaced(status: str, headers: list[tuple[str, str]]) -> bool:
            # A 503 of a busy queue takes a recent answer; the database's, any:
            # nothing changes while it is down (public_cache, "database down").
            down = any(name == DOWN_HEADER for name, _ in headers)
            return status.startswith("503") and (stand_in or down) and bool(stored)

        def capture(
            status: str,
            headers: list[tuple[str, str]],
            exc_info: OptExcInfo | None = None,
        ) -> Any:
            seen[:] = [status, headers]
            if replaced(status, headers):
                return None  # the stored answer is sent instead
            return start_response(status, headers, exc_info)

        start = time.monotonic()
        result = self.app(environ, capture)
        if seen and replaced(*seen):
            assert stored is not None
            if hasattr(result, "close"):
                result.close()
            start_response(stored.status, stored.headers)
            return [stored.body]
        if not seen or not seen[0].startswith("200"):
            return result
        return self._kept(base, environ, seen, result, start)

    def _kept(
        self,
        base: Base,
        environ: WSGIEnvironment,
        seen: list[Any],
        result: Iterable[bytes],
        start: float,
    ) -> Iterable[bytes]:
        """A 200 answer (``seen``: its status and headers) stored when it is of
        the event's current version, for a page and query worth keeping, and
        sent; otherwise sent as it came."""
        names = {name.lower(): value for name, value in seen[1]}
        params = environ.get(PARAMS_KEY)
        if "x-event-version" not in names or "set-cookie" in names or params is None:
            return result
        params = frozenset(params)
        query = page_query(split_shown(environ.get("QUERY_STRING", ""))[0], params)
        fresh = fresh_version(base[0])
        if query is None or fresh is None or fresh[1] != names["x-event-version"]:
            self._learn(environ["PATH_INFO"], params)
            return result  # junk query, or not the current version: not stored
        body = b"".join(result)
        if hasattr(result, "close"):
            result.close()
        now = time.monotonic()
        until = now + min(self.MAX_STALE, self.REFRESH * (now - start))
        answer = Stored(fresh[1], seen[0], list(seen[1]), body, 0, until, now)
        self._keep(environ["PATH_INFO"], params, (*base, query), answer)
        return [body]

    def _learn(self, path: str, params: frozenset[str]) -> None:
        with self.lock:
            if path not in self.params and len(self.params) >= self.LIMIT:
                self.params.clear()
            self.params[path] = params

    def _keep(
        self, path: str, params: frozenset[str], key: Key, answer: Stored
    ) -> None:
        """Store ``answer`` under ``key`` unless a newer version is stored there,
        dropping the oldest answers while over the bounds."""
        budget = settings.PUBLIC_PAGES_BYTES
        answer.size = entry_size(key, answer)
        self._learn(path, params)
        with self.lock:
            old = self.pages.get(key)
            if old and version_order(old.version) > version_order(answer.version):
                return
            if old:
                del self.pages[key]
                self.size -= old.size
            if answer.size > budget:
                return
            while self.pages and (
                self.size + answer.size > budget or len(self.pages) >= self.LIMIT
            ):
                self.size -= self.pages.popitem(last=False)[1].size
            self.pages[key] = answer
            self.size += answer.size


def entry_size(key: Key, answer: Stored) -> int:
    """About the bytes a stored answer holds: body, headers, status and key."""
    texts = [
        answer.version,
        answer.status,
        *(f"{n}{v}" for n, v in answer.headers),
        *map(str, key),
    ]
    return len(answer.body) + sum(len(text) for text in texts) + ENTRY_OVERHEAD


def split_shown(query_string: str) -> tuple[str, str | None]:
    """``query_string`` without its ``v`` (the version the asking screen shows,
    ``medici_tourney.public_cache.SHOWN``), and that version (the last given,
    as Django reads it), None when there is none."""
    kept, shown = [], None
    for pair in query_string.split("&"):
        name, _, value = pair.partition("=")
        if unquote_plus(name) == SHOWN:
            shown = unquote_plus(value)
        else:
            kept.append(pair)
    return "&".join(kept), shown


def _newer(version: str, shown: str | None) -> bool:
    """Whether an answer at ``version`` is news to a screen showing ``shown``
    (None: a plain request, which any answer is)."""
    return shown is None or version_order(version) > version_order(shown)


def page_query(query_string: str, params: Collection[str]) -> str | None:
    """``query_string`` (WSGI's ``QUERY_STRING``) as a page reading only
    ``params`` sees it: its pairs sorted by name (the values of one name kept in
    order) and encoded again, ``""`` for none; None when it holds another
    parameter or Django would not read it (too many fields). Decoded as Django
    decodes ``request.GET``, so two queries with one result are one page; and
    ``lang`` as the view keeps it (its last value as a code of the site's, or
    none: ``medici_tourney.public_cache``, "page key")."""
    try:
        text = query_string.encode("latin-1").decode("utf-8", "replace")
        pairs = parse_qsl(
            text,
            keep_blank_values=True,
            max_num_fields=settings.DATA_UPLOAD_MAX_NUMBER_FIELDS,
        )
    except (UnicodeEncodeError, ValueError):
        return None
    if any(name not in params for name, _ in pairs):
        return None
    chosen = supported(next((v for n, v in reversed(pairs) if n == PARAM), None))
    pairs = [pair for pair in pairs if pair[0] != PARAM]
    pairs += [(PARAM, chosen)] if chosen else []
    return urlencode(sorted(pairs, key=lambda pair: pair[0]))
