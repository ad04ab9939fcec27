"""Late arrivals below the late-table minimum (tournament.md, Heats, "Late
arrivals"): a seat at a table that has not recorded a score, a smaller late table
after the GM confirms it, and no "results complete" while anyone still waits or a
tie for first is unresolved."""

from __future__ import annotations

import pytest
from django.urls import reverse

from heats.core.errors import UserError
from heats.models import AuditEntry, EntryStatus, Seat
from heats.permissions import NotAllowed
from heats.queries.late import (
    open_tables,
)
from heats.queries.seating import (
    waiting_players,
)
from heats.services.checkin import (
    check_in,
)
from heats.services.late import (
    add_late_player,
)
from heats.services.seating import (
    form_late_table,
    seat_round,
)
from scoring.queries.result_check import SeatScores
from scoring.services.results import save_table_results
from scoring.services.ties import declare_winner
from tests.heats.conftest import names, player

pytestmark = pytest.mark.django_db

# Legal-looking final scores for tables of 5 and 6 (no tie for first).
FINALS = {5: [110, 95, 85, 75, 65], 6: [120, 100, 90, 80, 70, 60]}


@pytest.fixture
def seated(heat_23):
    """Heat 1 with 23 players seated 6+6+6+5 (tables 1-3 of 6, table 4 of 5)."""
    seat_round(heat_23, seed=1)
    return heat_23


def record(table, finals=None) -> None:
    seats = list(table.seats.order_by("number"))
    finals = finals or FINALS[len(seats)]
    save_table_results(
        table,
        [
            SeatScores(s.number, None, None, f)
            for s, f in zip(seats, finals, strict=True)
        ],
    )


def test_open_tables_are_those_under_six_without_results(seated):
    assert [t.number for t in open_tables(seated)] == [4]
    record(seated.tables.get(number=4))
    assert open_tables(seated) == []


def test_a_late_player_joins_a_table_of_five_in_seat_six(seated, gm):
    check_in(seated, [("Late Comer", "")])
    late = player(seated.event, "Late Comer")
    table = seated.tables.get(number=4)
    seat = add_late_player(seated, late, table, gm)
    assert (seat.table.number, seat.number) == (4, 6)
    assert [s.number for s in table.seats.order_by("number")] == [1, 2, 3, 4, 5, 6]
    assert seated.entries.get(player=late).status == EntryStatus.CHECKED_IN
    assert waiting_players(seated) == []
    entry = AuditEntry.objects.get(action="late-seat")
    assert entry.user == gm
    assert "Late Comer (late) seated at Heat 1 table 4, seat 6" in entry.detail
    # Six now: the table is full.
    assert open_tables(seated) == []


@pytest.mark.parametrize(
    "table_number, message",
    [(1, "table 1 already has 6 players"), (4, "table 4 already has results")],
)
def test_a_full_or_scored_table_takes_no_late_player(seated, table_number, message):
    record(seated.tables.get(number=4))
    check_in(seated, [("Late Comer", "")])
    late = player(seated.event, "Late Comer")
    with pytest.raises(UserError, match=message):
        add_late_player(seated, late, seated.tables.get(number=table_number))
    assert not Seat.objects.filter(player=late).exists()
    assert not AuditEntry.objects.filter(action="late-seat").exists()


def test_only_a_waiting_player_is_added(seated):
    table1_player = seated.tables.get(number=1).seats.get(number=1).player
    with pytest.raises(UserError, match="is not waiting for a seat in Heat 1"):
        add_late_player(seated, table1_player, seated.tables.get(number=4))


def test_assistants_may_not_seat_late_players(seated, assistant):
    check_in(seated, [("Late Comer", "")])
    late = player(seated.event, "Late Comer")
    with pytest.raises(NotAllowed, match="seat a late arrival at a table"):
        add_late_player(seated, late, seated.tables.get(number=4), assistant)
    assert not Seat.objects.filter(player=late).exists()


