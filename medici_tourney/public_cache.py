"""The public pages' cache: one rendering per page and event version, gzipped once.

Words:

event version
    A string that changes whenever anything shown on an event's public pages may
    have changed: the newest ``AuditEntry`` of the event (every change to an event
    is written there: check-in, seating, swap, results, corrections, tie
    declarations, absent marks, publication, imports) and the newest Django admin
    ``LogEntry`` (a superuser's edit in the admin, which has no audit entry). It is
    read from the database on every request (one query), so it is right in every
    server process and invalidates every page of the event at once, with no signal
    to forget and nothing to clear.
page key
    ``public:<event id>:<version>:<language>:<scheme>://<host><path and query>``:
    the language the visitor chose (``?lang=`` or the language menu's cookie,
    ``medici_tourney.language.requested_language``; the event's own language
    changes its version), so one copy is kept per language; the scheme too,
    as pages hold absolute addresses (the kiosk's QR code) and
    Django answers a plain-HTTP request differently (a redirect to HTTPS, no
    HSTS header) when the HTTPS settings are on. Old versions are never
    read again and fall out of the cache (Django's cache, ``CACHES``) by age and
    size.
memo
    Each server process remembers the version it last read for an event for
    ``VERSION_TTL`` seconds, so :class:`PublicCacheMiddleware` answers a cached
    page with no query at all. A change made in the same process forgets the memo
    at once (an audit or admin log entry is saved); a change made by another
    process is seen within ``VERSION_TTL``.

one rendering at a time
    When a page's current version is not in the cache, the first request to
    miss renders it (it holds a short lock key in the cache); requests that
    miss while that rendering is under way get the page's latest rendering (an
    older version, at most one rendering old) instead of each rendering the same
    page again. Under a stream of result saves (every save is a new version)
    readers are then answered from the cache rather than queueing behind
    renderings. An earlier version is served only while another request is
    rendering the current one (and never when there is no earlier rendering);
    with no rendering under way a miss always renders.

Cached responses carry no per-user content: views render them for anonymous
visitors (staff get the live page with their controls), and the middleware only
answers requests without a session cookie.
"""

from __future__ import annotations

import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Collection
from urllib.parse import parse_qsl, urlencode

from django.conf import settings
from django.contrib.admin.models import LogEntry
from django.core.cache import cache
from django.db.models import OuterRef, Subquery
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.http import Http404, HttpResponse, QueryDict
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.encoding import escape_uri_path
from django.utils.text import compress_string

from heats.models import AuditEntry, Event
from medici_tourney.language import (
    PARAM,
    environ_language,
    request_language,
    use_event_language,
)

# Seconds a rendering is kept; a change makes a new key long before.
TIMEOUT = 3600
# Seconds a process trusts the event version it read (see "memo").
VERSION_TTL = 1.0
# Seconds a rendering may hold its lock (see "one rendering at a time"); a
# rendering takes well under one, so this only matters if its process dies.
RENDER_LOCK = 5
# Bodies shorter than this are sent as they are (GZipMiddleware's own threshold).
MIN_GZIP = 200
EVENT_PATH = re.compile(r"^/e/(?P<slug>[-a-zA-Z0-9_]+)/")
# Where cached_response leaves the names of the query parameters a page reads,
# in the WSGI environ (``request.META``), for PublicPagesWSGI.
PARAMS_KEY = "medici.public_params"
# Bytes a stored answer costs besides its own (the tuple, dict slot, objects).
ENTRY_OVERHEAD = 512

# slug -> (event id, version, time.monotonic() when read)
_memo: dict[str, tuple[int, str, float]] = {}


@receiver(post_save, sender=AuditEntry, dispatch_uid="public-cache-audit")
@receiver(post_save, sender=LogEntry, dispatch_uid="public-cache-admin")
def forget_versions(**kwargs) -> None:
    """Something changed in this process: read the versions again."""
    _memo.clear()


