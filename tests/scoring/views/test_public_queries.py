"""Query ceilings of the public pages on a generated 1,000-player event (issue:
the kiosk, "Speed"): a first rendering loads each kind of row once, as tuples; a
cached page costs one query (the event and its version). Speed itself is measured
by ``make bench`` (docs/benchmarks.md), never asserted here."""

from __future__ import annotations

import pytest
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType

from heats.models import Event, Player, Round
from tests.support.sample import generate_event

pytestmark = pytest.mark.django_db

# First-rendering ceilings, whatever the number of players: the event with its
# version, the rounds, the seats of one round as tuples and the names more than one
# player holds (heats.queries.desk.round_seats), the heat seats with their
# records as tuples, the players as tuples, the published list, the override, the
# tables being checked (rules warnings not acknowledged: held back)...
CEILINGS = {
    "/e/big/": 10,
    "/e/big/kiosk/": 5,
    "/e/big/kiosk/panel/": 5,
    "/e/big/find/": 5,
    "/e/big/heat/1/": 4,
    "/e/big/standings.json": 9,
    "/e/big/seating.json": 5,
}
PAGES = list(CEILINGS)


@pytest.fixture(scope="module")
def big_event_id(django_db_setup, django_db_blocker):
    """1,000 players, three heats with results, a fourth heat seated (in play):
    made once for the module (each test's changes are rolled back with its
    transaction) and deleted after it."""
    with django_db_blocker.unblock():
        event = generate_event("big", 1000, heats=3)
    yield event.pk
    with django_db_blocker.unblock():
        # Seats protect their players: the rounds (and so the seats) go first.
        Round.objects.filter(event_id=event.pk).delete()
        Event.objects.filter(pk=event.pk).delete()


@pytest.fixture
def big_event(db, big_event_id):
    return Event.objects.get(pk=big_event_id)


@pytest.mark.parametrize("url", PAGES)
def test_a_first_rendering_stays_under_its_query_ceiling(
    client, big_event, url, django_assert_max_num_queries
):
    with django_assert_max_num_queries(CEILINGS[url]):
        response = client.get(url)
    assert response.status_code == 200


@pytest.mark.parametrize("url", PAGES)
def test_a_cached_page_costs_one_query(
    client, big_event, url, django_assert_max_num_queries
):
    client.get(url)
    with django_assert_max_num_queries(1):
        response = client.get(url)
    assert response.status_code == 200


def test_the_results_kiosk_stays_under_its_query_ceiling(
    client, django_assert_max_num_queries
):
    generate_event("played", 1000, heats=3, seat_next=False)
    with django_assert_max_num_queries(12):
        html = client.get("/e/played/kiosk/panel/").content.decode()
    assert 'id="kiosk-winners"' in html


def test_a_generated_event_has_one_winner_per_table_and_every_seat_recorded(big_event):
    heat1 = big_event.rounds.get(number=1)
    assert heat1.tables.count() == 200  # 1,000 players in tables of 5
    assert heat1.seats.filter(record__place=1).count() == 200
    assert heat1.seats.filter(record__isnull=True).count() == 0
    assert (
        big_event.rounds.get(number=4).seats.filter(record__isnull=False).count() == 0
    )


def test_an_edit_in_the_admin_clears_the_cache_too(client, big_event):
    """The admin writes no audit entry; its own log entry changes the version."""
    assert "Player 0001" in client.get("/e/big/find/").content.decode()
    player = Player.objects.get(event=big_event, name="Player 0001")
    player.name = "Renamed Person"
    player.save()
    root = get_user_model().objects.create_superuser("root", password="root-pw-1")
    LogEntry.objects.create(
        user=root,
        content_type=ContentType.objects.get_for_model(Player),
        object_id=str(player.pk),
        object_repr=str(player),
        action_flag=CHANGE,
    )
    html = client.get("/e/big/find/").content.decode()
    assert "Renamed Person" in html and "Player 0001<" not in html
