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
    ``public:<event id>:<version>:<page name>``. Old versions are never read
    again and fall out of the cache (Django's cache, ``CACHES``) by age and size.

Cached responses carry no per-user content: views render them for anonymous
visitors (staff get the live page with their controls).
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.admin.models import LogEntry
from django.core.cache import cache
from django.db.models import OuterRef, Subquery
from django.http import Http404, HttpResponse
from django.utils.cache import patch_vary_headers
from django.utils.text import compress_string

from heats.models import AuditEntry, Event

# Seconds a rendering is kept; a change makes a new key long before.
TIMEOUT = 3600
# Bodies shorter than this are sent as they are (GZipMiddleware's own threshold).
MIN_GZIP = 200


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
    return event


def cached_response(
    request,
    event: Event,
    name: str,
    render: Callable[[], str],
    content_type: str = "text/html; charset=utf-8",
) -> HttpResponse:
    """The page ``name`` of ``event`` from the cache, rendered by ``render()`` (a
    string) on a miss; gzipped when the client accepts it. ``event`` comes from
    :func:`event_with_version`."""
    key = f"public:{event.pk}:{event.version}:{name}"
    entry = cache.get(key)
    if entry is None:
        body = render().encode()
        entry = (body, compress_string(body) if len(body) >= MIN_GZIP else None)
        cache.set(key, entry, TIMEOUT)
    body, gzipped = entry
    accepts = "gzip" in request.headers.get("Accept-Encoding", "")
    if gzipped is not None and accepts:
        response = HttpResponse(gzipped, content_type=content_type)
        response["Content-Encoding"] = "gzip"  # GZipMiddleware leaves it alone
    else:
        response = HttpResponse(body, content_type=content_type)
    patch_vary_headers(response, ("Accept-Encoding",))
    response["X-Event-Version"] = event.version
    return response
