"""Who may do what: anonymous users, strangers, assistants, GMs of other events."""

from __future__ import annotations

import pytest
from django.urls import reverse

from heats.models import Seat
from heats.services.checkin import check_in
from heats.services.seating import seat_round
from scoring.models import PlayerRecord
from tests.heats.conftest import names
from tests.support.versions import result_version

pytestmark = pytest.mark.django_db

GM_PAGES = [
    ("heats:event-gm", {}),
    ("heats:round-detail", {"round": "1"}),
    ("heats:audit", {}),
    ("heats:keep-apart", {}),
    ("scoring:semi", {}),
    ("scoring:final", {}),
    ("scoring:laurels", {}),
    ("scoring:table-results", {"round": "1", "table": 1}),
]

# (url name, extra kwargs) of actions only a GM may take.
GM_ONLY_ACTIONS = [
    ("heats:round-seat", {"round": "1"}),
    ("heats:round-swap", {"round": "1"}),
    ("heats:round-late-table", {"round": "1"}),
    ("heats:keep-apart-add", {}),
    ("scoring:table-tie", {"round": "1", "table": 1}),
    ("scoring:table-acknowledge", {"round": "1", "table": 1}),
    ("scoring:semi-seat", {}),
    ("scoring:final-seat", {}),
    ("scoring:semi-publish", {}),
    ("scoring:semi-override", {}),
    ("scoring:final-absent", {}),
    ("heats:round-create", {}),
]

STAFF_ACTIONS = [
    ("heats:round-checkin", {"round": "1"}),
    ("heats:round-paste", {"round": "1"}),
    ("heats:round-undo", {"round": "1"}),
    ("scoring:semi-mark", {}),
    ("scoring:table-results", {"round": "1", "table": 1}),
]


def url(name: str, kwargs: dict, event: str = "wbc") -> str:
    return reverse(name, kwargs={"event": event, **kwargs})


@pytest.fixture
def seated_heat(heat):
    check_in(heat, names(10))
    seat_round(heat, seed=1)
    return heat


@pytest.mark.parametrize(("name", "kwargs"), GM_PAGES)
def test_anonymous_users_are_sent_to_log_in(client, seated_heat, name, kwargs):
    response = client.get(url(name, kwargs))
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


@pytest.mark.parametrize(("name", "kwargs"), GM_ONLY_ACTIONS + STAFF_ACTIONS)
def test_anonymous_posts_are_forbidden(client, seated_heat, name, kwargs):
    response = client.post(url(name, kwargs))
    assert response.status_code in (302, 403)
    if response.status_code == 302:  # class-based GM pages send to log in
        assert response["Location"].startswith("/accounts/login/")
    assert not seated_heat.tables.filter(seats__record__isnull=False).exists()


# The result and tie pages show their form on GET; every other action is POST only.
FORM_PAGES = ("scoring:table-results", "scoring:table-tie")


@pytest.mark.parametrize(
    ("name", "kwargs"),
    [a for a in GM_ONLY_ACTIONS + STAFF_ACTIONS if a[0] not in FORM_PAGES],
)
def test_post_actions_refuse_get(gm_client, seated_heat, name, kwargs):
    assert gm_client.get(url(name, kwargs)).status_code == 405


@pytest.mark.parametrize(("name", "kwargs"), GM_PAGES)
def test_users_without_a_role_get_403_on_pages(
    client, stranger, seated_heat, name, kwargs
):
    client.force_login(stranger)
    assert client.get(url(name, kwargs)).status_code == 403


@pytest.mark.parametrize(("name", "kwargs"), GM_ONLY_ACTIONS + STAFF_ACTIONS)
def test_users_without_a_role_get_403_on_actions(
    client, stranger, seated_heat, name, kwargs
):
    client.force_login(stranger)
    assert client.post(url(name, kwargs)).status_code == 403


@pytest.mark.parametrize(("name", "kwargs"), GM_ONLY_ACTIONS)
def test_assistants_cannot_take_gm_actions(assistant_client, seated_heat, name, kwargs):
    from heats.models import Round

    before = list(Seat.objects.values_list("pk", "player_id"))
    rounds = Round.objects.count()
    assert assistant_client.post(url(name, kwargs)).status_code == 403
    assert list(Seat.objects.values_list("pk", "player_id")) == before
    assert Round.objects.count() == rounds


def test_assistants_check_in_and_enter_results(assistant_client, seated_heat):
    response = assistant_client.post(
        url("heats:round-checkin", {"round": "1"}), {"name": "Late Larry"}
    )
    assert response.status_code == 302
    assert seated_heat.entries.filter(player__name="Late Larry").exists()
    table = seated_heat.tables.get(number=1)
    seats = table.seats.order_by("number")
    data = {f"final_{s.number}": 10 * s.number for s in seats}
    data["seating"] = ",".join(f"{s.number}:{s.player_id}" for s in seats)
    data["version"] = result_version(table)
    response = assistant_client.post(
        url("scoring:table-results", {"round": "1", "table": 1}), data
    )
    assert response.status_code == 302
    assert PlayerRecord.objects.filter(seat__table=table).count() == 5


def test_assistants_see_the_keep_apart_page_refused(assistant_client, seated_heat):
    assert assistant_client.get(url("heats:keep-apart", {})).status_code == 403


def test_a_gm_of_one_event_cannot_change_another(client, other_event, seated_heat):
    client.login(username="other-gm", password="other-pw-1")
    assert client.get(url("heats:event-gm", {})).status_code == 403
    seats = list(Seat.objects.values_list("pk", "player_id"))
    for name, kwargs in GM_ONLY_ACTIONS + STAFF_ACTIONS:
        assert client.post(url(name, kwargs)).status_code == 403, name
    assert list(Seat.objects.values_list("pk", "player_id")) == seats
    assert client.get(url("heats:event-gm", {}, event="other")).status_code == 200


def test_public_seating_page_is_open_to_everyone(client, seated_heat):
    response = client.get(url("heats:round-seating", {"round": "1"}))
    assert response.status_code == 200
    assert "Player 01" in response.content.decode()


def test_the_gm_link_is_shown_to_the_events_staff_only(client, event, gm, stranger):
    """The menu's "GM" link leads to the GM dashboard: offered to those who may
    open it, not to a logged-in user with no role in the event (a 403)."""
    link = f'href="/e/{event.slug}/gm/">GM</a>'
    client.force_login(stranger)
    assert link not in client.get(f"/e/{event.slug}/").content.decode()
    client.force_login(gm)
    assert link in client.get(f"/e/{event.slug}/").content.decode()
