"""Open seats after the seating (issue 17, items 6 and 7): a late arrival is
offered the open tables in the order of the repeat-opponent cost they would add,
and a table left with 3 before play is flagged, its players moved to open seats
at tables of 4-5 by that cost (tournament.md, Heats: the objective, tables of
4-6)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from heats.core.errors import UserError
from heats.models import AuditEntry, Entry, Player, Round, RoundKind, Seat, Table
from heats.permissions import NotAllowed
from heats.queries.late import late_options
from heats.queries.short_tables import short_tables
from heats.services.checkin import check_in
from heats.services.checkin_undo import undo_check_in
from heats.services.late import add_late_player
from heats.services.short_tables import move_short_table
from scoring.queries.result_check import SeatScores
from scoring.services.results import save_table_results

pytestmark = pytest.mark.django_db

# Two earlier heats. Lena met Ann twice, and Bob, Cy, Dan and Fay once; Cy met
# Ann once and Bob twice; Dan met Ann and Eve once and Fay twice.
HEAT_1 = [["Lena", "Ann", "Bob", "Cy"], ["Dan", "Eve", "Fay", "Gus"]]
HEAT_2 = [["Lena", "Ann", "Dan", "Fay"], ["Bob", "Cy", "Eve", "Gus"]]


def seat_by_hand(event, number: int, tables: list[list[str]]) -> Round:
    """Heat ``number`` of ``event`` seated as ``tables`` (names in seat order),
    everyone checked in."""
    rnd = Round.objects.create(
        event=event, kind=RoundKind.HEAT, number=number, seated_at=timezone.now()
    )
    for n, names in enumerate(tables, start=1):
        table = Table.objects.create(round=rnd, number=n)
        for s, name in enumerate(names, start=1):
            player, _ = Player.objects.get_or_create(event=event, name=name)
            Entry.objects.create(round=rnd, player=player)
            Seat.objects.create(table=table, round=rnd, number=s, player=player)
    return rnd


def names_at(rnd: Round, number: int) -> list[str]:
    seats = Seat.objects.filter(round=rnd, table__number=number).order_by("number")
    return [s.player.name for s in seats]


def url(rnd: Round, name: str = "heats:round-detail") -> str:
    return reverse(name, kwargs={"event": rnd.event.slug, "round": rnd.code})


# --- a late arrival's open tables ------------------------------------------------


@pytest.fixture
def heat_3(event) -> Round:
    """Heat 3 seated 5+5+4+6; Lena, who played heats 1 and 2, arrives late."""
    seat_by_hand(event, 1, HEAT_1)
    seat_by_hand(event, 2, HEAT_2)
    rnd = seat_by_hand(
        event,
        3,
        [
            ["Ann", "Hal", "Ida", "Jo", "Kim"],  # Ann twice: cost 4, 1 opponent
            ["Bob", "Cy", "Dan", "Lou", "Max"],  # three once: cost 3, 3 opponents
            ["Ned", "Oli", "Pat", "Quin"],  # nobody met: cost 0
            ["Eve", "Ray", "Sam", "Tom", "Uma", "Vic"],  # full
        ],
    )
    check_in(rnd, [("Lena", "")])
    return rnd


def test_open_tables_are_offered_by_the_repeat_cost_they_add(heat_3):
    lena = Player.objects.get(name="Lena")
    options = late_options(heat_3, [lena])[lena.pk]
    assert [(o.table, o.repeat_cost, o.repeats) for o in options] == [
        (3, 0, 0),
        (2, 3, 3),
        (1, 4, 1),
    ]


def test_the_late_seat_form_shows_the_cost_of_each_table(heat_3, gm_client):
    page = gm_client.get(url(heat_3)).content.decode()
    lena = Player.objects.get(name="Lena")
    form = page.split(f'id="late-seat-{lena.pk}"')[1].split("</form>")[0]
    assert [line.split(">")[1] for line in form.split("<option")[1:]] == [
        "Table 3 (4 players) — 0 repeat opponents</option",
        "Table 2 (5 players) — 3 repeat opponents</option",
        "Table 1 (5 players) — 1 repeat opponent</option",
    ]
    gm_client.post(
        url(heat_3, "heats:round-late-seat"), {"player": lena.pk, "table": 3}
    )
    assert names_at(heat_3, 3) == ["Ned", "Oli", "Pat", "Quin", "Lena"]


def test_each_waiting_player_gets_their_own_order(heat_3, gm_client):
    # Cy (met Bob twice, Ann once) is waiting too: for him table 1 costs 1 and
    # table 2 costs 4 (Bob), so he is offered 3, 1, 2.
    cy = Player.objects.get(name="Cy")
    heat_3.seats.filter(player=cy).delete()
    heat_3.entries.filter(player=cy).update(status="late")
    options = late_options(heat_3, [cy])[cy.pk]
    assert [(o.table, o.repeat_cost) for o in options] == [(3, 0), (1, 1), (2, 4)]
    page = gm_client.get(url(heat_3)).content.decode()
    form = page.split(f'id="late-seat-{cy.pk}"')[1].split("</form>")[0]
    assert "Table 1 (5 players) — 1 repeat opponent<" in form
    assert form.index("Table 3 (") < form.index("Table 1 (") < form.index("Table 2 (")


# --- a table left with 3 -----------------------------------------------------------


@pytest.fixture
def short_heat(event) -> Round:
    """Heat 3 seated 4+5+4+4+6; Eli leaves table 3 (Lena, Cy, Dan, Eli) before
    play."""
    seat_by_hand(event, 1, HEAT_1)
    seat_by_hand(event, 2, HEAT_2)
    rnd = seat_by_hand(
        event,
        3,
        [
            ["Ann", "Hal", "Ida", "Jo"],
            ["Bob", "Kim", "Lou", "Max", "Ned"],
            ["Lena", "Cy", "Dan", "Eli"],
            ["Eve", "Oli", "Pat", "Quin"],
            ["Ray", "Sam", "Tom", "Uma", "Vic", "Wes"],
        ],
    )
    return rnd


def test_a_player_leaving_a_table_of_four_leaves_it_short(short_heat, gm):
    undo_check_in(short_heat, Player.objects.get(name="Eli"), gm)
    [short] = short_tables(short_heat)
    assert short.number == 3
    assert [p.name for p in short.players] == ["Lena", "Cy", "Dan"]
    # The least the three add is 1 (test_placement): Lena to table 4, Cy to
    # table 1 (Ann, once), Dan to table 2.
    assert [(p.name, m.table, m.repeats) for p, m in short.moves] == [
        ("Lena", 4, 0),
        ("Cy", 1, 1),
        ("Dan", 2, 0),
    ]


def test_the_round_page_flags_a_short_table_and_offers_the_moves(short_heat, gm_client):
    response = gm_client.post(
        url(short_heat, "heats:round-undo"),
        {"player": Player.objects.get(name="Eli").pk},
        follow=True,
    )
    page = response.content.decode()
    assert "Table 3 has 3 players: move them to open seats" in page
    assert 'id="short-tables"' in page
    assert "Table 3 has 3 players" in page
    assert "Lena → table 4 (0 repeat opponents)" in page
    assert "Cy → table 1 (1 repeat opponent)" in page
    assert "Dan → table 2 (0 repeat opponents)" in page
    # A late arrival may fill it instead: table 3 is offered first (cost 0,
    # fewest players).
    check_in(short_heat, [("Newcomer", "")])
    page = gm_client.get(url(short_heat)).content.decode()
    newcomer = Player.objects.get(name="Newcomer")
    form = page.split(f'id="late-seat-{newcomer.pk}"')[1].split("</form>")[0]
    first = form.split("<option")[1]
    assert 'value="3">Table 3 (3 players) — 0 repeat opponents<' in first


def test_moving_a_short_tables_players_removes_the_table(short_heat, gm_client):
    undo_check_in(short_heat, Player.objects.get(name="Eli"))
    response = gm_client.post(url(short_heat, "heats:round-short-table"), {"table": 3})
    assert response.status_code == 302
    numbers = short_heat.tables.order_by("number").values_list("number", flat=True)
    assert list(numbers) == [1, 2, 4, 5]
    # Each in the next free seat: a newcomer plays last.
    assert names_at(short_heat, 1) == ["Ann", "Hal", "Ida", "Jo", "Cy"]
    assert names_at(short_heat, 2) == ["Bob", "Kim", "Lou", "Max", "Ned", "Dan"]
    assert names_at(short_heat, 4) == ["Eve", "Oli", "Pat", "Quin", "Lena"]
    assert short_tables(short_heat) == []
    entry = AuditEntry.objects.get(action="short-table")
    assert "Lena to table 4, seat 5" in entry.detail
    assert "table 3 removed (repeat cost 1)" in entry.detail
    page = gm_client.get(url(short_heat)).content.decode()
    assert 'id="short-tables"' not in page


def test_a_table_of_four_or_more_is_not_moved(short_heat, gm):
    with pytest.raises(UserError, match="no table 3 of fewer than 4 players"):
        move_short_table(short_heat, 3, gm)
    assert names_at(short_heat, 3) == ["Lena", "Cy", "Dan", "Eli"]


def test_a_short_table_stays_when_the_open_seats_are_too_few(event, gm):
    rnd = seat_by_hand(
        event,
        1,
        [
            ["A1", "A2", "A3", "A4", "A5", "A6"],
            ["B1", "B2", "B3", "B4", "B5"],
            ["C1", "C2", "C3", "C4"],
        ],
    )
    undo_check_in(rnd, Player.objects.get(name="C4"), gm)
    [short] = short_tables(rnd)
    assert short.plan is None
    with pytest.raises(UserError, match="Too few open seats for the 3 players"):
        move_short_table(rnd, 3, gm)
    assert names_at(rnd, 3) == ["C1", "C2", "C3"]


def test_a_table_with_results_is_never_moved(short_heat, gm):
    undo_check_in(short_heat, Player.objects.get(name="Eli"), gm)
    table = short_heat.tables.get(number=3)
    seats = list(table.seats.order_by("number"))
    save_table_results(
        table,
        [
            SeatScores(s.number, None, None, f)
            for s, f in zip(seats, [90, 80, 70], strict=True)
        ],
    )
    assert short_tables(short_heat) == []
    with pytest.raises(UserError, match="no table 3 of fewer than 4 players"):
        move_short_table(short_heat, 3, gm)


def test_only_a_gm_moves_a_short_table(short_heat, gm, assistant):
    undo_check_in(short_heat, Player.objects.get(name="Eli"), gm)
    with pytest.raises(NotAllowed):
        move_short_table(short_heat, 3, assistant)
    assert names_at(short_heat, 3) == ["Lena", "Cy", "Dan"]


def test_a_late_arrival_fills_a_short_table(short_heat, gm):
    undo_check_in(short_heat, Player.objects.get(name="Eli"), gm)
    check_in(short_heat, [("Newcomer", "")])
    table = short_heat.tables.get(number=3)
    add_late_player(short_heat, Player.objects.get(name="Newcomer"), table, gm)
    assert names_at(short_heat, 3) == ["Lena", "Cy", "Dan", "Newcomer"]
    assert short_tables(short_heat) == []
