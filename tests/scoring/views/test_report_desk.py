"""The GM's reports page of a table (issue "The GM's desk"): every stored report
is shown (never a 500), differing values are marked one by one, "Enter by hand"
opens the result form with the report's values; the players' page stores a
replayed post once and refuses an archived event's links."""

from __future__ import annotations

import re
from unittest import mock

import pytest
from django.urls import reverse

from heats.models import AuditEntry, Player
from heats.services.checkin import check_in
from heats.services.event_admin import set_archived
from heats.services.late import add_late_player
from heats.services.seating import swap_seats
from scoring.models import TableReport
from scoring.queries import result_check
from scoring.services import transfer
from tests.scoring.views.test_table_report import form_data, report_url

pytestmark = pytest.mark.django_db

CLEAN = [110, 95, 85, 75, 65]
OTHER = [110, 95, 85, 55, 45]  # seats 4 and 5 differ


def reports_page(client, table) -> tuple[int, str]:
    kwargs = {"event": table.round.event.slug, "round": table.round.code}
    url = reverse("scoring:table-reports", kwargs={**kwargs, "table": table.number})
    response = client.get(url)
    return response.status_code, response.content.decode()


def event_file(event) -> dict:
    """The event as its file holds it (written and read back)."""
    return transfer.loads(transfer.dumps(transfer.export_event(event)))


def send(client, table, finals, reporter=1):
    return client.post(report_url(table), form_data(table, finals, reporter))


def test_a_report_before_a_late_seat_is_shown_not_a_500(client, gm, heat_table):
    send(client, heat_table, CLEAN)
    heat = heat_table.round
    check_in(heat, [("Late Lu", "")])
    add_late_player(heat, Player.objects.get(name="Late Lu"), heat_table, gm)
    client.force_login(gm)
    status, page = reports_page(client, heat_table)
    assert status == 200
    assert "Late Lu" in page and "not in this report" in page
    assert "Confirm this report" not in page  # it cannot be laid whole


def test_a_report_from_an_event_file_without_a_seat_is_shown(client, gm, heat_table):
    send(client, heat_table, CLEAN)
    document = event_file(heat_table.round.event)
    (held,) = [o for o in document["objects"] if o["model"] == "scoring.tablereport"]
    # A file written before reports recorded their seating, missing seat 5.
    held["fields"].pop("seating")
    held["fields"].pop("nonce")
    del held["fields"]["scores"]["5"]
    imported = transfer.import_event(document, slug="copy").event
    table = imported.rounds.get().tables.get(number=1)
    imported.gms.add(gm)
    client.force_login(gm)
    status, page = reports_page(client, table)
    assert status == 200
    assert "seating not recorded" in page and "not in this report" in page
    assert TableReport.objects.get(table=table).seating == ""


def test_an_imported_report_keeps_its_seating_on_the_new_players(gm, heat_table):
    from django.test import Client

    Client().post(report_url(heat_table), form_data(heat_table, CLEAN))
    document = event_file(heat_table.round.event)
    imported = transfer.import_event(document, slug="copy").event
    table = imported.rounds.get().tables.get(number=1)
    seats = table.seats.order_by("number")
    expected = ",".join(f"{s.number}:{s.player_id}" for s in seats)
    assert TableReport.objects.get(table=table).seating == expected


def test_a_report_before_a_swap_is_marked_for_an_earlier_seating(
    client, gm, heat_table
):
    send(client, heat_table, CLEAN)
    seated = [s.player for s in heat_table.seats.order_by("number")]
    swap_seats(heat_table.round, seated[2], seated[3], gm)
    client.force_login(gm)
    status, page = reports_page(client, heat_table)
    assert status == 200 and "for an earlier seating" in page


