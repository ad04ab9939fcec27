"""Players report their table's result through its private link; nothing is
public until a GM confirms (tournament.md, "Reported results")."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from heats.core.errors import UserError
from heats.models import AuditEntry, Round, RoundKind
from heats.queries.seating import seating_state
from heats.services.checkin import check_in
from heats.services.reseating import undo_seating
from heats.services.seating import form_late_table, seat_round
from scoring.models import PlayerRecord, ReportLink, ReportSettings, TableReport
from scoring.queries import report_tables
from scoring.queries.event_results import event_advancement
from scoring.queries.report_links import held_reports
from scoring.queries.report_tables import ReportRefusedError
from scoring.queries.result_check import SeatScores
from scoring.queries.standings import standings
from scoring.services import report_rates, reports
from scoring.services.results import save_table_results
from scoring.services.results_import.write import import_results
from tests.heats.conftest import names

pytestmark = pytest.mark.django_db

# A clean 5-player result (no level-1 finding: see test_held_results.CLEAN).
CLEAN = [110, 95, 85, 75, 65]
OTHER = [95, 110, 85, 75, 65]


@pytest.fixture
def heat(event) -> Round:
    """Heat 1 seated: two tables of 5."""
    rnd = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(rnd, names(10))
    seat_round(rnd, seed=1)
    return rnd


def scores(finals) -> list[SeatScores]:
    return [SeatScores(n, None, None, f) for n, f in enumerate(finals, start=1)]


def token(table) -> str:
    return ReportLink.objects.get(table=table).token


def report(table, finals, seat=1, address="10.0.0.7", time_called=None):
    opened = report_tables.open_table(
        table.round.event, table.round.code, table.number, token(table)
    )
    return reports.submit_report(
        opened, token(table), seat, scores(finals), time_called, address
    )


def heat_finals(event) -> list[int]:
    return [r["final"] for _, rows in standings(event).heats for r in rows]


def test_seating_gives_every_table_an_unguessable_link(heat):
    links = ReportLink.objects.filter(table__round=heat)
    assert links.count() == 2
    # 32 random bytes in URL-safe base64: 43 characters, 256 bits.
    assert all(len(link.token) == 43 for link in links)
    assert len({link.token for link in links}) == 2


def test_a_report_is_held_until_a_gm_confirms_it(heat, gm):
    table = heat.tables.get(number=1)
    sent = report(table, CLEAN)
    assert sent.confirmed is None
    assert not PlayerRecord.objects.exists()
    assert heat_finals(heat.event) == []
    assert event_advancement(heat.event).qualifiers == ()
    reports.confirm_report(sent.report, gm)
    assert heat_finals(heat.event) == CLEAN
    winner = table.seats.get(number=1).player.name
    assert [w["player"] for w in standings(heat.event).winners] == [winner]
    sent.report.refresh_from_db()
    assert sent.report.confirmed_by == gm


def test_a_second_differing_report_is_kept_beside_the_first(heat):
    table = heat.tables.get(number=1)
    report(table, CLEAN, seat=1)
    report(table, OTHER, seat=2)
    kept = held_reports(table)
    assert [(r.seat, r.scores["1"]["final"]) for r in kept] == [(1, 110), (2, 95)]
    assert not PlayerRecord.objects.exists()


def test_a_token_for_another_table_or_round_is_refused(heat):
    table1, table2 = heat.tables.order_by("number")
    event = heat.event
    with pytest.raises(ReportRefusedError, match="does not belong to this table"):
        report_tables.open_table(event, "1", 2, token(table1))
    with pytest.raises(ReportRefusedError, match="does not belong to this table"):
        report_tables.open_table(event, "2", 1, token(table1))
    with pytest.raises(ReportRefusedError, match="does not belong to this table"):
        report_tables.open_table(event, "1", 1, "guessed-" + "x" * 35)
    assert report_tables.open_table(event, "1", 2, token(table2)) == table2


def test_no_report_after_the_gm_saved_the_table(heat, gm):
    table = heat.tables.get(number=1)
    save_table_results(table, scores(CLEAN), gm)
    with pytest.raises(ReportRefusedError, match="already saved"):
        report(table, OTHER)
    assert [r.final for r in PlayerRecord.objects.order_by("seat__number")] == CLEAN


def test_no_report_once_the_next_round_is_seated(heat):
    table = heat.tables.get(number=1)
    heat2 = Round.objects.create(event=heat.event, kind=RoundKind.HEAT, number=2)
    check_in(heat2, names(8, prefix="Next"))
    seat_round(heat2, seed=1)
    with pytest.raises(ReportRefusedError, match="next round is seated"):
        report(table, CLEAN)


def test_confirming_after_a_save_changes_nothing(heat, gm):
    table = heat.tables.get(number=1)
    sent = report(table, OTHER)
    save_table_results(table, scores(CLEAN), gm)
    with pytest.raises(UserError, match="already saved"):
        reports.confirm_report(sent.report, gm)
    assert [r.final for r in PlayerRecord.objects.order_by("seat__number")] == CLEAN


def test_two_identical_reports_from_two_seats_confirm_with_the_setting(heat):
    ReportSettings.objects.create(event=heat.event, two_reports_confirm=True)
    table = heat.tables.get(number=1)
    assert report(table, CLEAN, seat=1).confirmed is None
    assert report(table, CLEAN, seat=1).confirmed is None  # same seat again
    # One phone claiming a second seat is not a second player.
    assert report(table, CLEAN, seat=3).confirmed is None
    assert heat_finals(heat.event) == []
    assert report(table, CLEAN, seat=3, address="10.0.0.8").confirmed is not None
    assert heat_finals(heat.event) == CLEAN


def test_a_room_behind_one_address_reports_every_table(event):
    """Every phone may share one address (a proxy, hotel Wi-Fi): the limit per
    address leaves a room's reports through (8 tables, 3 reports each: 24 from
    one address), while the limit per link stays."""
    big = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(big, names(40))
    seat_round(big, seed=1)
    tables = list(big.tables.order_by("number"))
    assert len(tables) == 8  # 40 players: eight tables of 5
    for table in tables:
        for seat in (1, 2, 3):
            report(table, CLEAN, seat=seat, address="127.0.0.1")
    assert TableReport.objects.count() == 24


def test_two_identical_reports_wait_without_the_setting(heat):
    table = heat.tables.get(number=1)
    report(table, CLEAN, seat=1)
    assert report(table, CLEAN, seat=2).confirmed is None
    assert heat_finals(heat.event) == []


def test_two_identical_reports_with_a_finding_wait_for_the_gm(heat):
    ReportSettings.objects.create(event=heat.event, two_reports_confirm=True)
    table = heat.tables.get(number=1)
    typo = [1004, 95, 85, 75, 65]  # +974 on 30 florins: a level-1 finding
    report(table, typo, seat=1)
    sent = report(table, typo, seat=2)
    assert sent.check.findings and sent.confirmed is None
    assert not PlayerRecord.objects.exists()


def test_reports_are_rate_limited_per_link(heat):
    table = heat.tables.get(number=1)
    for seat in range(1, report_rates.RATE_PER_TOKEN + 1):
        report(table, CLEAN, seat=seat % 5 + 1, address=f"10.0.0.{seat}")
    with pytest.raises(ReportRefusedError, match="Too many reports"):
        report(table, CLEAN, address="10.0.0.99")
    assert TableReport.objects.count() == report_rates.RATE_PER_TOKEN


def test_every_report_is_in_the_audit_log(heat, gm):
    table = heat.tables.get(number=1)
    sent = report(table, CLEAN, seat=4, address="10.0.0.42")
    reports.confirm_report(sent.report, gm)
    entry = AuditEntry.objects.get(action="report")
    assert entry.data["token"] == token(table)[:6]
    assert (entry.data["seat"], entry.data["address"]) == (4, "10.0.0.42")
    assert AuditEntry.objects.get(action="report-confirmed").user == gm


def test_the_live_check_gives_the_gms_messages(heat):
    table = heat.tables.get(number=1)
    typo = scores([1004, 95, 85, 75, 65])
    check = report_tables.check_report(table, typo, None)
    from scoring.queries.result_check import check_table_results

    assert check.findings == check_table_results(table, typo, None).findings
    assert check.findings


def scoresheet_text(event) -> str:
    from io import BytesIO

    from pypdf import PdfReader

    from scoring.queries.printing import render

    content = render(event, "scoresheets", round_code="1").content
    page = PdfReader(BytesIO(content)).pages[0].extract_text()
    return "".join(page.split())


def test_the_scoresheet_prints_the_report_link(heat):
    table = heat.tables.get(number=1)
    text = scoresheet_text(heat.event)
    path = f"/e/{heat.event.slug}/round/1/table/1/report/{token(table)}/"
    assert f"Reportyourresult:http://127.0.0.1:8000{path}" in text


def test_report_links_command_lists_every_table(heat):
    import json
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("report_links", heat.event.slug, "1", "--json", stdout=out)
    rows = json.loads(out.getvalue())
    assert [(r["table"], r["open"]) for r in rows] == [(1, True), (2, True)]
    table2 = heat.tables.get(number=2)
    assert rows[1]["url"].endswith(f"/table/2/report/{token(table2)}/")


def linked(rnd: Round) -> bool:
    """Every table of ``rnd`` has its report link."""
    tables = rnd.tables.count()
    return tables > 0 and ReportLink.objects.filter(table__round=rnd).count() == tables


def test_every_service_that_makes_tables_gives_them_links(heat, gm):
    check_in(heat, names(5, "Late"))
    form_late_table(heat, seed=2, user=gm)
    assert heat.tables.count() == 3 and linked(heat)
    heat.refresh_from_db()
    seat_round(heat, seed=2, user=gm, state=seating_state(heat))
    assert linked(heat)
    undo_seating(heat, gm, state=seating_state(heat))
    assert linked(heat)


def test_imported_tables_get_their_links(event):
    rows = "heat,table,seat,player,badge,day1,day2,final\n" + "".join(
        f"1,1,{n},Player {n},,,,{100 - n}\n" for n in range(1, 6)
    )
    import_results(event, rows)
    assert linked(event.rounds.get(number=1))


def test_a_saved_result_does_not_look_for_tables_without_links(heat, gm):
    # Only an audit entry of a service that makes tables does
    # (``scoring.receivers.TABLE_ACTIONS``): a result's is not one.
    ReportLink.objects.all().delete()
    with CaptureQueriesContext(connection) as captured:
        save_table_results(heat.tables.get(number=1), scores(CLEAN), gm)
    assert not any("scoring_reportlink" in q["sql"] for q in captured)
    assert not ReportLink.objects.exists()
