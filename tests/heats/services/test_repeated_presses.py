"""A GM's button pressed six times at once, or posted by a client that leaves the
page's hidden fields out (issue 16, item 3): the first press acts, the others are
refused with a message saying why, and none is a server error.

Whether a press acts is decided by what the database holds, read under the row's
lock (``heats.services.audit.lock``), never by a field the client may leave out.
Each press is a test client in its own thread with its own database connection
(``tests.support.concurrency``), on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from heats.models import AuditEntry, KeepApart, Player, RoundKind, Seat
from heats.services.checkin import check_in
from heats.services.keep_apart import add_keep_apart
from tests.heats.conftest import names
from tests.support import concurrency
from tests.support.concurrency import at_once, errors
from tests.support.versions import page_version

pytestmark = pytest.mark.django_db(transaction=True)

PRESSES = 6


def browsers(user, count: int = PRESSES) -> list[Client]:
    """``count`` browsers logged in as ``user``."""
    return concurrency.browsers(user, count)


def said(response) -> str:
    """The messages a response left for the next page, one a line."""
    return "\n".join(str(m) for m in get_messages(response.wsgi_request))


def press(user, url: str, data: dict | None = None) -> list:
    """Post ``data`` to ``url`` from six browsers at once; the responses, after
    checking that none raised and each redirected (no server error)."""
    clients = browsers(user)
    outcomes = at_once(lambda i: clients[i].post(url, data or {}), PRESSES)
    assert errors(outcomes) == []
    responses = [o.value for o in outcomes]
    assert [r.status_code for r in responses] == [302] * PRESSES
    return responses


def count(responses: list, text: str) -> int:
    """How many of ``responses`` left a message containing ``text``."""
    return sum(text in said(r) for r in responses)


def keep_apart_version(user) -> str:
    """The version the Keep-apart page's forms carry now (read as ``user``)."""
    page = reverse("heats:keep-apart", kwargs={"event": "wbc"})
    return page_version(browsers(user, 1)[0], page)


def round_url(name: str, round: str = "1") -> str:
    return reverse(f"heats:{name}", kwargs={"event": "wbc", "round": round})


@pytest.fixture
def pair(heat) -> tuple[Player, Player]:
    """Two players of the event, Player 01 and Player 02."""
    check_in(heat, names(2))
    return tuple(Player.objects.filter(event=heat.event).order_by("name"))


# --- keep-apart pairs ---------------------------------------------------------------


def test_one_keep_apart_pair_added_six_times_at_once_is_added_once(gm, pair):
    url = reverse("heats:keep-apart-add", kwargs={"event": "wbc"})
    data = {"player_a": pair[0].pk, "player_b": pair[1].pk}
    data["version"] = keep_apart_version(gm)
    responses = press(gm, url, data)
    assert KeepApart.objects.count() == 1
    assert AuditEntry.objects.filter(action="keep-apart").count() == 1
    assert count(responses, "Keep apart: Player 01 / Player 02.") == 1
    assert count(responses, "are already kept apart") == PRESSES - 1


def test_one_keep_apart_pair_removed_six_times_at_once_is_logged_once(gm, pair):
    kept = add_keep_apart(pair[0].event, *pair, user=gm)
    url = reverse("heats:keep-apart-delete", kwargs={"event": "wbc", "pk": kept.pk})
    responses = press(gm, url, {"version": keep_apart_version(gm)})
    assert not KeepApart.objects.exists()
    removals = AuditEntry.objects.filter(detail__startswith="No longer kept apart")
    assert removals.count() == 1
    assert count(responses, "No longer kept apart: Player 01 / Player 02.") == 1
    assert count(responses, "already removed") == PRESSES - 1


# --- New heat, Seat, Start clock without the page's fields --------------------------


def test_new_heat_posted_six_times_without_its_number_opens_one_heat(gm, heat_23):
    url = reverse("heats:round-create", kwargs={"event": "wbc"})
    responses = press(gm, url)
    heats = heat_23.event.rounds.filter(kind=RoundKind.HEAT)
    assert sorted(heats.values_list("number", flat=True)) == [1, 2]
    assert AuditEntry.objects.filter(action="round").count() == 1
    assert {r["Location"] for r in responses} == {round_url("round-detail", "2")}
    assert count(responses, "Heat 2 created") == 1
    assert count(responses, "Heat 2 was already created") == PRESSES - 1


def test_new_heat_opens_the_next_heat_once_the_last_one_has_players(gm, heat):
    client = browsers(gm, 1)[0]
    url = reverse("heats:round-create", kwargs={"event": "wbc"})
    client.post(url)
    heats = heat.event.rounds.filter(kind=RoundKind.HEAT)
    assert list(heats.values_list("number", flat=True)) == [1]
    check_in(heat, names(4))
    client.post(url)
    assert sorted(heats.values_list("number", flat=True)) == [1, 2]


def test_seat_posted_six_times_without_its_state_seats_the_round_once(gm, heat_23):
    responses = press(gm, round_url("round-seat"))
    assert AuditEntry.objects.filter(action="seating").count() == 1
    assert Seat.objects.filter(round=heat_23).count() == 23
    assert heat_23.tables.count() == 4
    assert count(responses, "Heat 1 seated: 6+6+6+5") == 1
    assert count(responses, "already seated") == PRESSES - 1


def test_a_seated_round_is_drawn_anew_only_from_a_page_showing_its_seating(gm, heat_23):
    client = browsers(gm, 1)[0]
    url = round_url("round-seat")
    client.post(url, follow=True)
    refused = client.post(url, follow=True).content.decode()
    assert "already seated" in refused
    assert AuditEntry.objects.filter(action="seating").count() == 1
    heat_23.refresh_from_db()
    again = client.post(url, {"state": heat_23.seated_at.isoformat()}, follow=True)
    assert "Heat 1 seated: 6+6+6+5" in again.content.decode()
    assert AuditEntry.objects.filter(action="seating").count() == 2


def test_start_clock_posted_six_times_without_fields_starts_it_once(gm, heat_23):
    responses = press(gm, round_url("round-start-clock"))
    assert AuditEntry.objects.filter(action="clock").count() == 1
    heat_23.refresh_from_db()
    assert heat_23.start_time is not None
    assert count(responses, "Heat 1 clock started at") == 1
    assert count(responses, "clock is already running") == PRESSES - 1


def test_correct_the_start_acts_once_from_the_page_it_was_drawn_on(
    gm, heat_23, clock_at
):
    clock_at(heat_23.event.time_zone, "10:00")  # 09:30 is this morning's
    client = browsers(gm, 1)[0]
    url = round_url("round-start-clock")
    client.post(url, follow=True)
    heat_23.refresh_from_db()
    data = {"at": "09:30", "started": heat_23.start_time.isoformat()}
    first = client.post(url, data, follow=True).content.decode()
    second = client.post(url, data, follow=True).content.decode()
    assert "Heat 1 clock started at 09:30." in first
    assert "changed since this page was opened" in second
    assert AuditEntry.objects.filter(action="clock").count() == 2
