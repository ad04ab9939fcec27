"""A save or a report confirmed from the round page's table panel answers htmx
with what changed (``scoring.views.common_desk``): the panel's part (the
messages, or the next table's form), the saved table's card and the round's
figures out of band; "Save and next table" on the results page answers with the
next form itself; without JavaScript every form still posts and redirects."""

from __future__ import annotations

import pytest
from django.urls import reverse

from heats.models import Round, RoundKind
from heats.services.checkin import check_in
from heats.services.seating import seat_round
from scoring.models import PlayerRecord
from scoring.queries.result_check import SeatScores
from scoring.services import reports
from tests.support.versions import result_version

pytestmark = pytest.mark.django_db

FINALS = [83, 60, 100, 55, 70]  # seat 3 wins
ROUND_PAGE = "http://testserver/e/wbc/gm/round/1/"


@pytest.fixture
def heat(event):
    """Heat 1 with 15 players at three tables of five."""
    heat = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(heat, [(f"Player {i:02d}", "") for i in range(1, 16)])
    seat_round(heat, seed=1)
    assert heat.tables.count() == 3
    return heat


def htmx_from(page: str) -> dict:
    """The headers htmx sends from the page at ``page``."""
    return {"HTTP_HX_REQUEST": "true", "HTTP_HX_CURRENT_URL": page}


def results_url(number: int) -> str:
    kwargs = {"event": "wbc", "round": "1", "table": number}
    return reverse("scoring:table-results", kwargs=kwargs)


def reports_url(number: int) -> str:
    kwargs = {"event": "wbc", "round": "1", "table": number}
    return reverse("scoring:table-reports", kwargs=kwargs)


def form_data(heat, number: int, **extra) -> dict:
    table = heat.tables.get(number=number)
    seats = table.seats.order_by("number")
    data = {
        "seating": ",".join(f"{s.number}:{s.player_id}" for s in seats),
        "version": result_version(table),
    }
    return data | {f"final_{n}": f for n, f in enumerate(FINALS, start=1)} | extra


def part(html: str, start: str) -> str:
    """The element of ``html`` opening with ``start``, to the next card or end."""
    return html.split(start, 1)[1].split('<div class="card h-100 table-card', 1)[0]


def test_a_save_in_the_table_panel_answers_with_the_card_figures_and_message(
    gm_client, heat
):
    response = gm_client.post(
        results_url(1), form_data(heat, 1, save="1"), **htmx_from(ROUND_PAGE)
    )
    assert response.status_code == 200
    html = response.content.decode()
    work = html.split('<div id="table-work">', 1)[1].split("</div>\n", 1)[0]
    assert "Heat 1 table 1: results saved." in work
    assert "result-form" not in html  # the panel is emptied: no form
    card = part(html, 'id="table-1" hx-swap-oob="true"')
    assert "results in" in card and "100" in card  # the winner's final
    assert 'id="table-2"' not in html  # only the changed card
    figures = part(html, 'id="round-figures" hx-swap-oob="true"')
    assert '<div class="figure" id="owed">2</div>' in figures
    assert "owe paperwork: tables 2, 3" in figures
    assert PlayerRecord.objects.filter(seat__table__number=1).count() == 5


def test_save_and_next_in_the_table_panel_brings_the_next_form(gm_client, heat):
    response = gm_client.post(
        results_url(1), form_data(heat, 1, next="1"), **htmx_from(ROUND_PAGE)
    )
    html = response.content.decode()
    work = html.split('<div id="table-work">', 1)[1]
    assert "Heat 1 table 1: results saved." in work
    assert "Heat 1, table 2" in work and 'id="result-form"' in work
    assert f'action="{results_url(2)}"' in work
    assert 'id="table-1" hx-swap-oob="true"' in html
    assert "<html" not in html  # a fragment, not the results page


