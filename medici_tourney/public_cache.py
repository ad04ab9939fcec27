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
    ``public:<event id>:<version>:<scheme>://<host><path and query>``: the
    scheme too, as pages hold absolute addresses (the kiosk's QR code) and
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
import time
from collections.abc import Callable, Collection

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CSPMiddleware
from django.conf import settings
from django.contrib.admin.models import LogEntry
from django.core.cache import cache
from django.db.models import OuterRef, Subquery
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.http import Http404, HttpResponse, QueryDict
from django.utils.cache import patch_vary_headers
from django.utils.encoding import escape_uri_path
from django.utils.text import compress_string

from heats.models import AuditEntry, Event

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

# slug -> (event id, version, time.monotonic() when read)
_memo: dict[str, tuple[int, str, float]] = {}


@receiver(post_save, sender=AuditEntry, dispatch_uid="public-cache-audit")
@receiver(post_save, sender=LogEntry, dispatch_uid="public-cache-admin")
def forget_versions(**kwargs) -> None:
    """Something changed in this process: read the versions again."""
    _memo.clear()


def event_with_version(slug: str) -> Event:
    """The event ``slug`` with ``event.version`` set (see module docstring), in one
    query; Http404 for an unknown slug."""
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
    _memo[slug] = (event.pk, event.version, time.monotonic())
    return event


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
    return f"public:{event_id}:{version}:{_address(request)}"


def _page_key(event_id: int, request) -> str:
    """The key of a page's latest rendering, whatever its version."""
    return f"public-latest:{event_id}:{_address(request)}"


def _keep_params(request, params: Collection[str]) -> None:
    """Leave in ``request.GET`` only the query parameters a page reads: neither its
    cache key nor its rendering depends on any other, so ``?x=1``, ``?x=2``, ...
    are one page, rendered once per version (not one rendering each)."""
    kept = QueryDict(mutable=True)
    for name in sorted(set(params) & set(request.GET)):
        kept.setlist(name, request.GET.getlist(name))
    request.GET = kept
    request._public_query = kept.urlencode()


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
    after the security and GZip middleware, before the session, auth, CSRF,
    clickjacking and CSP ones: a hit needs none of them but their headers,
    ``X-Frame-Options`` and the Content-Security-Policy, which it sets itself
    (the policy by django-csp's own middleware, so it is the one every other
    page gets; worked out once per process and settings, since it holds no nonce
    and no view changes it)."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.csp = CSPMiddleware(get_response)
        self.policy: tuple[tuple, list[tuple[str, str]]] = ((), [])

    def csp_headers(self, request) -> list[tuple[str, str]]:
        """The CSP headers django-csp sets on a page, as (name, value) pairs."""
        config = (
            getattr(settings, "CONTENT_SECURITY_POLICY", None),
            getattr(settings, "CONTENT_SECURITY_POLICY_REPORT_ONLY", None),
        )
        if self.policy[0] != config:
            probe = self.csp.process_response(request, HttpResponse())
            found = [(h, probe[h]) for h in (HEADER, HEADER_REPORT_ONLY) if h in probe]
            self.policy = (config, found)
        return self.policy[1]

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
        for name, value in self.csp_headers(request):
            response[name] = value
        return response


class PublicPagesWSGI:
    """The WSGI application in front of Django's (``medici_tourney.wsgi``): it
    repeats a public page Django answered, byte for byte and header for header,
    while the event's version is unchanged, without building a Django request.

    Stored: a ``200`` GET answer carrying ``X-Event-Version`` (pages of
    :func:`cached_response`) and no ``Set-Cookie``, for a request without a
    session cookie, keyed by scheme (``wsgi.url_scheme`` and the header of
    ``SECURE_PROXY_SSL_HEADER``, when set), host, path, query and whether gzip
    is accepted; with the seconds Django took to answer.
    Served: while this process's memo of the event's version (see "memo") is
    younger than ``VERSION_TTL`` and equals the stored answer's version; after
    a change, until the answer is ``REFRESH`` times as old as Django took to
    make it, and at most ``MAX_STALE`` seconds old; and, whatever its version,
    instead of a ``503`` (the public queue was full,
    ``medici_tourney.public_gate``), as "one rendering at a time" serves the
    latest rendering. Why the wait after a change: every result saved is a new
    version, and a 1,000-player standings page takes 0.1 to 0.5 s to render;
    rendered again after each of the saves GMs make every few tenths of a
    second, the pages took most of the processor, and a save under 200 reads a
    second took about a second (the load test, ``bench/bench_load.py``).
    Waiting ten times the making, a process spends at most about a tenth of its
    time on each page, and a change made in a quiet room is still shown within
    a second or two. At most ``LIMIT`` answers are kept; past that they are all
    dropped and stored again. Everything else goes to Django, whose headers
    (CSP, security, framing) the stored answer already holds.
    """

    LIMIT = 512
    REFRESH = 10.0
    MAX_STALE = 5.0

    def __init__(self, app) -> None:
        self.app = app
        # key -> (version, status, headers, body, served until after a change)
        self.pages: dict[tuple, tuple[str, str, list, bytes, float]] = {}

    def __call__(self, environ, start_response):
        key = self._key(environ)
        if key is None:
            return self.app(environ, start_response)
        stored = self.pages.get(key)
        if stored is not None:
            version, status, headers, body, until = stored
            fresh = _fresh_version(key[0])
            current = fresh is not None and fresh[1] == version
            if current or time.monotonic() < until:
                start_response(status, headers)
                return [body]
        return self._store(key, stored, environ, start_response)

    def _key(self, environ) -> tuple | None:
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
            environ.get("wsgi.url_scheme", ""),
            environ.get(proxy[0], "") if proxy else "",
            host,
            environ["PATH_INFO"],
            environ.get("QUERY_STRING", ""),
            gzip,
        )

    def _store(self, key, stored, environ, start_response):
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
        if "x-event-version" not in names or "set-cookie" in names:
            return result
        body = b"".join(result)
        if hasattr(result, "close"):
            result.close()
        if len(self.pages) >= self.LIMIT:
            self.pages.clear()
        now = time.monotonic()
        until = now + min(self.MAX_STALE, self.REFRESH * (now - start))
        self.pages[key] = (
            names["x-event-version"],
            seen[0],
            list(seen[1]),
            body,
            until,
        )
        return [body]
