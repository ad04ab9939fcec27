"""Public pages for the room: the kiosk, the heat clock, the phone view, the
slow-player timer, a heat's results, and the JSON feeds (docs/feeds.md).

All read-only and open to anyone (GET and HEAD only). Pages that depend on the
event's data are cached per event version (``scoring.public_cache``); the clock's
feed is not, as it carries the server's time.
"""

from __future__ import annotations

import json

import segno
from django.conf import settings
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_safe

from heats.core import clock
from heats.core.errors import UserError
from heats.models import Event, Round, RoundKind
from heats.services import clock_json, get_round, marks, round_json
from scoring import kiosk as screens
from scoring.exports import results_export
from scoring.public_cache import cached_response, event_with_version
from scoring.services import heat_seat_rows, held_tables, player_names
from scoring.services.standings import heat_rows, standings

JSON = "application/json"


def _round(event: Event, code: str | None) -> Round | None:
    """The round ``code`` (404 when unknown), else the current round."""
    if not code:
        return screens.current_round(event)
    try:
        return get_round(event, code)
    except UserError:
        raise Http404(f"No round {code!r}") from None


def phone_url(request, event: Event) -> str:
    """The phone view's absolute address, for the QR code: ``DJANGO_PUBLIC_URL``
    when set (a kiosk opened on the laptop itself says 127.0.0.1, which a phone
    cannot reach), else the address the kiosk was opened with."""
    path = reverse("scoring:find", kwargs={"event": event.slug})
    base = settings.PUBLIC_URL.rstrip("/")
    return base + path if base else request.build_absolute_uri(path)


def qr_svg(url: str) -> str:
    """An inline SVG QR code for ``url`` (segno; error correction M)."""
    code = segno.make(url, error="m")
    return code.svg_inline(scale=1, border=2, omitsize=True, light="#fff")


def _panel_context(request, event: Event) -> dict:
    screen = screens.kiosk(event)
    return {"event": event, "screen": screen, "version": event.version}


@require_safe
def kiosk(request, event: str):
    """The kiosk: the room's screen at 1920x1080, refreshing its panel itself."""
    ev = event_with_version(event)
    url = phone_url(request, ev)

    def page() -> str:
        context = _panel_context(request, ev)
        context.update(phone_url=url, qr=qr_svg(url))
        return render_to_string("kiosk/kiosk.html", context, request)

    return cached_response(request, ev, page)


@require_safe
def kiosk_panel(request, event: str):
    """The kiosk's changing part; 204 (htmx keeps what it shows) while the event
    version is still the ``v`` the panel was rendered at."""
    ev = event_with_version(event)
    if request.GET.get("v") == ev.version:
        return HttpResponse(status=204)
    return cached_response(
        request,
        ev,
        lambda: render_to_string(
            "kiosk/_panel.html", _panel_context(request, ev), request
        ),
    )


@require_safe
def clock_page(request, event: str):
    """The heat clock, full screen (not cached: it is rendered at the server's
    time, then kept by the script from the clock feed)."""
    ev = event_with_version(event)
    rnd = _round(ev, request.GET.get("round"))
    return render(request, "kiosk/clock.html", _clock_context(ev, rnd))


def _clock_context(event: Event, rnd: Round | None) -> dict:
    data = clock_json(event, rnd)
    feed = reverse("scoring:clock-json", kwargs={"event": event.slug})
    if rnd is not None:
        feed += f"?round={rnd.code}"
    return {"event": event, "round": rnd, "clock": data, "clock_url": feed}


@require_safe
def clock_feed(request, event: str):
    """The clock feed: server time, the round's start and the marks."""
    ev = event_with_version(event)
    rnd = _round(ev, request.GET.get("round"))
    response = JsonResponse(clock_json(ev, rnd))
    response["Cache-Control"] = "no-store"
    return response


@require_safe
def find(request, event: str):
    """The phone view: type a name, see the table (filtered in the page)."""
    ev = event_with_version(event)

    def page() -> str:
        rnd = screens.current_round(ev)
        seating = screens.round_seating(rnd) if rnd and rnd.seated_at else None
        context = {"event": ev, "round": rnd, "seating": seating}
        return render_to_string("kiosk/find.html", context, request)

    return cached_response(request, ev, page)


@require_safe
def timer(request):
    """The slow-player timer (seed 001): no network needed once loaded.

    With ``?event=<slug>`` it takes the event's timer lengths and reads the
    current round's clock once, to start at 2:00 after the second mark.
    """
    context = {"timer": 240, "late_timer": 120, "marks": clock.Marks()}
    slug = request.GET.get("event")
    if slug:
        ev = get_object_or_404(Event, slug=slug)
        context.update(
            event=ev,
            timer=ev.timer_seconds,
            late_timer=ev.late_timer_seconds,
            marks=marks(ev),
            clock_url=reverse("scoring:clock-json", kwargs={"event": ev.slug}),
        )
    return render(request, "kiosk/timer.html", context)


@require_safe
def heat_results(request, event: str, heat: int):
    """One heat's results, every table (linked from the standings page); its
    CSV/XLSX with ``?_export=csv&_table=results``."""
    ev = event_with_version(event)
    export = results_export(request, ev, heat)
    if export is not None:
        return export

    def page() -> str:
        held = held_tables(ev)
        seats = heat_seat_rows(ev, held)
        rows = dict(heat_rows(ev, player_names(ev), seats)[0]).get(heat)
        checking = [
            n
            for kind, number, n in held.values()
            if (kind, number) == (RoundKind.HEAT, heat)
        ]
        if rows is None and not checking:
            raise Http404(f"No results for heat {heat}")
        context = {
            "event": ev,
            "heat": heat,
            "rows": rows or [],
            "being_checked": sorted(checking),
        }
        return render_to_string("scoring/heat_results.html", context, request)

    if request.user.is_authenticated:  # the site menu names the user: not shared
        return HttpResponse(page())
    return cached_response(request, ev, page)


def _json(data) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


@require_safe
def standings_feed(request, event: str):
    """The standings feed (docs/feeds.md)."""
    ev = event_with_version(event)

    def body() -> str:
        try:
            data = standings(ev)
        except UserError as exc:
            return _json({"event": ev.slug, "error": exc.render()})
        return _json(standings_json(ev, data))

    return cached_response(request, ev, body, JSON)


def without_ids(posted: dict) -> dict:
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


def standings_json(event: Event, data) -> dict:
    """The standings feed's object (docs/feeds.md)."""
    from scoring.services.rounds import event_laurels

    published = data.published
    return {
        "event": event.slug,
        "name": event.name,
        "generated": timezone.now().isoformat(),
        "published_at": published.published_at.isoformat() if published else None,
        "list": without_ids(data.posted),
        "winners": [
            {"player": w["player"], "wins": w["wins_count"], "status": w["status"]}
            for w in data.winners
        ],
        "unresolved_ties": data.unresolved_ties,
        "laurels": [x.to_json() for x in event_laurels(event, public=True)],
        "being_checked": data.being_checked,
    }


@require_safe
def seating_feed(request, event: str):
    """The seating feed of the current round, or of ``?round=`` (docs/feeds.md)."""
    ev = event_with_version(event)
    code = request.GET.get("round", "")

    def body() -> str:
        rnd = _round(ev, code)
        # A round imported from a results file has seats but no seating time.
        if rnd is None or not (rnd.seated_at or rnd.seats.exists()):
            return _json({"event": ev.slug, "round": round_json(rnd), "tables": []})
        return _json({"event": ev.slug, **screens.round_seating(rnd).to_json()})

    return cached_response(request, ev, body, JSON, params=("round",))
