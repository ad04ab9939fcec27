"""Every final 0 (an unfilled sheet or a typo) is held from the public pages: a day's
scoring pays a 5-player table at least 122 florins together (62 in ship payouts,
12 on each of the five markets; scoring.core.medici.limits.min_table_income), and money
is spent only before the scoring, so the finals add up to at least 122."""

from __future__ import annotations

import pytest
from django.urls import reverse

from heats.models import Round, RoundKind
from heats.services.checkin import check_in
from heats.services.seating import seat_round
from scoring.queries.event_results import held_tables
from scoring.queries.result_check import SeatScores
from scoring.queries.standings import standings
from scoring.services.results import save_table_results
from scoring.services.rules_checks import acknowledge_check
from tests.heats.conftest import names

pytestmark = pytest.mark.django_db

CLEAN = [110, 95, 85, 75, 65]


def enter(table, finals, user=None):
    return save_table_results(
        table,
        [SeatScores(n, None, None, f) for n, f in enumerate(finals, start=1)],
        user,
    )


@pytest.fixture
def heat(event) -> Round:
    """Heat 1: two tables of 5; table 1 entered cleanly, table 2 all zeros."""
    rnd = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(rnd, names(10))
    seat_round(rnd, seed=1)
    enter(rnd.tables.get(number=1), CLEAN)
    return rnd


def public_finals(event) -> dict[int, list[int]]:
    rows = dict(standings(event).heats)[1]
    finals: dict[int, list[int]] = {}
    for row in rows:
        finals.setdefault(row["table"], []).append(row["final"])
    return finals


def test_all_zero_finals_are_held_until_a_gm_acknowledges(heat, gm, client):
    table2 = heat.tables.get(number=2)
    outcome = enter(table2, [0] * 5)
    assert outcome.findings == [
        {
            "day": 3,
            "player": None,
            "message": "table total after day 3: the result says 0 in total, but "
            "day 3's scoring pays the 5 players at least 122 together (bids are "
            "paid before it)",
            "rule": "table-floor",
            "because": None,
            "hint": False,
        }
    ]
    assert held_tables(heat.event) == {table2.pk: ("heat", 1, 2)}
    assert standings(heat.event).being_checked == ["Heat 1, table 2"]
    assert public_finals(heat.event) == {1: CLEAN}  # table 2 owes its results
    url = reverse("scoring:standings", kwargs={"event": heat.event.slug})
    assert "Heat 1, table 2: being checked" in client.get(url).content.decode()
    acknowledge_check(table2, gm)
    assert held_tables(heat.event) == {}
    assert standings(heat.event).being_checked == []
    assert public_finals(heat.event)[2] == [0] * 5
    assert "being checked" not in client.get(url).content.decode()


def test_correcting_the_zeros_releases_the_table(heat, gm):
    table2 = heat.tables.get(number=2)
    enter(table2, [0] * 5)
    enter(table2, [104, 95, 85, 75, 65], gm)
    assert held_tables(heat.event) == {}
    assert public_finals(heat.event)[2] == [104, 95, 85, 75, 65]
