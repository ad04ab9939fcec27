"""A semi-final table left short moved (scoring.services.short_semi): the
players of a table left with 3 under "the winners present" go to open seats,
the table is removed and the later tables move down one number.

The semi-final is ``short_semi`` (tests/scoring/conftest.py): 4+3+5 after two
no-shows, table 2 = B1, B2, B3. Worked by hand: tables 1 (4 players) and 3 (5)
have three open seats between them, so two of the three go to table 1 and one
to table 3. Repeat cost (each pair met once in the heat costs 1):
B1 to table 3 (met C1) and B2, B3 to table 1 (B3 met A2): 2; B2 to table 3
(met C2), B1 (met A1) and B3 (met A2) to table 1: 3; B3 to table 3 (met
nobody), B1 (met A1) and B2 to table 1: 1, the least. Table 3 then becomes
table 2.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser

from heats.core.errors import UserError
from heats.models import AuditEntry, Player, Round, Seat
from heats.permissions import NotAllowed
from scoring.queries.printing import event_print
from scoring.report_models import ReportLink
from scoring.services.report_links import make_report_links
from scoring.services.short_semi import move_short_semi_table
from tests.scoring.conftest import seat_semi_by_hand

pytestmark = pytest.mark.django_db


def seating(semi: Round) -> dict[int, list[str]]:
    """Names at each table of ``semi`` by number, in seat order."""
    tables: dict[int, list[str]] = {}
    for seat in Seat.objects.filter(round=semi).order_by("table__number", "number"):
        tables.setdefault(seat.table.number, []).append(seat.player.name)
    return tables


def ids(event, *names: str) -> list[int]:
    return [Player.objects.get(event=event, name=n).pk for n in names]


def test_the_short_tables_players_go_where_they_met_fewest(short_semi, gm):
    event = short_semi.event
    done = move_short_semi_table(event, 2, gm, ids(event, "B1", "B2", "B3"))
    assert seating(short_semi) == {
        1: ["A1", "A2", "A3", "A4", "B1", "B2"],
        2: ["C1", "C2", "C3", "C4", "C5", "B3"],
    }
    assert [
        (s.player.name, s.table.number, s.number, m.repeats) for s, m in done.seats
    ] == [
        ("B1", 1, 5, 1),
        ("B2", 1, 6, 0),
        ("B3", 2, 6, 0),
    ]
    assert done.renumbered == [(3, 2)]
    entry = AuditEntry.objects.get(action="short-table")
    assert entry.detail == (
        "Table 2 of Semi-final had 3 players: B1 to table 1, seat 5; B2 to table 1, "
        "seat 6; B3 to table 3, seat 6; table 2 removed (repeat cost 1); table 3 is "
        "now table 2"
    )
    assert entry.user == gm


def test_a_second_press_changes_nothing(short_semi, gm):
    event = short_semi.event
    shown = ids(event, "B1", "B2", "B3")
    move_short_semi_table(event, 2, gm, shown)
    after = seating(short_semi)
    with pytest.raises(UserError, match="changed since the page was drawn"):
        move_short_semi_table(event, 2, gm, shown)
    assert seating(short_semi) == after
    assert AuditEntry.objects.filter(action="short-table").count() == 1


def test_a_table_that_took_the_number_is_not_moved_by_a_stale_press(event, gm):
    """Tables 2 and 3 both short: once table 2 is moved, table 3 is table 2,
    and a second press on "table 2" names the players it had before."""
    semi = seat_semi_by_hand(
        event,
        [["A1", "A2", "A3", "A4"], ["B1", "B2", "B3"], ["C1", "C2", "C3"]],
    )
    semi.tables.create(number=4)
    for n, name in enumerate(["D1", "D2", "D3", "D4"], start=1):
        player = Player.objects.create(event=event, name=name)
        Seat.objects.create(
            table=semi.tables.get(number=4), round=semi, number=n, player=player
        )
    shown = ids(event, "B1", "B2", "B3")
    move_short_semi_table(event, 2, gm, shown)
    assert seating(semi)[2] == ["C1", "C2", "C3"]
    with pytest.raises(UserError, match="changed since the page was drawn"):
        move_short_semi_table(event, 2, gm, shown)
    assert seating(semi)[2] == ["C1", "C2", "C3"]


def test_only_a_gm_of_the_event_moves_it(short_semi, assistant, stranger):
    event = short_semi.event
    before = seating(short_semi)
    for user in (AnonymousUser(), assistant, stranger):
        with pytest.raises(NotAllowed):
            move_short_semi_table(event, 2, user, ids(event, "B1", "B2", "B3"))
    assert seating(short_semi) == before


def test_too_few_open_seats_moves_nobody(event, gm):
    semi = seat_semi_by_hand(
        event,
        [["A1", "A2", "A3", "A4", "A5", "A6"], ["B1", "B2", "B3"]],
    )
    with pytest.raises(UserError, match="Too few open seats for the 3 players"):
        move_short_semi_table(event, 2, gm, ids(event, "B1", "B2", "B3"))
    assert seating(semi)[2] == ["B1", "B2", "B3"]


def test_the_renumbered_tables_report_link_follows_it(short_semi, gm):
    event = short_semi.event
    make_report_links(event.pk)
    link = ReportLink.objects.get(table__round=short_semi, table__number=3)
    move_short_semi_table(event, 2, gm, ids(event, "B1", "B2", "B3"))
    link.refresh_from_db()
    assert (link.table.number, link.number) == (2, 2)
    gone = ReportLink.objects.get(round=short_semi, number=2, table__isnull=True)
    assert gone.retired is not None


def test_the_bracket_prints_the_new_tables(short_semi, gm):
    event = short_semi.event
    move_short_semi_table(event, 2, gm, ids(event, "B1", "B2", "B3"))
    printed = event_print(event, "http://testserver")
    assert [(t.number, [f.player for f in t.finishes]) for t in printed.semi] == [
        (1, ["A1", "A2", "A3", "A4", "B1", "B2"]),
        (2, ["C1", "C2", "C3", "C4", "C5", "B3"]),
    ]
