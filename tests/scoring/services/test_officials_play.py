"""Officials may play (tournament.md, Semi-final and final: "a GM or assistant GM
can be a player in any round (WBC 2002, 2017 and 2023 reports); the rules apply
to them as to anyone"): nothing keys players to logins, so the GM who runs the
heat checks in, is seated, wins and advances like anyone."""

from __future__ import annotations

import pytest

from heats.models import Player, Round, RoundKind
from heats.services.checkin import check_in
from heats.services.seating import seat_round
from scoring.queries.event_results import event_advancement
from scoring.queries.result_check import SeatScores
from scoring.services.results import save_table_results

pytestmark = pytest.mark.django_db

PLAYERS = ["Gail Morgan", "Ann", "Ben", "Cy", "Di", "Ed", "Flo", "Gus"]


def test_a_gm_checked_in_as_a_player_is_seated_wins_and_advances(event, gm):
    gm.first_name, gm.last_name = "Gail", "Morgan"
    gm.save()
    heat = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(heat, [(name, "") for name in PLAYERS], user=gm)
    seat_round(heat, seed=1, user=gm)
    gail = Player.objects.get(event=event, name="Gail Morgan")
    table = gail.seats.get().table
    # 8 players: two tables of 4 (tournament.md, Heats: 8 -> 4+4).
    assert sorted(t.seats.count() for t in heat.tables.all()) == [4, 4]
    # Gail's table: she scores 100, the others 80, 70, 60 by seat.
    seats = list(table.seats.order_by("number"))
    others = iter([80, 70, 60])
    scores = [
        SeatScores(s.number, None, None, 100 if s.player == gail else next(others))
        for s in seats
    ]
    save_table_results(table, scores, user=gm)
    other = heat.tables.exclude(pk=table.pk).get()
    save_table_results(
        other,
        [
            SeatScores(s.number, None, None, 90 - 10 * s.number)
            for s in other.seats.all()
        ],
        user=gm,
    )
    assert gail.seats.get().record.place == 1
    result = event_advancement(event)
    # 8 participants (cap 4 < 16): no semi-final; the 2 winners play the final,
    # filled to 4 with alternates (Advancement, 4). Gail is on it as a winner.
    assert result.final_only
    assert f"heat 1 table {table.number} winner" in {
        q.reason for q in result.qualifiers if q.player == gail.pk
    }
