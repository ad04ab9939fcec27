"""Held results do not leak through the spreadsheets (issue: integrity): a table
whose results have rules warnings no GM has acknowledged (rules.md, Verifying, 1)
is left out of the public CSV/XLSX exports and the printables, as it is left
out of the pages and feeds: one rule
(``scoring.queries.event_results.held_tables``) decides what is public."""

from __future__ import annotations

import csv
import io

import pytest

from heats.models import Round, RoundKind, Seat
from heats.services.seating import seat_round
from scoring.queries.printing import render
from scoring.services.rules_checks import acknowledge_check
from tests.scoring.queries.test_printing import pages
from tests.scoring.services.test_held_results import TYPO, enter, held_heat

pytestmark = pytest.mark.django_db


@pytest.fixture
def heat(event) -> Round:
    return held_heat(event)


def exported(client, path: str) -> list[dict]:
    response = client.get(path)
    assert response.status_code == 200
    text = response.content.decode("utf-8-sig")
    return list(csv.DictReader(io.StringIO(text)))


def tables_in(rows: list[dict]) -> set[tuple[str, str]]:
    return {(row["heat"], row["table"]) for row in rows}


@pytest.mark.parametrize(
    "path",
    ["/e/wbc/heat/1/?_export=csv&_table=results", "/e/wbc/?_export=csv&_table=results"],
)
def test_a_table_being_checked_is_not_in_the_public_results_file(
    heat, gm, client, path
):
    rows = exported(client, path)
    # Table 1 entered cleanly is public; table 2 (1004 typed for 104) is held.
    assert tables_in(rows) == {("1", "1")}
    assert "1004" not in {row["final"] for row in rows}
    acknowledge_check(heat.tables.get(number=2), gm)
    rows = exported(client, path)
    assert tables_in(rows) == {("1", "1"), ("1", "2")}
    assert "1004" in {row["final"] for row in rows}


def test_the_laurels_file_waits_for_a_final_being_checked(heat, gm, client):
    final = Round.objects.create(event=heat.event, kind=RoundKind.FINAL, number=1)
    players = [s.player for s in Seat.objects.filter(round=heat, table__number=1)]
    seat_round(final, seed=1, players=players)
    enter(final.tables.get(), TYPO)
    assert exported(client, "/e/wbc/?_export=csv&_table=laurels") == []
    acknowledge_check(final.tables.get(), gm)
    rows = exported(client, "/e/wbc/?_export=csv&_table=laurels")
    assert [row["Place"] for row in rows][:1] == ["1"]


def test_the_printed_bracket_and_report_print_what_is_public(heat, gm):
    """The bracket is posted beside the standings: a table being checked prints
    as owing its results there too, and prints its scores once acknowledged."""
    event = heat.event
    for kind in ("bracket", "report"):
        text = "\n".join(pages(render(event, kind).content))
        assert "1004" not in text, kind
    acknowledge_check(heat.tables.get(number=2), gm)
    report = "\n".join(pages(render(event, "report").content))
    assert "1004" in report
