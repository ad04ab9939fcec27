"""Typos don't go public: a table whose saved results have level-1 rules findings
no GM has acknowledged (rules.md, Verifying, 1) is "to check" on the GM pages and
"being checked" on the public ones, which count it as owing its results until a
GM acknowledges the findings or corrects the scores."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from heats.core.errors import UserError
from heats.models import Round, RoundKind, Seat
from heats.services.checkin import check_in
from heats.services.seating import seat_round
from scoring.queries.event_results import event_advancement, held_tables
from scoring.queries.laurels import event_laurels
from scoring.queries.result_check import SeatScores
from scoring.queries.standings import standings
from scoring.services import publishing
from scoring.services.results import save_table_results
from scoring.services.rules_checks import acknowledge_check
from tests.heats.conftest import names

pytestmark = pytest.mark.django_db

CLEAN = [110, 95, 85, 75, 65]
# 104 typed as 1004 at seat 1: +974 from the 30 florins a player starts with,
# above the most a player can earn at a 5-player table (rules.md, Verifying, 1).
TYPO = [1004, 95, 85, 75, 65]


def enter(table, finals, user=None) -> None:
    save_table_results(
        table,
        [SeatScores(n, None, None, f) for n, f in enumerate(finals, start=1)],
        user,
    )


def winner(table) -> str:
    return table.seats.get(number=1).player.name


def held_heat(event) -> Round:
    """Heat 1: two tables of 5; table 1 entered cleanly, table 2 with 1004."""
    rnd = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(rnd, names(10))
    seat_round(rnd, seed=1)
    enter(rnd.tables.get(number=1), CLEAN)
    enter(rnd.tables.get(number=2), TYPO)
    return rnd


@pytest.fixture
def heat(event) -> Round:
    """See :func:`held_heat`."""
    return held_heat(event)


def test_the_typo_table_is_held_back(heat):
    table2 = heat.tables.get(number=2)
    assert held_tables(heat.event) == {table2.pk: ("heat", 1, 2)}


def test_public_standings_count_the_held_table_as_owing_results(heat):
    data = standings(heat.event)
    assert data.being_checked == ["Heat 1, table 2"]
    assert [w["player"] for w in data.winners] == [winner(heat.tables.get(number=1))]
    assert [(row["table"], row["final"]) for _, rows in data.heats for row in rows] == [
        (1, f) for f in CLEAN
    ]
    assert data.posted["provisional"] is True
    assert data.posted["missing_tables"] == [[1, 2]]
    public = [q["player"] for q in data.posted["qualifiers"]]
    assert winner(heat.tables.get(number=2)) not in public


def test_the_gm_list_sees_everything(heat):
    result = event_advancement(heat.event)
    assert result.provisional is False
    qualifiers = [q.label for q in result.qualifiers]
    assert winner(heat.tables.get(number=1)) in qualifiers
    assert winner(heat.tables.get(number=2)) in qualifiers


def test_acknowledging_makes_the_table_public(heat, gm, client):
    url = reverse("scoring:standings", kwargs={"event": heat.event.slug})
    before = client.get(url).content.decode()
    assert "Heat 1, table 2: being checked" in before
    acknowledge_check(heat.tables.get(number=2), gm)
    assert held_tables(heat.event) == {}
    after = client.get(url).content.decode()  # a new audit entry: not the cache
    assert "being checked" not in after
    assert standings(heat.event).being_checked == []
    winners = {w["player"] for w in standings(heat.event).winners}
    assert winners == {winner(t) for t in heat.tables.all()}


def test_correcting_the_score_makes_the_table_public(heat, gm):
    table2 = heat.tables.get(number=2)
    enter(table2, [104, 95, 85, 75, 65], gm)
    assert held_tables(heat.event) == {}
    rows = dict(standings(heat.event).heats)[1]
    assert [r["final"] for r in rows if r["table"] == 2] == [104, 95, 85, 75, 65]


def test_public_pages_and_feed_say_the_table_is_being_checked(heat, client):
    slug = heat.event.slug
    heat_page = client.get(
        reverse("scoring:heat-results", kwargs={"event": slug, "heat": 1})
    ).content.decode()
    assert "Table 2: being checked" in heat_page
    assert "1004" not in heat_page
    feed = json.loads(
        client.get(reverse("scoring:standings-json", kwargs={"event": slug})).content
    )
    assert feed["being_checked"] == ["Heat 1, table 2"]
    assert [w["player"] for w in feed["winners"]] == [winner(heat.tables.get(number=1))]
    kiosk = client.get(reverse("scoring:kiosk", kwargs={"event": slug}))
    kiosk_text = kiosk.content.decode()
    assert 'id="kiosk-being-checked"' in kiosk_text
    assert winner(heat.tables.get(number=2)) not in kiosk_text
    table_url = reverse(
        "scoring:table-detail", kwargs={"event": slug, "round": "1", "table": 2}
    )
    table_page = client.get(table_url).content.decode()
    assert "Table 2: being checked" in table_page
    assert "1004" not in table_page


def test_gm_pages_show_the_table_to_check(heat, gm, client):
    client.force_login(gm)
    slug = heat.event.slug
    table_url = reverse(
        "scoring:table-detail", kwargs={"event": slug, "round": "1", "table": 2}
    )
    table_page = client.get(table_url).content.decode()
    assert "1004" in table_page and "To check:" in table_page
    round_page = client.get(
        reverse("heats:round-detail", kwargs={"event": slug, "round": "1"})
    ).content.decode()
    assert round_page.count('class="badge text-bg-danger to-check"') == 1
    semi = client.get(reverse("scoring:semi", kwargs={"event": slug})).content.decode()
    assert 'id="to-check"' in semi and "Heat 1, table 2" in semi
    # The table's winner is on the GM's list, marked; table 1's winner is not marked.
    assert f'{winner(heat.tables.get(number=2))} <span class="badge' in semi
    assert f'{winner(heat.tables.get(number=1))} <span class="badge' not in semi


def test_publishing_and_seating_the_semi_wait_for_the_check(heat, gm):
    event = heat.event
    with pytest.raises(UserError) as info:
        publishing.publish(event, event_advancement(event), gm)
    assert info.value.problems == ["Heat 1, table 2: to check"]
    assert not event.published_lists.exists()
    acknowledge_check(heat.tables.get(number=2), gm)
    publishing.publish(event, event_advancement(event), gm)
    assert event.published_lists.count() == 1


def test_public_laurels_wait_for_a_final_being_checked(heat, gm):
    event = heat.event
    final = Round.objects.create(event=event, kind=RoundKind.FINAL, number=1)
    players = [s.player for s in Seat.objects.filter(round=heat, table__number=1)]
    seat_round(final, seed=1, players=players)
    table = final.tables.get()
    enter(table, TYPO)
    assert event_laurels(event, public=True) == []
    laurels = event_laurels(event)
    assert (laurels[0].place, laurels[0].label) == (1, winner(table))
    acknowledge_check(table, gm)
    assert [x.label for x in event_laurels(event, public=True)] == [
        x.label for x in laurels
    ]
