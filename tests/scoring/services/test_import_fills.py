"""Importing results into a heat the app seated (formats.md, Results CSV): a seat
without a player record is not a saved record, so a file with the same seats
fills it; only other values, or another player at a seat, contradict."""

from __future__ import annotations

import pytest
from django.urls import reverse

from heats.core.errors import UserError
from heats.models import AuditEntry, Round, RoundKind, Seat
from heats.permissions import NotAllowed
from heats.services.checkin import check_in
from heats.services.seating import seat_round
from scoring.models import PlayerRecord, RecordHistory
from scoring.queries.result_check import SeatScores
from scoring.services.results import save_table_results
from scoring.services.results_import.write import import_results
from tests.heats.conftest import names

pytestmark = pytest.mark.django_db

HEADER = "heat,table,seat,player,day1,day2,final"
# Final florins by seat at each table of 5 (no tie for first).
FINALS = [110, 95, 85, 75, 65]


@pytest.fixture
def heat(event) -> Round:
    """Heat 1 with ten players seated by the app: two tables of 5."""
    rnd = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(rnd, names(10))
    seat_round(rnd, seed=1)
    return rnd


def seating_csv(heat: Round) -> tuple[str, list[Seat]]:
    """The results CSV of ``heat``'s saved seating, with ``FINALS`` by seat and
    day scores of 30 and 60; the seats in file order (line 2 onwards)."""
    seats = list(
        Seat.objects.filter(round=heat)
        .select_related("player", "table")
        .order_by("table__number", "number")
    )
    rows = [
        f"1,{s.table.number},{s.number},{s.player.name},30,60,{FINALS[s.number - 1]}"
        for s in seats
    ]
    return "\n".join([HEADER, *rows]) + "\n", seats


def test_an_assistant_fills_the_app_seated_heat(heat, assistant):
    text, seats = seating_csv(heat)
    summary = import_results(heat.event, text, user=assistant)
    assert (summary.tables_created, summary.tables_filled) == (0, 2)
    assert (summary.tables_replaced, summary.players_created) == (0, 0)
    saved = {
        (r.seat.table.number, r.seat.number): (r.seat.player_id, r.final, r.place)
        for r in PlayerRecord.objects.select_related("seat__table")
    }
    # Same players in the same seats, the file's scores, places by final score.
    assert saved == {
        (s.table.number, s.number): (s.player_id, FINALS[s.number - 1], s.number)
        for s in seats
    }
    assert not RecordHistory.objects.exists()  # nothing was replaced
    assert AuditEntry.objects.get(action="import").user == assistant
    # The same file again changes nothing.
    assert import_results(heat.event, text, user=assistant).tables_unchanged == 2


def test_another_player_at_a_seat_is_refused_naming_the_line(heat, assistant):
    text, seats = seating_csv(heat)
    third = seats[2]  # table 1, seat 3: line 4 of the file
    text = text.replace(f",3,{third.player.name},", ",3,Zed Stranger,")
    with pytest.raises(UserError) as info:
        import_results(heat.event, text, user=assistant)
    assert info.value.problems == [
        f"line 4: Heat 1 table 1: seat 3 is {third.player.name}'s; the file puts "
        "Zed Stranger there"
    ]
    assert not PlayerRecord.objects.exists()
    assert not heat.event.players.filter(name="Zed Stranger").exists()
    # Replacing a seating is a GM's change, not an assistant's.
    with pytest.raises(NotAllowed, match="change saved results"):
        import_results(heat.event, text, user=assistant, replace=True)
    assert not PlayerRecord.objects.exists()


def test_a_player_at_another_seat_is_a_contradiction(heat):
    text, seats = seating_csv(heat)
    first, second = seats[0], seats[1]  # table 1 seats 1 and 2: lines 2 and 3
    text = text.replace(f"1,1,1,{first.player.name},", f"1,1,2,{first.player.name},")
    text = text.replace(f"1,1,2,{second.player.name},", f"1,1,1,{second.player.name},")
    with pytest.raises(UserError) as info:
        import_results(heat.event, text)
    assert info.value.problems == [
        f"line 2: Heat 1 table 1: {first.player.name} is seated at seat 1; the "
        "file says seat 2",
        f"line 3: Heat 1 table 1: {second.player.name} is seated at seat 2; the "
        "file says seat 1",
    ]


def test_a_table_entered_in_the_app_is_compared_value_by_value(heat, assistant):
    text, seats = seating_csv(heat)
    table1 = heat.tables.get(number=1)
    save_table_results(
        table1, [SeatScores(n, 30, 60, f) for n, f in enumerate(FINALS, start=1)]
    )
    summary = import_results(heat.event, text, user=assistant)
    assert (summary.tables_unchanged, summary.tables_filled) == (1, 1)
    assert PlayerRecord.objects.count() == 10
    # A typed 1004 against the saved 110 is a contradiction, with its line.
    changed = text.replace(f"1,1,1,{seats[0].player.name},30,60,110", "X")
    changed = changed.replace("X", f"1,1,1,{seats[0].player.name},30,60,1004")
    with pytest.raises(UserError) as info:
        import_results(heat.event, changed, user=assistant)
    assert info.value.problems == [
        f"line 2: Heat 1 table 1: saved record for {seats[0].player.name} is seat "
        "1, 30/60/110; the file says seat 1, 30/60/1004"
    ]


def test_the_import_page_fills_the_heat_for_an_assistant(heat, assistant, client):
    client.force_login(assistant)
    text, _ = seating_csv(heat)
    url = reverse("scoring:results-import", kwargs={"event": heat.event.slug})
    response = client.post(url, {"text": text})
    assert response.status_code == 302
    assert PlayerRecord.objects.count() == 10
