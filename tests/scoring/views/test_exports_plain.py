"""Exports are plain data Excel reads (issue 8, item 10): no HTML in any cell, CSV
files open with a UTF-8 byte-order mark, accented names survive, and the results
and standings of every round can be exported from the public pages."""

from __future__ import annotations

import csv
import io
import re

import openpyxl
import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import format_html

from heats.exports import BOM, neutralise, plain
from heats.models import Event, Player, RoundKind
from heats.services.checkin import check_in, create_heat
from heats.services.seating import form_late_table, seat_round
from scoring.queries.rounds import final_round, semi_round
from scoring.services import semi_final as rounds
from scoring.services.events import new_event
from scoring.services.final_seating import seat_final
from scoring.services.results_import.write import import_results
from tests.conftest import DEMO_DIR
from tests.heats.conftest import names
from tests.project.test_injection import play

pytestmark = pytest.mark.django_db

TAG = re.compile(r"<\s*/?\s*[a-zA-Z!]")
# Demo players renamed (demo README): a heat-1 table winner who qualifies, the
# alternate called and the first next alternate.
ZOE = "Zoë O'Brien-Núñez"
ANNE = "Ånne Ødegård & Co"
RENE = "René Çelik"
RENAMED = {"Kai Kestrel": ZOE, "Drew Penrose": ANNE, "Marlo Juniper": RENE}


def csv_rows(response) -> list[list[str]]:
    body = response.content.decode("utf-8")
    assert body.startswith(BOM), "a CSV export must start with the UTF-8 BOM"
    return list(csv.reader(io.StringIO(body[1:])))


def xlsx_rows(response) -> list[list]:
    book = openpyxl.load_workbook(io.BytesIO(response.content))
    return [list(r) for s in book.worksheets for r in s.iter_rows(values_only=True)]


def tagged(rows) -> list:
    return [c for row in rows for c in row if isinstance(c, str) and TAG.search(c)]


def test_plain_turns_rendered_html_into_its_text_and_keeps_data():
    late = format_html('{} <span class="badge">late</span>', 3)
    assert plain(late) == "3 late"
    assert plain(format_html("<b>{}</b>", "O'Brien & <Co>")) == "O'Brien & <Co>"
    assert plain("<b>typed by a player</b>") == "<b>typed by a player</b>"
    assert plain(7) == 7


@pytest.fixture
def played(gm) -> Event:
    """The demo imported with three players renamed, the no-shows absent, the
    semi-final and the final played (``tests.project.test_injection.play``)."""
    event = new_event("expo", "Medici, exports")
    event.gms.add(gm)
    text = (DEMO_DIR / "results.csv").read_text(encoding="utf-8")
    for old, new in RENAMED.items():
        text = text.replace(f",{old},", f",{new},")
    import_results(event, text, source="demo.csv")
    for name in (DEMO_DIR / "no_shows.txt").read_text().split("\n"):
        if name:
            player = Player.objects.get(event=event, name=name)
            rounds.mark_semi(event, player, False)
    rounds.seat_semi(event, seed=1)
    play(semi_round(event), [ZOE, ANNE])
    seat_final(event, seed=1)
    play(final_round(event), [ZOE])
    return event


def exports(event: Event):
    """(client kind, path, table, names the export must show) for every export."""
    e = {"event": event.slug}
    standings = reverse("scoring:standings", kwargs=e)
    yield "public", standings, "results", {ZOE, ANNE, RENE}
    yield "public", standings, "qualifiers", {ZOE}
    yield "public", standings, "alternates", {ANNE}
    yield "public", standings, "next", {RENE}
    yield "public", standings, "laurels", {ZOE}
    for heat in (1, 2, 3):
        path = reverse("scoring:heat-results", kwargs={**e, "heat": heat})
        yield "public", path, "results", set()
    for code in ("1", "semi", "final"):
        path = reverse("heats:round-seating", kwargs={**e, "round": code})
        yield "public", path, "names", {ZOE}
        yield "public", path, "tables", {ZOE}
        path = reverse("heats:round-detail", kwargs={**e, "round": code})
        yield "gm", path, "checkin", set()
    yield "gm", reverse("heats:audit", kwargs=e), "", set()
    yield "gm", reverse("scoring:semi", kwargs=e), "semi", {ZOE, ANNE}
    yield "gm", reverse("scoring:laurels", kwargs=e), "laurels", {ZOE}