def test_save_and_next_on_the_results_page_answers_with_the_next_form(gm_client, heat):
    response = gm_client.post(
        results_url(1),
        form_data(heat, 1, next="1"),
        **htmx_from("http://testserver" + results_url(1)),
    )
    assert response.status_code == 200
    assert response["HX-Push-Url"] == results_url(2)
    html = response.content.decode()
    work = html.split('<div id="table-work">', 1)[1]
    assert "Heat 1 table 1: results saved." in work
    assert "Heat 1, table 2" in work
    assert "hx-swap-oob" not in html  # no round page to update


def test_without_javascript_a_save_still_redirects_to_the_round_page(gm_client, heat):
    response = gm_client.post(results_url(1), form_data(heat, 1, save="1"))
    assert response.status_code == 302
    assert response["Location"] == "/e/wbc/gm/round/1/"
    page = gm_client.get(response["Location"]).content.decode()
    assert "Heat 1 table 1: results saved." in page


def test_a_refused_save_in_the_panel_shows_the_form_again_with_the_reason(
    gm_client, heat
):
    data = form_data(heat, 1, save="1", final_2="")
    response = gm_client.post(results_url(1), data, **htmx_from(ROUND_PAGE))
    assert response.status_code == 200
    html = response.content.decode()
    assert '<div id="table-work">' in html and 'id="result-form"' in html
    assert "hx-swap-oob" not in html
    assert not PlayerRecord.objects.exists()


@pytest.fixture
def reported(heat):
    """Table 2 with a players' report of seat 1 held for the GM."""
    table = heat.tables.get(number=2)
    scores = [SeatScores(n, None, None, f) for n, f in enumerate(FINALS, start=1)]
    reports.submit_report(table, table.report_link.token, 1, scores, None, None)
    return table.reports.get()


def test_a_report_confirmed_in_the_panel_answers_with_the_card_and_figures(
    gm_client, heat, reported
):
    data = {"report": reported.pk}
    response = gm_client.post(reports_url(2), data, **htmx_from(ROUND_PAGE))
    assert response.status_code == 200
    html = response.content.decode()
    work = html.split('<div id="table-work">', 1)[1].split("</div>\n", 1)[0]
    assert "Heat 1 table 2: report of seat 1 saved." in work
    card = part(html, 'id="table-2" hx-swap-oob="true"')
    assert "results in" in card and "Reported by players" not in card
    figures = part(html, 'id="round-figures" hx-swap-oob="true"')
    assert "owe paperwork: tables 1, 3" in figures


def test_without_javascript_a_confirmed_report_redirects_to_the_round_page(
    gm_client, heat, reported
):
    response = gm_client.post(reports_url(2), {"report": reported.pk})
    assert response.status_code == 302
    assert response["Location"] == "/e/wbc/gm/round/1/"


def test_the_round_page_opens_a_card_s_results_and_reports_in_its_panel(
    gm_client, heat, reported
):
    html = gm_client.get("/e/wbc/gm/round/1/").content.decode()
    assert '<div id="table-panel"' in html
    footer = part(html, 'id="table-1"').split('class="card-footer', 1)[1]
    assert f'href="{results_url(1)}" hx-get="{results_url(1)}"' in footer
    notes = part(html, 'id="table-2"')
    assert f'href="{reports_url(2)}" hx-get="{reports_url(2)}"' in notes


def test_the_seated_round_page_draws_the_swap_lists_and_check_in_list_on_demand(
    gm_client, heat
):
    html = gm_client.get("/e/wbc/gm/round/1/").content.decode()
    assert 'name="player_a"' not in html and 'id="open-swap"' in html
    assert 'id="checkin-table"' not in html
    assert 'href="?checkin-page=1#checkin-list"' in html
    asked = gm_client.get("/e/wbc/gm/round/1/?swap=1&checkin-page=1")
    assert 'name="player_a"' in asked.content.decode()
    assert 'id="checkin-table"' in asked.content.decode()


def test_a_desk_update_costs_a_bounded_number_of_queries(
    gm_client, heat, django_assert_max_num_queries
):
    # The save's own (as a redirect's POST), then one card's seats, results and
    # report links, and the figures: the same for any number of tables.
    with django_assert_max_num_queries(36):
        gm_client.post(
            results_url(1), form_data(heat, 1, save="1"), **htmx_from(ROUND_PAGE)
        )
