"""The GM's three slowest clicks stay lean (issue 28, item 7): the SQL
statements of a check-in answered with the fragment, of "Seat again", and of the
seated round page, at 200 players, under ceilings the code before that work
exceeded (27, 40 and 20). Speed itself is measured by ``make bench``
(``bench/bench_gm_clicks.py``, ``bench/bench_gm_browser.py``), never here."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from heats.queries.seating import seating_state
from heats.services.checkin import check_in
from heats.services.seating import seat_round
from tests.heats.conftest import names

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}

# The check-in: session, user and role; the round (its event is the view's);
# the service's locks and reads (event, round, the name's players and draw
# keys, the entries of that player), its two inserts and the audit entry; the
# figures (count, tables, waiting) shared by the message and the fragment; the
# event's names read once to fold them for "did you mean" (a new player's name
# against the others as people type names: heats.queries.players.named); the
# list's namesakes, count and page. No seat is looked up: no table yet.
CHECK_IN = 25
# "Seat again": session, user and role, the round; the lock and the checks
# (tables, results); the players' ids, history, keep-apart pairs and the
# snapshot put back by Undo; the old tables deleted with what hangs on them
# (seats in batches of 100), the new ones saved; statuses, round, audit,
# report links; the session's message.
SEAT = 38
# The seated page: session, user and role, the round; the figures; the cards'
# seats, tables, results, checks and report links; the objective's history and
# keep-apart pairs (its seats are the cards'); the clock's tables.
PAGE = 17


def url(name: str) -> str:
    return reverse(f"heats:{name}", kwargs={"event": "wbc", "round": "1"})


def counted(send) -> tuple[int, object]:
    with CaptureQueriesContext(connection) as captured:
        response = send()
    return len(captured), response


def test_a_check_in_answered_with_the_fragment_stays_under_its_ceiling(gm_client, heat):
    check_in(heat, names(200))
    count, response = counted(
        lambda: gm_client.post(
            url("round-checkin"), {"name": "Nadia Newcomer", "new": "on"}, **HTMX
        )
    )
    assert response.status_code == 200
    assert 'id="checked-in-count">201<' in response.content.decode()
    assert count <= CHECK_IN, count


def test_seat_again_stays_under_its_ceiling(gm_client, heat):
    check_in(heat, names(200))
    seat_round(heat, seed=1)
    heat.refresh_from_db()
    data = {"seed": "2", "state": seating_state(heat)}
    count, response = counted(lambda: gm_client.post(url("round-seat"), data))
    assert response.status_code == 302
    assert heat.tables.count() == 40  # 200 players: 40 tables of 5
    assert count <= SEAT, count


def test_the_seated_round_page_stays_under_its_ceiling(gm_client, heat):
    check_in(heat, names(200))
    seat_round(heat, seed=1)
    count, response = counted(lambda: gm_client.get(url("round-detail")))
    assert response.status_code == 200
    assert response.content.decode().count('class="card h-100 table-card') == 40
    assert count <= PAGE, count