def test_every_export_is_plain_data_with_a_bom_and_the_accents(played, gm):
    clients = {"public": Client(), "gm": Client()}
    clients["gm"].force_login(gm)
    wrong = []
    for who, path, table, shown in exports(played):
        for kind in ("csv", "xlsx"):
            query = {"_export": kind, **({"_table": table} if table else {})}
            response = clients[who].get(path, query)
            where = f"{path} {table} {kind}"
            if response.status_code != 200 or "attachment" not in response.get(
                "Content-Disposition", ""
            ):
                wrong.append(f"{where}: not an export ({response.status_code})")
                continue
            rows = csv_rows(response) if kind == "csv" else xlsx_rows(response)
            wrong += [f"{where}: HTML in {cell!r}" for cell in tagged(rows)]
            cells = {c for row in rows for c in row}
            wrong += [f"{where}: {n!r} missing" for n in shown if n not in cells]
    assert wrong == []


def test_results_of_every_round_in_one_file(played):
    path = reverse("scoring:standings", kwargs={"event": played.slug})
    rows = csv_rows(Client().get(path, {"_export": "csv", "_table": "results"}))
    # The results file's own columns (docs/formats.md), so it imports as it is.
    assert rows[0] == [
        "heat",
        "table",
        "seat",
        "player",
        "badge",
        "day1",
        "day2",
        "final",
        "place",
        "time_called",
        "tie_reason",
    ]
    # The demo file's first row (heat 1, table 1, seat 1).
    assert rows[1][:9] == ["1", "1", "1", "Noel Oakhurst", "1172"] + [
        "28",
        "55",
        "83",
        "3",
    ]
    kai = next(r for r in rows if r[0] == "1" and r[3] == ZOE)
    assert kai[1:3] + kai[5:9] == ["1", "3", "38", "71", "100", "1"]
    by_round = {r[0] for r in rows[1:]}
    assert by_round == {"1", "2", "3", "semi", "final"}
    final = [r for r in rows if r[0] == "final"]
    seated = final_round(played).seats.count()
    assert len(final) == seated
    assert [r[3] for r in final if r[8] == "1"] == [ZOE]
    # 160 heat records (demo README) + the semi-final's and final's seats.
    semi_seats = semi_round(played).seats.count()
    assert len(rows) - 1 == 160 + semi_seats + seated


def test_a_heat_page_exports_that_heat_only(played):
    path = reverse("scoring:heat-results", kwargs={"event": played.slug, "heat": 2})
    response = Client().get(path, {"_export": "xlsx", "_table": "results"})
    rows = xlsx_rows(response)
    assert rows[0][0] == "heat"
    assert {r[0] for r in rows[1:]} == {"2"}
    assert all(isinstance(r[1], int) and isinstance(r[7], int) for r in rows[1:])


def test_seating_export_has_numbers_and_a_late_column(event):
    heat = create_heat(event)
    check_in(heat, [(ZOE, "")] + names(9))
    seat_round(heat, seed=1)
    check_in(heat, names(5, prefix="Late"))
    form_late_table(heat)
    path = reverse("heats:round-seating", kwargs={"event": "wbc", "round": "1"})
    rows = xlsx_rows(Client().get(path, {"_export": "xlsx", "_table": "tables"}))
    assert rows[0] == ["Table", "Seat", "Player", "Badge", "Late table"]
    assert sorted({(r[0], r[4]) for r in rows[1:]}) == [
        (1, None),
        (2, None),
        (3, "late"),
    ]
    assert [r[1] for r in rows[1:] if r[0] == 3] == [1, 2, 3, 4, 5]
    csv_export = Client().get(path, {"_export": "csv", "_table": "names"})
    assert ZOE in {r[0] for r in csv_rows(csv_export)}
    assert heat.kind == RoundKind.HEAT


FORMULA_NAMES = ["-2", "+1+1", "@SUM(1)", '=HYPERLINK("http://x","y")', "'=quoted"]


def test_the_results_export_imports_back_unchanged_with_formula_names(event):
    """formats.md, Results CSV: re-importing the same file changes nothing, and the
    export is the importer's own columns; names a spreadsheet would run keep their
    apostrophe in the file but come back as the names they are. (A file names a
    player "'=quoted" as "''=quoted", the export's own spelling.)"""
    rows = [
        f"1,1,{csv_cell(neutralise(name))},{60 - i}"
        for i, name in enumerate(FORMULA_NAMES)
    ]
    import_results(event, "heat,table,player,final\n" + "\n".join(rows) + "\n")
    path = reverse("scoring:standings", kwargs={"event": event.slug})
    response = Client().get(path, {"_export": "csv", "_table": "results"})
    exported = response.content.decode("utf-8")
    assert "'-2" in exported  # still neutralised for spreadsheets
    summary = import_results(event, exported)
    assert summary.tables_unchanged == 1 and not summary.changed
    copy = new_event("copy", "A copy")
    import_results(copy, exported)
    names = sorted(Player.objects.filter(event=copy).values_list("name", flat=True))
    assert names == sorted(FORMULA_NAMES)


def csv_cell(text: object) -> str:
    buffer = io.StringIO()
    csv.writer(buffer).writerow([text])
    return buffer.getvalue().strip()
