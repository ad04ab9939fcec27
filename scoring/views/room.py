"""Public pages for the room: the kiosk and its panel, the phone view with its QR
code, and the JSON feeds (docs/feeds.md). Read-only and open to anyone, cached per
event version (``medici_tourney.public_cache``). The clock and the timer are
heats' (``heats.views.public``).
"""

from __future__ import annotations

import json
from typing import Any

import segno
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_safe

from heats.core.errors import UserError
from heats.models import Event
from heats.queries.clock import current_round, round_json
from heats.translate import localize
from heats.views.common import (
    round_or_current,
)
from medici_tourney.public_cache import (
    cached_response,
    current_version,
    event_with_version,
)
from scoring.queries import (
    room as screens,
)
from scoring.queries.laurels import (
    event_laurels,
)
from scoring.queries.standings import (
    Standings,
    standings,
)
from scoring.wording import words_for_people

JSON = "application/json"
# Seconds the version feed trusts the version this process last read: a change
# made in another process reaches the feed within it, and the screens polling
# every second within about 1.3 s, at one query per FEED_TTL per process.
FEED_TTL = 0.25


def phone_url(request: HttpRequest, event: Event) -> str:
    """The phone view's absolute address, for the QR code: ``settings.PUBLIC_URL``
    when set (a kiosk opened on the laptop itself says 127.0.0.1, which a phone
    cannot reach), else the address the kiosk was opened with."""
    path = reverse("scoring:find", kwargs={"event": event.slug})
    base = settings.PUBLIC_URL.rstrip("/")
    return base + path if base else request.build_absolute_uri(path)


def qr_svg(url: str) -> str:
    """An inline SVG QR code for ``url`` (segno; error correction M)."""
    code = segno.make(url, error="m")
    return code.svg_inline(scale=1, border=2, omitsize=True, light="#fff")


def _panel_context(request: HttpRequest, event: Event) -> dict[str, Any]:
    screen = screens.kiosk(event)
    return {"event": event, "screen": screen, "version": event.version}


@require_safe
def kiosk(request: HttpRequest, event: str) -> HttpResponse:
    """The kiosk: the room's screen at 1920x1080, refreshing its panel itself."""
    ev = event_with_version(event)
    url = phone_url(request, ev)

    def page() -> str:
        context = _panel_context(request, ev)
        context.update(phone_url=url, qr=qr_svg(url))
        return render_to_string("scoring/room/kiosk.html", context, request)

    return cached_response(request, ev, page)


@require_safe
def kiosk_panel(request: HttpRequest, event: str) -> HttpResponse:
    """The kiosk's changing part; 204 (htmx keeps what it shows) while the event
    version is still the ``v`` the panel was rendered at."""
    ev = event_with_version(event)
    if request.GET.get("v") == ev.version:
        return HttpResponse(status=204)
    return cached_response(
        request,
        ev,
        lambda: render_to_string(
            "scoring/room/_panel.html", _panel_context(request, ev), request
        ),
    )


@require_safe
def version_feed(request: HttpRequest, event: str) -> HttpResponse:
    """``{"v": <event version>}``, never cached: what the kiosk and the phone
    view poll every second (static/js/live.js) to fetch their panel or page
    only when it changed (docs/feeds.md). Answered from this process's version
    memo (at most ``FEED_TTL`` old), so it passes the public queue
    (``medici_tourney.public_gate``): a screen learns of a change however busy
    the pages are."""
    response = HttpResponse(
        _json({"v": current_version(event, FEED_TTL)}), content_type=JSON
    )
    response["Cache-Control"] = "no-store"
    return response


@require_safe
def find(request: HttpRequest, event: str) -> HttpResponse:
    """The phone view: type a name, see the table (filtered in the page)."""
    ev = event_with_version(event)

    def page() -> str:
        rnd = current_round(ev)
        seating = screens.round_seating(rnd) if rnd and rnd.seated_at else None
        context = {"event": ev, "round": rnd, "seating": seating}
        return render_to_string("scoring/room/find.html", context, request)

    return cached_response(request, ev, page)


def _json(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


@require_safe
def standings_feed(request: HttpRequest, event: str) -> HttpResponse:
    """The standings feed (docs/feeds.md)."""
    ev = event_with_version(event)

    def body() -> str:
        try:
            data = standings(ev)
        except UserError as exc:
            return _json({"event": ev.slug, "error": localize(exc).render()})
        return _json(standings_json(ev, data))

    return cached_response(request, ev, body, JSON)


def without_ids(posted: dict[str, Any]) -> dict[str, Any]:
    """A posted list as the public reads it: players by name, without the
    database ids the app compares them by."""
    return {
        key: [
            {k: v for k, v in row.items() if k != "player_id"}
            if isinstance(row, dict)
            else row
            for row in value
        ]
        if isinstance(value, list)
        else value
        for key, value in posted.items()
        if key != "double_winner_ids"
    }


def standings_json(event: Event, data: Standings) -> dict[str, Any]:
    """The standings feed's object (docs/feeds.md)."""
    published = data.published
    return {
        "event": event.slug,
        "name": event.name,
        "generated": timezone.now().isoformat(),
        "published_at": published.published_at.isoformat() if published else None,
        "list": words_for_people(without_ids(data.posted)),
        "winners": [
            {"player": w["player"], "wins": w["wins_count"], "status": w["status"]}
            for w in data.winners
        ],
        "unresolved_ties": data.unresolved_ties,
        "laurels": words_for_people(
            [x.to_json() for x in event_laurels(event, public=True)]
        ),
        "being_checked": data.being_checked,
    }


@require_safe
def seating_feed(request: HttpRequest, event: str) -> HttpResponse:
    """The seating feed of the current round, or of ``?round=`` (docs/feeds.md)."""
    ev = event_with_version(event)
    code = request.GET.get("round", "")

    def body() -> str:
        rnd = round_or_current(ev, code)
        # A round imported from a results file has seats but no seating time.
        if rnd is None or not (rnd.seated_at or rnd.seats.exists()):
            return _json({"event": ev.slug, "round": round_json(rnd), "tables": []})
        return _json({"event": ev.slug, **screens.round_seating(rnd).to_json()})

    return cached_response(request, ev, body, JSON, params=("round",))
