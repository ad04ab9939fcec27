"""A final that fewer than 4 semi-final table winners can play
(scoring.queries.final): the GM adds the best runner(s)-up or confirms a final
of 3; every choice logged and shown on the public pages (tournament.md,
Semi-final and final; seed 001).

Figures: the demo's semi-final of 25 is seated (seed 1) with Drew Penrose as the
one alternate. At Drew's table ("D") Drew wins with 120; the other four tables
("T1".."T4", by table number) are won by a heat winner with 100. Runner-up
percentages are worked by hand from the scores each test enters.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from heats.core.errors import UserError
from heats.models import AuditEntry, Player, Seat
from heats.permissions import NotAllowed
from scoring.models import FinalFill
from scoring.queries import final as finals
from scoring.queries.result_check import SeatScores
from scoring.queries.rounds import semi_round
from scoring.services import results
from scoring.services import semi_final as rounds
from scoring.services.final_seating import (
    decide_final_fill,
    mark_final_absent,
    seat_final,
)
from tests.support.versions import post_with_version

pytestmark = pytest.mark.django_db

ALTERNATE = "Drew Penrose"


def player(event, name: str) -> Player:
    return Player.objects.get(event=event, name=name)


def enter(table, rows: dict[str, tuple[int | None, int]]) -> None:
    """Save ``{name: (day2, final)}``; seats not named score 40, 39, ... ."""
    seats = list(table.seats.select_related("player").order_by("number"))
    rest = iter(range(40, 0, -1))
    scores = []
    for s in seats:
        day2, final = rows.get(s.player.name, (None, next(rest)))
        scores.append(SeatScores(s.number, None, day2, final))
    results.save_table_results(table, scores)


@pytest.fixture
def semi(demo_event):
    """``{"D": (table, [heat winners in seat order]), "T1": ..., ...}``."""
    rounds.seat_semi(demo_event, seed=1)
    tables = {}
    others = 0
    for table in semi_round(demo_event).tables.order_by("number"):
        names = [s.player.name for s in table.seats.order_by("number")]
        winners = [n for n in names if n != ALTERNATE]
        if ALTERNATE in names:
            tables["D"] = (table, winners)
        else:
            others += 1
            tables[f"T{others}"] = (table, winners)
    return tables


def play(semi, d_rows, t_rows):
    """Enter Drew's table (``d_rows``) and each other table ``T<i>``: first heat
    winner 100, second ``t_rows[i]`` (day2, final) or 90 - i."""
    table, _ = semi["D"]
    enter(table, d_rows)
    for i in range(1, 5):
        table, names = semi[f"T{i}"]
        enter(table, {names[0]: (50, 100), names[1]: t_rows.get(i, (None, 90 - i))})


def winner(semi, key):
    return semi[key][1][0]


def runner_up(semi, key):
    return semi[key][1][1] if key != "D" else semi[key][1][0]


def test_an_alternate_wins_and_a_finalist_is_absent_the_best_runner_up_is_added(
    client, demo_event, semi
):
    # D: Drew 120, the first heat winner there 117 -> 117/120 = 97.5%.
    # T1..T4 runners-up: 89, 88, 87, 86 of 100 -> 89% .. 86%.
    rd = runner_up(semi, "D")
    play(semi, {ALTERNATE: (None, 120), rd: (None, 117)}, {})
    mark_final_absent(demo_event, player(demo_event, winner(semi, "T1")))
    field = finals.final_field(demo_event)
    assert [p.name for p in field.winners] == [winner(semi, f"T{i}") for i in (2, 3, 4)]
    assert [p.name for p in field.excluded] == [ALTERNATE]
    assert field.short and field.needed == 1
    # The absent winner's own runner-up (89%) is a candidate too.
    assert [c.player.name for c in field.candidates] == [
        rd,
        *(runner_up(semi, f"T{i}") for i in (1, 2, 3, 4)),
    ]
    with pytest.raises(UserError, match="Only 3 semi-final winner"):
        seat_final(demo_event, seed=1)
    fill = decide_final_fill(demo_event, FinalFill.Kind.RUNNERS_UP)
    summary = f"Final: 3 semi-final winners + {rd} (runner-up, 97.5%) added by the GM"
    assert fill.summary == summary
    assert AuditEntry.objects.get(action="final-fill").detail == summary
    seat_final(demo_event, seed=1)
    seated = set(
        Seat.objects.filter(round__kind="final").values_list("player__name", flat=True)
    )
    assert seated == {rd, *(winner(semi, f"T{i}") for i in (2, 3, 4))}
    page = client.get(reverse("scoring:standings", kwargs={"event": "demo"}))
    assert summary in page.content.decode()
    panel = client.get(reverse("scoring:kiosk-panel", kwargs={"event": "demo"}))
    assert summary in panel.content.decode()


def test_equal_percentages_go_to_the_day_2_percentage(demo_event, semi):
    # D: Drew 120 (day 2: 100), runner-up 117 (day 2: 60) -> 97.5%, day 2 60%.
    # T1 entered again: winner 80 (day 2: 50), runner-up 78 -> 78/80 = 97.5%,
    # day 2 35/50 = 70% -> T1's runner-up ranks first. Two finalists absent
    # (T2, T3): 2 winners left, so the two best runners-up are added.
    rd = runner_up(semi, "D")
    play(semi, {ALTERNATE: (100, 120), rd: (60, 117)}, {})
    t1, names = semi["T1"]
    enter(t1, {names[0]: (50, 80), names[1]: (35, 78)})
    for key in ("T2", "T3"):
        mark_final_absent(demo_event, player(demo_event, winner(semi, key)))
    field = finals.final_field(demo_event)
    assert field.needed == 2
    assert [c.player.name for c in field.candidates[:2]] == [names[1], rd]
    with pytest.raises(UserError, match="A final of 3 needs 3"):
        decide_final_fill(demo_event, FinalFill.Kind.FINAL_OF_THREE, confirm=True)
    fill = decide_final_fill(demo_event, FinalFill.Kind.RUNNERS_UP)
    assert fill.summary == (
        f"Final: 2 semi-final winners + {names[1]} (runner-up, 97.5%) and {rd} "
        "(runner-up, 97.5%) added by the GM"
    )
    assert {p.name for p in finals.finalists(demo_event)} == {
        winner(semi, "T1"),
        winner(semi, "T4"),
        names[1],
        rd,
    }


def test_a_final_of_3_needs_the_gms_confirmation(demo_event, semi):
    rd = runner_up(semi, "D")
    play(semi, {ALTERNATE: (None, 120), rd: (None, 117)}, {})
    mark_final_absent(demo_event, player(demo_event, winner(semi, "T1")))
    with pytest.raises(UserError, match="Confirm"):
        decide_final_fill(demo_event, FinalFill.Kind.FINAL_OF_THREE)
    assert not FinalFill.objects.exists()
    fill = decide_final_fill(demo_event, FinalFill.Kind.FINAL_OF_THREE, confirm=True)
    assert fill.summary == (
        "Final: 3 semi-final winners, played as a final of 3 (the GM's decision)"
    )
    result = seat_final(demo_event, seed=1)
    assert [len(t) for t in result.tables] == [3]
    seated = set(
        Seat.objects.filter(round__kind="final").values_list("player__name", flat=True)
    )
    assert seated == {winner(semi, f"T{i}") for i in (2, 3, 4)}


def test_an_alternate_runner_up_is_never_added(demo_event, semi):
    # Drew is second at D with 99 of 100 (99%), the best percentage, but no
    # alternate advances to the final: the next best, T1's 89%, comes first.
    d_winner = runner_up(semi, "D")
    play(semi, {d_winner: (None, 100), ALTERNATE: (None, 99)}, {})
    field = finals.final_field(demo_event)
    assert not field.short
    names = [c.player.name for c in field.candidates]
    assert ALTERNATE not in names
    assert names[0] == runner_up(semi, "T1")
    with pytest.raises(UserError, match="needs no runner-up"):
        decide_final_fill(demo_event, FinalFill.Kind.RUNNERS_UP)


def test_the_final_page_offers_the_runner_up_and_the_gm_picks_it(
    client, demo_event, semi, gm
):
    demo_event.gms.add(gm)
    client.force_login(gm)
    rd = runner_up(semi, "D")
    play(semi, {ALTERNATE: (None, 120), rd: (None, 117)}, {})
    url = reverse("scoring:final", kwargs={"event": "demo"})
    mark_final_absent(demo_event, player(demo_event, winner(semi, "T1")))
    page = client.get(url).content.decode()
    assert "Only 3 semi-final winners can play the final" in page
    assert "97.5% of the winner at semi-final table" in page
    assert 'id="fill-three"' in page
    fill = reverse("scoring:final-fill", kwargs={"event": "demo"})
    response = post_with_version(client, url, fill, {"kind": "runners-up"})
    assert response.status_code == 302
    page = client.get(url).content.decode()
    assert "runner-up added by the GM" in page
    assert 'id="seat-form"' in page


def test_an_added_runner_up_who_does_not_come_makes_way_for_the_next(demo_event, semi):
    # As in the first test: D's runner-up (97.5%) is added, then marked absent
    # from the final; the next best is T1's runner-up at 89 of 100 = 89%.
    rd = runner_up(semi, "D")
    play(semi, {ALTERNATE: (None, 120), rd: (None, 117)}, {})
    mark_final_absent(demo_event, player(demo_event, winner(semi, "T1")))
    decide_final_fill(demo_event, FinalFill.Kind.RUNNERS_UP)
    mark_final_absent(demo_event, player(demo_event, rd))
    field = finals.final_field(demo_event)
    assert field.short and field.added == []
    assert field.candidates[0].player.name == runner_up(semi, "T1")
    fill = decide_final_fill(demo_event, FinalFill.Kind.RUNNERS_UP)
    assert fill.summary == (
        f"Final: 3 semi-final winners + {runner_up(semi, 'T1')} (runner-up, 89.0%) "
        "added by the GM"
    )
    assert AuditEntry.objects.filter(action="final-fill").count() == 2


def test_only_a_gm_decides_a_short_final(demo_event, semi, assistant):
    demo_event.assistants.add(assistant)
    with pytest.raises(NotAllowed):
        decide_final_fill(demo_event, FinalFill.Kind.RUNNERS_UP, user=assistant)
    assert not FinalFill.objects.exists()


def test_an_added_runner_up_with_a_namesake_is_named_by_badge(
    client, demo_event, semi, gm
):
    # The first test's final (T1's winner absent, D's runner-up added at 97.5%),
    # with a second player of the runner-up's name: the public line and the GM's
    # final page name the one added by badge (#7001), never the bare name.
    rd = runner_up(semi, "D")
    Player.objects.filter(event=demo_event, name=rd).update(badge="7001")
    Player.objects.create(event=demo_event, name=rd, badge="7002")
    play(semi, {ALTERNATE: (None, 120), rd: (None, 117)}, {})
    mark_final_absent(demo_event, player(demo_event, winner(semi, "T1")))
    demo_event.gms.add(gm)
    client.force_login(gm)
    url = reverse("scoring:final", kwargs={"event": "demo"})
    assert f"<strong>{rd} (#7001)</strong>" in client.get(url).content.decode()
    fill = decide_final_fill(demo_event, FinalFill.Kind.RUNNERS_UP)
    summary = (
        f"Final: 3 semi-final winners + {rd} (#7001) (runner-up, 97.5%) added by the GM"
    )
    assert fill.summary == summary
    page = client.get(reverse("scoring:standings", kwargs={"event": "demo"}))
    assert summary in page.content.decode()
    assert f"{rd} (#7001) <span" in client.get(url).content.decode()