def event_with_version(slug: str) -> Event:
    """The event ``slug`` with ``event.version`` set (see module docstring), in one
    query; Http404 for an unknown slug. The event's time zone becomes the
    current one, as every page of an event shows its times in it (the zone is
    reset after the request: ``medici_tourney.zones``)."""
    newest_audit = (
        AuditEntry.objects.filter(event=OuterRef("pk")).order_by("-pk").values("pk")[:1]
    )
    newest_admin = LogEntry.objects.order_by("-pk").values("pk")[:1]
    event = (
        Event.objects.filter(slug=slug)
        .annotate(audit_v=Subquery(newest_audit), admin_v=Subquery(newest_admin))
        .first()
    )
    if event is None:
        raise Http404(f"No event {slug!r}")
    event.version = f"{event.audit_v or 0}.{event.admin_v or 0}"
    timezone.activate(event.zone)
    use_event_language(event)
    _memo[slug] = (event.pk, event.version, time.monotonic())
    return event


def current_version(slug: str, ttl: float = VERSION_TTL) -> str:
    """The version of event ``slug``: this process's memo while younger than
    ``ttl`` seconds, else read again (:func:`event_with_version`, Http404 for an
    unknown slug). The version feed polled by every open screen reads it, so
    the database sees at most one query per ``ttl`` per process, however many
    screens are open."""
    memo = _memo.get(slug)
    if memo is not None and time.monotonic() - memo[2] <= ttl:
        return memo[1]
    return event_with_version(slug).version


def _fresh_version(slug: str) -> tuple[int, str] | None:
    """(event id, version) from this process's memo while younger than
    ``VERSION_TTL`` (see "memo"), else None: the version must be read again."""
    memo = _memo.get(slug)
    if memo is None or time.monotonic() - memo[2] > VERSION_TTL:
        return None
    return memo[0], memo[1]


def _address(request) -> str:
    """Scheme, host, path and query: the query as the view left ``request.GET``
    (see :func:`cached_response`'s ``params``) once it has, else as sent."""
    kept = getattr(request, "_public_query", None)
    if kept is None:
        return f"{request.scheme}://{request.get_host()}{request.get_full_path()}"
    path = escape_uri_path(request.path)
    return f"{request.scheme}://{request.get_host()}{path}{'?' if kept else ''}{kept}"


def _key(event_id: int, version: str, request) -> str:
    language = request_language(request)
    return f"public:{event_id}:{version}:{language}:{_address(request)}"


def _page_key(event_id: int, request) -> str:
    """The key of a page's latest rendering, whatever its version."""
    return f"public-latest:{event_id}:{request_language(request)}:{_address(request)}"


def _keep_params(request, params: Collection[str]) -> None:
    """Leave in ``request.GET`` only the query parameters a page reads: neither its
    cache key nor its rendering depends on any other, so ``?x=1``, ``?x=2``, ...
    are one page, rendered once per version (not one rendering each). The names
    are left in ``request.META`` (the WSGI environ) for :class:`PublicPagesWSGI`."""
    params = {*params, PARAM}  # every public page reads ?lang= (its language)
    kept = QueryDict(mutable=True)
    for name in sorted(params & set(request.GET)):
        kept.setlist(name, request.GET.getlist(name))
    request.GET = kept
    request._public_query = kept.urlencode()
    request.META[PARAMS_KEY] = tuple(sorted(params))


def _respond(request, entry: tuple, version: str) -> HttpResponse:
    body, gzipped, content_type = entry
    accepts = "gzip" in request.headers.get("Accept-Encoding", "")
    if gzipped is not None and accepts:
        response = HttpResponse(gzipped, content_type=content_type)
        response["Content-Encoding"] = "gzip"  # GZipMiddleware leaves it alone
    else:
        response = HttpResponse(body, content_type=content_type)
    # As Django's answer: logged-in staff get another page (the session cookie),
    # and a hit skips the middleware that would add Cookie and the length.
    patch_vary_headers(response, ("Accept-Encoding", "Cookie"))
    response["Content-Length"] = str(len(response.content))
    response["X-Event-Version"] = version
    return response


