"""Taking a seated player off their heat table (issue 17, item 5): the question
asked first and the message after say that the check-in is undone, and, for a
player with no other round, that the player record is deleted."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from heats.models import Player
from heats.services.checkin import check_in
from heats.services.seating import seat_round
from tests.heats.conftest import names

pytestmark = pytest.mark.django_db


def url(rnd, name: str = "heats:round-detail") -> str:
    return reverse(name, kwargs={"event": rnd.event.slug, "round": rnd.code})


@pytest.fixture
def seated(heat_23, event):
    """Heat 2 seated 6+6+6+5; "Player 01" also played heat 1, the others are new."""
    heat_23.number = 2
    heat_23.save()
    heat_1 = event.rounds.create(kind="heat", number=1)
    check_in(heat_1, names(1))
    seat_round(heat_23, seed=1)
    return heat_23


def confirm_of(page: str, player: Player) -> str:
    """The question of the "Remove from table" button of ``player``."""
    form = page.split(f'name="player" value="{player.pk}"')[0].rsplit("<form", 1)[1]
    return html.unescape(form.split('data-confirm="')[1].split('"')[0])


def test_the_question_says_the_check_in_is_undone_and_the_record_deleted(
    seated, gm_client
):
    # The check-in list of a seated round, as its "Show" link asks for it.
    page = gm_client.get(url(seated) + "?checkin-page=1").content.decode()
    new = Player.objects.get(name="Player 02")
    assert confirm_of(page, new) == (
        "Take Player 02 off their table? Their check-in is undone, and the others "
        "move up one seat. Player 02 has no other round: the player record is "
        "deleted."
    )
    known = Player.objects.get(name="Player 01")
    assert confirm_of(page, known) == (
        "Take Player 01 off their table? Their check-in is undone, and the others "
        "move up one seat."
    )


def test_the_message_says_what_was_undone(seated, gm_client):
    new = Player.objects.get(name="Player 02")
    seat = seated.seats.get(player=new)
    response = gm_client.post(url(seated, "heats:round-undo"), {"player": new.pk})
    text = html.unescape(gm_client.get(response["Location"]).content.decode())
    assert (
        f"Player 02 taken off table {seat.table.number} and their check-in to "
        f"Heat 2 undone; the players after seat {seat.number} moved up one seat"
    ) in text
    assert "Player 02 had no other round: the player record is deleted." in text
    assert not Player.objects.filter(name="Player 02").exists()

    known = Player.objects.get(name="Player 01")
    response = gm_client.post(url(seated, "heats:round-undo"), {"player": known.pk})
    text = html.unescape(gm_client.get(response["Location"]).content.decode())
    assert "Player 01 taken off table" in text
    assert "Player 01 had no other round" not in text
    assert Player.objects.filter(name="Player 01").exists()
