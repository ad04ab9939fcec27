"""Event formats and WBC years on record, each a results CSV imported into an event
(tests/support/scenarios/, README there), the figures worked out by hand from
tournament.md ("Advancement to the semi-final", "Semi-final and final", "Event
formats")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from heats.models import Event, Player, RoundKind
from scoring.core.sizes import WINNERS_PRESENT
from scoring.queries.event_results import event_advancement
from scoring.queries.final import final_field
from scoring.queries.laurels import event_laurels
from scoring.queries.result_check import SeatScores
from scoring.queries.rounds import final_round, semi_round
from scoring.services import publishing
from scoring.services import semi_final as rounds
from scoring.services.events import new_event
from scoring.services.final_seating import seat_final
from scoring.services.results import save_table_results
from scoring.services.results_import.write import import_results

pytestmark = pytest.mark.django_db

SCENARIOS = Path(__file__).resolve().parents[2] / "support" / "scenarios"


def p(n: int) -> str:
    return f"Player {n:02d}"


def scenario(name: str, slug: str, format: str | None = None) -> Event:
    """A new event of ``format`` (default: the default, hmw) with the scenario's
    results imported."""
    event = new_event(slug, slug, settings={"format": format} if format else None)
    import_results(event, (SCENARIOS / name).read_text(encoding="utf-8"))
    return event


def players(rows) -> list[str]:
    return [row.label for row in rows]


def mark_absent(event: Event, names: list[str]) -> None:
    for name in names:
        rounds.mark_semi(event, Player.objects.get(event=event, name=name), False)


def semi_sizes(event: Event) -> list[int]:
    semi = semi_round(event)
    return [t.seats.count() for t in semi.tables.order_by("number")]


# --- 28 winners present (winners_only_28.csv) ------------------------------------
# 70 players, 2 heats of 14 tables of 5; heat 1 table t won by Player 5t-4, heat 2
# table t by Player 5t-2: 28 distinct winners, all present; cap 70 // 2 = 35.
HEAT_1_WINNERS = [p(5 * t - 4) for t in range(1, 15)]
HEAT_2_WINNERS = [p(5 * t - 2) for t in range(1, 15)]


def test_winners_only_seats_all_28_present_winners_six_over_four():
    event = scenario("winners_only_28.csv", "hmo28", "hmo")
    result = event_advancement(event)
    # hmo: every present winner (28 <= 36 and <= cap 35); table_sizes(28) under
    # six-over-four: no 4s, then most 5s with the rest in 6s: 6+6+6+5+5.
    assert (result.format, result.semi_size, result.tables) == (
        "hmo",
        28,
        (6, 6, 6, 5, 5),
    )
    assert sorted(players(result.qualifiers)) == sorted(HEAT_1_WINNERS + HEAT_2_WINNERS)
    assert (result.alternates, result.next_alternates, result.pared) == ((), (), ())
    assert result.to_json()["format"] == "hmo"
    rounds.seat_semi(event, seed=1)
    assert semi_sizes(event) == [6, 6, 6, 5, 5]


def test_the_same_28_winners_under_hmw_make_30_with_two_alternates():
    event = scenario("winners_only_28.csv", "hmw28")
    result = event_advancement(event)
    # hmw: the smallest standard size holding 28 is 30 (6 tables of 5), under the
    # cap of 35; 2 seats go to the best seconds: heat 1 table t's second, Player
    # 5t-3, scored 90 - t of 100: Player 02 89%, Player 07 88%, then 12, 17, 22.
    assert (result.format, result.semi_size, result.tables) == ("hmw", 30, (5,) * 6)
    assert players(result.alternates) == [p(2), p(7)]
    assert [a.display_percent for a in result.alternates] == [89.0, 88.0]
    assert players(result.next_alternates) == [p(12), p(17), p(22)]


# --- 40 winners present (winners_only_40.csv) ------------------------------------
# 80 players, 2 heats of 20 tables of 4; heat 1 table t won by Player 4t-3, heat 2
# table t by Player 4t-2 (100 against 95 - 2t: a margin of 2t + 5). Cap 40.


def test_winners_only_pares_40_winners_to_36_by_hmw_and_plays_a_final_of_6():
    event = scenario("winners_only_40.csv", "hmo40", "hmo")
    result = event_advancement(event)
    # HMW level 2: the heat-1 winners won their first heat entered; the heat-2
    # winners lost heat 1, so rank 21-40 by level 6, the margin: heat 2 table 20
    # (45) first ... table 1 (7) last. Ranks 37-40 are cut: tables 4, 3, 2, 1,
    # won by Player 14, 10, 06, 02.
    assert (result.semi_size, result.tables) == (36, (6,) * 6)
    assert players(result.pared) == [p(14), p(10), p(6), p(2)]
    assert result.pared[0].reason == "HMW rank 37 (6: largest margin of victory)"
    assert len(result.qualifiers) == 36
    assert (result.alternates, result.next_alternates) == ((), ())
    rounds.seat_semi(event, seed=1)
    assert semi_sizes(event) == [6] * 6
    # The six semi-final table winners (seat 1 wins each table) play the final.
    winners = []
    for table in semi_round(event).tables.order_by("number"):
        seats = list(table.seats.select_related("player").order_by("number"))
        winners.append(seats[0].player.name)
        scores = [SeatScores(s.number, None, None, 110 - 10 * s.number) for s in seats]
        save_table_results(table, scores)
    assert [pl.name for pl in final_field(event).players] == winners
    seat_final(event, seed=1)
    final = final_round(event)
    assert [t.seats.count() for t in final.tables.all()] == [6]


def test_2024_winners_only_no_die_roll_decides_who_plays():
    """WBC 2024 (yearbook): "HMO: Heats Winners Only … Semifinal 36, Final 6";
    the issue's rebuild: in the winners-only event no die roll decides anything,
    so no list line says one did. Here 40 winners for 36 seats: the cut is made
    by level 6 (margin), and the die only orders heat-1 winners who all play:
    their rank lines may say the die set their exact place (it did), but no
    warning says the die decided anyone, and no cut winner's line names it."""
    event = scenario("winners_only_40.csv", "wbc2024", "hmo")
    result = event_advancement(event)
    assert (result.semi_size, result.tables) == (36, (6,) * 6)
    assert players(result.pared) == [p(14), p(10), p(6), p(2)]
    assert [w for w in result.warnings if "die roll" in w] == []
    assert [row.label for row in result.pared if "die roll" in row.reason] == []


