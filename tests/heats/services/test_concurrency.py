"""Several GMs' browsers acting on one round at the same moment (issue: concurrent
writes lose nothing and never fail with a server error).

Each browser is a test client in its own thread with its own database connection
(``tests.support.concurrency``); the tests run on SQLite (a file) and, in
``make test``, on PostgreSQL. They count what was attempted against what is saved.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from heats.models import AuditEntry, EntryStatus, Player, RoundKind, Seat
from heats.services.checkin import check_in
from heats.services.seating import seat_round
from tests.heats.conftest import names
from tests.support.concurrency import at_once, browsers, errors

pytestmark = pytest.mark.django_db(transaction=True)


def hidden(page: str, name: str) -> str:
    """The value of the hidden input ``name`` of a page ("" when it has none)."""
    found = re.search(rf'<input type="hidden" name="{name}" value="([^"]*)"', page)
    return found.group(1) if found else ""


def round_url(name: str, round: str = "1") -> str:
    return reverse(f"heats:{name}", kwargs={"event": "wbc", "round": round})


def test_one_new_name_checked_in_from_eight_browsers_is_one_player(gm, heat):
    clients = browsers(gm, 8)
    url = round_url("round-checkin")
    outcomes = at_once(
        lambda i: clients[i].post(url, {"name": "Nell Newcomer"}).status_code, 8
    )
    assert errors(outcomes) == []
    # One check-in; the seven after it find Nell a player already and are
    # asked "the same person or a new player?" (a page, nothing saved).
    assert sorted(o.value for o in outcomes) == [200] * 7 + [302]
    assert Player.objects.filter(event=heat.event, name="Nell Newcomer").count() == 1
    assert heat.entries.count() == 1


def test_new_heat_pressed_six_times_at_once_opens_one_heat(gm, heat_23):
    clients = browsers(gm, 6)
    dashboard = clients[0].get(reverse("heats:event-gm", kwargs={"event": "wbc"}))
    number = hidden(dashboard.content.decode(), "number")
    url = reverse("heats:round-create", kwargs={"event": "wbc"})
    outcomes = at_once(lambda i: clients[i].post(url, {"number": number}), 6)
    assert errors(outcomes) == []
    assert {o.value["Location"] for o in outcomes} == {round_url("round-detail", "2")}
    heats = heat_23.event.rounds.filter(kind=RoundKind.HEAT)
    assert sorted(heats.values_list("number", flat=True)) == [1, 2]


def test_a_second_new_heat_from_the_same_page_opens_the_first_ones_heat(gm, heat_23):
    client = browsers(gm, 1)[0]
    page = client.get(reverse("heats:event-gm", kwargs={"event": "wbc"}))
    number = hidden(page.content.decode(), "number")
    url = reverse("heats:round-create", kwargs={"event": "wbc"})
    client.post(url, {"number": number})
    second = client.post(url, {"number": number}, follow=True)
    assert "Heat 2 was already created" in second.content.decode()
    assert heat_23.event.rounds.filter(kind=RoundKind.HEAT).count() == 2


def test_seat_now_pressed_six_times_at_once_seats_the_round_once(gm, heat_23):
    clients = browsers(gm, 6)
    page = clients[0].get(round_url("round-detail")).content.decode()
    state = hidden(page, "state")
    url = round_url("round-seat")
    outcomes = at_once(lambda i: clients[i].post(url, {"state": state}), 6)
    assert errors(outcomes) == []
    assert [o.value.status_code for o in outcomes] == [302] * 6
    assert AuditEntry.objects.filter(action="seating").count() == 1
    seats = Seat.objects.filter(round=heat_23)
    assert seats.count() == 23
    assert heat_23.tables.count() == 4


def test_seat_now_from_a_page_drawn_before_the_seating_changes_nothing(gm, heat_23):
    client = browsers(gm, 1)[0]
    state = hidden(client.get(round_url("round-detail")).content.decode(), "state")
    client.post(round_url("round-seat"), {"state": state})
    seating = list(Seat.objects.filter(round=heat_23).values_list("pk", "player_id"))
    again = client.post(round_url("round-seat"), {"state": state}, follow=True)
    assert "already seated" in again.content.decode()
    after = list(Seat.objects.filter(round=heat_23).values_list("pk", "player_id"))
    assert after == seating
    assert AuditEntry.objects.filter(action="seating").count() == 1


def test_six_swaps_with_one_player_at_once_all_happen_one_after_another(gm, heat_23):
    result = seat_round(heat_23, seed=7)
    mover = int(result.tables[0][0])
    others = [int(t[i]) for t in result.tables[1:] for i in range(2)][:6]
    clients = browsers(gm, 6)
    url = round_url("round-swap")
    outcomes = at_once(
        lambda i: clients[i].post(url, {"player_a": mover, "player_b": others[i]}), 6
    )
    assert errors(outcomes) == []
    assert [o.value.status_code for o in outcomes] == [302] * 6
    assert AuditEntry.objects.filter(action="swap").count() == 6
    seats = Seat.objects.filter(round=heat_23)
    assert sorted(seats.values_list("player_id", flat=True)) == sorted(
        int(k) for t in result.tables for k in t
    )
    sizes = [heat_23.tables.get(number=n).seats.count() for n in range(1, 5)]
    assert sizes == [6, 6, 6, 5]


def test_late_table_pressed_four_times_at_once_forms_one_table(gm, heat_23):
    seat_round(heat_23, seed=1)
    check_in(heat_23, names(5, prefix="Late"))
    clients = browsers(gm, 4)
    url = round_url("round-late-table")
    outcomes = at_once(lambda i: clients[i].post(url).status_code, 4)
    assert errors(outcomes) == []
    assert [o.value for o in outcomes] == [302] * 4
    late = heat_23.tables.filter(late=True)
    assert list(late.values_list("number", flat=True)) == [5]
    assert Seat.objects.filter(table__late=True).count() == 5
    waiting = heat_23.entries.filter(status=EntryStatus.LATE)
    assert not waiting.exclude(player__seats__round=heat_23).exists()


def test_players_checked_in_while_the_round_is_seated_are_seated_or_late(gm, heat_23):
    clients = browsers(gm, 7)
    seat, checkin = round_url("round-seat"), round_url("round-checkin")

    def act(i: int) -> int:
        if i == 0:
            return clients[0].post(seat).status_code
        return clients[i].post(checkin, {"name": f"Late {i}"}).status_code

    outcomes = at_once(act, 7)
    assert errors(outcomes) == []
    assert [o.value for o in outcomes] == [302] * 7
    assert heat_23.entries.count() == 29
    # Checked in before the seating: seated; after it: late, waiting for a late
    # table. Never "in" without a seat.
    unseated = heat_23.entries.exclude(player__seats__round=heat_23)
    assert list(unseated.exclude(status=EntryStatus.LATE)) == []


def test_two_late_players_added_to_the_last_free_seat_at_once_seat_one(gm, heat_23):
    """Table 4 of 6+6+6+5 has one free seat; two GMs each add a different late
    player to it at the same moment: one is seated (seat 6), the other is told the
    table is full and keeps waiting."""
    seat_round(heat_23, seed=1)
    check_in(heat_23, names(2, "Late"))
    late = list(heat_23.entries.filter(status=EntryStatus.LATE).order_by("pk"))
    clients = browsers(gm, 2)
    url = round_url("round-late-seat")

    def add(i: int) -> str:
        data = {"player": late[i].player_id, "table": 4}
        return clients[i].post(url, data, follow=True).content.decode()

    outcomes = at_once(add, 2)
    assert errors(outcomes) == []
    table4 = heat_23.tables.get(number=4)
    assert list(table4.seats.order_by("number").values_list("number", flat=True)) == [
        1,
        2,
        3,
        4,
        5,
        6,
    ]
    assert Seat.objects.filter(player__name__startswith="Late").count() == 1
    assert sum("already has 6 players" in o.value for o in outcomes) == 1
    assert AuditEntry.objects.filter(action="late-seat").count() == 1
