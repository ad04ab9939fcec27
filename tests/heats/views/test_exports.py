"""CSV/XLSX exports: formula cells neutralised; the audit log newest first (CSV
files start with a byte-order mark, read here as "utf-8-sig")."""

from __future__ import annotations

import csv
import io

import openpyxl
import pytest
from django.urls import reverse

from heats.exports import neutralise
from heats.services.checkin import check_in
from heats.services.seating import seat_round
from tests.heats.conftest import names

pytestmark = pytest.mark.django_db

DANGEROUS = '=HYPERLINK("http://x")'


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("=1+1", "'=1+1"),
        ("+44 123", "'+44 123"),
        ("-5", "'-5"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        ("   =1", "'   =1"),
        ("'=1", "''=1"),
        ("'t Hart", "'t Hart"),
        ("Ann Lee", "Ann Lee"),
        ("a=b", "a=b"),
        (-5, -5),
        (None, None),
    ],
)
def test_neutralise(value, expected):
    assert neutralise(value) == expected


def export(client, path: str, table: str, fmt: str):
    return client.get(path, {"_export": fmt, "_table": table})


def test_checkin_csv_neutralises_formula_names(gm_client, heat):
    check_in(heat, [(DANGEROUS, ""), ("Ann Lee", "1204")])
    path = reverse("heats:round-detail", kwargs={"event": "wbc", "round": "1"})
    response = export(gm_client, path, "checkin", "csv")
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == ["Player", "Badge", "Status", "Checked in"]
    assert sorted(r[0] for r in rows[1:]) == ["'" + DANGEROUS, "Ann Lee"]


def test_seating_exports_by_name_as_csv_and_xlsx(client, heat):
    check_in(heat, [(DANGEROUS, "")] + names(9))
    seat_round(heat, seed=1)
    path = reverse("heats:round-seating", kwargs={"event": "wbc", "round": "1"})
    rows = list(
        csv.reader(
            io.StringIO(
                export(client, path, "names", "csv").content.decode("utf-8-sig")
            )
        )
    )
    assert rows[0] == ["Player", "Badge", "Table", "Seat"]
    assert len(rows) == 11
    assert rows[1][0] == "'" + DANGEROUS  # "=" sorts before letters
    xlsx = export(client, path, "tables", "xlsx")
    sheet = openpyxl.load_workbook(io.BytesIO(xlsx.content)).active
    values = [c.value for c in sheet["C"]][1:]
    # A typed text cell: the name as it is, no apostrophe (see the test below).
    assert DANGEROUS in values
    assert all(c.data_type != "f" for c in sheet["C"])


def test_audit_log_lists_changes_newest_first_and_exports(gm_client, heat, gm):
    gm_client.post(
        reverse("heats:round-checkin", kwargs={"event": "wbc", "round": "1"}),
        {"name": "Ann"},
    )
    check_in(heat, [("Ben", "")])
    page = gm_client.get(reverse("heats:audit", kwargs={"event": "wbc"}))
    text = page.content.decode("utf-8-sig")
    assert text.index("Ben checked in") < text.index("Ann checked in")
    rows = list(
        csv.reader(
            io.StringIO(
                gm_client.get(
                    reverse("heats:audit", kwargs={"event": "wbc"}), {"_export": "csv"}
                ).content.decode("utf-8-sig")
            )
        )
    )
    assert rows[0] == ["When", "Who", "What", "Detail"]
    assert [r[1:] for r in rows[1:]] == [
        ["(command)", "check-in", "Ben checked in to Heat 1"],
        ["gm", "check-in", "Ann checked in to Heat 1"],
    ]


def test_xlsx_shows_formula_names_as_typed_in_text_cells(gm_client, heat):
    """XLSX cells are typed: a name like "-2" or "=1+1" is a text cell with the
    quote prefix, read as the name itself, not "'-2", and never a formula."""
    formulas = ["=1+1", "-2", "@SUM(1)", "+44 123"]
    check_in(heat, [(name, "") for name in formulas])
    path = reverse("heats:round-detail", kwargs={"event": "wbc", "round": "1"})
    response = export(gm_client, path, "checkin", "xlsx")
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    cells = {row[0].value: row[0] for row in sheet.iter_rows(min_row=2)}
    assert sorted(cells) == sorted(formulas)
    assert {c.data_type for c in cells.values()} == {"s"}
    assert all(c.quotePrefix for c in cells.values())
