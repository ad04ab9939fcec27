"""Result entry per table: places, ties for first, history, rules warnings."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils.html import escape

from heats.models import AuditEntry
from scoring.models import PlayerRecord, RecordHistory, TableCheck
from scoring.queries.result_check import SeatScores
from scoring.services import results, ties
from tests.support.versions import result_version

pytestmark = pytest.mark.django_db


def results_url(table, name: str = "scoring:table-results") -> str:
    rnd = table.round
    return reverse(
        name, kwargs={"event": rnd.event.slug, "round": rnd.code, "table": table.number}
    )


def post_finals(client, table, finals: list[int], days=None):
    """POST final florins (and optional (day1, day2) per seat) in seat order."""
    seats = table.seats.order_by("number")
    data = {"seating": ",".join(f"{s.number}:{s.player_id}" for s in seats)}
    for n, final in enumerate(finals, start=1):
        data[f"final_{n}"] = final
        if days:
            data[f"day1_{n}"], data[f"day2_{n}"] = days[n - 1]
    data["version"] = result_version(table)
    return client.post(results_url(table), data)


def places_by_seat(table) -> list[int]:
    records = PlayerRecord.objects.filter(seat__table=table).order_by("seat__number")
    return [r.place for r in records]


def test_places_follow_the_final_scores(gm_client, heat_table):
    response = post_finals(gm_client, heat_table, [83, 60, 100, 55, 70])
    assert response.status_code == 302
    assert response["Location"] == heat_table.round.get_absolute_url()
    assert places_by_seat(heat_table) == [2, 4, 1, 5, 3]
    assert AuditEntry.objects.filter(action="result").count() == 1


def test_equal_scores_below_first_share_a_place(gm_client, heat_table):
    post_finals(gm_client, heat_table, [100, 70, 70, 50, 40])
    assert places_by_seat(heat_table) == [1, 2, 2, 4, 5]


def test_a_tie_for_first_asks_the_gm_who_won(gm_client, heat_table):
    response = post_finals(gm_client, heat_table, [100, 100, 70, 60, 55])
    assert response["Location"] == results_url(heat_table, "scoring:table-tie")
    assert places_by_seat(heat_table) == [1, 1, 3, 4, 5]
    page = gm_client.get(response["Location"]).content.decode()
    seats = list(heat_table.seats.order_by("number"))
    assert seats[0].player.name in page and seats[1].player.name in page
    response = gm_client.post(
        results_url(heat_table, "scoring:table-tie"),
        {"winner": seats[1].player_id, "reason": "more florins after day 2"},
    )
    assert response.status_code == 302
    assert places_by_seat(heat_table) == [2, 1, 3, 4, 5]
    winner = PlayerRecord.objects.get(seat=seats[1])
    assert (winner.declared_winner, winner.tie_reason) == (
        True,
        "more florins after day 2",
    )
    assert AuditEntry.objects.filter(action="tie").count() == 1


def test_an_assistant_entering_a_tie_is_told_a_gm_must_decide(
    assistant_client, heat_table
):
    response = post_finals(assistant_client, heat_table, [90, 90, 60, 90, 70])
    assert response["Location"] == heat_table.round.get_absolute_url()
    page = assistant_client.get(response["Location"]).content.decode()
    ann, bo, _, di, _ = [s.player.name for s in heat_table.seats.order_by("number")]
    assert (
        escape(
            f"Heat 1 table {heat_table.number}: tie for first between {ann}, {bo} and "
            f"{di}: a GM declares who won."
        )
        in page
    )


def test_a_declaration_survives_an_edit_that_keeps_the_tie(gm_client, heat_table):
    seats = list(heat_table.seats.order_by("number"))
    post_finals(gm_client, heat_table, [100, 100, 70, 60, 55])
    ties.declare_winner(heat_table, seats[0].player, "day-2 money")
    post_finals(gm_client, heat_table, [100, 100, 71, 60, 55])
    assert places_by_seat(heat_table) == [1, 2, 3, 4, 5]
    post_finals(gm_client, heat_table, [100, 99, 71, 60, 55])  # tie gone
    record = PlayerRecord.objects.get(seat=seats[0])
    assert (record.declared_winner, record.tie_reason) == (False, "")


def test_editing_a_result_keeps_the_old_values(gm_client, heat_table):
    post_finals(gm_client, heat_table, [83, 60, 100, 55, 70])
    post_finals(gm_client, heat_table, [83, 60, 100, 55, 90])
    history = RecordHistory.objects.get(table=heat_table)
    ed = heat_table.seats.get(number=5).player
    # Keyed by seat, with the player's id and name inside (issue: one player id).
    assert history.old["5"] == {
        "player_id": ed.pk,
        "player": ed.name,
        "seat": 5,
        "day1": None,
        "day2": None,
        "final": 70,
        "place": 3,
        "declared_winner": False,
        "time_called": None,
    }
    assert history.new["5"]["final"] == 90 and history.new["5"]["place"] == 2
    assert history.user.username == "gm"
    # Saving the same values again adds no history.
    post_finals(gm_client, heat_table, [83, 60, 100, 55, 90])
    assert RecordHistory.objects.filter(table=heat_table).count() == 1


def test_the_form_is_filled_with_saved_values(gm_client, heat_table):
    post_finals(gm_client, heat_table, [83, 60, 100, 55, 70], [(30, 50)] * 5)
    form = gm_client.get(results_url(heat_table)).context["form"]
    assert form.initial["final_3"] == 100
    assert form.initial["day2_1"] == 50


def test_a_negative_score_is_refused(gm_client, heat_table):
    response = post_finals(gm_client, heat_table, [83, -1, 100, 55, 70])
    assert response.status_code == 200
    assert not PlayerRecord.objects.filter(seat__table=heat_table).exists()


def test_every_seat_needs_a_result(heat_table):
    with pytest.raises(Exception, match="each seat"):
        results.save_table_results(heat_table, [SeatScores(1, None, None, 50)])


def test_impossible_scores_are_warnings_the_gm_acknowledges(gm_client, heat_table):
    # wbc, 5 players: at most 80 florins can be earned on day 1 (rules engine).
    days = [(300, 310), (40, 60), (30, 50), (20, 40), (10, 30)]
    post_finals(gm_client, heat_table, [320, 80, 70, 60, 50], days)
    check = TableCheck.objects.get(table=heat_table)
    assert check.findings and check.acknowledged_at is None
    assert any(f["day"] == 1 for f in check.findings)
    round_page = gm_client.get(heat_table.round.get_absolute_url()).content.decode()
    # Seat 1's day-1 gain (+270) is the root; the table's day-1 gain (+250,
    # at most 140) follows from it: one warning to look at.
    assert [(f["day"], f["rule"], f["because"]) for f in check.findings] == [
        (1, "day-bound", None),
        (1, "table-bound", 0),
    ]
    assert "1 rules warning; a GM must acknowledge it." in round_page
    gm_client.post(
        reverse(
            "scoring:table-acknowledge",
            kwargs={"event": "wbc", "round": "1", "table": heat_table.number},
        )
    )
    check.refresh_from_db()
    assert check.acknowledged_at is not None and check.acknowledged_by.username == "gm"
    assert AuditEntry.objects.filter(action="acknowledge").count() == 1


def test_legal_scores_give_no_warning(gm_client, heat_table):
    days = [(30, 55), (40, 60), (30, 50), (20, 40), (10, 30)]
    post_finals(gm_client, heat_table, [83, 80, 70, 60, 50], days)
    assert TableCheck.objects.get(table=heat_table).findings == []


def test_round_page_lists_the_tables_that_owe_paperwork(gm_client, event, heat_table):
    from heats.services.checkin import check_in
    from heats.services.seating import seat_round

    rnd = heat_table.round
    check_in(rnd, [(f"P{i}", "") for i in range(5)])
    seat_round(rnd, seed=3)  # 10 players: tables 1 and 2
    table1 = rnd.tables.get(number=1)
    post_finals(gm_client, table1, [50, 40, 30, 20, 10])
    page = gm_client.get(rnd.get_absolute_url()).content.decode()
    assert "owe paperwork: table 2<" in page


def test_a_form_opened_before_a_swap_is_refused(gm_client, heat_table):
    # The form was drawn for the seating before seats 1 and 2 swapped.
    seats = list(heat_table.seats.order_by("number"))
    stale = ",".join(
        f"{s.number}:{o.player_id}"
        for s, o in zip(seats, [seats[1], seats[0], *seats[2:]], strict=True)
    )
    data = {"seating": stale, **{f"final_{n}": 50 + n for n in range(1, 6)}}
    data["version"] = result_version(heat_table)
    response = gm_client.post(results_url(heat_table), data)
    assert response.status_code == 200
    assert "The seating of this table changed" in response.content.decode()
    assert not PlayerRecord.objects.exists()
    # The form drawn again carries today's seating: sending it now saves.
    fresh = response.context["form"].data["seating"]
    assert (
        gm_client.post(results_url(heat_table), {**data, "seating": fresh}).status_code
        == 302
    )


def test_absurd_scores_are_refused_by_the_form(gm_client, heat_table):
    response = post_finals(gm_client, heat_table, [10**20, 60, 100, 55, 70])
    assert response.status_code == 200
    assert "less than or equal to 99999" in response.content.decode()
    assert not PlayerRecord.objects.exists()


def test_a_correction_is_logged_with_the_old_score(gm_client, heat_table):
    post_finals(gm_client, heat_table, [83, 60, 100, 55, 70])
    post_finals(gm_client, heat_table, [83, 60, 100, 55, 75])
    entry = AuditEntry.objects.filter(action="result").first()
    seat5 = heat_table.seats.get(number=5).player.name
    assert entry.detail.startswith("Corrected ")
    assert f"{seat5} 75 (was 70)" in entry.detail


def test_saved_results_are_shown_to_an_assistant_without_a_save_button(
    assistant_client, heat_table
):
    """Changing saved results is the GM's (CORRECT_RESULTS): the assistant sees
    them read-only, with the reason, and no button that could only be refused."""
    first = assistant_client.get(results_url(heat_table)).content.decode()
    assert 'value="Save results"' in first  # nothing saved yet: the assistant enters
    results.save_table_results(
        heat_table, [SeatScores(n, None, None, 50 + n) for n in range(1, 6)]
    )
    page = assistant_client.get(results_url(heat_table)).content.decode()
    assert 'id="correct-needs-gm"' in page
    assert 'value="Save results"' not in page
    assert 'name="final_1"' in page and "disabled" in page


def test_history_rows_read_by_seat_and_rows_saved_by_name_alike():
    """Rows saved before the history was keyed by seat map names to values; both
    list their players in seat order for the page's "Earlier values"."""
    by_seat = RecordHistory(
        old={
            "2": {"player_id": 7, "player": "Bo", "seat": 2, "final": 60},
            "1": {"player_id": 5, "player": "Ann", "seat": 1, "final": 80},
        }
    )
    by_name = RecordHistory(old={"Bo": {"seat": 2, "final": 60}, "Ann": {"seat": 1}})
    assert [name for name, _ in by_seat.old_rows] == ["Ann", "Bo"]
    assert [name for name, _ in by_name.old_rows] == ["Ann", "Bo"]
