"""The round page's layout figure wraps inside its card on a 1366-pixel laptop
screen (issue "The GM's desk", item 5): 100 players make 20 tables, a figure
of 39 characters ("5+5+…+5") that was cut at the card's edge."""

from __future__ import annotations

import pytest

from heats.models import Round, RoundKind
from heats.services.checkin import check_in
from tests.e2e.conftest import CHROMIUM, close_orm_connection, gm_logs_in

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is missing"),
]


def test_a_long_layout_figure_wraps_inside_its_card(browser, live_server, gm_event):
    heat = Round.objects.create(event=gm_event, kind=RoundKind.HEAT, number=1)
    check_in(heat, [(f"Player {i:03d}", "") for i in range(1, 101)])
    close_orm_connection()
    page = gm_logs_in(browser, live_server.url, "/e/wbc/gm/round/1/")
    page.set_viewport_size({"width": 1366, "height": 900})
    figure = page.locator("#layout")
    assert figure.inner_text() == "+".join(["5"] * 20)  # 100 players, 20 tables
    fits = figure.evaluate(
        "el => { const card = el.closest('.card').getBoundingClientRect();"
        " const box = el.getBoundingClientRect();"
        " return el.scrollWidth <= el.clientWidth && box.right <= card.right; }"
    )
    assert fits, "the layout figure runs past its card"
