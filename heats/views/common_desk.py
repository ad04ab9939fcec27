"""What a round's GM page (``gm.RoundDetailView``) and its check-in actions
(``gm_checkin``) share: the check-in list and the check-in fragment.

Words:

check-in list
    The round's entries as a table (``heats.tables.CheckInTable``), newest first,
    ``CHECKIN_PER_PAGE`` rows a page, filtered by its search box (the query
    parameter ``checkin-q``: part of a name, or the start of a badge).
fragment
    What an htmx request (``HX-Request``) gets instead of the whole page after a
    check-in, a paste, an undo or a search: the check-in list, and, swapped out
    of band, the action's messages and the round's figures (checked in, the
    layout they give, waiting players, tables owing results). Response headers
    tell the page's script what happened (``HX-Trigger``): ``checkin-saved``
    when the action succeeded (the form is cleared for the next name),
    ``round-changed`` when a seated round's late arrivals changed (the late-table
    section reloads itself).

Without JavaScript nothing here is needed: every form posts, and the action
redirects to the round page.
"""

from __future__ import annotations

import json

from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.urls import reverse
from django_tables2 import RequestConfig

from heats.models import (
    Entry,
    Event,
    Round,
    RoundKind,
)
from heats.queries.desk import (
    RoundFigures,
    namesake_counts,
    only_here,
    removable_players,
    round_figures,
)
from heats.queries.players import search_filter
from heats.tables import CheckInTable

CHECKIN_PER_PAGE = 25
CHECKIN_PREFIX = "checkin-"
SEARCH_PARAM = CHECKIN_PREFIX + "q"
FRAGMENT_TARGET = "checkin-list"
SAVED_EVENT = "checkin-saved"
CHANGED_EVENT = "round-changed"


def is_htmx(request: HttpRequest) -> bool:
    """True for a request htmx sent (it answers with a fragment, not a page)."""
    return request.headers.get("HX-Request") == "true"


def checkin_entries(rnd: Round, query: str = "") -> QuerySet[Entry]:
    """The round's entries with their players; with ``query``, only those the
    search box finds (``heats.queries.players.search_filter``)."""
    entries = rnd.entries.select_related("player")
    found = search_filter(rnd.event, query, "player__")
    return entries if found is None else entries.filter(found)


def checkin_table(
    request: HttpRequest,
    event: Event,
    rnd: Round,
    *,
    paginate: bool = True,
    tables: bool = True,
) -> CheckInTable:
    """The check-in list of ``rnd`` as the request asks for it (search, sort and,
    with ``paginate``, page from the query string): one page of
    ``CHECKIN_PER_PAGE`` rows; every row (of the search) without ``paginate``,
    for the exports. Its queries do not grow with the number of players.
    ``tables``: False when the caller knows the round has no table (its
    figures), so no seat is looked for."""
    query = request.GET.get(SEARCH_PARAM, "")[:120]
    seated = set(rnd.seats.values_list("player_id", flat=True)) if tables else set()
    off = removable_players(event, request.user, rnd) if seated else set()
    table = CheckInTable(
        checkin_entries(rnd, query),
        undo_url=reverse(
            "heats:round-undo", kwargs={"event": event.slug, "round": rnd.code}
        ),
        seated=seated,
        removable=off,
        deletes=only_here(rnd) if off else set(),
        namesakes=namesake_counts(event.pk),
        prefix=CHECKIN_PREFIX,
    )
    table.search = query
    per_page = {"per_page": CHECKIN_PER_PAGE} if paginate else False
    RequestConfig(request, paginate=per_page).configure(table)
    return table


def checkin_fragment(
    request: HttpRequest,
    event: Event,
    rnd: Round,
    *,
    saved: bool = False,
    extra: dict[str, object] | None = None,
    figures: RoundFigures | None = None,
) -> HttpResponse:
    """The fragment of ``rnd``'s page (see "fragment" above); ``saved`` when a
    check-in or an undo went through (``HX-Trigger``: the page clears its form,
    and a seated round's late-table section reloads); ``extra``: more context
    (the check-in's question, ``gm_checkin``); ``figures``: the round's figures
    when the caller read them already."""
    figures = figures or round_figures(rnd)
    context = (extra or {}) | {
        "event": event,
        "round": rnd,
        "figures": figures,
        "checkin_table": checkin_table(
            request, event, rnd, tables=bool(figures.seated)
        ),
        "is_heat": rnd.kind == RoundKind.HEAT,
    }
    response = TemplateResponse(request, "heats/gm/_checkin_fragment.html", context)
    events = {SAVED_EVENT: True} if saved else {}
    if saved and rnd.seated_at:
        events[CHANGED_EVENT] = True
    if events:
        response["HX-Trigger"] = json.dumps(events)
    return response
