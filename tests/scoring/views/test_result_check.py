"""The result form's dry run: the level-1 checks of the values typed, run by the
save's own code path, answered per seat and written nowhere (rules.md,
Verifying, 1; tournament.md, Recording a table).

Bounds for the ``heat_table`` fixture, a 5-player ``wbc`` table (rules.md, Rule
sets and Scoring a day): everyone starts with 30 florins, and on day 1 a player
earns at most 30 (1st ship) + 5 x 10 (every market's 1st award) + 0 (no marker
reaches a bonus level with five goods) = 80, so money after day 1 is at most 110.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from heats.models import AuditEntry
from scoring.models import PlayerRecord, RecordHistory, TableCheck
from scoring.queries import result_check
from scoring.queries.result_check import SeatScores
from scoring.queries.seats import table_seats
from scoring.services import results

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def check_url(table) -> str:
    return reverse(
        "scoring:table-results-check",
        kwargs={"event": "wbc", "round": table.round.code, "table": table.number},
    )


def form_data(table, values: dict[str, object]) -> dict[str, object]:
    seats = table.seats.order_by("number")
    return {"seating": ",".join(f"{s.number}:{s.player_id}" for s in seats), **values}


def seat_slot(html: str, number: int) -> str:
    """The text of seat ``number``'s check slot in ``html``."""
    match = re.search(rf'<div id="seat-check-{number}"[^>]*>(.*?)\n</div>', html, re.S)
    assert match, f"no check slot for seat {number}"
    return match.group(1)


def nothing_written() -> bool:
    """No record, history or rules check, and no audit entry but the fixture's
    check-ins and seating."""
    return not (
        PlayerRecord.objects.exists()
        or AuditEntry.objects.exclude(action__in=("check-in", "seating")).exists()
        or RecordHistory.objects.exists()
        or TableCheck.objects.exists()
    )


def test_a_day_1_money_above_110_is_found_at_its_seat_while_finals_are_blank(
    gm_client, heat_table
):
    # Seat 1 typed 300 after day 1: a gain of 270 where 80 is the most; no
    # final typed anywhere yet.
    response = gm_client.post(
        check_url(heat_table), form_data(heat_table, {"day1_1": 300}), **HTMX
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert 'hx-swap-oob="true"' in html
    assert (
        "gain on day 1: the result says +270 (30 -&gt; 300), but the most a player "
        "can earn on day 1 at a 5-player wbc table is 80" in seat_slot(html, 1)
    )
    assert all(seat_slot(html, n).strip() == "" for n in range(2, 6))
    assert "1 warning" in html
    assert nothing_written()


def test_a_negative_value_typed_is_named_at_its_seat_and_blanks_are_not(
    gm_client, heat_table
):
    response = gm_client.post(
        check_url(heat_table), form_data(heat_table, {"final_3": -2}), **HTMX
    )
    html = response.content.decode()
    assert "Final: Ensure this value is greater than or equal to 0." in seat_slot(
        html, 3
    )
    assert "required" not in html
    assert nothing_written()


def test_every_final_typed_and_legal_gives_no_warning(gm_client, heat_table):
    finals = {f"final_{n}": f for n, f in enumerate([83, 60, 100, 55, 70], 1)}
    response = gm_client.post(
        check_url(heat_table), form_data(heat_table, finals), **HTMX
    )
    assert "No rules warnings in the values typed." in response.content.decode()
    assert nothing_written()


def test_a_check_of_a_correction_writes_no_record_history_or_audit(
    gm_client, heat_table
):
    results.save_table_results(
        heat_table,
        [
            SeatScores(n, None, None, f)
            for n, f in [(1, 83), (2, 60), (3, 100), (4, 55), (5, 70)]
        ],
    )
    saved = list(PlayerRecord.objects.order_by("seat__number").values_list("final"))
    audit = AuditEntry.objects.count()
    # Every final 0: the table's money after day 3 adds up to 0, below what the
    # day's scoring pays 5 players at the least (rules.md, Verifying, 1).
    finals = {f"final_{n}": 0 for n in range(1, 6)}
    response = gm_client.post(
        check_url(heat_table), form_data(heat_table, finals), **HTMX
    )
    html = response.content.decode()
    assert "table total after day 3: the result says 0 in total" in html
    assert (
        list(PlayerRecord.objects.order_by("seat__number").values_list("final"))
        == saved
    )
    assert AuditEntry.objects.count() == audit
    assert not RecordHistory.objects.exists()
    assert TableCheck.objects.get(table=heat_table).findings == []


def test_without_javascript_the_check_button_draws_the_whole_page(
    gm_client, heat_table
):
    response = gm_client.post(
        check_url(heat_table), form_data(heat_table, {"day1_1": 300, "check": "1"})
    )
    html = response.content.decode()
    assert "<html" in html and 'id="result-form"' in html
    assert "gain on day 1: the result says +270" in seat_slot(html, 1)
    assert 'value="300"' in html  # the values typed are kept
    assert nothing_written()


def test_an_assistant_checking_a_correction_is_told_only_a_gm_may(
    assistant_client, heat_table
):
    results.save_table_results(
        heat_table, [SeatScores(n, None, None, 50 + n) for n in range(1, 6)]
    )
    finals = {f"final_{n}": 60 + n for n in range(1, 6)}
    response = assistant_client.post(
        check_url(heat_table), form_data(heat_table, finals), **HTMX
    )
    assert response.status_code == 200
    assert "alert-danger" in response.content.decode()
    assert PlayerRecord.objects.get(seat__number=1).final == 51


def test_a_check_after_someone_else_saved_says_who_and_that_saving_is_refused(
    gm_client, heat_table
):
    version = result_check.table_version(table_seats(heat_table))
    results.save_table_results(
        heat_table, [SeatScores(n, None, None, 50 + n) for n in range(1, 6)]
    )
    data = form_data(heat_table, {"final_1": 70, "version": version})
    html = gm_client.post(check_url(heat_table), data, **HTMX).content.decode()
    assert "A command or an import saved this table at" in html
    assert "saving these values would be refused" in html
    assert PlayerRecord.objects.get(seat__table=heat_table, seat__number=1).final == 51