def test_the_same_40_winners_under_hmw_call_the_cut_winners_first():
    event = scenario("winners_only_40.csv", "hmw40")
    result = event_advancement(event)
    # hmw: no standard size holds 40; 36 is under the cap of 40. The cut winners
    # are the first alternates, in HMW order (Advancement, 2).
    assert (result.format, result.semi_size, result.tables) == ("hmw", 36, (6,) * 6)
    assert players(result.next_alternates) == [p(14), p(10), p(6)]


# --- WBC 2001: 27 heat games, 27 distinct winners, 25 appeared --------------------
# 60 players in 3 heats of 9 tables of 5 (cap 30); Player 01 (heat 1 table 1) and
# Player 17 (heat 2 table 1) do not come.


def test_2001_twenty_five_winners_present_play_five_tables_of_five():
    event = scenario("wbc2001.csv", "wbc2001")
    mark_absent(event, [p(1), p(17)])
    result = event_advancement(event)
    assert (len(result.winners), result.winners_present) == (27, 25)
    assert result.to_json()["format"] == "hmw"
    assert (result.semi_size, result.tables, result.alternates) == (25, (5,) * 5, ())
    assert p(1) not in players(result.qualifiers)
    assert len(result.qualifiers) == 25
    rounds.seat_semi(event, seed=1)
    assert semi_sizes(event) == [5] * 5


# --- WBC 2017 (data/demo/results.csv): every alternate absent ---------------------


def test_2017_with_every_alternate_absent_plays_24_in_five_tables(demo_event):
    result = event_advancement(demo_event)
    winners = set(result.winners)
    others = Player.objects.filter(event=demo_event).exclude(pk__in=winners)
    for player in others:
        rounds.mark_semi(demo_event, player, False)
    result = event_advancement(demo_event)
    # Size 25 (smallest holding 24, under the cap of 39); no alternate present,
    # so the 25th seat stays empty and one table plays with 4, as the 2017
    # report reads: "24 to compete in five semifinals games".
    assert (result.semi_size, result.tables, result.alternates) == (
        25,
        (5, 5, 5, 5, 4),
        (),
    )
    assert (
        "semi-final of 25: 1 seat no alternate can fill, so 24 play in 5 "
        "tables (5+5+5+5+4)"
    ) in result.warnings
    rounds.seat_semi(demo_event, seed=1)
    assert semi_sizes(demo_event) == [5, 5, 5, 5, 4]


# --- WBC 2017 as published: the winners present, no alternate -------------------

