"""Semi-final check-in and seating, the final from semi-final winners only, and
the laurels page (tournament.md, Advancement; Semi-final and final)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from heats.core.errors import UserError
from heats.models import EntryStatus, Player, Seat
from scoring.queries import final as finals
from scoring.queries.event_results import event_advancement
from scoring.queries.result_check import SeatScores
from scoring.queries.rounds import final_round, semi_round
from scoring.services import results
from scoring.services import semi_final as rounds
from scoring.services.final_seating import mark_final_absent, seat_final
from tests.support.versions import post_with_version

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo_gm(client, demo_event, gm):
    demo_event.gms.add(gm)
    client.force_login(gm)
    return client


def by_name(event, name: str) -> Player:
    return Player.objects.get(event=event, name=name)


def enter(table, finals: dict[str, int]) -> None:
    """Save ``{player name: final florins}`` for every seat of ``table``."""
    seats = table.seats.select_related("player").order_by("number")
    results.save_table_results(
        table, [SeatScores(s.number, None, None, finals[s.player.name]) for s in seats]
    )


def play_semi(event, alternates: set[str]) -> dict[int, dict[str, int]]:
    """Results for every semi-final table: the first seated non-alternate wins with
    100, the next scores 90 - table number, the rest (alternates last) less."""
    scores = {}
    for table in semi_round(event).tables.order_by("number"):
        names = [s.player.name for s in table.seats.order_by("number")]
        ordered = [n for n in names if n not in alternates] + [
            n for n in names if n in alternates
        ]
        finals = {ordered[0]: 100, ordered[1]: 90 - table.number}
        finals.update({n: 40 - i for i, n in enumerate(ordered[2:])})
        enter(table, finals)
        scores[table.number] = finals
    return scores


def test_demo_list_is_a_semi_final_of_25_with_one_alternate(demo_event):
    # WBC 2017 figures (tournament.md): 24 winners present -> 25, one alternate.
    result = event_advancement(demo_event)
    assert (result.semi_size, result.tables) == (25, (5, 5, 5, 5, 5))
    assert len(result.alternates) == 1


def test_marking_a_qualifier_absent_calls_the_next_alternate(demo_gm, demo_event):
    before = event_advancement(demo_event)
    winner = before.qualifiers[0].label
    called_next = before.next_alternates[0].label
    url = reverse("scoring:semi-mark", kwargs={"event": "demo"})
    response = demo_gm.post(
        url, {"player": by_name(demo_event, winner).pk, "status": "absent"}
    )
    assert response.status_code == 302
    after = event_advancement(demo_event)
    assert winner not in {q.label for q in after.qualifiers}
    assert [a.label for a in after.alternates] == [
        before.alternates[0].label,
        called_next,
    ]
    semi = semi_round(demo_event)
    assert semi.entries.get(player__name=winner).status == EntryStatus.ABSENT
    page = demo_gm.get(reverse("scoring:semi", kwargs={"event": "demo"}))
    assert called_next in page.content.decode()
    # Marlo Juniper (95.6%) is the next alternate after Drew Penrose (demo README).
    assert called_next == "Marlo Juniper"
    assert f"Called in: {called_next}." in page.content.decode()


def test_marking_present_checks_the_qualifier_in(demo_gm, demo_event):
    name = event_advancement(demo_event).qualifiers[3].label
    demo_gm.post(
        reverse("scoring:semi-mark", kwargs={"event": "demo"}),
        {"player": by_name(demo_event, name).pk, "status": "present"},
    )
    semi = semi_round(demo_event)
    assert semi.entries.get(player__name=name).status == EntryStatus.CHECKED_IN


def test_seat_semi_final_seats_the_qualifiers_in_five_tables_of_five(
    demo_gm, demo_event
):
    qualifiers = {q.label for q in event_advancement(demo_event).qualifiers}
    response = demo_gm.post(reverse("scoring:semi-seat", kwargs={"event": "demo"}))
    assert response.status_code == 302
    semi = semi_round(demo_event)
    sizes = [t.seats.count() for t in semi.tables.order_by("number")]
    assert sizes == [5, 5, 5, 5, 5]
    seated = set(Seat.objects.filter(round=semi).values_list("player__name", flat=True))
    assert seated == qualifiers


def test_the_final_is_the_semi_final_table_winners_only(demo_gm, demo_event):
    result = event_advancement(demo_event)
    alternates = {a.label for a in result.alternates}
    rounds.seat_semi(demo_event, seed=1)
    scores = play_semi(demo_event, alternates)
    winners = {max(f, key=f.get) for f in scores.values()}
    response = demo_gm.post(reverse("scoring:final-seat", kwargs={"event": "demo"}))
    assert response.status_code == 302
    final = final_round(demo_event)
    seated = set(
        Seat.objects.filter(round=final).values_list("player__name", flat=True)
    )
    assert seated == winners and len(seated) == 5
    assert not seated & alternates
    non_winners = {n for f in scores.values() for n in f} - winners
    assert not seated & non_winners


def test_an_absent_finalist_is_not_replaced(demo_event):
    rounds.seat_semi(demo_event, seed=2)
    scores = play_semi(demo_event, set())
    winners = {max(f, key=f.get) for f in scores.values()}
    gone = sorted(winners)[0]
    mark_final_absent(demo_event, by_name(demo_event, gone))
    seat_final(demo_event, seed=1)
    seated = set(
        Seat.objects.filter(round__kind="final", round__event=demo_event).values_list(
            "player__name", flat=True
        )
    )
    assert seated == winners - {gone}


def test_the_final_waits_for_every_semi_final_result(demo_event):
    rounds.seat_semi(demo_event, seed=3)
    with pytest.raises(UserError) as info:
        seat_final(demo_event)
    assert len(info.value.problems) == 5
    assert info.value.problems[0] == "semi-final table 1 has no results"


def test_an_unresolved_tie_at_a_semi_final_table_blocks_the_final(demo_event):
    rounds.seat_semi(demo_event, seed=4)
    play_semi(demo_event, set())
    table = semi_round(demo_event).tables.get(number=2)
    names = [s.player.name for s in table.seats.order_by("number")]
    enter(table, {n: 80 if i < 2 else 10 + i for i, n in enumerate(names)})
    with pytest.raises(UserError) as info:
        seat_final(demo_event)
    assert info.value.problems == ["semi-final table 2: tie for first unresolved"]


def test_a_semi_final_cannot_be_seated_while_heat_tables_owe_results(event):
    from heats.models import Round, RoundKind
    from heats.services.checkin import check_in
    from heats.services.seating import seat_round

    heat = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(heat, [(f"P{i}", "") for i in range(5)])
    seat_round(heat, seed=1)
    with pytest.raises(UserError, match="owe results"):
        rounds.seat_semi(event)


def test_laurels_page_lists_the_final_then_the_best_runner_up(demo_gm, demo_event):
    rounds.seat_semi(demo_event, seed=5)
    semi_scores = play_semi(demo_event, set())
    seat_final(demo_event, seed=5)
    final = final_round(demo_event).tables.get(number=1)
    names = [s.player.name for s in final.seats.order_by("number")]
    # Seat 1 scores 120, seat 2 110, ... seat 5 80.
    enter(final, {n: 120 - 10 * i for i, n in enumerate(names)})
    # Five finalists, so place 6 is the best runner-up: table 1's (89 of 100).
    best_runner_up = next(n for n, v in semi_scores[1].items() if v == 89)
    page = demo_gm.get(reverse("scoring:laurels", kwargs={"event": "demo"}))
    rows = [(row["place"], row["player"]) for row in page.context["laurel_table"].data]
    assert rows == [*((i + 1, n) for i, n in enumerate(names)), (6, best_runner_up)]
    assert "89.0% of the winner at table 1" in page.content.decode()


def test_an_alternate_who_wins_a_semi_final_table_does_not_advance(demo_gm, demo_event):
    # Drew Penrose is the demo's one alternate (README). He wins his semi-final
    # table; "no alternates will advance to the final under any circumstances"
    # (seed 001): the final is the four other table winners.
    rounds.seat_semi(demo_event, seed=1)
    scores = play_semi(demo_event, set())
    drew_table = next(n for n, f in scores.items() if "Drew Penrose" in f)
    table = semi_round(demo_event).tables.get(number=drew_table)
    drew_finals = dict.fromkeys(scores[drew_table], 50)
    drew_finals.update({"Drew Penrose": 120})
    drew_finals = {n: v - i for i, (n, v) in enumerate(drew_finals.items())}
    enter(table, drew_finals)
    others = {max(f, key=f.get) for n, f in scores.items() if n != drew_table}
    assert finals.alternates_winning_semi_tables(demo_event) == [
        by_name(demo_event, "Drew Penrose")
    ]
    assert {p.name for p in finals.finalists(demo_event)} == others
    page = demo_gm.get(reverse("scoring:final", kwargs={"event": "demo"}))
    assert "does not advance: Drew Penrose" in page.content.decode()


def test_seat_round_command_seats_the_semi_final_from_the_list(demo_event, capsys):
    import json

    from django.core.management import call_command
    from django.core.management.base import CommandError

    call_command("seat_round", "demo", "semi", "--seed", "5", "--json")
    data = json.loads(capsys.readouterr().out)
    assert [len(t["players"]) for t in data["tables"]] == [5, 5, 5, 5, 5]
    seated = {p for t in data["tables"] for p in t["players"]}
    assert seated == {q.label for q in event_advancement(demo_event).qualifiers}
    assert "Drew Penrose" in seated and "Marlo Juniper" not in seated
    with pytest.raises(CommandError, match="semi-final table 1 has no results"):
        call_command("seat_round", "demo", "final")


def test_a_finalist_marked_absent_on_the_final_page_is_not_replaced(
    demo_gm, demo_event
):
    rounds.seat_semi(demo_event, seed=3)
    scores = play_semi(demo_event, set())
    winners = sorted(max(f, key=f.get) for f in scores.values())
    gone = by_name(demo_event, winners[0])
    url = reverse("scoring:final-absent", kwargs={"event": "demo"})
    final = reverse("scoring:final", kwargs={"event": "demo"})
    data = {"player": gone.pk}
    assert post_with_version(demo_gm, final, url, data).status_code == 302
    page = demo_gm.get(reverse("scoring:final", kwargs={"event": "demo"})).content
    assert f"Absent from the final: {gone.name}." in page.decode()
    assert {p.name for p in finals.finalists(demo_event)} == set(winners[1:])


def test_the_final_page_tells_an_excluded_alternate_from_a_namesake(
    demo_gm, demo_event
):
    # Two Drew Penroses (badges 7001 and 7002): the page names the one who won a
    # semi-final table as an alternate by badge, as the laurels and lists do.
    Player.objects.filter(event=demo_event, name="Drew Penrose").update(badge="7001")
    Player.objects.create(event=demo_event, name="Drew Penrose", badge="7002")
    rounds.seat_semi(demo_event, seed=1)
    scores = play_semi(demo_event, set())
    drew_table = next(n for n, f in scores.items() if "Drew Penrose" in f)
    table = semi_round(demo_event).tables.get(number=drew_table)
    drew_finals = {n: 50 - i for i, n in enumerate(scores[drew_table])}
    enter(table, drew_finals | {"Drew Penrose": 120})
    page = demo_gm.get(reverse("scoring:final", kwargs={"event": "demo"}))
    assert "does not advance: Drew Penrose (#7001)." in page.content.decode()
