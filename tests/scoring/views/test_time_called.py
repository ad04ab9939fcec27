"""Time-called games (issue 8, item 7): the day time was called is recorded on the
table (result form, results CSV), scored as recorded, kept in the history and the
audit log, and shown on the table page, the standings, the export and the report.

Source: tournament.md, Heats (the clock: at the call mark "the current day is
scored and the game ends"); rules.md, A trading day, 9; formats.md, Scoresheet
JSON (``time_called``: the day, 1-3, on which time was called).
"""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from heats.models import AuditEntry, Table
from scoring.core.results_csv import ResultsFileError, parse_results_csv
from scoring.models import RecordHistory, TableCheck
from scoring.queries.printing import render
from scoring.services.results_import.write import import_results
from scoring.services.rules_checks import acknowledge_check, attach_scoresheet
from tests.support.versions import result_version

pytestmark = pytest.mark.django_db

HEADER = "heat,table,seat,player,badge,day1,day2,final,time_called\n"
# Heat 1: table 1 played out, table 2 time-called on day 2 (the final is the money
# after day 2, no day-3 money exists).
RESULTS = HEADER + (
    "1,1,1,Ann,101,30,60,90,\n"
    "1,1,2,Ben,102,35,55,80,\n"
    "1,1,3,Cy,103,20,40,70,\n"
    "1,1,4,Di,104,25,45,60,\n"
    "1,2,1,Ed,105,40,66,66,2\n"
    "1,2,2,Flo,106,35,58,58,2\n"
    "1,2,3,Gus,107,30,51,51,2\n"
    "1,2,4,Hal,108,28,47,47,2\n"
)


def results_url(table) -> str:
    rnd = table.round
    kwargs = {"event": rnd.event.slug, "round": rnd.code, "table": table.number}
    return reverse("scoring:table-results", kwargs=kwargs)


def post_results(client, table, finals, time_called="", days=None):
    seats = table.seats.order_by("number")
    data = {
        "seating": ",".join(f"{s.number}:{s.player_id}" for s in seats),
        "time_called": time_called,
    }
    for n, final in enumerate(finals, start=1):
        data[f"final_{n}"] = final
        if days:
            data[f"day1_{n}"], data[f"day2_{n}"] = days[n - 1]
    data["version"] = result_version(table)
    return client.post(results_url(table), data)


def problems_of(text: str) -> list[str]:
    with pytest.raises(ResultsFileError) as info:
        parse_results_csv(text)
    return [str(p) for p in info.value.line_problems]


# --- result entry ---------------------------------------------------------------


def test_the_gm_records_the_day_time_was_called(gm_client, heat_table):
    response = post_results(gm_client, heat_table, [70, 60, 50, 40, 30], "1")
    assert response.status_code == 302
    heat_table.refresh_from_db()
    assert heat_table.time_called == 1
    page = gm_client.get(results_url(heat_table)).content.decode()
    assert "time called on day 1" in page
    assert 'value="1" selected' in page
    entry = AuditEntry.objects.filter(action="result").first()
    assert entry.detail.endswith("; time called on day 1")
    assert entry.data["time_called"] == 1


def test_a_final_held_to_the_called_days_bound_is_checked(gm_client, heat_table):
    # wbc, 5 players: day 1 pays one player at most 30 + 5 x 10 + 0 = 80 (rules.md,
    # Rule sets; a level bonus needs six goods of one kind): 111 after day 1 is
    # impossible, 111 after three days is not.
    post_results(gm_client, heat_table, [111, 40, 35, 30, 30])
    assert TableCheck.objects.get(table=heat_table).findings == []
    post_results(gm_client, heat_table, [111, 40, 35, 30, 30], "1")
    (finding,) = TableCheck.objects.get(table=heat_table).findings
    assert finding["day"] == 1 and "+81" in finding["message"]


def test_changing_the_day_is_a_correction_kept_in_the_history(
    client, gm, assistant, heat_table
):
    client.force_login(assistant)
    post_results(client, heat_table, [70, 60, 50, 40, 30])
    response = post_results(client, heat_table, [70, 60, 50, 40, 30], "2")
    assert response.status_code == 403  # an assistant does not change saved results
    heat_table.refresh_from_db()
    assert heat_table.time_called is None
    client.force_login(gm)
    post_results(client, heat_table, [70, 60, 50, 40, 30], "2")
    heat_table.refresh_from_db()
    assert heat_table.time_called == 2
    history = RecordHistory.objects.get(table=heat_table)
    assert history.old_time_called is None
    assert {v["time_called"] for v in history.new.values()} == {2}
    entry = AuditEntry.objects.filter(action="result").first()
    assert entry.detail.endswith("; time called on day 2 (was played out)")
    post_results(client, heat_table, [70, 60, 50, 40, 30], "")
    newest = RecordHistory.objects.filter(table=heat_table).first()
    assert newest.old_time_called == 2
    page = client.get(results_url(heat_table)).content.decode()
    assert "time called on day 2</li>" in page