REASON_2017 = "as published: 6 of 30 winners were no-shows, 24 play"


def test_2017_as_published_24_winners_present_play_five_games(demo_event, capsys):
    """WBC 2017 (yearbook): 78 players, 32 heat games, 30 distinct winners of
    whom 2 won twice; "6 out of 30 were no-shows, leaving 24 to compete in five
    semifinal games": 24 in 5+5+5+5+4, no alternate called, and the alternate
    who came is not marked absent to get there."""
    heats = demo_event.rounds.filter(kind=RoundKind.HEAT)
    assert sum(r.tables.count() for r in heats) == 32
    before = event_advancement(demo_event)
    assert (before.participants, len(before.winners)) == (78, 30)
    assert (len(before.double_winners), before.winners_present) == (2, 24)
    drew = Player.objects.get(event=demo_event, name="Drew Penrose")
    rounds.mark_semi(demo_event, drew, True)  # alternate 1 (96.9%) came
    call_command(
        "advancement", "demo", "--size", "winners", "--reason", REASON_2017, "--json"
    )
    printed = json.loads(capsys.readouterr().out)
    publishing.set_override(demo_event, WINNERS_PRESENT, [], reason=REASON_2017)
    result = event_advancement(demo_event)
    # The command prints the list the GM's choice makes.
    assert printed == result.to_json()
    assert (result.semi_size, result.tables) == (24, (5, 5, 5, 5, 4))
    assert sorted(q.player for q in result.qualifiers) == sorted(
        w for w in result.winners if w not in {s.player for s in result.skipped}
    )
    assert (result.alternates, result.next_alternates) == ((), ())
    assert (
        "semi-final of the winners present, set by the GM: 24 play in 5 tables "
        f"(5+5+5+5+4), no alternate called; the GM's reason: {REASON_2017}"
    ) in result.warnings
    rounds.seat_semi(demo_event, seed=1)
    assert semi_sizes(demo_event) == [5, 5, 5, 5, 4]
    semi = semi_round(demo_event)
    assert not semi.seats.filter(player=drew).exists()
    # Only the six no-shows are absent; Drew is still checked in.
    assert semi.entries.filter(status="absent").count() == 6
    assert semi.entries.get(player=drew).status == "in"


def test_advancement_prints_the_winners_present_and_refuses_other_sizes(
    demo_event, capsys
):
    call_command("advancement", "demo", "--size", "winners")
    text = capsys.readouterr().out
    assert "Semi-final of 24 (5 + 5 + 5 + 5 + 4)." in text
    assert "Alternates called:\n  none\nNext alternates:\n  none" in text
    with pytest.raises(CommandError, match="--size: '24' is no semi-final size"):
        call_command("advancement", "demo", "--size", "24")


# --- WBC 2017: the alternate wins a semi-final table ----------------------------


def test_an_alternate_who_wins_a_semi_final_table_takes_laurel_5(demo_event):
    # The demo's list: 24 winners present and Drew Penrose, alternate 1 (96.9%).
    text = (SCENARIOS / "wbc2017_alternate_wins_semi.csv").read_text(encoding="utf-8")
    import_results(demo_event, text)
    field = final_field(demo_event)
    # Drew won semi-final table 3 but no alternate advances: a final of 4.
    assert [pl.name for pl in field.excluded] == ["Drew Penrose"]
    assert [pl.name for pl in field.winners] == [
        "Kai Kestrel",
        "Finley Ivesdale",
        "Zion Pemberton",
        "Xen Ravensworth",
    ]
    lines = [(lau.place, lau.label, lau.reason) for lau in event_laurels(demo_event)]
    # Final 120, 110, 100, 90; then Drew (his own win, 100%); then the best
    # runner-up: Casey Zephyrine 96 of 100 = 96% at table 4, above Finley
    # Westerly's 95 of 100 at table 3 and Uma Pemberton's 99 of 110 = 90%.
    assert lines == [
        (1, "Kai Kestrel", "final, 120 florins"),
        (2, "Finley Ivesdale", "final, 110 florins"),
        (3, "Zion Pemberton", "final, 100 florins"),
        (4, "Xen Ravensworth", "final, 90 florins"),
        (
            5,
            "Drew Penrose",
            "won semi-final table 3 as an alternate (cannot advance)",
        ),
        (6, "Casey Zephyrine", "semi-final runner-up, 96.0% of the winner at table 4"),
    ]
    assert demo_event.rounds.filter(kind=RoundKind.FINAL).exists()
