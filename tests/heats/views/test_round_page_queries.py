"""The round page's queries do not grow with the number of players (issue 17,
"Speed"): the same count for 20 and 200 players, under a ceiling, whether the
round is open for check-in, seated, or seated with late arrivals waiting; the
same for the check-in fragment. Speed itself is measured
by ``make bench`` (``bench/bench_gm_clicks.py``), never asserted here."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from heats.services.checkin import check_in
from heats.services.seating import seat_round
from tests.heats.conftest import names

pytestmark = pytest.mark.django_db

ROUND = reverse("heats:round-detail", kwargs={"event": "wbc", "round": "1"})
HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "checkin-list"}

# Session, user and roles (4), the round; the count, the tables, the waiting
# players; one page of the check-in list with its count and seated players; and,
# once seated, the cards' seats and results, the removable players, the objective,
# the players a removal would delete, the short tables and the seating put back;
# with players waiting, each one's open tables by repeat cost (earlier rounds,
# keep-apart pairs); the clock's tables in, and the tables' report links (from
# the results app, through the card extensions).
# The fragment's 13th: the event's namesakes, told apart in the check-in list.
CEILINGS = {"open": 13, "seated": 26, "late": 30, "fragment": 13}


def queries(client, url: str, **extra) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url, **extra)
    assert response.status_code == 200
    return len(captured)


def prepare(heat, players: int, state: str) -> None:
    check_in(heat, names(players))
    if state in ("seated", "late"):
        seat_round(heat, seed=1)
    if state == "late":
        check_in(heat, names(3, "Late"))


def page_for(state: str) -> tuple[str, dict]:
    return ROUND, (HTMX if state == "fragment" else {})


@pytest.mark.parametrize("state", list(CEILINGS))
def test_the_round_page_costs_the_same_queries_for_20_and_200_players(
    gm_client, heat, state
):
    counts = []
    for players in (20, 200):
        heat.tables.all().delete()
        heat.entries.all().delete()
        heat.seated_at = None
        heat.save()
        prepare(heat, players, state)
        url, extra = page_for(state)
        counts.append(queries(gm_client, url, **extra))
    assert counts[0] == counts[1] <= CEILINGS[state], counts
