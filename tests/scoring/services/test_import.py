"""Results import (formats.md, Results CSV): all or nothing, every problem with its
line and column, idempotent re-import, replacement kept in the history."""

from __future__ import annotations

from unittest import mock

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from heats.core.errors import UserError
from heats.models import Player, Seat, Table
from scoring.core.results_csv import ResultsFileError, checks, parse_results_csv
from scoring.models import PlayerRecord, RecordHistory
from scoring.services.results_import.write import import_results

HEADER = "heat,table,seat,player,badge,day1,day2,final\n"
GOOD_TABLE = (
    "1,1,1,Ann Arbor,101,30,60,90\n"
    "1,1,2,Ben Bell,102,35,55,80\n"
    "1,1,3,Cy Cole,103,20,40,70\n"
    "1,1,4,Di Dunn,104,25,45,60\n"
)


def by_player(values: dict) -> dict:
    """A history row's values (keyed by seat) by the player's name then."""
    return {v["player"]: v for v in values.values()}


def problems_of(text: str) -> list[str]:
    with pytest.raises(ResultsFileError) as info:
        parse_results_csv(text)
    return [str(p) for p in info.value.line_problems]


def db_counts() -> tuple[int, int, int, int]:
    return (
        Player.objects.count(),
        Table.objects.count(),
        Seat.objects.count(),
        PlayerRecord.objects.count(),
    )


def test_missing_required_column_is_named():
    text = "heat,table,player\n1,1,Ann,\n"
    assert problems_of(text) == ["line 1, column final: required column is missing"]


def test_text_in_a_score_names_line_and_column():
    text = HEADER + GOOD_TABLE.replace(
        "1,1,3,Cy Cole,103,20,40,70", "1,1,3,Cy,103,20,4O,70"
    )
    assert problems_of(text) == [
        "line 4, column day2: '4O' is not a whole number of florins"
    ]


def test_negative_score_is_refused():
    text = HEADER + GOOD_TABLE.replace("Di Dunn,104,25,45,60", "Di Dunn,104,25,45,-5")
    assert problems_of(text) == [
        "line 5, column final: -5 is below 0; florins cannot be negative"
    ]


def test_duplicate_seat_names_the_first_holder():
    text = HEADER + GOOD_TABLE.replace("1,1,4,Di Dunn", "1,1,2,Di Dunn")
    assert problems_of(text) == [
        "line 5, column seat: seat 2 of table 1 is already taken by Ben Bell (line 3)"
    ]


def test_player_twice_at_one_table():
    text = HEADER + GOOD_TABLE + "1,1,5,Ann Arbor,101,30,60,90\n"
    assert problems_of(text) == [
        "line 6, column player: Ann Arbor already plays at the same table (line 2)"
    ]


def test_player_at_two_tables_of_one_heat():
    second = GOOD_TABLE.replace("1,1,", "1,2,").replace("Ben Bell,102", "Ann Arbor,101")
    second = second.replace("Cy Cole,103", "Eve Eng,105").replace(
        "Di Dunn,104", "Fay Fox,106"
    )
    second = second.replace("Ann Arbor,101,30,60,90", "Gus Gray,107,30,60,90", 1)
    problems = problems_of(HEADER + GOOD_TABLE + second)
    assert problems == [
        "line 7, column player: "
        "Ann Arbor already plays at table 1 of the same round (line 2)"
    ]


def test_unknown_round():
    text = HEADER + GOOD_TABLE.replace("1,1,1,Ann", "quarter,1,1,Ann")
    assert problems_of(text) == [
        "line 2, column heat: "
        "unknown round 'quarter' (a heat number 1–999, semi or final)"
    ]


def test_every_problem_is_reported_at_once():
    text = HEADER + "x,1,1,Ann,1,a,b,c\n1,0,1,,2,1,2,3\n"
    found = problems_of(text)
    assert len(found) == 6
    assert [p.split(":")[0] for p in found] == [
        "line 2, column day1",
        "line 2, column day2",
        "line 2, column final",
        "line 2, column heat",
        "line 3, column player",
        "line 3, column table",
    ]


def test_spreadsheet_quirks_are_accepted():
    text = "\ufeff" + (HEADER + GOOD_TABLE).replace("\n", "\r\n").replace(",", " , ")
    parsed = parse_results_csv(text)
    assert [r.player for r in parsed.rows] == [
        "Ann Arbor",
        "Ben Bell",
        "Cy Cole",
        "Di Dunn",
    ]
    assert parsed.rows[0].final == 90


