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
    as Django parses it, ``medici_tourney.language.requested_language``: a code
    of ``settings.LANGUAGES`` or ``""`` for the event's own, whose change changes
    the version), so one copy is kept per language and no other header of a
    visitor picks the copy another gets (the query keeps ``?lang=`` only as
    that code: ``?lang=DE`` is ``?lang=de``, a made-up value is none); the
    scheme too, as pages hold absolute addresses (the kiosk's QR code) and
    Django answers a plain-HTTP request differently (a redirect to HTTPS, no
    HSTS header) when the HTTPS settings are on. Old versions are never read
    again and expire (see "lifetimes").
memo
    Each server process remembers the version it last read for an event for
    ``VERSION_TTL`` seconds, so :class:`PublicCacheMiddleware` answers a cached
    page with no query at all. A change made in the same process forgets the memo
    at once (heats announces every change to an event,
    ``heats.signals.event_changed``, and an admin log entry is saved: receivers
    connected when the ``ops`` app is ready, whichever other apps are
    installed); a change made by another
    process is seen within ``VERSION_TTL``. It never steps back to an older
    version while fresh.

one rendering at a time
    When a page's current version is not in the cache, the first request to
    miss renders it (it holds a short lock key in the cache); requests that
    miss while that rendering is under way get the page's latest rendering,
    the *substitute*, instead of each rendering the same page again. Under a
    stream of result saves (every save is a new version) readers are then
    answered from the cache rather than queueing behind renderings. A
    substitute is served only while another request is rendering the current
    version, only when it was rendered less than ``SUBSTITUTE_AGE`` seconds
    ago (its key expires then), never when it is older than the version of the
    page this process served last (see "high water"), and never when it is no
    newer than the one the asking screen has (``?v=``, sent by the kiosk's
    panel and the phone view); else the request renders. With no rendering
    under way a miss always renders.
high water
    The newest version of each page (page key without version) this process
    has answered with. Screens poll any process; one process never answers a
    page with an older version than it answered before.
version order
    A version ``"<audit pk>.<admin pk>"`` compares as the pair of integers
    (:func:`version_order`); both only grow. The screens compare them the
    same way (``static/js/live.js``) and keep what they show when an answer is
    older.
lifetimes
    A page's rendering of one version is kept ``TIMEOUT`` seconds (a change
    makes a new key long before, and an unchanged page is rendered again at
    most once per ``TIMEOUT``), its latest rendering ``SUBSTITUTE_AGE``
    seconds: the cache holds seconds of renderings, not hours (Redis still
    needs ``maxmemory`` and ``allkeys-lru``, README "Cache and several
    workers").

database down
    While the database cannot be reached nothing can change, so the last
    rendering of a page is its current one: a public page whose rendering
    meets the database's error answers the page's latest rendering, of any age
    (kept ``LAST_KNOWN_AGE``), and the version feed the memo's version, rather
    than the "database unavailable" page (``medici_tourney.database_down``); a
    page this process never saw gets that page.

A cache that fails (Redis down, full or slow) is a miss: the page is rendered
from the database (``medici_tourney.cache_backends``).

Cached responses carry no per-user content: views render them for anonymous
visitors (staff get the live page with their controls), and the middleware only
answers requests without a session cookie.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Collection
from typing import Any

from django.conf import settings
from django.contrib.admin.models import LogEntry
from django.core.cache import cache
from django.db.models import OuterRef, Subquery
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.encoding import escape_uri_path
from django.utils.text import compress_string

from heats.models import AuditEntry, Event
from heats.signals import event_changed
from medici_tourney.database_down import UNAVAILABLE, database_down
from medici_tourney.gzip import accepts_gzip
from medici_tourney.language import (
    PARAM,
    request_language,
    supported,
    use_event_language,
)

# Seconds a rendering of one version is kept (see "lifetimes").
TIMEOUT = 30
# Seconds a page's latest rendering may stand in for the current one (see "one
# rendering at a time"): the most a substitute lags behind the database, bar the
# memo's VERSION_TTL.
SUBSTITUTE_AGE = 10
# Seconds a page's latest rendering is kept to answer while the database is down
# (see "database down"): one copy a page, replaced by each rendering.
LAST_KNOWN_AGE = 3600
# Seconds a process trusts the event version it read (see "memo").
VERSION_TTL = 1.0
# Seconds a rendering may hold its lock (see "one rendering at a time"); a
# rendering takes well under one, so this only matters if its process dies.
RENDER_LOCK = 5
# Bodies shorter than this are sent as they are (GZipMiddleware's own threshold).
MIN_GZIP = 200
EVENT_PATH = re.compile(r"^/e/(?P<slug>[-a-zA-Z0-9_]+)/")
# Where cached_response leaves the names of the query parameters a page reads,
# in the WSGI environ (``request.META``), for ``medici_tourney.public_pages``.
PARAMS_KEY = "medici.public_params"
# Where cached_response leaves the query it kept (see _address), in request.META.
QUERY_KEY = "medici.public_query"

# Pages whose high water a process remembers before it forgets them all.
HIGH_WATER_PAGES = 4096
# The query parameter by which a screen names the version it shows.
SHOWN = "v"

# slug -> (event id, version, time.monotonic() when read)
_memo: dict[str, tuple[int, str, float]] = {}
# page key -> the newest version answered (see "high water")
_high_water: dict[str, tuple[int, ...]] = {}
# A page's rendering as cached: (body, gzipped body or None, content type).
Rendering = tuple[bytes, bytes | None, str]
# A page's latest rendering as cached: (version, rendering, time.time() when made).
Latest = tuple[str, Rendering, float]


def version_order(version: str | None) -> tuple[int, ...]:
    """``version`` (``"<audit pk>.<admin pk>"``) as integers to compare: a later
    version is greater; ``()``, before every version, for anything else."""
    try:
        return tuple(int(part) for part in (version or "").split("."))
    except ValueError:
        return ()


def _answered(page: str, version: str) -> None:
    """Remember that ``page`` went out at ``version`` (see "high water")."""
    order = version_order(version)
    if order > _high_water.get(page, ()):
        if len(_high_water) >= HIGH_WATER_PAGES:
            _high_water.clear()
        _high_water[page] = order


@receiver(event_changed, dispatch_uid="public-cache-audit")
@receiver(post_save, sender=LogEntry, dispatch_uid="public-cache-admin")
def forget_versions(**kwargs: Any) -> None:
    """Something changed in this process: read the versions again."""
    _memo.clear()


def forget_answers() -> None:
    """Forget every page's high water (see "high water") and version memo: for a
    database that hands out its ids again (a restore, a test rolled back)."""
    _high_water.clear()
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
    _remember(slug, event.pk, event.version)
    return event


def _remember(slug: str, event_id: int, version: str) -> None:
    """Put ``version`` in the memo, unless a thread of this process read a newer
    one less than ``VERSION_TTL`` ago (two requests' reads may finish in either
    order: the memo never steps back to the older)."""
    now = time.monotonic()
    memo = _memo.get(slug)
    if (
        memo is None
        or now - memo[2] > VERSION_TTL
        or version_order(version) >= version_order(memo[1])
    ):
        _memo[slug] = (event_id, version, now)


def current_version(slug: str, ttl: float = VERSION_TTL) -> str:
    """The version of event ``slug``: this process's memo while younger than
    ``ttl`` seconds, else read again (:func:`event_with_version`, Http404 for an
    unknown slug). The version feed polled by every open screen reads it, so
    the database sees at most one query per ``ttl`` per process, however many
    screens are open."""
    memo = _memo.get(slug)
    if memo is not None and time.monotonic() - memo[2] <= ttl:
        return memo[1]
    try:
        return event_with_version(slug).version
    except UNAVAILABLE:
        if memo is None:
            raise
        return memo[1]  # nothing changes while the database is down


def fresh_version(slug: str) -> tuple[int, str] | None:
    """(event id, version) from this process's memo while younger than
    ``VERSION_TTL`` (see "memo"), else None: the version must be read again."""
    memo = _memo.get(slug)
    if memo is None or time.monotonic() - memo[2] > VERSION_TTL:
        return None
    return memo[0], memo[1]


def _address(request: HttpRequest) -> str:
    """Scheme, host, path and query: the query as the view left ``request.GET``
    (see :func:`cached_response`'s ``params``) once it has, else as sent."""
    kept = request.META.get(QUERY_KEY)
    if kept is None:
        return f"{request.scheme}://{request.get_host()}{request.get_full_path()}"
    path = escape_uri_path(request.path)
    return f"{request.scheme}://{request.get_host()}{path}{'?' if kept else ''}{kept}"


def _key(event_id: int, version: str, request: HttpRequest) -> str:
    language = request_language(request)
    return f"public:{event_id}:{version}:{language}:{_address(request)}"


def _page_key(event_id: int, request: HttpRequest) -> str:
    """The key of a page's latest rendering, whatever its version."""
    return f"public-latest:{event_id}:{request_language(request)}:{_address(request)}"


def _keep_params(request: HttpRequest, params: Collection[str]) -> None:
    """Leave in ``request.GET`` only the query parameters a page reads: neither its
    cache key nor its rendering depends on any other, so ``?x=1``, ``?x=2``, ...
    are one page, rendered once per version (not one rendering each); so are
    ``?lang=de`` and ``?lang=DE``, and ``?lang=xx`` and none. The names are left
    in ``request.META`` (the WSGI environ) for ``medici_tourney.public_pages``."""
    params = {*params, PARAM}  # every public page reads ?lang= (its language)
    # ?lang= as its canonical code, or none when it names no language of the
    # site ("DE", "de-DE", "xx"...): the language was chosen already, and a
    # made-up value is then no page of its own.
    chosen = supported(request.GET.get(PARAM))
    kept = QueryDict(mutable=True)
    for name in sorted(params & set(request.GET)):
        if name != PARAM:
            kept.setlist(name, request.GET.getlist(name))
        elif chosen:
            kept[PARAM] = chosen
    # Django's request.GET may be set to any QueryDict; django-stubs types it
    # as the immutable one Django parses.
    request.GET = kept  # type: ignore[assignment]
    request.META[QUERY_KEY] = kept.urlencode()
    request.META[PARAMS_KEY] = tuple(sorted(params))


def _respond(request: HttpRequest, entry: Rendering, version: str) -> HttpResponse:
    body, gzipped, content_type = entry
    accepts = accepts_gzip(request.headers.get("Accept-Encoding", ""))
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
    request: HttpRequest,
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
    shown = version_order(request.GET.get(SHOWN))
    _keep_params(request, params)
    key = _key(event.pk, event.version, request)
    page = _page_key(event.pk, request)
    entry = cache.get(key)
    if entry is None:
        rendering = f"rendering:{key}"
        if not cache.add(rendering, True, RENDER_LOCK):
            latest = _substitute(page, shown)
            if latest is not None:
                return _answer(request, page, latest[1], latest[0])
        try:
            entry = _render(render, content_type)
            cache.set(key, entry, TIMEOUT)
            cache.set(page, (event.version, entry, time.time()), LAST_KNOWN_AGE)
        finally:
            cache.delete(rendering)
    return _answer(request, page, entry, event.version)


def _render(render: Callable[[], str], content_type: str) -> Rendering:
    """(body, gzipped body or None, content type) of ``render()``."""
    body = render().encode()
    gzipped = compress_string(body) if len(body) >= MIN_GZIP else None
    return body, gzipped, content_type


def _substitute(page: str, shown: tuple[int, ...]) -> Latest | None:
    """(version, entry, time made) of ``page``'s latest rendering when it may
    stand in for the current one (see "one rendering at a time"), else None.
    ``shown``: the version the asking screen has (:func:`version_order`, ``()``
    for none)."""
    latest: Latest | None = cache.get(page)
    if latest is None or time.time() - latest[2] > SUBSTITUTE_AGE:
        return None
    order = version_order(latest[0])
    if order < _high_water.get(page, ()) or (shown and order <= shown):
        return None
    return latest


def _answer(
    request: HttpRequest, page: str, entry: Rendering, version: str
) -> HttpResponse:
    _answered(page, version)
    return _respond(request, entry, version)


class PublicCacheMiddleware:
    """Answers a cached public page before the URL is even resolved: a GET
    without a session cookie, for an event whose version this process read less
    than ``VERSION_TTL`` seconds ago. Anything else goes on to the view. It sits
    after the security and GZip middleware, before the session, auth, CSRF and
    clickjacking ones: a hit needs none of them but ``X-Frame-Options``, which it
    sets itself (the Content-Security-Policy is set on every response by
    ``medici_tourney.csp``, first in ``MIDDLEWARE``)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        public = (
            request.method == "GET"
            and settings.SESSION_COOKIE_NAME not in request.COOKIES
        )
        if public:
            hit = self.cached(request)
            if hit is not None:
                return hit
        response = self.get_response(request)
        if public and database_down(response):
            return self.last_known(request) or response
        return response

    def last_known(self, request: HttpRequest) -> HttpResponse | None:
        """The page's latest rendering, of any age, while the database is down
        (see "database down"), None when this process knows none."""
        match = EVENT_PATH.match(request.path_info)
        memo = _memo.get(match["slug"]) if match else None
        latest = cache.get(_page_key(memo[0], request)) if memo else None
        if latest is None:
            return None
        response = _respond(request, latest[1], latest[0])
        response["X-Frame-Options"] = settings.X_FRAME_OPTIONS
        return response

    def cached(self, request: HttpRequest) -> HttpResponse | None:
        match = EVENT_PATH.match(request.path_info)
        fresh = fresh_version(match["slug"]) if match else None
        if fresh is None:
            return None
        event_id, version = fresh
        entry = cache.get(_key(event_id, version, request))
        if entry is None:
            return None
        response = _answer(request, _page_key(event_id, request), entry, version)
        response["X-Frame-Options"] = settings.X_FRAME_OPTIONS
        return response