def test_differing_values_are_marked_one_by_one(client, gm, heat_table):
    send(client, heat_table, CLEAN, reporter=1)
    send(client, heat_table, OTHER, reporter=2)
    client.force_login(gm)
    _, page = reports_page(client, heat_table)
    marked = re.findall(r'report-differs">(.*?)</td>', page)
    # Seats 4 and 5's finals, in each of the two reports.
    values = [re.sub(r"<[^>]+>", "", cell).split()[-1] for cell in marked]
    assert values == ["75", "65", "55", "45"]
    # Not by colour alone: a sign and words for a screen reader.
    assert all("≠" in cell and "differs from another report" in cell for cell in marked)


def test_enter_by_hand_from_a_report_opens_the_form_filled_by_player(
    client, gm, heat_table
):
    send(client, heat_table, CLEAN)
    seated = [s.player for s in heat_table.seats.order_by("number")]
    swap_seats(heat_table.round, seated[2], seated[3], gm)
    report = TableReport.objects.get()
    client.force_login(gm)
    kwargs = {"event": heat_table.round.event.slug, "round": "1", "table": 1}
    url = reverse("scoring:table-results", kwargs=kwargs) + f"?report={report.pk}"
    page = client.get(url).content.decode()
    finals = {
        n: re.search(rf'name="final_{n}" value="(\d+)"', page) for n in range(1, 6)
    }
    # Seat 3 now holds the player who reported 75 at seat 4, and seat 4 the 85.
    assert {n: m.group(1) if m else None for n, m in finals.items()} == {
        1: "110",
        2: "95",
        3: "75",
        4: "85",
        5: "65",
    }
    assert "Filled in from the players' report of seat 1" in page


def test_a_replayed_report_post_is_stored_once(client, heat_table):
    page = client.get(report_url(heat_table)).content.decode()
    nonce = re.search(r'name="nonce" value="([0-9a-f]{32})"', page).group(1)
    data = {**form_data(heat_table, CLEAN), "nonce": nonce}
    for _ in range(3):
        assert "Received" in client.post(report_url(heat_table), data).content.decode()
    assert TableReport.objects.count() == 1
    assert AuditEntry.objects.filter(action="report").count() == 1


def test_a_damaged_form_key_is_named(client, heat_table):
    data = {**form_data(heat_table, CLEAN), "nonce": "x" * 32}
    page = client.post(report_url(heat_table), data).content.decode()
    assert "The form was damaged" in page and not TableReport.objects.exists()


def test_an_archived_events_link_is_refused_with_a_page(client, gm, heat_table):
    set_archived(heat_table.round.event, True, gm)
    response = client.get(report_url(heat_table))
    assert response.status_code == 403
    assert "archived" in response.content.decode()
    posted = client.post(report_url(heat_table), form_data(heat_table, CLEAN))
    assert posted.status_code == 403 and not TableReport.objects.exists()


def test_the_results_form_says_players_reports_wait(client, gm, heat_table):
    """A GM typing a scoresheet in sees that two reports wait for the table
    (a walk of the GM's day: only the round card said so)."""
    send(client, heat_table, CLEAN)
    send(client, heat_table, OTHER, reporter=2)
    client.force_login(gm)
    kwargs = {"event": heat_table.round.event.slug, "round": "1", "table": 1}
    page = client.get(reverse("scoring:table-results", kwargs=kwargs)).content
    waiting = re.search(r'<div [^>]*id="waiting-reports">(.*?)</div>', page.decode())
    assert waiting is not None
    assert "2 players' reports wait for this table." in waiting[1]
    assert reverse("scoring:table-reports", kwargs=kwargs) in waiting[1]


def test_reports_giving_the_same_values_are_checked_once(client, gm, heat_table):
    # Four seats send the same result: the page shows four reports and one
    # rules check, worked out once for the four.
    for reporter in (1, 2, 3, 4):
        send(client, heat_table, CLEAN, reporter)
    send(client, heat_table, OTHER, 5)
    client.force_login(gm)
    with mock.patch.object(
        result_check, "check_table_results", wraps=result_check.check_table_results
    ) as checks:
        status, page = reports_page(client, heat_table)
    assert status == 200
    assert page.count("Confirm this report") == 5
    assert checks.call_count == 2