def test_extra_column_is_a_warning_not_an_error():
    text = (
        "heat,table,player,final,colour\n"
        "1,1,Ann,50,red\n1,1,Ben,40,blue\n1,1,Cy,30,\n1,1,Di,20,\n"
    )
    parsed = parse_results_csv(text)
    assert parsed.warnings == ["line 1: column 'colour' is not used and was ignored"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "bad",
    [
        GOOD_TABLE.replace("1,1,4,Di Dunn", "1,1,2,Di Dunn"),
        GOOD_TABLE.replace(",60\n", ",sixty\n"),
        GOOD_TABLE.replace(",60\n", ",-60\n"),
        GOOD_TABLE + "1,1,5,Ann Arbor,101,30,60,90\n",
    ],
)
def test_a_bad_file_leaves_the_database_unchanged(event, demo_csv, bad):
    import_results(event, demo_csv)
    before = db_counts()
    with pytest.raises(ResultsFileError):
        import_results(event, HEADER + GOOD_TABLE.replace("1,1,", "4,1,") + bad)
    assert db_counts() == before


@pytest.mark.django_db
def test_demo_import_creates_every_record(event, demo_csv):
    summary = import_results(event, demo_csv)
    assert summary.tables_created == 32
    assert summary.players_created == 78
    assert PlayerRecord.objects.count() == 160
    # Every player with a result was checked in to that heat (results.csv: 50, 54
    # and 56 records in heats 1, 2 and 3).
    from heats.models import Entry

    per_heat = [Entry.objects.filter(round__number=n).count() for n in (1, 2, 3)]
    assert per_heat == [50, 54, 56]
    # Heat 1 table 1 (results.csv): Kai Kestrel 100 wins, Greer Calder 84 is second.
    places = dict(
        PlayerRecord.objects.filter(
            seat__table__number=1, seat__round__number=1
        ).values_list("seat__player__name", "place")
    )
    assert places == {
        "Kai Kestrel": 1,
        "Greer Calder": 2,
        "Noel Oakhurst": 3,
        "Parker Dunmore": 4,
        "Vale Lockhart": 5,
    }


@pytest.mark.django_db
def test_reimporting_the_same_file_changes_nothing(event, demo_csv):
    import_results(event, demo_csv)
    before = (db_counts(), list(PlayerRecord.objects.values_list("pk", "updated_at")))
    summary = import_results(event, demo_csv)
    assert summary.tables_unchanged == 32 and not summary.changed
    after = (db_counts(), list(PlayerRecord.objects.values_list("pk", "updated_at")))
    assert after == before
    assert not RecordHistory.objects.exists()


@pytest.mark.django_db
def test_contradicting_file_is_refused_unless_replace(event):
    import_results(event, HEADER + GOOD_TABLE)
    changed = HEADER + GOOD_TABLE.replace(
        "Di Dunn,104,25,45,60", "Di Dunn,104,25,45,95"
    )
    with pytest.raises(UserError) as info:
        import_results(event, changed)
    assert info.value.problems == [
        "line 5: Heat 1 table 1: saved record for Di Dunn (#104) is seat 4, 25/45/60; "
        "the file says seat 4, 25/45/95"
    ]
    assert PlayerRecord.objects.get(seat__player__name="Di Dunn").final == 60

    summary = import_results(event, changed, replace=True)
    assert summary.tables_replaced == 1
    di = PlayerRecord.objects.get(seat__player__name="Di Dunn")
    assert (di.final, di.place) == (95, 1)
    history = RecordHistory.objects.get()
    old, new = by_player(history.old), by_player(history.new)
    assert old["Di Dunn (#104)"]["final"] == 60
    assert old["Ann Arbor (#101)"]["place"] == 1
    assert new["Di Dunn (#104)"]["final"] == 95


@pytest.mark.django_db
def test_tie_for_first_without_place_is_imported_and_flagged(event):
    tie = HEADER + GOOD_TABLE.replace("Ben Bell,102,35,55,80", "Ben Bell,102,35,55,90")
    summary = import_results(event, tie)
    assert summary.unresolved_ties == ["Heat 1 table 1"]
    winners = PlayerRecord.objects.filter(place=1).values_list(
        "seat__player__name", flat=True
    )
    assert sorted(winners) == ["Ann Arbor", "Ben Bell"]


