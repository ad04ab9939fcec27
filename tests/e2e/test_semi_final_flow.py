"""Browser test: the semi-final and a short final (Playwright, Chromium).

The demo event (25 in the semi-final, Drew Penrose the one alternate called,
Marlo Juniper next): the GM seats the semi-final, a qualifier does not show up
and Marlo takes the seat, both alternates win their semi-final tables, so only
3 semi-final winners may play the final (no alternate advances, seed 001); the
final page offers the best runner-up, the GM adds them and seats the final.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from heats.models import Event, Seat
from scoring.queries.result_check import SeatScores
from scoring.queries.rounds import semi_round
from scoring.services import results
from tests.e2e.conftest import CHROMIUM, close_orm_connection, gm_logs_in

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is missing"),
]

ALTERNATES = ("Drew Penrose", "Marlo Juniper")


@pytest.fixture
def demo(transactional_db, settings):
    from scoring.services.demo import load_demo

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    load_demo("demo", with_gm=False)
    event = Event.objects.get(slug="demo")
    user = get_user_model().objects.create_user("gm", password="gm-password-1")
    event.gms.add(user)
    return event


def semi_seats(event):
    return list(
        Seat.objects.filter(round__event=event, round__kind="semi")
        .select_related("player", "table")
        .order_by("table__number", "number")
    )


def play_table(table, top: str | None, second_final: int) -> dict[str, int]:
    """``top`` (or seat 1's heat winner) scores 120, the next heat winner
    ``second_final``, the rest 40, 39, ...; returns the finals by name."""
    names = [s.player.name for s in table.seats.order_by("number")]
    top = top or next(n for n in names if n not in ALTERNATES)
    second = next(n for n in names if n != top and n not in ALTERNATES)
    rest = iter(range(40, 0, -1))
    finals = {
        n: 120 if n == top else second_final if n == second else next(rest)
        for n in names
    }
    seats = table.seats.select_related("player").order_by("number")
    results.save_table_results(
        table, [SeatScores(s.number, None, None, finals[s.player.name]) for s in seats]
    )
    return finals


def test_a_no_show_is_replaced_and_a_short_final_gets_the_best_runner_up(
    live_server, browser, demo
):
    page = gm_logs_in(
        browser, live_server.url, "/e/demo/gm/semi/", height=1000, timeout=15_000
    )
    page.on("dialog", lambda dialog: dialog.accept())

    page.click("#seat-form [type=submit]")
    page.wait_for_selector("#table-cards")
    seats = semi_seats(demo)
    assert len(seats) == 25
    drew_table = next(s.table for s in seats if s.player.name == "Drew Penrose")
    no_show = next(
        s for s in seats if s.table != drew_table and s.player.name not in ALTERNATES
    )

    # Marlo Juniper, the next alternate, is present; the no-show is replaced.
    page.check("tr:has-text('Marlo Juniper') >> input.semi-present")
    page.click("#save-presence")
    page.wait_for_selector("tr:has-text('Marlo Juniper') >> text=present")
    assert "(Marlo Juniper)" in page.inner_text("#id_alternate")
    page.select_option("#id_player", str(no_show.player_id))
    page.click("#no-show-form [type=submit]")
    page.wait_for_selector("text=marked absent; Marlo Juniper")
    assert no_show.player.name in page.inner_text(".alert-success")
    marlo = Seat.objects.get(round__kind="semi", player__name="Marlo Juniper")
    assert (marlo.table_id, marlo.number) == (no_show.table_id, no_show.number)
    card = page.inner_text(f"#table-{no_show.table.number}")
    assert "Marlo Juniper" in card and no_show.player.name not in card

    # Both alternates win their tables; Drew's runner-up scores 117 of 120
    # (97.5%), the best runner-up; the others 100 of 120 (83.3%).
    best = ""
    for table in semi_round(demo).tables.order_by("number"):
        names = [s.player.name for s in table.seats.all()]
        top = next((n for n in names if n in ALTERNATES), None)
        finals = play_table(table, top, 117 if table == drew_table else 100)
        if table == drew_table:
            best = next(n for n, f in finals.items() if f == 117)
    close_orm_connection()

    page.goto(f"{live_server.url}/e/demo/gm/final/")
    assert "Only 3 semi-final winners can play the final" in page.inner_text(
        "#short-final"
    )
    offer = page.inner_text("#fill-runners-up")
    assert best in offer and "97.5% of the winner" in offer
    assert page.locator("#seat-form").count() == 0
    page.click("#fill-runners-up [type=submit]")
    note = f"Final: 3 semi-final winners + {best} (runner-up, 97.5%) added by the GM"
    page.wait_for_selector("#final-fill-note")
    assert note in page.inner_text("#final-fill-note")
    page.click("#seat-form [type=submit]")
    page.wait_for_selector("#table-cards")
    final = page.inner_text("#table-1")
    assert best in final
    assert not any(name in final for name in ALTERNATES)
    assert page.locator("#table-1 li").count() == 4

    public = browser.new_page()
    public.goto(f"{live_server.url}/e/demo/")
    assert note in public.inner_text("#final-note")
