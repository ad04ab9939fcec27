"""The players' report page and the GM's confirmation (tournament.md,
"Reported results")."""

from __future__ import annotations

import pytest
from django.urls import reverse

from heats.models import Player
from scoring.models import PlayerRecord, ReportLink, TableReport

pytestmark = pytest.mark.django_db

CLEAN = [110, 95, 85, 75, 65]


def report_url(table, name="scoring:table-report", token=None) -> str:
    token = token or ReportLink.objects.get(table=table).token
    kwargs = {"event": table.round.event.slug, "round": "1", "table": table.number}
    return reverse(name, kwargs={**kwargs, "token": token})


def form_data(table, finals, reporter=1) -> dict:
    seats = list(table.seats.order_by("number"))
    data = {f"final_{s.number}": f for s, f in zip(seats, finals, strict=True)}
    data["seating"] = ",".join(f"{s.number}:{s.player_id}" for s in seats)
    data["reporter"] = reporter
    return data


def test_the_page_lists_the_players_in_seat_order(client, heat_table):
    page = client.get(report_url(heat_table)).content.decode()
    names = [s.player.name for s in heat_table.seats.order_by("number")]
    positions = [page.index(f"Seat {n}: {name}") for n, name in enumerate(names, 1)]
    assert positions == sorted(positions)


def test_a_report_is_received_and_not_public(client, heat_table):
    response = client.post(report_url(heat_table), form_data(heat_table, CLEAN))
    page = response.content.decode()
    assert "Received — the GM will confirm" in page
    assert ">110<" in page and ">65<" in page
    assert TableReport.objects.count() == 1 and not PlayerRecord.objects.exists()
    slug = heat_table.round.event.slug
    standings = client.get(reverse("scoring:standings", kwargs={"event": slug}))
    assert "110" not in standings.content.decode()


def test_a_namesake_is_named_by_badge_on_every_report_page(
    client, gm_client, heat_table
):
    # Seat 2's player shares a name with another player of the event (badges
    # 601 and 602): the seat list to choose from, what the player sent and the
    # GM's reports page (seat order and the report's rows) name seat 2 by badge.
    seat = heat_table.seats.select_related("player").get(number=2)
    name = seat.player.name
    Player.objects.filter(pk=seat.player_id).update(badge="601")
    Player.objects.create(event=heat_table.round.event, name=name, badge="602")
    shown = f"{name} (#601)"
    assert f"Seat 2: {shown}<" in client.get(report_url(heat_table)).content.decode()
    sent = client.post(report_url(heat_table), form_data(heat_table, CLEAN))
    assert f"<td>{shown}</td>" in sent.content.decode()
    kwargs = {"event": heat_table.round.event.slug, "round": "1", "table": 1}
    page = gm_client.get(reverse("scoring:table-reports", kwargs=kwargs))
    html = page.content.decode()
    assert f"2. {shown};" in html and f"<td>{shown}</td>" in html


def test_level1_findings_are_shown_before_sending(client, heat_table):
    data = form_data(heat_table, [1004, 95, 85, 75, 65])
    url = report_url(heat_table, "scoring:table-report-check")
    answer = client.post(url, data, HTTP_HX_REQUEST="true").content.decode()
    assert "Rules check of the values typed: 1 warning" in answer
    assert not TableReport.objects.exists()


def test_a_guessed_token_is_refused_with_a_clear_page(client, heat_table):
    response = client.get(report_url(heat_table, token="A" * 43))
    assert response.status_code == 403
    assert "does not belong to this table" in response.content.decode()


def test_the_gm_confirms_with_one_press(client, gm_client, heat_table):
    client.post(report_url(heat_table), form_data(heat_table, CLEAN, reporter=2))
    gm_client.post(report_url(heat_table), form_data(heat_table, CLEAN[::-1], 3))
    kwargs = {"event": heat_table.round.event.slug, "round": "1", "table": 1}
    url = reverse("scoring:table-reports", kwargs=kwargs)
    page = gm_client.get(url).content.decode()
    assert "The reports differ" in page and page.count("Confirm this report") == 2
    first = TableReport.objects.order_by("pk").first()
    gm_client.post(url, {"report": first.pk})
    finals = PlayerRecord.objects.order_by("seat__number").values_list("final")
    assert [f for (f,) in finals] == CLEAN
    refused = client.get(report_url(heat_table))
    assert refused.status_code == 403
    assert "already saved" in refused.content.decode()


def test_the_round_page_shows_reported_tables(client, gm_client, heat_table):
    client.post(report_url(heat_table), form_data(heat_table, CLEAN))
    page = gm_client.get(heat_table.round.get_absolute_url()).content.decode()
    assert "Reported by players (1)" in page
    assert ReportLink.objects.get(table=heat_table).token in page


def test_a_link_printed_before_its_table_was_renumbered_opens_its_table(
    client, heat_table
):
    """A semi-final's short table removed moves the later tables down one
    number: the scoresheets printed before say the old number, and their QR
    codes open the table's page under its number now (the token is the
    table's). A token of another round stays refused."""
    printed = report_url(heat_table)
    heat_table.number = 9
    heat_table.save(update_fields=["number"])
    response = client.get(printed)
    assert response.status_code == 302
    assert response["Location"] == report_url(heat_table)
    assert client.get(response["Location"]).status_code == 200
    elsewhere = printed.replace("/round/1/", "/round/2/")
    assert "does not belong to this table" in client.get(elsewhere).content.decode()
    # A report sent to the old address is refused, not stored for table 9.
    assert client.post(printed, form_data(heat_table, CLEAN)).status_code == 403
    assert not TableReport.objects.exists()