@pytest.mark.django_db
def test_place_column_resolves_a_tie_for_first_with_its_reason(event):
    text = (
        "heat,table,player,final,place,tie_reason\n"
        "1,1,Ann,90,2,\n1,1,Ben,90,1,higher money after day 2\n1,1,Cy,70,,\n"
        "1,1,Di,60,,\n"
    )
    summary = import_results(event, text)
    assert summary.unresolved_ties == []
    ben = PlayerRecord.objects.get(seat__player__name="Ben")
    ann = PlayerRecord.objects.get(seat__player__name="Ann")
    assert (ben.place, ben.declared_winner) == (1, True)
    assert ben.tie_reason == "higher money after day 2"
    assert (ann.place, ann.declared_winner, ann.tie_reason) == (2, False, "")


def test_a_tie_settled_by_place_without_a_reason_is_refused():
    # Ann and Ben tie at 90; place 1 on Ben's line (3) settles it, as the tie
    # form would, and the tie form asks why.
    text = (
        "heat,table,player,final,place\n"
        "1,1,Ann,90,2\n1,1,Ben,90,1\n1,1,Cy,70,\n1,1,Di,60,\n"
    )
    assert problems_of(text) == [
        "line 3, column tie_reason: Ben wins the tie for first at heat 1 table 1 "
        "(90 florins) by place 1: say why in the tie_reason column (e.g. higher "
        "money after day 2), as the tie form asks"
    ]


def test_a_tie_reason_where_no_tie_is_settled_is_refused():
    # No tie at 90/80: Ann's reason would be kept nowhere; Cy's line (4) is
    # no winner at all.
    text = (
        "heat,table,player,final,tie_reason\n"
        "1,1,Ann,90,\n1,1,Ben,80,\n1,1,Cy,70,lucky\n1,1,Di,60,\n"
    )
    assert problems_of(text) == [
        "line 4, column tie_reason: a tie_reason is kept only for the player "
        "place 1 gives a tie for first; Cy wins no tie at heat 1 table 1"
    ]


def test_place_contradicting_the_scores_is_an_error():
    text = (
        "heat,table,player,final,place\n"
        "1,1,Ann,90,\n1,1,Ben,80,1\n1,1,Cy,70,\n1,1,Di,60,\n"
    )
    assert problems_of(text) == [
        "line 3, column place: place 1 contradicts the scores: Ben finishes 2 at "
        "heat 1 table 1 with 80 florins"
    ]


@pytest.mark.django_db
def test_command_creates_the_event_and_reports(tmp_path, capsys):
    path = tmp_path / "r.csv"
    path.write_text(HEADER + GOOD_TABLE)
    call_command("import_results", "new-ev", str(path), "--create", "--name", "New")
    out = capsys.readouterr().out
    assert "1 table created, 0 replaced, 0 unchanged; 4 new players." in out


@pytest.mark.django_db
def test_command_with_a_bad_file_creates_no_event(tmp_path):
    path = tmp_path / "r.csv"
    path.write_text(HEADER + "1,1,1,Ann,,1,2,x\n")
    with pytest.raises(CommandError, match="line 2, column final"):
        call_command("import_results", "new-ev", str(path), "--create")
    from heats.models import Event

    assert not Event.objects.filter(slug="new-ev").exists()


FIVE = (
    "heat,table,seat,player,day1,day2,final\n"
    "1,1,1,Ann,30,50,80\n1,1,2,Ben,30,50,70\n1,1,3,Cy,30,50,60\n"
    "1,1,4,Di,30,50,50\n1,1,5,Ed,30,50,40\n"
)


@pytest.mark.django_db
def test_leaving_a_saved_player_out_is_a_contradiction(event):
    import_results(event, FIVE)
    without_ed = FIVE.replace("1,1,5,Ed,30,50,40\n", "")
    with pytest.raises(UserError) as info:
        import_results(event, without_ed)
    assert info.value.problems == [
        "line 2: Heat 1 table 1: saved record for Ed (seat 5, 30/50/40) is not in "
        "the file"
    ]
    assert Seat.objects.filter(player__name="Ed").exists()


@pytest.mark.django_db
def test_moving_a_player_keeps_the_old_table_in_the_history(event):
    import_results(event, FIVE)
    other = (
        "heat,table,seat,player,day1,day2,final\n"
        "1,2,1,Fay,30,50,80\n1,2,2,Gus,30,50,70\n1,2,3,Hal,30,50,60\n"
        "1,2,4,Ivy,30,50,50\n1,2,5,Ann,30,50,40\n"
    )
    with pytest.raises(UserError, match="Ann is saved at table 1"):
        import_results(event, other)
    import_results(event, other, replace=True)
    table1 = Table.objects.get(number=1)
    # Ann (80) has left table 1: Ben (70) now wins it.
    places = dict(
        PlayerRecord.objects.filter(seat__table=table1).values_list(
            "seat__player__name", "place"
        )
    )
    assert places == {"Ben": 1, "Cy": 2, "Di": 3, "Ed": 4}
    history = RecordHistory.objects.get(table=table1)
    assert by_player(history.old)["Ann"]["final"] == 80
    assert "Ann" not in by_player(history.new)


