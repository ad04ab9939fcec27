""" "Save and next table": after saving, the next table of the round that still
owes results, by table number, wrapping round; the round page when none does."""

from __future__ import annotations

import pytest
from django.urls import reverse

from heats.models import Round, RoundKind
from heats.services.checkin import check_in
from heats.services.seating import seat_round
from scoring.queries.result_check import SeatScores
from scoring.services import results
from tests.support.versions import result_version

pytestmark = pytest.mark.django_db

FINALS = [83, 60, 100, 55, 70]


@pytest.fixture
def heat(event):
    """Heat 1 with 15 players at three tables of five."""
    heat = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(heat, [(f"Player {i:02d}", "") for i in range(1, 16)])
    seat_round(heat, seed=1)
    assert heat.tables.count() == 3
    return heat


def table_url(heat, number: int) -> str:
    kwargs = {"event": "wbc", "round": heat.code, "table": number}
    return reverse("scoring:table-results", kwargs=kwargs)


def save(heat, number: int) -> None:
    results.save_table_results(
        heat.tables.get(number=number),
        [SeatScores(n, None, None, f) for n, f in enumerate(FINALS, start=1)],
    )


def save_and_next(client, heat, number: int):
    seats = heat.tables.get(number=number).seats.order_by("number")
    data = {"seating": ",".join(f"{s.number}:{s.player_id}" for s in seats)}
    data.update({f"final_{n}": f for n, f in enumerate(FINALS, start=1)})
    data["version"] = result_version(heat.tables.get(number=number))
    return client.post(table_url(heat, number), {**data, "next": "1"})


def test_save_and_next_goes_to_the_next_table_owing_results(gm_client, heat):
    response = save_and_next(gm_client, heat, 1)
    assert response.status_code == 302
    assert response["Location"] == table_url(heat, 2)
    assert heat.tables.get(number=1).seats.filter(record__final=83).exists()


def test_a_table_already_saved_is_skipped(gm_client, heat):
    save(heat, 2)
    assert save_and_next(gm_client, heat, 1)["Location"] == table_url(heat, 3)


def test_the_next_table_wraps_round_to_the_first_owing(gm_client, heat):
    save(heat, 1)
    assert save_and_next(gm_client, heat, 3)["Location"] == table_url(heat, 2)


def test_when_no_table_owes_results_the_round_page_says_all_are_in(gm_client, heat):
    save(heat, 1)
    save(heat, 3)
    response = save_and_next(gm_client, heat, 2)
    assert response["Location"] == heat.get_absolute_url()
    page = gm_client.get(response["Location"]).content.decode()
    assert "Heat 1: every table&#x27;s results are in." in page
