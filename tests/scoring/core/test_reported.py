"""Laying a report on a table's seats (``scoring.core.reported``), no database."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.core.reported import (
    differing_cells,
    lay_report,
    parse_signature,
    remap_signature,
    seating_signature,
)


@dataclass
class Seat:
    number: int
    player_id: int


def seats(*players: int) -> list[Seat]:
    return [Seat(n, p) for n, p in enumerate(players, start=1)]


def sent(*finals: int) -> dict:
    return {
        str(n): {"day1": None, "day2": None, "final": f}
        for n, f in enumerate(finals, start=1)
    }


def test_the_signature_is_seat_and_player_pairs():
    assert seating_signature(seats(12, 15, 9)) == "1:12,2:15,3:9"
    assert parse_signature("1:12,2:15,3:9") == {1: 12, 2: 15, 3: 9}


def test_odd_text_is_an_unknown_seating():
    for odd in ("", "1:12,x", "1-12", ":", "1:"):
        assert parse_signature(odd) is None


def test_a_report_for_todays_seating_is_laid_seat_by_seat():
    laid = lay_report("1:12,2:15,3:9", sent(50, 40, 30), seats(12, 15, 9))
    assert laid.kind == "same" and laid.complete
    assert [laid.values[n]["final"] for n in (1, 2, 3)] == [50, 40, 30]


def test_a_swap_lays_each_value_on_its_player():
    # Players 15 and 9 swapped seats 2 and 3 after the report.
    laid = lay_report("1:12,2:15,3:9", sent(50, 40, 30), seats(12, 9, 15))
    assert laid.kind == "earlier" and laid.complete
    assert [laid.values[n]["final"] for n in (1, 2, 3)] == [50, 30, 40]


def test_a_late_arrival_has_no_value():
    laid = lay_report("1:12,2:15", sent(50, 40), seats(12, 15, 77))
    assert laid.missing == [3] and laid.gone == [] and not laid.complete


def test_a_player_who_left_is_named_by_the_reports_seat():
    laid = lay_report("1:12,2:15,3:9", sent(50, 40, 30), seats(12, 88, 9))
    assert laid.gone == [2] and laid.missing == [2]
    assert sorted(laid.values) == [1, 3]


def test_an_unknown_seating_is_laid_by_seat_number():
    laid = lay_report("", sent(50, 40), seats(12, 15, 9))
    assert laid.kind == "unknown" and laid.missing == [3]
    damaged = {"1": {"final": 50}, "2": "not values", "7": {"final": 1}}
    odd = lay_report("", damaged, seats(12, 15))
    assert odd.values == {1: {"day1": None, "day2": None, "final": 50}}
    assert odd.missing == [2] and odd.gone == [7]


def test_only_the_values_that_differ_are_marked():
    one = lay_report("1:12,2:15", sent(55, 40), seats(12, 15))
    other = lay_report("1:12,2:15", sent(45, 40), seats(12, 15))
    assert differing_cells([one, other]) == [{(1, "final")}, {(1, "final")}]


def test_a_swapped_report_is_compared_by_player():
    before = lay_report("1:12,2:15", sent(55, 40), seats(15, 12))
    after = lay_report("1:15,2:12", sent(40, 55), seats(15, 12))
    assert differing_cells([before, after]) == [set(), set()]


def test_remapping_names_the_imported_players_or_nobody():
    assert remap_signature("1:12,2:15", {12: 112, 15: 115}) == "1:112,2:115"
    assert remap_signature("1:12,2:15", {12: 112}) == ""
    assert remap_signature("garbage", {12: 112}) == ""