@pytest.mark.django_db
def test_badge_on_one_row_and_name_on_another_is_one_player(event):
    text = (
        "heat,table,player,badge,final\n"
        "1,1,Ann Lee,12,80\n1,1,B,,70\n1,1,C,,60\n1,1,D,,50\n"
        "1,2,Ann Lee,,80\n1,2,E,,70\n1,2,F,,60\n1,2,G,,50\n"
    )
    assert problems_of(text) == [
        "line 6, column player: Ann Lee already plays at table 1 of the same round "
        "(line 2)"
    ]


@pytest.mark.django_db
@pytest.mark.parametrize("badge_first", [True, False])
def test_the_order_of_rows_never_makes_two_players_of_one(event, badge_first):
    heat1 = "1,1,Ann Lee,{},80\n1,1,B,,70\n1,1,C,,60\n1,1,D,,50\n"
    heat2 = "2,1,Ann Lee,{},80\n2,1,E,,70\n2,1,F,,60\n2,1,G,,50\n"
    first, second = ("12", "") if badge_first else ("", "12")
    text = (
        "heat,table,player,badge,final\n" + heat1.format(first) + heat2.format(second)
    )
    import_results(event, text)
    assert list(Player.objects.filter(name="Ann Lee").values_list("badge")) == [("12",)]


@pytest.mark.django_db
def test_a_later_file_with_a_badge_keeps_one_player(event):
    import_results(
        event, "heat,table,player,final\n1,1,Ann,80\n1,1,B,70\n1,1,C,60\n1,1,D,50\n"
    )
    summary = import_results(
        event,
        "heat,table,player,badge,final\n2,1,Ann,12,80\n2,1,E,,70\n2,1,F,,60\n"
        "2,1,G,,50\n",
    )
    assert Player.objects.filter(name="Ann").count() == 1
    assert summary.warnings == ["badge 12 now identifies the earlier player Ann"]


def test_a_table_of_three_is_refused():
    text = "heat,table,player,final\n1,1,Ann,80\n1,1,Ben,70\n1,1,Cy,60\n"
    assert problems_of(text) == [
        "line 4, column table: heat 1 table 1 has 3 players; a table seats 4–6"
    ]


def test_absurd_numbers_name_their_cell():
    text = HEADER + GOOD_TABLE.replace(",60\n", ",99999999999999999999\n")
    assert problems_of(text) == [
        "line 5, column final: 99999999999999999999 is above 99999, too large for "
        "florins"
    ]


@pytest.mark.parametrize("value", ["1_000", "٣", "８0", "83.0"])
def test_only_plain_digits_are_numbers(value):
    text = HEADER + GOOD_TABLE.replace(",60\n", f",{value}\n")
    assert problems_of(text) == [
        f"line 5, column final: {value!r} is not a whole number of florins"
    ]


def test_a_repeated_column_is_refused():
    text = "heat,table,player,final,final\n1,1,Ann,80,10\n"
    assert problems_of(text) == [
        "line 1, column final: column appears 2 times (positions 4, 5)"
    ]


def test_semicolons_and_empty_files_get_a_hint():
    assert problems_of("") == ["line 1: the file is empty"]
    assert problems_of("heat;table;player;final\n1;1;Ann;80\n") == [
        "line 1: the columns are separated by ';': save the file as comma-separated CSV"
    ]


def test_a_row_spanning_lines_is_reported_at_its_first_line():
    text = HEADER + '1,1,1,"Ann\nArbor",101,x,60,90\n' + GOOD_TABLE.split("\n", 1)[1]
    assert problems_of(text) == [
        "line 2, column day1: 'x' is not a whole number of florins"
    ]


@pytest.mark.parametrize(
    ("table", "seat", "place", "problem"),
    [
        (
            "x",
            "1",
            "",
            "column table: 'x' is not a table number: a whole number is needed",
        ),
        (
            "1",
            "two",
            "",
            "column seat: 'two' is not a seat number: a whole number is needed",
        ),
        (
            "1000",
            "1",
            "",
            "column table: 1000 is above 999, too large for a table number",
        ),
        (
            "1",
            "1",
            "1st",
            "column place: '1st' is not a place: a whole number is needed",
        ),
    ],
)
def test_a_bad_table_seat_or_place_is_named_in_plain_words(table, seat, place, problem):
    """formats.md: table and seat are whole numbers from 1, place 1-6."""
    text = (
        f"heat,table,seat,player,final,place\n1,{table},{seat},Ann Arbor,90,{place}\n"
    )
    assert f"line 2, {problem}" in problems_of(text)