@pytest.mark.parametrize("value", ["0", "4", "x"])
def test_the_form_refuses_a_day_outside_the_game(gm_client, heat_table, value):
    response = post_results(gm_client, heat_table, [70, 60, 50, 40, 30], value)
    assert response.status_code == 200 and "Select a valid choice" in (
        response.content.decode()
    )
    assert not Table.objects.filter(time_called__isnull=False).exists()


# --- results CSV -----------------------------------------------------------------


def test_the_csv_column_gives_the_day_per_table(event):
    parsed = parse_results_csv(RESULTS)
    assert [row.time_called for row in parsed.rows] == [None] * 4 + [2] * 4
    import_results(event, RESULTS)
    called = dict(Table.objects.values_list("number", "time_called"))
    assert called == {1: None, 2: 2}
    assert TableCheck.objects.get(table__number=2).findings == []


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        ("4", "line 6, column time_called: '4' is not a day of the game"),
        ("two", "line 6, column time_called: 'two' is not a day of the game"),
        ("-1", "line 6, column time_called: '-1' is not a day of the game"),
    ],
)
def test_a_bad_day_names_line_and_column(cell, message):
    text = RESULTS.replace("1,2,1,Ed,105,40,66,66,2", f"1,2,1,Ed,105,40,66,66,{cell}")
    (problem,) = problems_of(text)
    assert problem.startswith(message)


def test_every_line_of_a_table_gives_the_same_day():
    text = RESULTS.replace("1,2,3,Gus,107,30,51,51,2", "1,2,3,Gus,107,30,51,51,")
    assert problems_of(text) == [
        "line 8, column time_called: heat 1 table 2: played out (blank) here, but "
        "time called on day 2 on line 6; every line of a table gives the same day "
        "(or none)"
    ]


def test_a_reimport_changes_nothing_and_another_day_contradicts(event):
    import_results(event, RESULTS)
    again = import_results(event, RESULTS)
    assert not again.changed
    changed = RESULTS.replace(",2\n", ",1\n")
    with pytest.raises(Exception, match="time called on day 2; the file says") as info:
        import_results(event, changed)
    assert len(info.value.problems) == 4
    import_results(event, changed, replace=True)
    table = Table.objects.get(number=2)
    assert table.time_called == 1
    history = RecordHistory.objects.get(table=table)
    assert history.old_time_called == 2


# --- shown and exported ---------------------------------------------------------


def test_standings_and_table_page_mark_the_table(client, event):
    import_results(event, RESULTS)
    standings = client.get("/e/wbc/").content.decode()
    assert standings.count("time called on day 2") == 1  # once, on table 2
    table_page = client.get("/e/wbc/round/1/table/2/").content.decode()
    assert "time called on day 2" in table_page
    assert "time called" not in client.get("/e/wbc/round/1/table/1/").content.decode()


def test_export_gives_back_the_imported_days(client, event, gm):
    import_results(event, RESULTS)
    # Table 1's day-1 total is below what day 1 pays (a level-1 finding): it is
    # held from the public, the export included, until a GM acknowledges it.
    held = client.get("/e/wbc/?_export=csv&_table=results").content.decode("utf-8-sig")
    assert {row["table"] for row in csv.DictReader(io.StringIO(held))} == {"2"}
    acknowledge_check(Table.objects.get(round__event=event, number=1), gm)
    response = client.get("/e/wbc/?_export=csv&_table=results")
    assert response.status_code == 200
    text = response.content.decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert text.splitlines()[0] == (
        "heat,table,seat,player,badge,day1,day2,final,place,time_called,tie_reason"
    )
    assert [r["time_called"] for r in rows] == [""] * 4 + ["2"] * 4
    assert [r["player"] for r in rows[3:5]] == ["Di", "Ed"]
    # The export is a results file: importing it changes nothing.
    assert not import_results(event, text).changed
    xlsx = client.get("/e/wbc/?_export=xlsx&_table=results")
    assert xlsx.status_code == 200 and xlsx.content[:2] == b"PK"


def test_the_report_lists_the_time_called_tables(event):
    import_results(event, RESULTS)
    content = render(event, "report").content
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(content)).pages)
    section = text.split("\nTime-called tables\n", 1)[1]
    assert "Heat 1, table 2: time called on day 2" in section
    assert "table 1" not in section


# --- scoresheets ----------------------------------------------------------------


def level1_sheet(names, money_day1, money_day2, called):
    return {
        "players": names,
        "days": [
            {"money": dict(zip(names, money_day1, strict=True))},
            {"money": dict(zip(names, money_day2, strict=True))},
        ],
        "final": dict(zip(names, money_day2, strict=True)),
        "time_called": called,
    }


def test_a_sheet_of_a_time_called_game_matches_the_table(event):
    import_results(event, RESULTS)
    table = Table.objects.get(number=2)
    names = ["Ed", "Flo", "Gus", "Hal"]
    sheet = level1_sheet(names, [40, 35, 30, 28], [66, 58, 51, 47], 2)
    assert attach_scoresheet(table, sheet).findings == []
    sheet["time_called"] = None
    findings = attach_scoresheet(table, sheet).findings
    messages = [f["message"] for f in findings]
    assert any("unless time is called" in m for m in messages)
    assert (
        "the sheet says a game played out; the recorded result says time called "
        "on day 2"
    ) in messages
