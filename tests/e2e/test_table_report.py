"""Browser test: a player reports the table's result from the scoresheet's link
on a phone (390×844), nothing is public, and the GM confirms with one press
(issue 20; tournament.md, Reported results).

The link is read from the scoresheet PDF's text layer ("Report your result: …"),
as a phone reads it from the QR code printed beside it.
"""

from __future__ import annotations

import re
from io import BytesIO

import pytest
from pypdf import PdfReader

from heats.models import Round, RoundKind
from heats.services.checkin import check_in
from heats.services.seating import seat_round
from scoring.models import PlayerRecord
from scoring.queries.printing import render
from tests.e2e.conftest import CHROMIUM, close_orm_connection, gm_logs_in

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is missing"),
]

FINALS = [83, 60, 100, 55, 70]  # seat 3 wins with 100


def report_path(event) -> str:
    """Table 1's report path, from the first scoresheet page's text."""
    content = render(event, "scoresheets", round_code="1").content
    text = "".join(PdfReader(BytesIO(content)).pages[0].extract_text().split())
    found = re.search(r"Reportyourresult:https?://[^/]+(/e/\S+?/report/[\w-]+/)", text)
    assert found, text[:500]
    return found[1]


def test_a_player_reports_from_the_scoresheet_link_and_the_gm_confirms(
    live_server, browser, gm_event
):
    heat = Round.objects.create(event=gm_event, kind=RoundKind.HEAT, number=1)
    check_in(heat, [(f"Player {i:02d}", "") for i in range(1, 11)])
    seat_round(heat, seed=1)
    path = report_path(gm_event)
    assert "/round/1/table/1/report/" in path

    phone = browser.new_page(viewport={"width": 390, "height": 844})
    phone.set_default_timeout(10_000)
    phone.goto(live_server.url + path)
    for seat, final in enumerate(FINALS, start=1):
        phone.fill(f"#id_final_{seat}", str(final))
    phone.select_option("#id_reporter", "2")
    phone.click("#submit-id-send")
    phone.wait_for_selector("#report-received")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert not PlayerRecord.objects.filter(seat__round=heat).exists()
    public = browser.new_page()
    public.goto(f"{live_server.url}/e/wbc/heat/1/")
    assert "100" not in public.inner_text("main")  # held: nothing public yet
    public.close()

    gm = gm_logs_in(browser, live_server.url, "/e/wbc/gm/round/1/table/1/reports/")
    gm.wait_for_selector(".table-report")
    gm.click(".table-report button[type=submit]")
    gm.wait_for_load_state()
    records = PlayerRecord.objects.filter(seat__table__round=heat).order_by(
        "seat__number"
    )
    assert [r.final for r in records] == FINALS
    phone.goto(live_server.url + path)  # the link stops once the GM saved
    assert "saved" in phone.inner_text("main").lower()
    gm.close()
    phone.close()
    close_orm_connection()
