"""Public pages of heats: a round's seating, the heat clock (full screen, and its
feed: server time, start and marks) and the slow-player timer (seed 001). All
read-only (GET and HEAD) and open to anyone.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_safe
from django.views.generic import TemplateView
from django_tables2 import RequestConfig

from heats.core import clock
from heats.exports import export_response
from heats.models import (
    Event,
    Round,
)
from heats.services import clock_json, marks
from heats.services.desk import (
    seating_rows,
)
from heats.tables import (
    SeatingByNameTable,
    SeatingByTableTable,
)
from heats.views.common import (
    EventMixin,
    event_or_404,
    round_or_404,
    round_or_current,
)


class RoundSeatingView(EventMixin, TemplateView):
    """Public seating of a round, by table and by player name; CSV/XLSX export."""

    template_name = "heats/public/round_seating.html"

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        self.round = round_or_404(self.event, kwargs["round"])
        rows = seating_rows(self.round)
        self.by_table = SeatingByTableTable(rows, prefix="tables-")
        self.by_name = SeatingByNameTable(rows, prefix="names-")
        name = f"{self.event.slug}-{self.round.code}-seating"
        for table, suffix in ((self.by_table, "by-table"), (self.by_name, "by-name")):
            response = export_response(request, table, f"{name}-{suffix}")
            if response is not None:
                return response
        for table in (self.by_table, self.by_name):
            RequestConfig(request, paginate=False).configure(table)
        return super().get(request, *args, **kwargs)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        kwargs.update(round=self.round, by_table=self.by_table, by_name=self.by_name)
        return super().get_context_data(**kwargs)


@require_safe
def clock_page(request: HttpRequest, event: str) -> HttpResponse:
    """The heat clock, full screen (not cached: it is rendered at the server's
    time, then kept by the script from the clock feed)."""
    ev = event_or_404(event)
    rnd = round_or_current(ev, request.GET.get("round"))
    return render(request, "heats/public/clock.html", _clock_context(ev, rnd))


def _clock_context(event: Event, rnd: Round | None) -> dict[str, object]:
    data = clock_json(event, rnd)
    feed = reverse("heats:clock-json", kwargs={"event": event.slug})
    if rnd is not None:
        feed += f"?round={rnd.code}"
    return {"event": event, "round": rnd, "clock": data, "clock_url": feed}


@require_safe
def clock_feed(request: HttpRequest, event: str) -> HttpResponse:
    """The clock feed: server time, the round's start and the marks."""
    ev = event_or_404(event)
    rnd = round_or_current(ev, request.GET.get("round"))
    response = JsonResponse(clock_json(ev, rnd))
    response["Cache-Control"] = "no-store"
    return response


@require_safe
def timer(request: HttpRequest) -> HttpResponse:
    """The slow-player timer (seed 001): no network needed once loaded.

    With ``?event=<slug>`` it takes the event's timer lengths and reads the
    current round's clock once, to start at 2:00 after the second mark.
    """
    context = {"timer": 240, "late_timer": 120, "marks": clock.Marks()}
    slug = request.GET.get("event")
    if slug:
        ev = event_or_404(slug)
        context.update(
            event=ev,
            timer=ev.timer_seconds,
            late_timer=ev.late_timer_seconds,
            marks=marks(ev),
            clock_url=reverse("heats:clock-json", kwargs={"event": ev.slug}),
        )
    return render(request, "heats/public/timer.html", context)
