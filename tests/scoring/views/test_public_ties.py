"""A tie for first the GM decided, as the public pages show it (tournament.md,
Recording a table: the record keeps which player the GM declared the winner, and
why): each tied player's place carries "tie — decided by the GM: <reason>"."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from heats.models import Player
from scoring.queries.result_check import SeatScores
from scoring.services import results, ties

pytestmark = pytest.mark.django_db

NOTE = "tie — decided by the GM: GM ruling, seat 2 bid first"


@pytest.fixture
def decided(heat_table):
    """Seats 1 and 2 tie at 112; the GM declares seat 2, with a reason."""
    seats = list(heat_table.seats.select_related("player").order_by("number"))
    finals = [
        (None, None, 112),
        (None, None, 112),
        (None, None, 70),
        (None, None, 60),
        (None, None, 55),
    ]
    results.save_table_results(
        heat_table, [SeatScores(s.number, *finals[i]) for i, s in enumerate(seats)]
    )
    ties.declare_winner(heat_table, seats[1].player, "GM ruling, seat 2 bid first")
    return seats


def rows(page: str) -> list[str]:
    """The text of each table row of ``page``, tags removed."""
    found = re.findall(r"<tr[^>]*>(.*?)</tr>", page, flags=re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", r).split()) for r in found]


def row_of(page: str, name: str) -> str:
    return next(r for r in rows(page) if name in r)


def check(page: str, seats) -> None:
    """112 place 1 and 112 place 2 both say how the tie was decided; the third,
    at 70, does not."""
    winner, second, third = (
        row_of(page, s.player.name) for s in seats[1::-1] + [seats[2]]
    )
    assert "112 1" in winner and NOTE in winner
    assert "112 2" in second and NOTE in second
    assert "tie — decided" not in third


def test_the_heat_results_page_says_the_gm_decided_the_tie(client, decided, event):
    page = client.get(
        reverse("scoring:heat-results", kwargs={"event": event.slug, "heat": 1})
    ).content.decode()
    check(page, decided)


def test_the_standings_heat_table_says_the_gm_decided_the_tie(client, decided, event):
    page = client.get(
        reverse("scoring:standings", kwargs={"event": event.slug})
    ).content.decode()
    heats = page.split('id="heats-heading"')[1]
    check(heats, decided)


def test_the_table_page_says_the_gm_decided_the_tie(client, decided, event):
    page = client.get(
        reverse(
            "scoring:table-detail",
            kwargs={"event": event.slug, "round": "1", "table": 1},
        )
    ).content.decode()
    check(page, decided)


def test_the_table_page_shows_a_badge_only_beside_a_namesake(client, decided, event):
    # Ann's badge is no one's business while she is the only Ann; the seated Ed
    # is told from another Ed by his badge, as on the standings.
    Player.objects.filter(event=event, name="Ann").update(badge="1204")
    Player.objects.filter(event=event, name="Ed").update(badge="77")
    Player.objects.create(event=event, name="Ed", badge="78")
    page = client.get(
        reverse(
            "scoring:table-detail",
            kwargs={"event": event.slug, "round": "1", "table": 1},
        )
    ).content.decode()
    assert "#1204" not in page and "#78" not in page
    assert any(re.fullmatch(r"\d Ann — — \d+ \d", r) for r in rows(page))
    assert any(re.fullmatch(r"\d Ed \(#77\) — — \d+ \d", r) for r in rows(page))