def cached_response(
    request,
    event: Event,
    render: Callable[[], str],
    content_type: str = "text/html; charset=utf-8",
    params: Collection[str] = (),
) -> HttpResponse:
    """The public page at this request's address for ``event``, from the cache;
    rendered by ``render()`` (a string) on a miss, or the page's latest
    rendering while another request renders this version (see "one rendering at
    a time"); gzipped when the client accepts it. ``event`` comes from
    :func:`event_with_version`. ``params``: the query parameters the page reads;
    others are dropped from ``request.GET`` before the key is made and the page
    rendered."""
    _keep_params(request, params)
    key = _key(event.pk, event.version, request)
    entry = cache.get(key)
    if entry is not None:
        return _respond(request, entry, event.version)
    page = _page_key(event.pk, request)
    rendering = f"rendering:{key}"
    if not cache.add(rendering, True, RENDER_LOCK):
        latest = cache.get(page)
        if latest is not None:  # (version, entry) of an earlier rendering
            return _respond(request, latest[1], latest[0])
    try:
        body = render().encode()
        gzipped = compress_string(body) if len(body) >= MIN_GZIP else None
        entry = (body, gzipped, content_type)
        cache.set_many({key: entry, page: (event.version, entry)}, TIMEOUT)
    finally:
        cache.delete(rendering)
    return _respond(request, entry, event.version)


