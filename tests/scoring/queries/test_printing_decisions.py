"""The printables record the GM's decisions and each round's own rules (issue 18,
10 and 11): the semi-final's scoresheet without the heat's 55-minute rule; the
report naming the runner-up the GM added to the final and why, and each tie the
GM broke; the bracket marking the alternate who won a semi-final table.

Figures as ``test_final_field``: the demo's semi-final of 25 (seed 1) has Drew
Penrose as its one alternate; Drew wins his table with 120 over 117 (97.5%), the
other tables are won with 100 over 89, 88, 87, 86.
"""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from heats.models import Player, RoundKind
from scoring.models import FinalFill
from scoring.queries.printing import (
    render,
)
from scoring.queries.result_check import SeatScores
from scoring.queries.rounds import (
    semi_round,
)
from scoring.services import results, ties
from scoring.services import semi_final as rounds
from scoring.services.final_seating import (
    decide_final_fill,
    mark_final_absent,
    seat_final,
)

pytestmark = pytest.mark.django_db

ALTERNATE = "Drew Penrose"
HEAT_RULE = "within 55 minutes of the heat's start"


def text(content: bytes) -> str:
    """All pages' text, whitespace collapsed (wrapped lines joined)."""
    pages = PdfReader(io.BytesIO(content)).pages
    return " ".join(" ".join(p.extract_text().split()) for p in pages)


def enter(table, finals_: dict[str, int]) -> None:
    """Save ``{name: final}``; seats not named score 40, 39, ... ."""
    rest = iter(range(40, 0, -1))
    seats = table.seats.select_related("player").order_by("number")
    results.save_table_results(
        table,
        [
            SeatScores(s.number, None, None, finals_.get(s.player.name) or next(rest))
            for s in seats
        ],
    )


def play_semi(event) -> tuple[str, list[str]]:
    """Play the semi-final; return Drew's runner-up and the other tables' winners."""
    rounds.seat_semi(event, seed=1)
    runner_up, winners = "", []
    for i, table in enumerate(semi_round(event).tables.order_by("number")):
        names = [s.player.name for s in table.seats.order_by("number")]
        if ALTERNATE in names:
            runner_up = next(n for n in names if n != ALTERNATE)
            enter(table, {ALTERNATE: 120, runner_up: 117})
        else:
            winners.append(names[0])
            enter(table, {names[0]: 100, names[1]: 89 - i})
    return runner_up, winners


def test_semi_final_and_final_scoresheets_print_their_own_rule(demo_event):
    heat = text(render(demo_event, "scoresheets", round_code="1").content)
    assert HEAT_RULE in heat
    rounds.seat_semi(demo_event, seed=1)
    semi = text(render(demo_event, "scoresheets", round_code="semi").content)
    assert HEAT_RULE not in semi and "advances nobody" not in semi
    assert "The table's winner advances to the final; an alternate who wins" in semi


def test_the_report_names_the_added_runner_up_and_why(demo_event):
    runner_up, winners = play_semi(demo_event)
    absent = Player.objects.get(event=demo_event, name=winners[0])
    mark_final_absent(demo_event, absent)
    decide_final_fill(demo_event, FinalFill.Kind.RUNNERS_UP)
    report = text(render(demo_event, "report").content)
    assert (
        f"Final: 3 semi-final winners + {runner_up} (runner-up, 97.5%) added by the "
        "GM, because only 3 semi-final table winners could play, the final is one "
        "table of 4–6 and no alternate advances."
    ) in report
    assert (
        f"{ALTERNATE} won a semi-final table as an alternate and does not advance"
    ) in report
    assert (
        f"{winners[0]}, a semi-final table winner, is absent from the final" in report
    )


def test_the_bracket_marks_the_alternate_who_won_a_semi_final_table(demo_event):
    play_semi(demo_event)
    bracket = text(render(demo_event, "bracket").content)
    assert f"1. {ALTERNATE} (alternate: does not advance)" in bracket


