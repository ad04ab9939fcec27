"""The seating service: seeded, saved, history-aware; swaps; late tables."""

from __future__ import annotations

import json
from itertools import combinations

import pytest
from django.core.management import CommandError, call_command

from heats.core import seating
from heats.core.errors import UserError
from heats.models import AuditEntry, EntryStatus, Round, RoundKind, Seat
from heats.queries.seating import keep_apart_pairs, seating_history
from heats.services.checkin import check_in
from heats.services.keep_apart import add_keep_apart
from heats.services.seating import form_late_table, seat_round, swap_seats
from scoring.models import PlayerRecord
from scoring.services.result_status import update_result_status
from tests.heats.conftest import names, player

pytestmark = pytest.mark.django_db


def saved_tables(rnd: Round) -> list[list[str]]:
    """Player keys per saved table, seat order."""
    tables: dict[int, list[str]] = {}
    for seat in Seat.objects.filter(round=rnd).order_by("table__number", "number"):
        tables.setdefault(seat.table.number, []).append(str(seat.player_id))
    return list(tables.values())


def test_23_players_sit_at_three_tables_of_6_and_one_of_5(heat_23):
    result = seat_round(heat_23, seed="s")
    assert [len(t) for t in saved_tables(heat_23)] == [6, 6, 6, 5]
    assert result.waiting == []
    heat_23.refresh_from_db()
    assert heat_23.seed == "s" and heat_23.seated_at is not None


def test_a_fixed_seed_reproduces_the_saved_seating(heat_23):
    seat_round(heat_23, seed=2027)
    first = saved_tables(heat_23)
    seat_round(heat_23, seed=2027)
    assert saved_tables(heat_23) == first
    keys = [str(pk) for pk in heat_23.entries.values_list("player_id", flat=True)]
    # The saved tables are exactly the pure seating of the same inputs.
    assert seating.seat(keys, 2027).tables == first


def test_the_log_records_the_seed_and_layout(heat_23):
    seat_round(heat_23, seed="abc")
    entry = AuditEntry.objects.get(action="seating")
    assert entry.data["seating"]["seed"] == "abc"
    assert "6+6+6+5" in entry.detail


def test_seat_round_json_prints_seed_tables_in_seat_order_and_waiting(heat, capsys):
    check_in(heat, names(7))
    call_command("seat_round", "wbc", "1", "--seed", "42", "--json")
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"seed", "tables", "waiting"}
    assert data["seed"] == 42
    assert [t["number"] for t in data["tables"]] == [1]
    seated = data["tables"][0]["players"]
    assert len(seated) == 6 and len(data["waiting"]) == 1
    assert sorted(seated + data["waiting"]) == [n for n, _ in names(7)]
    in_db = [s.player.name for s in Seat.objects.filter(round=heat).order_by("number")]
    assert seated == in_db
    assert heat.entries.get(player__name=data["waiting"][0]).status == "late"


def test_seat_round_command_reports_user_errors(event):
    with pytest.raises(CommandError, match="no round"):
        call_command("seat_round", "wbc", "3")


def test_reseating_a_round_with_results_is_refused(heat_23):
    seat_round(heat_23, seed=1)
    table = heat_23.tables.get(number=1)
    for n, seat in enumerate(table.seats.order_by("number")):
        PlayerRecord.objects.create(seat=seat, final=60 - n, place=n + 1)
    update_result_status([table.pk])  # what every writer of records ends with
    with pytest.raises(UserError, match="already has results"):
        seat_round(heat_23, seed=2)


def test_earlier_rounds_are_avoided(event, heat):
    """Heat 1: 8 players at two tables of 4. Heat 2: the same 8 again at 4+4 —
    a seating with no repeat pair is impossible (pigeonhole: each table of 4
    draws from two earlier tables of 4), so the best has each new table take two
    from each earlier table: cost 2 pairs x 1**2 per table = 4."""
    check_in(heat, names(8))
    seat_round(heat, seed=5)
    heat2 = Round.objects.create(event=event, kind=RoundKind.HEAT, number=2)
    check_in(heat2, names(8))
    result = seat_round(heat2, seed=5)
    assert result.repeat_cost == 4
    history = seating_history(heat2)
    assert len(history) == 12 and set(history.values()) == {1}


def test_keep_apart_pairs_are_honoured(heat, event):
    check_in(heat, names(10))
    a, b = player(event, "Player 01"), player(event, "Player 02")
    add_keep_apart(event, b, a, "siblings")
    assert keep_apart_pairs(event) == {frozenset((str(a.pk), str(b.pk)))}
    for seed in range(5):
        result = seat_round(heat, seed=seed)
        assert result.keep_apart_violations == 0
        together = [t for t in saved_tables(heat) if str(a.pk) in t]
        assert str(b.pk) not in together[0]


def test_a_swap_is_logged_and_the_objective_rechecked(heat, event):
    check_in(heat, names(8))
    seat_round(heat, seed=3)
    tables = saved_tables(heat)
    # Keep apart two players of table 1; swapping one of them for a player of
    # table 2 removes the violation.
    a_key, c_key = tables[0][0], tables[0][1]
    b_key = tables[1][0]
    a, c, b = (player_by_pk(heat, k) for k in (a_key, c_key, b_key))
    add_keep_apart(event, a, c)
    report = swap_seats(heat, a, b)
    assert (report.before, report.after) == ((0, 1), (0, 0))
    after = saved_tables(heat)
    assert after[0][0] == b_key and after[1][0] == a_key
    entry = AuditEntry.objects.get(action="swap")
    assert entry.data == {"round": "1", "before": [0, 1], "after": [0, 0]}


def player_by_pk(rnd, key):
    return rnd.event.players.get(pk=int(key))


def test_a_waiting_player_can_be_swapped_into_a_seat(heat, event):
    check_in(heat, names(7))
    result = seat_round(heat, seed=9)
    waiting = player_by_pk(heat, result.waiting[0])
    seated = player_by_pk(heat, result.tables[0][2])
    swap_seats(heat, waiting, seated)
    assert Seat.objects.get(round=heat, player=waiting).number == 3
    assert not Seat.objects.filter(round=heat, player=seated).exists()
    assert heat.entries.get(player=seated).status == EntryStatus.LATE


def test_late_table_is_formed_only_at_the_minimum(heat_23, event):
    seat_round(heat_23, seed=1)
    check_in(heat_23, names(4, "Late"))
    with pytest.raises(UserError, match="4 players waiting: a late table needs 5"):
        form_late_table(heat_23)
    check_in(heat_23, [("Late 05", "")])
    result = form_late_table(heat_23, seed=4)
    assert [len(t) for t in result.tables] == [5]
    late = heat_23.tables.get(number=5)
    assert late.late is True
    seated = {s.player.name for s in late.seats.all()}
    assert seated == {f"Late 0{i}" for i in range(1, 6)}
    assert not heat_23.entries.filter(status=EntryStatus.LATE).exists()
    assert AuditEntry.objects.filter(action="late-table").count() == 1


def test_late_table_minimum_follows_the_event_setting(heat_23, event):
    event.min_late_table = 4
    event.save()
    seat_round(heat_23, seed=1)
    check_in(heat_23, names(4, "Late"))
    result = form_late_table(heat_23, seed=1)
    assert [len(t) for t in result.tables] == [4]


def test_no_repeat_pairs_within_a_round(heat_23):
    seat_round(heat_23, seed=11)
    pairs = [frozenset(p) for t in saved_tables(heat_23) for p in combinations(t, 2)]
    assert len(pairs) == len(set(pairs)) == 3 * 15 + 10
