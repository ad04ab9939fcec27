"""The semi-final page and its check-in work the list out no more often than
they show it (issue 30, "each request does its work once"): the page draws
the live list once (the recommendation is that list while the GM has no
override), and a presence mark reads the heat seats once for the list before
and after it, not at all once the semi-final is seated."""

from __future__ import annotations

from unittest import mock

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from heats.models import EntryStatus, Player
from heats.queries.versions import form_version
from scoring.core import advancement
from scoring.queries import event_results as core
from scoring.queries.event_results import event_advancement
from scoring.services import semi_final as rounds

pytestmark = pytest.mark.django_db

# The GM's semi-final page of the demo event, drawn again: the statements the
# page runs, counted with the list worked out once (37 with it worked out twice).
SEMI_PAGE_QUERIES = 33


@pytest.fixture
def demo_gm(client, demo_event, gm):
    demo_event.gms.add(gm)
    client.force_login(gm)
    return client


def spy(module, name: str) -> mock._patch:
    return mock.patch.object(module, name, wraps=getattr(module, name))


@pytest.fixture
def seat_reads():
    """A spy on ``heat_seat_rows`` wherever the list's code calls it."""
    counted = mock.MagicMock(wraps=core.heat_seat_rows)
    with (
        mock.patch.object(core, "heat_seat_rows", counted),
        mock.patch.object(rounds, "heat_seat_rows", counted, create=True),
    ):
        yield counted


def semi_page(client):
    return client.get(reverse("scoring:semi", kwargs={"event": "demo"}))


def mark(client, player: Player, status: str):
    url = reverse("scoring:semi-mark", kwargs={"event": "demo"})
    return client.post(url, {"player": player.pk, "status": status})


def test_the_semi_final_page_works_the_list_out_once(demo_gm):
    semi_page(demo_gm)
    with (
        spy(advancement, "advance") as advance,
        CaptureQueriesContext(connection) as queries,
    ):
        response = semi_page(demo_gm)
    assert response.status_code == 200
    assert advance.call_count == 1
    assert len(queries) <= SEMI_PAGE_QUERIES


def test_a_presence_mark_reads_the_heat_seats_once(demo_gm, demo_event, seat_reads):
    winner = event_advancement(demo_event).qualifiers[0].player
    seat_reads.reset_mock()
    response = mark(demo_gm, Player.objects.get(pk=winner), "absent")
    assert response.status_code == 302
    assert seat_reads.call_count == 1


def test_a_presence_save_reads_the_heat_seats_once(demo_gm, demo_event, seat_reads):
    winner = event_advancement(demo_event).qualifiers[0].player
    url = reverse("scoring:semi-presence", kwargs={"event": "demo"})
    version = form_version(demo_event, rounds.SEMI_PRESENCE)
    seat_reads.reset_mock()
    response = demo_gm.post(
        url, {"shown": [winner], "absent_rest": "on", "version": version}
    )
    assert response.status_code == 302
    assert seat_reads.call_count == 1
    assert rounds.semi_round(demo_event).entries.get(player_id=winner).status == (
        EntryStatus.ABSENT
    )


def test_a_mark_after_seating_does_not_work_the_list_out(demo_gm, demo_event):
    rounds.seat_semi(demo_event, seed=1)
    player = rounds.semi_round(demo_event).seats.first().player
    with spy(advancement, "advance") as advance:
        response = mark(demo_gm, player, "present")
    assert response.status_code == 302
    assert advance.call_count == 0