def test_the_report_says_how_a_tie_was_broken(demo_event):
    heat = demo_event.rounds.get(kind=RoundKind.HEAT, number=1)
    table = heat.tables.order_by("number").first()
    names = [s.player.name for s in table.seats.order_by("number")]
    enter(table, {names[0]: 90, names[1]: 90})
    ties.declare_winner(
        table,
        Player.objects.get(event=demo_event, name=names[1]),
        "more money after day 2",
    )
    report = text(render(demo_event, "report").content)
    assert (
        f"Heat 1, table {table.number}: {names[0]} and {names[1]} tied at 90 florins; "
        f"the GM declared {names[1]} the winner: more money after day 2"
    ) in report
    bracket = text(render(demo_event, "bracket").content)
    assert f"T{table.number} {names[1]} (tie broken by the GM)" in bracket


def final_rows(event) -> int:
    """The rows of the bracket's final box (its title row left out)."""
    from scoring.pdf.bracket import BracketDocument
    from scoring.queries.printing import event_print

    final_box = BracketDocument(event_print(event, "http://x")).columns()[2][2]
    return len(final_box._cellvalues) - 1


def test_the_bracket_names_the_added_runner_up_in_a_final_of_four(demo_event):
    """Issue "The GM's desk", item 3: one of the 4 semi-final winners who may
    advance is absent, the GM adds Drew's runner-up: the final box lists the 3
    winners and the runner-up, marked, in 4 rows (no blank 5th row under the 5
    semi-final tables), before the final is seated and after."""
    runner_up, winners = play_semi(demo_event)
    absent = Player.objects.get(event=demo_event, name=winners[0])
    mark_final_absent(demo_event, absent)
    decide_final_fill(demo_event, FinalFill.Kind.RUNNERS_UP)
    bracket = text(render(demo_event, "bracket").content)
    assert f"{runner_up} (runner-up added by the GM)" in bracket
    assert all(name in bracket.split("Final table")[1] for name in winners[1:])
    assert final_rows(demo_event) == 4
    seat_final(demo_event, seed=1)
    bracket = text(render(demo_event, "bracket").content)
    assert f"{runner_up} (runner-up added by the GM)" in bracket
    assert final_rows(demo_event) == 4


def test_the_report_names_a_no_show_replaced_and_a_late_correction(demo_event):
    """Issue "The GM's desk", item 3: the report's decisions name the correction
    made after the list was published (Drew Penrose's 94 at heat 1 table 10
    corrected to 80) and the no-show replaced in the seated semi-final (by the
    next alternate, marked present)."""
    from scoring.queries.event_results import event_advancement
    from scoring.services import publishing, substitutes

    publishing.publish(demo_event)
    table = demo_event.rounds.get(kind=RoundKind.HEAT, number=1).tables.get(number=10)
    seats = list(table.seats.select_related("player", "record").order_by("number"))
    results.save_table_results(
        table,
        [
            SeatScores(
                s.number,
                s.record.day1,
                s.record.day2,
                80 if s.player.name == ALTERNATE else s.record.final,
            )
            for s in seats
        ],
    )
    rounds.seat_semi(demo_event, seed=1)
    listed = event_advancement(demo_event)
    waiting = Player.objects.get(pk=listed.next_alternates[0].player)
    rounds.mark_semi(demo_event, waiting, True)
    no_show = Player.objects.get(pk=listed.qualifiers[0].player)
    seat = substitutes.replace_no_show(demo_event, no_show)
    report = text(render(demo_event, "report").content)
    assert (
        "Heat 1, table 10 was corrected after the semi-final list was published: "
        f"{ALTERNATE} 80 (was 94)."
    ) in report
    assert (
        f"Semi-final table {seat.table.number}: {waiting.name} took the seat of "
        f"{no_show.name}, a no-show."
    ) in report
