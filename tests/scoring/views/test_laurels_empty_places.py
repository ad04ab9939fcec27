"""Laurels that stop before place 6 say why (tournament.md, Semi-final and final:
after the final only a semi-final non-finalist who won a table as an alternate
or came second takes a place).

Figures: a semi-final of two tables of 3, won by A and B; both runners-up (C, D)
were added to a final of 4, so nobody is left for places 5 and 6.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from heats.models import Player, Round, RoundKind, Seat, Table
from heats.translate import translate
from scoring.queries.laurels import laurels_and_note
from scoring.queries.result_check import SeatScores
from scoring.services import results

pytestmark = pytest.mark.django_db

NOTE = "Places 5–6: no semi-final runner-up is left who did not play the final."


def seat_table(rnd: Round, number: int, scores: dict[str, int]) -> None:
    """Seat the named players at table ``number`` of ``rnd`` and save ``scores``."""
    table = Table.objects.create(round=rnd, number=number)
    for seat, name in enumerate(scores, start=1):
        player, _ = Player.objects.get_or_create(event=rnd.event, name=name)
        Seat.objects.create(table=table, round=rnd, number=seat, player=player)
    rows = [SeatScores(i, None, None, f) for i, f in enumerate(scores.values(), 1)]
    results.save_table_results(table, rows)


@pytest.fixture
def final_of_four(event):
    semi = Round.objects.create(event=event, kind=RoundKind.SEMI, number=1)
    seat_table(semi, 1, {"A": 100, "C": 90, "X": 50})
    seat_table(semi, 2, {"B": 100, "D": 80, "Y": 40})
    final = Round.objects.create(event=event, kind=RoundKind.FINAL, number=1)
    seat_table(final, 1, {"A": 120, "B": 110, "C": 100, "D": 90})
    return event


def test_the_gm_laurels_page_says_why_places_5_and_6_are_empty(
    client, gm, final_of_four
):
    client.force_login(gm)
    page = client.get(reverse("scoring:laurels", kwargs={"event": "wbc"}))
    rows = [(row["place"], row["player"]) for row in page.context["laurel_table"].data]
    assert rows == [(1, "A"), (2, "B"), (3, "C"), (4, "D")]
    assert NOTE in page.content.decode()


def test_the_standings_say_why_places_5_and_6_are_empty(client, final_of_four):
    page = client.get(reverse("scoring:standings", kwargs={"event": "wbc"}))
    assert NOTE in page.content.decode()


def test_the_note_reads_in_german(final_of_four):
    _lines, note = laurels_and_note(final_of_four)
    with translation.override("de"):
        assert translate(note) == (
            "Plätze 5–6: Es bleibt kein Zweiter im Halbfinale, der nicht im Finale "
            "gespielt hat."
        )
