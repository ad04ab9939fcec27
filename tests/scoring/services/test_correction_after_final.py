"""A heat correction after the final is played (issue "The GM's desk", item 3):
the final page, the laurels, the bracket and the report read one field, the
final as played; and the confirmation names what the correction changes for
the published list, the semi-final, the final and the laurels.

Worked from the demo (as ``test_printing_decisions``): the semi-final of 25
(seed 1) is played, each table won with 100 over 89, 88, 87, 86 but Drew
Penrose's (the alternate, 120 over 117); the final seats the 4 heat winners
who won a semi-final table and is played. One finalist's only heat win is then
corrected away: she is no longer a heat winner, but she played the final.
"""

from __future__ import annotations

import pytest

from heats.models import Player, RoundKind
from scoring.models import PlayerRecord
from scoring.queries import final as finals
from scoring.queries import result_check
from scoring.queries.final import heat_winner_ids
from scoring.queries.laurels import event_laurels
from scoring.queries.printing import render
from scoring.queries.result_check import SeatScores
from scoring.queries.rounds import final_round
from scoring.services import results
from scoring.services.final_seating import seat_final
from tests.scoring.queries.test_printing_decisions import enter, play_semi, text

pytestmark = pytest.mark.django_db


def only_heat_win(event, player: Player):
    """The heat table ``player`` won, when it is her only heat win, else None."""
    won = PlayerRecord.objects.filter(
        seat__player=player, seat__round__kind=RoundKind.HEAT, place=1
    ).select_related("seat__table")
    return won[0].seat.table if len(won) == 1 else None


def taken_away(table, player: Player) -> list[SeatScores]:
    """``table``'s results with ``player``'s final florins lowered below the
    second's: someone else wins it."""
    seats = list(table.seats.select_related("player", "record").order_by("number"))
    others = max(s.record.final for s in seats if s.player != player)
    return [
        SeatScores(
            s.number,
            s.record.day1,
            s.record.day2,
            others - 1 if s.player == player else s.record.final,
        )
        for s in seats
    ]


@pytest.fixture
def final_played(demo_event):
    """The demo's final played: its players in seat order score 100, 90, 80, 70."""
    play_semi(demo_event)
    seat_final(demo_event, seed=1)
    final = final_round(demo_event)
    table = final.tables.get()
    names = [s.player.name for s in table.seats.order_by("number")]
    enter(table, dict(zip(names, [100, 90, 80, 70], strict=False)))
    return demo_event


def test_a_finalist_corrected_out_of_her_heat_win_is_still_a_finalist(final_played):
    event = final_played
    players = finals.finalists(event)
    she, table = next(
        (p, only_heat_win(event, p)) for p in players if only_heat_win(event, p)
    )
    check = result_check.check_table_results(table, taken_away(table, she))
    assert check.consequences is not None
    assert check.consequences.final == (
        f"The final has been played: {she.name}, who played it, no longer won a "
        "heat table; its results stand."
    )
    assert check.consequences.laurels == (
        "The laurels stand: they rank the final as played."
    )
    results.save_table_results(
        table, taken_away(table, she), confirmed=check.consequences.key
    )
    assert she.pk not in heat_winner_ids(event)
    field = finals.final_field(event)
    assert (
        she not in field.excluded
    )  # the final page does not say she "does not advance"
    assert {p.pk for p in field.players} == {p.pk for p in players}
    ranked = [laurel.player for laurel in event_laurels(event)]
    assert she.pk in ranked[:4]
    bracket = text(render(event, "bracket").content)
    report = text(render(event, "report").content)
    assert f"{she.name} (alternate: does not advance)" not in bracket
    assert f"{she.name} won a semi-final table as an alternate" not in report
