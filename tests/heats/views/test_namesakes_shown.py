"""The round page tells namesakes apart as the public pages do: "John Smith
(#2187)" wherever another player of the event is called John Smith (its table
cards and check-in list); a name nobody shares stays as it is."""

from __future__ import annotations

import pytest
from django.urls import reverse

from heats.models import Player
from heats.services.checkin import check_in
from heats.services.seating import seat_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def seated_namesakes(heat):
    """Heat 1 seated: two John Smiths (#1001, #2187) and Ann, Ben, Cy (no badges)."""
    check_in(
        heat,
        [("John Smith", "1001"), ("John Smith", "2187"), ("Ann", ""), ("Ben", "")]
        + [("Cy", "7")],
    )
    seat_round(heat, seed=1)
    return heat


def test_table_cards_and_the_check_in_list_show_the_namesakes_badges(
    gm_client, seated_namesakes
):
    url = reverse("heats:round-detail", kwargs={"event": "wbc", "round": "1"})
    # A seated round's check-in list is drawn when asked for (its link).
    html = gm_client.get(url + "?checkin-page=1").content.decode()
    cards = html.split('id="table-cards"')[1].split("</ol>")[0]
    assert "John Smith (#1001)" in cards and "John Smith (#2187)" in cards
    assert ">Cy<" in cards  # a badge shown only beside a namesake
    checkin = html.split('id="checkin-table"')[1].split("</table>")[0]
    assert "John Smith (#1001)" in checkin and "John Smith (#2187)" in checkin
    assert "Cy (#7)" not in checkin


def test_a_namesake_arriving_later_badges_the_first_on_the_round_page(gm_client, heat):
    check_in(heat, [("John Smith", "1001"), ("Ann", "")])
    url = reverse("heats:round-detail", kwargs={"event": "wbc", "round": "1"})
    assert "John Smith (#1001)" not in gm_client.get(url).content.decode()
    Player.objects.create(event=heat.event, name="John Smith", badge="2187")
    assert "John Smith (#1001)" in gm_client.get(url).content.decode()
