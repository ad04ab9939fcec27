"""The tie page's suggestion from the day scores, and how a declared tie shows
on the table page and the laurels (tournament.md, Recording a table)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse

from heats.models import Player
from scoring.core.laurels import laurels
from scoring.core.places import PlayerResult
from scoring.queries.result_check import SeatScores
from scoring.services import results

pytestmark = pytest.mark.django_db


def url(table, name: str) -> str:
    rnd = table.round
    return reverse(
        name, kwargs={"event": rnd.event.slug, "round": rnd.code, "table": table.number}
    )


def save(table, rows: list[tuple[int | None, int | None, int]]) -> list:
    """Save (day1, day2, final) per seat in seat order; returns the seats."""
    seats = list(table.seats.select_related("player").order_by("number"))
    results.save_table_results(
        table, [SeatScores(s.number, *rows[i]) for i, s in enumerate(seats)]
    )
    return seats


def test_the_tie_page_says_which_player_the_day_2_scores_favour(gm_client, heat_table):
    # Seats 1 and 2 tie at 100; after day 2 seat 2 has 64 against 59: seat 2.
    seats = save(
        heat_table,
        [(30, 59, 100), (25, 64, 100), (20, 40, 70), (10, 30, 60), (5, 20, 55)],
    )
    page = gm_client.get(url(heat_table, "scoring:table-tie")).content.decode()
    a, b = seats[0].player.name, seats[1].player.name
    assert f"Florins after day 2 favour {b} ({a} 59, {b} 64)." in page
    assert 'id="tie-suggestion"' in page
    # The GM still chooses (here against the suggestion) and says why.
    response = gm_client.post(
        url(heat_table, "scoring:table-tie"),
        {"winner": seats[0].player_id, "reason": "GM's ruling: slow play by the other"},
    )
    assert response.status_code == 302
    detail = reverse(
        "scoring:table-detail",
        kwargs={
            "event": heat_table.round.event.slug,
            "round": heat_table.round.code,
            "table": 1,
        },
    )
    page = gm_client.get(detail).content.decode()
    assert (
        f"Tie for first: the GM declared {a} the winner "
        "(GM&#x27;s ruling: slow play by the other)."
    ) in page


def test_a_tied_player_with_a_namesake_is_named_by_badge(gm_client, heat_table):
    # Seat 1's player shares a name with another player of the event (badges
    # 501 and 502): the save's tie (the GM's "tie for first between ...: who
    # won?") and the tie page's facts name seat 1 by badge, seat 2 by name.
    seats = list(heat_table.seats.select_related("player").order_by("number"))
    a, b = seats[0].player, seats[1].player.name
    Player.objects.filter(pk=a.pk).update(badge="501")
    Player.objects.create(event=heat_table.round.event, name=a.name, badge="502")
    rows = [(30, 59, 100), (25, 64, 100), (20, 40, 70), (10, 30, 60), (5, 20, 55)]
    outcome = results.save_table_results(
        heat_table, [SeatScores(s.number, *rows[i]) for i, s in enumerate(seats)]
    )
    assert sorted(outcome.tied) == sorted([f"{a.name} (#501)", b])
    page = gm_client.get(url(heat_table, "scoring:table-tie")).content.decode()
    assert f"Florins after day 2 favour {b} ({a.name} (#501) 59, {b} 64)." in page


def test_the_tie_page_says_when_the_day_scores_do_not_decide(gm_client, heat_table):
    save(
        heat_table,
        [(None, None, 90), (None, None, 90), (1, 2, 3), (1, 2, 4), (1, 2, 5)],
    )
    page = gm_client.get(url(heat_table, "scoring:table-tie")).content.decode()
    assert "The recorded day scores do not decide this tie" in page


def test_the_laurels_show_how_a_tie_at_the_final_was_decided():
    # Final: a and b tie at 104; the GM declared b (reason kept). b is place 1
    # with the reason on the line, a is place 2 with nothing added.
    final = [
        PlayerResult("a", 104, 30, 61),
        PlayerResult("b", 104, 31, 58, declared_place=1),
        PlayerResult("c", 90),
        PlayerResult("d", 80),
    ]
    lines = laurels(final, tie_reasons={"b": "GM's ruling"})
    assert [(x.place, x.player) for x in lines] == [
        (1, "b"),
        (2, "a"),
        (3, "c"),
        (4, "d"),
    ]
    assert lines[0].reason == (
        "final, 104 florins; tie for first decided by the GM: GM's ruling"
    )
    assert lines[1].reason == "final, 104 florins"


def named(seats: list, *names: str) -> None:
    """The players of the first seats renamed ``names``, in seat order."""
    for seat, name in zip(seats, names, strict=False):
        seat.player.name = name
        seat.player.save()


def test_the_tie_page_shows_the_facts_in_german_names_untouched(gm_client, heat_table):
    # Seats 1 and 2 tie at 100, level at 60 after day 2; after day 1 seat 1
    # has 35 against 30: seat 1. Names hold words the catalogue translates
    # ("or", "and", "Tie", "nobody"): they stay as they are.
    seats = save(
        heat_table,
        [(35, 60, 100), (30, 60, 100), (20, 40, 70), (10, 30, 60), (5, 20, 55)],
    )
    named(seats, "Rock or Roll", "Tie and nobody")
    gm_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    page = gm_client.get(url(heat_table, "scoring:table-tie")).content.decode()
    a, b = "Rock or Roll", "Tie and nobody"
    assert (
        f"<li>Florin nach Handelstag 2: {a} und {b} gleichauf bei 60 ({a} 60, {b} 60): "
        "keine Entscheidung.</li>"
    ) in page
    assert (
        f"<li>Der Florinstand nach Handelstag 1 spricht für {a} ({a} 35, {b} 30).</li>"
        in page
    )
    assert f"Vorgeschlagener Sieger: {a} (mehr Florin nach Handelstag 1).</p>" in page
    assert (
        "Wenn die Spielleitung dem folgt, ein passender Grund: "
        "„mehr Florin nach Handelstag 1 (35 zu 30)“."
    ) in page
    assert "Florins after" not in page and "favour" not in page


def test_the_tie_page_says_in_german_when_no_day_is_recorded(gm_client, heat_table):
    seats = save(
        heat_table,
        [(None, None, 90), (None, None, 90), (1, 2, 3), (1, 2, 4), (1, 2, 5)],
    )
    named(seats, "Rock or Roll", "nobody")
    gm_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    page = gm_client.get(url(heat_table, "scoring:table-tie")).content.decode()
    for day in (2, 1):
        assert (
            f"<li>Florin nach Handelstag {day} für Rock or Roll, nobody nicht erfasst: "
            "keine Entscheidung.</li>"
        ) in page
    assert (
        "Die erfassten Zwischenstände entscheiden diesen Gleichstand nicht (die "
        "Spielregeln sehen keine weitere Feinwertung vor): Die Spielleitung "
        "entscheidet.</p>"
    ) in page