def test_checks_across_rows_still_run_beside_bad_numbers():
    text = (
        HEADER
        + "1,1,1,Ann Arbor,101,x,60,90\n"  # bad day1
        + "1,1,1,Ben Bell,102,35,55,80\n"  # seat 1 again
        + "1,1,3,Ann Arbor,101,20,40,-7\n"  # Ann twice, negative final
        + "1,1,4,Di Dunn,104,25,45,60\n"
    )
    assert problems_of(text) == [
        "line 2, column day1: 'x' is not a whole number of florins",
        "line 3, column seat: seat 1 of table 1 is already taken by Ann Arbor (line 2)",
        "line 4, column final: -7 is below 0; florins cannot be negative",
        "line 4, column player: Ann Arbor already plays at the same table (line 2)",
    ]


@pytest.mark.django_db
def test_the_saved_state_fingerprint_agrees_with_a_loaded_one(event, demo_csv):
    from scoring.services.results_import.saved import SavedState

    import_results(event, demo_csv)
    keys = {("heat", 1), ("heat", 2), ("heat", 3), ("semi", 1)}
    loaded = SavedState.load(event, keys)
    assert SavedState.fingerprint_now(event, keys) == loaded.fingerprint
    record = PlayerRecord.objects.filter(seat__round__number=2).first()
    record.final += 1
    record.save()
    assert SavedState.fingerprint_now(event, keys) != loaded.fingerprint


@pytest.mark.django_db
def test_a_result_saved_after_the_plan_is_checked_again_under_the_lock(
    event, monkeypatch
):
    from scoring.queries import result_check
    from scoring.services import results
    from scoring.services.results_import import write as imports

    import_results(event, HEADER + GOOD_TABLE)
    real = imports.make_plan
    calls = []

    def planning(*args):
        plan = real(*args)
        calls.append(plan)
        if len(calls) == 1:  # after the first plan, before the write
            table = Table.objects.get(number=1)
            records = PlayerRecord.objects.filter(seat__table=table)
            scores = [
                result_check.SeatScores(
                    s.number, r.day1, r.day2, 95 if s.number == 4 else r.final
                )
                for r in records.select_related("seat")
                for s in [r.seat]
            ]
            results.save_table_results(table, scores)
        return plan

    monkeypatch.setattr(imports, "make_plan", planning)
    # The file repeats what was saved when the import read it; under the lock it
    # contradicts Di Dunn's 95, saved meanwhile: refused, nothing overwritten.
    with pytest.raises(UserError) as info:
        import_results(event, HEADER + GOOD_TABLE)
    assert info.value.problems == [
        "line 5: Heat 1 table 1: saved record for Di Dunn (#104) is seat 4, 25/45/95; "
        "the file says seat 4, 25/45/60"
    ]
    assert PlayerRecord.objects.get(seat__player__name="Di Dunn").final == 95
    assert len(calls) == 2  # planned again under the lock


def test_an_import_derives_each_tables_places_once(event):
    # Two tables: the file's check works their places out, the plan reuses them.
    text = (
        HEADER
        + GOOD_TABLE
        + GOOD_TABLE.replace("1,1,", "1,2,")
        .replace(",10", ",20")
        .replace("Ann", "Al")
        .replace("Ben", "Bo")
        .replace("Cy", "Cal")
        .replace("Di", "Dot")
    )
    with mock.patch.object(
        checks, "table_places", wraps=checks.table_places
    ) as derived:
        summary = import_results(event, text)
    assert summary.tables_created == 2
    assert derived.call_count == 2
    places = dict(PlayerRecord.objects.values_list("seat__player__name", "place"))
    assert places["Ann Arbor"] == places["Al Arbor"] == 1
    assert places["Di Dunn"] == places["Dot Dunn"] == 4


def test_a_tie_reason_longer_than_a_record_keeps_is_refused():
    # PlayerRecord.tie_reason keeps 200 characters; Ben's line (3) gives 201.
    long = "x" * 201
    text = (
        "heat,table,player,final,place,tie_reason\n"
        f"1,1,Ann,90,2,\n1,1,Ben,90,1,{long}\n1,1,Cy,70,,\n1,1,Di,60,,\n"
    )
    assert problems_of(text) == [
        "line 3, column tie_reason: the reason has 201 characters; at most 200"
    ]
