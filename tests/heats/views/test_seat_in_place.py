"""Seat on the round page is answered in place (htmx; "The GM's desk",
item 7): its form names the parts it takes from the answer, and each of them is
on the round page once, before the seating and after it, so the swap always
has both ends. The semi-final's and final's Seat post as pages (their pages
have no such parts)."""

from __future__ import annotations

import re

import pytest

from heats.form_parts import SEAT_CHANGES
from heats.forms import SeatForm
from heats.services.checkin import check_in
from tests.heats.conftest import names

pytestmark = pytest.mark.django_db

ROUND = "/e/wbc/gm/round/1/"
SEAT = "/e/wbc/gm/round/1/seat/"
PARTS = ("#round-seating", *SEAT_CHANGES)


def seat_form(page: str) -> str:
    found = re.search(r'<form[^>]*id="seat-form"[^>]*>', page)
    assert found, "no Seat form"
    return found.group(0)


def ids(page: str, part: str) -> int:
    return page.count(f'id="{part.removeprefix("#")}"')


@pytest.mark.parametrize("seated", [False, True])
def test_every_part_seat_takes_is_on_the_page_once(gm_client, heat, seated):
    check_in(heat, names(10))
    if seated:
        gm_client.post(SEAT, {"state": ""})
    page = gm_client.get(ROUND).content.decode()
    form = seat_form(page)
    assert f'hx-post="{SEAT}"' in form
    assert 'hx-select="#round-seating"' in form
    assert f'hx-select-oob="{",".join(SEAT_CHANGES)}"' in form
    assert 'hx-sync="this:drop"' in form
    assert {part: ids(page, part) for part in PARTS} == dict.fromkeys(PARTS, 1)
    assert "js/in_place" in page


def test_the_seat_form_holds_no_part_it_is_swapped_into(gm_client, heat):
    """The form lies inside the seating part it is swapped with, never inside
    a part taken out of band (which would then hold a second Seat form)."""
    check_in(heat, names(10))
    page = gm_client.get(ROUND).content.decode()
    seating = page.index('id="round-seating"')
    assert seating < page.index('id="seat-form"')
    for part in SEAT_CHANGES:
        assert ids(page.split('id="seat-form"')[1].split("</form>")[0], part) == 0


def test_seat_without_javascript_still_redirects_to_the_page(gm_client, heat):
    check_in(heat, names(10))
    response = gm_client.post(SEAT, {"state": ""})
    assert response.status_code == 302
    assert response["Location"] == ROUND
    heat.refresh_from_db()
    assert heat.seated_at is not None


def test_a_seat_form_elsewhere_posts_as_a_page():
    """``SeatForm`` as the semi-final and final pages build it (no ``in_place``)."""
    attrs = SeatForm(action="/e/wbc/gm/semi/seat/", confirm="Seat?").helper.attrs
    assert attrs == {"data-confirm": "Seat?"}


def test_a_question_about_seating_too_soon_is_marked_for_the_clock():
    """``early``: the question is dropped by the clock once the seating is due
    (static/js/clock.js); a question about seating again is never dropped."""
    soon = SeatForm(action="/s/", confirm="2 minutes are not up?", early=True)
    again = SeatForm(action="/s/", confirm="Seat again?")
    assert soon.helper.attrs == {
        "data-confirm": "2 minutes are not up?",
        "data-seat-early": "1",
    }
    assert again.helper.attrs == {"data-confirm": "Seat again?"}


def test_the_top_of_the_page_jumps_to_check_in_and_to_the_seating(gm_client, heat):
    """At 390 px Seat lies below the whole check-in list, and from the name
    field it is dozens of Tabs away: two links at the top go to each part."""
    page = gm_client.get(ROUND).content.decode()
    jump = page.split('id="round-jump"')[1].split("</nav>")[0]
    for target in ("checkin-heading", "seat-heading"):
        assert f'href="#{target}"' in jump
        assert ids(page, target) == 1