def test_a_smaller_late_table_needs_the_confirmed_path(seated, gm):
    check_in(seated, names(4, "Late"))
    with pytest.raises(UserError, match="4 players waiting: a late table needs 5"):
        form_late_table(seated, user=gm)
    result = form_late_table(seated, seed=2, user=gm, small=True)
    assert [len(t) for t in result.tables] == [4]
    table = seated.tables.get(number=5)
    assert table.late is True
    assert {s.player.name for s in table.seats.all()} == {
        f"Late 0{i}" for i in range(1, 5)
    }
    detail = AuditEntry.objects.get(action="late-table").detail
    assert "under the event's minimum of 5, confirmed by the GM" in detail


def test_three_waiting_cannot_form_even_a_small_table(seated):
    check_in(seated, names(3, "Late"))
    with pytest.raises(UserError, match="3 players waiting: a late table needs 4"):
        form_late_table(seated, small=True)
    assert seated.tables.count() == 4


# --- the round page ----------------------------------------------------------------


def round_url(rnd, name="heats:round-detail") -> str:
    return reverse(name, kwargs={"event": rnd.event.slug, "round": rnd.code})


def test_the_round_page_offers_the_open_tables(seated, gm_client):
    check_in(seated, names(2, "Late"))
    page = gm_client.get(round_url(seated)).content.decode()
    assert 'id="late-seat-form"' in page
    assert '<option value="4">Table 4 (5 players) — 0 repeat opponents</option>' in page
    assert "Table 1 (" not in page
    # Two waiting: no table of 4 can be formed, so no smaller late table either.
    assert 'id="small-late-form"' not in page


def test_the_round_page_offers_a_smaller_table_of_four(seated, gm_client):
    check_in(seated, names(4, "Late"))
    page = gm_client.get(round_url(seated)).content.decode()
    assert 'id="small-late-form"' in page
    assert "Form a late table of 4" in page
    # Without the tick nothing is formed.
    url = round_url(seated, "heats:round-late-table")
    gm_client.post(url, {"small": "1"})
    assert seated.tables.count() == 4
    gm_client.post(url, {"small": "1", "confirm": "1"})
    assert seated.tables.count() == 5


def test_adding_from_the_round_page(seated, gm_client):
    check_in(seated, [("Late Comer", "")])
    late = player(seated.event, "Late Comer")
    response = gm_client.post(
        round_url(seated, "heats:round-late-seat"), {"player": late.pk, "table": 4}
    )
    assert response.status_code == 302
    assert Seat.objects.get(player=late).table.number == 4


def test_no_results_complete_while_a_player_waits(seated, gm_client):
    for table in seated.tables.all():
        record(table)
    page = gm_client.get(round_url(seated)).content.decode()
    assert 'id="results-complete"' in page
    check_in(seated, [("Late Comer", "")])
    page = gm_client.get(round_url(seated)).content.decode()
    assert 'id="results-complete"' not in page
    assert "all results in" not in page
    assert "1 checked-in player still waiting for a seat" in page
    dashboard = gm_client.get(reverse("heats:event-gm", kwargs={"event": "wbc"}))
    assert "results complete" not in dashboard.content.decode()


def test_no_results_complete_while_a_tie_for_first_is_unresolved(seated, gm_client):
    for table in seated.tables.exclude(number=4):
        record(table)
    table4 = seated.tables.get(number=4)
    record(table4, [100, 100, 85, 75, 65])
    page = gm_client.get(round_url(seated)).content.decode()
    assert 'id="results-complete"' not in page
    assert "tie for first unresolved at table 4" in page
    declare_winner(table4, table4.seats.get(number=2).player, "more money on day 2")
    page = gm_client.get(round_url(seated)).content.decode()
    assert 'id="results-complete"' in page
    dashboard = gm_client.get(reverse("heats:event-gm", kwargs={"event": "wbc"}))
    assert "results complete" in dashboard.content.decode()
