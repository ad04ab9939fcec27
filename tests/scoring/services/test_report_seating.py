"""A report is for one seating (issue "The GM's desk"): a swap, a late seat or
"Seat again" after it never puts its values on the wrong players; its links
outlive "Seat again" → "Undo"; a replay is stored once; an archived event takes
no reports."""

from __future__ import annotations

import pytest

from heats.core.errors import UserError
from heats.models import AuditEntry, Player, Round, RoundKind
from heats.queries.seating import seating_state
from heats.services.checkin import check_in
from heats.services.event_admin import set_archived
from heats.services.late import add_late_player
from heats.services.reseating import undo_seating
from heats.services.seating import seat_round, swap_seats
from scoring.forms.result import ResultForm
from scoring.models import PlayerRecord, ReportLink, TableReport
from scoring.queries import report_desk, report_tables
from scoring.queries.report_links import report_links
from scoring.queries.report_tables import ReportRefusedError
from scoring.queries.seats import table_seats
from scoring.services import reports
from tests.heats.conftest import names
from tests.scoring.services.test_reports import report, scores, token

pytestmark = pytest.mark.django_db

# Seat 3 reports 33 and seat 4 reports 75 (a level-1 finding does not matter:
# the GM confirms).
FINALS = [110, 95, 33, 75, 65]


@pytest.fixture
def heat(event) -> Round:
    """Heat 1 seated: two tables of 5."""
    rnd = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(rnd, names(10))
    seat_round(rnd, seed=1)
    return rnd


def final_of(player: Player) -> int:
    return PlayerRecord.objects.get(seat__player=player).final


def players(table) -> list[Player]:
    return [s.player for s in table.seats.order_by("number").select_related("player")]


def test_a_report_stores_the_seating_the_result_form_carries(heat):
    table = heat.tables.get(number=1)
    sent = report(table, FINALS)
    seats = table_seats(table)
    assert sent.report.seating == ResultForm.seating_signature(seats)
    assert sent.report.seating == ",".join(f"{s.number}:{s.player_id}" for s in seats)


def test_a_swap_after_a_report_confirms_each_value_on_its_player(heat, gm):
    table = heat.tables.get(number=1)
    at3, at4 = players(table)[2:4]
    sent = report(table, FINALS)
    swap_seats(heat, at3, at4, gm)
    assert players(table)[2:4] == [at4, at3]
    reports.confirm_report(sent.report, gm)
    # Seat 3's 33 was its player's, who sits at seat 4 now.
    assert final_of(at3) == 33
    assert final_of(at4) == 75


def test_the_gm_page_shows_a_swapped_report_by_player(heat, gm):
    table = heat.tables.get(number=1)
    at3, at4 = players(table)[2:4]
    report(table, FINALS)
    swap_seats(heat, at3, at4, gm)
    (shown,) = report_desk.shown_reports(table, table_seats(table))
    assert shown.kind == "earlier"
    finals = [(row.number, row.name, row.cells[2].value) for row in shown.rows]
    assert finals[2:4] == [(3, at4.name, 75), (4, at3.name, 33)]


def late_seat(heat, table, gm) -> Player:
    check_in(heat, names(1, "Late"))
    late = Player.objects.get(name="Late 01")
    add_late_player(heat, late, table, gm)
    return late


def test_a_late_seat_after_a_report_asks_the_gm(heat, gm):
    table = heat.tables.get(number=1)
    sent = report(table, FINALS)
    late_seat(heat, table, gm)
    with pytest.raises(UserError, match=r"seat 6 \(Late 01\) has no value"):
        reports.confirm_report(sent.report, gm)
    assert not PlayerRecord.objects.exists()
    (shown,) = report_desk.shown_reports(table, table_seats(table))
    assert shown.laid.missing == [6] and shown.rows[5].cells == []
    assert shown.check is None


def test_a_report_whose_player_left_the_table_asks_the_gm(heat, gm):
    table1, table2 = heat.tables.order_by("number")
    moved, incoming = players(table1)[1], players(table2)[0]
    sent = report(table1, FINALS)
    swap_seats(heat, moved, incoming, gm)  # seat 2 of table 1 goes to table 2
    with pytest.raises(UserError, match="its seat 2's player is not at the table"):
        reports.confirm_report(sent.report, gm)
    prefill = report_desk.prefilled(sent.report, table_seats(table1))
    # Every player still at the table keeps their value; seat 2 is left empty.
    assert [prefill.get(f"final_{n}") for n in range(1, 6)] == [110, None, 33, 75, 65]


def test_an_old_report_without_seating_is_laid_by_seat(heat, gm):
    table = heat.tables.get(number=1)
    sent = report(table, FINALS)
    TableReport.objects.filter(pk=sent.report.pk).update(seating="")
    sent.report.refresh_from_db()
    reports.confirm_report(sent.report, gm)
    finals = PlayerRecord.objects.order_by("seat__number").values_list("final")
    assert [f for (f,) in finals] == FINALS


def test_seat_again_then_undo_brings_back_the_first_links(heat, gm):
    first = {t.number: token(t) for t in heat.tables.all()}
    seat_round(heat, seed=2, user=gm, state=seating_state(heat))
    again = {t.number: token(t) for t in heat.tables.all()}
    assert set(again.values()).isdisjoint(first.values())
    with pytest.raises(ReportRefusedError, match="does not belong to this table"):
        report_tables.open_table(heat.event, "1", 1, first[1])
    undo_seating(heat, gm, state=seating_state(heat))
    assert {t.number: token(t) for t in heat.tables.all()} == first
    assert report_tables.open_table(heat.event, "1", 1, first[1]).number == 1
    assert report_tables.open_table(heat.event, "1", 2, first[2]).number == 2
    # The second seating's scoresheets are the ones refused now.
    with pytest.raises(ReportRefusedError, match="does not belong to this table"):
        report_tables.open_table(heat.event, "1", 1, again[1])


def test_seating_twice_again_then_undo_brings_back_the_last_replaced(heat, gm):
    seat_round(heat, seed=2, user=gm, state=seating_state(heat))
    second = {t.number: token(t) for t in heat.tables.all()}
    seat_round(heat, seed=3, user=gm, state=seating_state(heat))
    undo_seating(heat, gm, state=seating_state(heat))
    assert {t.number: token(t) for t in heat.tables.all()} == second
    assert ReportLink.objects.filter(table__isnull=False).count() == 2


def test_the_same_form_sent_twice_is_stored_once(heat):
    table = heat.tables.get(number=1)
    key = "0123456789abcdef" * 2
    tok = token(table)
    for _ in range(2):
        reports.submit_report(table, tok, 1, scores(FINALS), None, "10.0.0.7", key)
    assert TableReport.objects.count() == 1
    assert AuditEntry.objects.filter(action="report").count() == 1


def test_the_same_values_without_a_form_key_are_stored_once(heat):
    table = heat.tables.get(number=1)
    report(table, FINALS, seat=2)
    report(table, FINALS, seat=2)
    assert TableReport.objects.count() == 1
    report(table, FINALS, seat=3)  # another seat's report is kept
    assert TableReport.objects.count() == 2


def test_an_archived_event_takes_no_reports(heat, gm):
    table = heat.tables.get(number=1)
    set_archived(heat.event, True, gm)
    heat.event.refresh_from_db()
    with pytest.raises(ReportRefusedError, match="archived"):
        report(table, FINALS)
    assert not TableReport.objects.exists()
    assert [row.open for row in report_links(heat)] == [False, False]
