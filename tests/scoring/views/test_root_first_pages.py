"""Root first on the pages (issue 31): the table page, the GM's result page and
the players' report page show each root finding with the findings that follow
from it folded under it (a <details>, no script needed), count roots only, and
show a time-called hint without asking for an acknowledgement."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from heats.models import Table
from scoring.services.results_import.write import import_results
from scoring.services.rules_checks import attach_scoresheet, refresh_table_check
from tests.conftest import DEMO_DIR
from tests.scoring.views.test_table_report import form_data, report_url

pytestmark = pytest.mark.django_db

PARKER = "Parker Dunmore"


@pytest.fixture
def table(event, demo_csv) -> Table:
    import_results(event, demo_csv)
    return Table.objects.get(round__event=event, round__number=1, number=1)


def attach_extra_good(table: Table) -> None:
    """The level-2 sheet of heat 1 table 1 with one good too many on Parker's
    day-1 ship: 1 root and 10 money lines (test_root_findings.py)."""
    sheet = json.loads((DEMO_DIR / "scoresheets.json").read_text())[0]
    for day in sheet["days"]:
        del day["auctions"], day["fill"]
    sheet["days"][0]["purchases"][PARKER]["cards"].append("cloth:1")
    attach_scoresheet(table, sheet)


def page_of(client, table: Table, name: str) -> str:
    kwargs = {"event": table.round.event.slug, "round": "1", "table": table.number}
    return client.get(reverse(name, kwargs=kwargs)).content.decode()


def folded(html: str) -> list[str]:
    """The text of each <details> of the page."""
    return [
        re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", block)).strip()
        for block in re.findall(r"<details.*?</details>", html, re.S)
    ]


def test_the_table_page_shows_the_root_and_folds_the_money_lines(client, gm, table):
    attach_extra_good(table)
    client.force_login(gm)
    page = page_of(client, table, "scoring:table-detail")
    # The table's check and the scoresheet's list: one root each, 10 folded.
    assert page.count("1 finding<") == 1
    assert "1 rules finding (wbc rules) to check:" in page
    blocks = folded(page)
    assert len(blocks) == 2
    assert all(b.startswith("and 10 money lines that follow from it") for b in blocks)
    root = page.index("day 1, Parker Dunmore: scoresheet (level 2): ship holds 6")
    assert root < page.index("<details")


def test_the_gm_result_page_counts_roots(client, gm, table):
    attach_extra_good(table)
    client.force_login(gm)
    page = page_of(client, table, "scoring:table-results")
    assert "Rules check: 1 warning<" in page
    assert folded(page)[0].startswith("and 10 money lines that follow from it")


def test_a_time_called_hint_asks_for_no_acknowledgement(client, gm, table):
    for seat in table.seats.select_related("record"):
        seat.record.final = seat.record.day2
        seat.record.save()
    refresh_table_check(table)
    client.force_login(gm)
    page = page_of(client, table, "scoring:table-results")
    assert "Rules check: no warnings, a hint" in page
    assert 'set "Time called on day" to 2' in page.replace("&quot;", '"')
    assert "Acknowledge: the scores stand" not in page


def test_the_report_page_folds_a_table_total_under_the_seats_slip(client, heat_table):
    data = form_data(heat_table, [220, 95, 85, 75, 65])
    days = {1: (200, 210), 2: (35, 60), 3: (30, 60), 4: (25, 60), 5: (20, 60)}
    for seat, (day1, day2) in days.items():
        data[f"day1_{seat}"], data[f"day2_{seat}"] = day1, day2
    url = report_url(heat_table, "scoring:table-report-check")
    answer = client.post(url, data, HTTP_HX_REQUEST="true").content.decode()
    # Seat 1's 200 after day 1 is the slip (a player earns at most 80 on day
    # 1 at five): the table's day-1 gain (+160, at most 140) follows from it.
    assert "Rules check of the values typed: 1 warning" in answer
    assert "gain on day 1: the result says +170" in answer
    (block,) = folded(answer)
    assert block.startswith("1 line that follows from a warning above")
    assert "table gain on day 1: the result says +160 in total" in block