class PublicCacheMiddleware:
    """Answers a cached public page before the URL is even resolved: a GET
    without a session cookie, for an event whose version this process read less
    than ``VERSION_TTL`` seconds ago. Anything else goes on to the view. It sits
    after the security and GZip middleware, before the session, auth, CSRF and
    clickjacking ones: a hit needs none of them but ``X-Frame-Options``, which it
    sets itself (the Content-Security-Policy is set on every response by
    ``medici_tourney.csp``, first in ``MIDDLEWARE``)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if (
            request.method == "GET"
            and settings.SESSION_COOKIE_NAME not in request.COOKIES
        ):
            hit = self.cached(request)
            if hit is not None:
                return hit
        return self.get_response(request)

    def cached(self, request) -> HttpResponse | None:
        match = EVENT_PATH.match(request.path_info)
        fresh = _fresh_version(match["slug"]) if match else None
        if fresh is None:
            return None
        event_id, version = fresh
        entry = cache.get(_key(event_id, version, request))
        if entry is None:
            return None
        response = _respond(request, entry, version)
        response["X-Frame-Options"] = settings.X_FRAME_OPTIONS
        return response


class PublicPagesWSGI:
    """The WSGI application in front of Django's (``medici_tourney.wsgi``): it
    repeats a public page Django answered, byte for byte and header for header,
    while the event's version is unchanged, without building a Django request.

    Stored: a ``200`` GET answer carrying ``X-Event-Version`` (pages of
    :func:`cached_response`) and no ``Set-Cookie``, for a request without a
    session cookie, keyed by scheme (``wsgi.url_scheme`` and the header of
    ``SECURE_PROXY_SSL_HEADER``, when set), the language chosen (``?lang=`` or
    the menu's cookie), host, path, the query as the page
    reads it (:func:`page_query`) and whether gzip is accepted; with the
    seconds Django took to answer. A query holding a parameter the page does
    not read (``?x=1``, ``?utm_source=…``) is answered by Django, which keeps
    one rendering for all of them, and is never stored here: junk queries
    cannot fill a process's memory.
    Served: while this process's memo of the event's version (see "memo") is
    younger than ``VERSION_TTL`` and equals the stored answer's version; after
    a change, until the answer is ``REFRESH`` times as old as Django took to
    make it, and at most ``MAX_STALE`` seconds old; and, whatever its version,
    instead of a ``503`` (the public queue was full,
    ``medici_tourney.public_gate``). Why the wait after a change: every result
    saved is a new version, and a 1,000-player standings page takes 0.1 to
    0.5 s to render; rendered again after each of the saves GMs make every few
    tenths of a second, the pages took most of the processor and saves waited
    (the load test, ``bench/bench_load.py``). Waiting ten times the making, a
    process spends at most about a tenth of its time on each page, and a change
    is still shown within ``MAX_STALE`` (1 s) plus the screens' polling.
    Bounded: at most ``settings.PUBLIC_PAGES_BYTES`` bytes and ``LIMIT``
    answers, the oldest stored dropped first; a newer version of a page
    replaces the older one.
    Everything else goes to Django, whose headers (CSP, security, framing) the
    stored answer already holds.
    """

    LIMIT = 512
    REFRESH = 10.0
    MAX_STALE = 1.0

    def __init__(self, app) -> None:
        self.app = app
        # key -> (version, status, headers, body, size in bytes, served until
        # after a change), oldest first
        self.pages: OrderedDict[tuple, tuple[str, str, list, bytes, int, float]] = (
            OrderedDict()
        )
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

    def __call__(self, environ, start_response):
        base = self._base(environ)
        if base is None:
            return self.app(environ, start_response)
        params = self.params.get(environ["PATH_INFO"])
        stored = None
        if params is not None:
            query = page_query(environ.get("QUERY_STRING", ""), params)
            if query is None:
                return self.app(environ, start_response)
            stored = self.pages.get((*base, query))
            if stored is not None:
                version, status, headers, body, _, until = stored
                fresh = _fresh_version(base[0])
                current = fresh is not None and fresh[1] == version
                if current or time.monotonic() < until:
                    start_response(status, headers)
                    return [body]
        return self._store(base, stored, environ, start_response)

    def _base(self, environ) -> tuple | None:
        """The key of the page without its query, None when nothing may be
        stored for this request."""
        if environ.get("REQUEST_METHOD") != "GET":
            return None
        if settings.SESSION_COOKIE_NAME in environ.get("HTTP_COOKIE", ""):
            return None
        match = EVENT_PATH.match(environ.get("PATH_INFO", ""))
        if match is None:
            return None
        gzip = "gzip" in environ.get("HTTP_ACCEPT_ENCODING", "")
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

    def _store(self, base, stored, environ, start_response):
        seen: list = []

        def capture(status, headers, exc_info=None):
            seen[:] = [status, headers]
            if status.startswith("503") and stored is not None:
                return None  # the stored answer is sent instead
            return start_response(status, headers, exc_info)

        start = time.monotonic()
        result = self.app(environ, capture)
        if seen and seen[0].startswith("503") and stored is not None:
            if hasattr(result, "close"):
                result.close()
            start_response(stored[1], stored[2])
            return [stored[3]]
        if not seen or not seen[0].startswith("200"):
            return result
        names = {name.lower(): value for name, value in seen[1]}
        params = environ.get(PARAMS_KEY)
        if "x-event-version" not in names or "set-cookie" in names or params is None:
            return result
        params = frozenset(params)
        query = page_query(environ.get("QUERY_STRING", ""), params)
        if query is None:
            self._learn(environ["PATH_INFO"], params)
            return result
        body = b"".join(result)
        if hasattr(result, "close"):
            result.close()
        entry = (names["x-event-version"], seen[0], list(seen[1]), body)
        now = time.monotonic()
        until = now + min(self.MAX_STALE, self.REFRESH * (now - start))
        self._keep(environ["PATH_INFO"], params, (*base, query), entry, until)
        return [body]

    def _learn(self, path: str, params: frozenset[str]) -> None:
        with self.lock:
            if path not in self.params and len(self.params) >= self.LIMIT:
                self.params.clear()
            self.params[path] = params

    def _keep(
        self, path: str, params: frozenset[str], key: tuple, entry, until: float
    ) -> None:
        """Store ``entry`` (version, status, headers, body) under ``key``, to be
        served after a change until ``until`` (``time.monotonic()``), dropping
        the oldest answers while over the bounds."""
        budget = settings.PUBLIC_PAGES_BYTES
        size = _entry_size(key, entry)
        self._learn(path, params)
        with self.lock:
            old = self.pages.pop(key, None)
            self.size -= old[4] if old else 0
            if size > budget:
                return
            while self.pages and (
                self.size + size > budget or len(self.pages) >= self.LIMIT
            ):
                self.size -= self.pages.popitem(last=False)[1][4]
            self.pages[key] = (*entry, size, until)
            self.size += size


def _entry_size(key: tuple, entry: tuple) -> int:
    """About the bytes a stored answer holds: body, headers, status and key."""
    version, status, headers, body = entry
    texts = [version, status, *(f"{n}{v}" for n, v in headers), *map(str, key)]
    return len(body) + sum(len(text) for text in texts) + ENTRY_OVERHEAD


def page_query(query_string: str, params: Collection[str]) -> str | None:
    """``query_string`` (WSGI's ``QUERY_STRING``) as a page reading only
    ``params`` sees it: its pairs sorted by name (the values of one name kept in
    order) and encoded again, ``""`` for none; None when it holds another
    parameter or Django would not read it (too many fields). Decoded as Django
    decodes ``request.GET``, so two queries with one result are one page."""
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
    return urlencode(sorted(pairs, key=lambda pair: pair[0]))
