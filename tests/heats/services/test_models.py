"""Database constraints refuse what must never happen (tournament.md, Words)."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from heats.models import Player, Round, Seat, Table
from scoring.models import PlayerRecord

pytestmark = pytest.mark.django_db


@pytest.fixture
def heat(event):
    return Round.objects.create(event=event, kind="heat", number=1)


@pytest.fixture
def two_tables(heat):
    return (
        Table.objects.create(round=heat, number=1),
        Table.objects.create(round=heat, number=2),
    )


def refused(make) -> bool:
    try:
        with transaction.atomic():
            make()
    except IntegrityError:
        return True
    return False


def test_a_player_cannot_sit_twice_in_one_round(event, two_tables):
    ann = Player.objects.create(event=event, name="Ann")
    Seat.objects.create(table=two_tables[0], number=1, player=ann)
    assert refused(
        lambda: Seat.objects.create(table=two_tables[1], number=1, player=ann)
    )


def test_two_players_cannot_share_a_seat(event, two_tables):
    ann = Player.objects.create(event=event, name="Ann")
    ben = Player.objects.create(event=event, name="Ben")
    Seat.objects.create(table=two_tables[0], number=3, player=ann)
    assert refused(
        lambda: Seat.objects.create(table=two_tables[0], number=3, player=ben)
    )


def test_scores_cannot_be_negative(event, two_tables):
    ann = Player.objects.create(event=event, name="Ann")
    seat = Seat.objects.create(table=two_tables[0], number=1, player=ann)
    assert refused(lambda: PlayerRecord.objects.create(seat=seat, final=-1, place=1))
    assert refused(
        lambda: PlayerRecord.objects.create(seat=seat, day1=-3, final=10, place=1)
    )
    PlayerRecord.objects.create(seat=seat, day1=0, day2=0, final=0, place=1)


def test_player_identity_is_badge_else_normalised_name(event):
    Player.objects.create(event=event, name="  Ann   Arbor ")
    assert Player.objects.get().name == "Ann Arbor"
    assert refused(lambda: Player.objects.create(event=event, name="ann arbor"))
    # Two people may share a name when badges tell them apart.
    Player.objects.create(event=event, name="Ann Arbor", badge="101")
    Player.objects.create(event=event, name="Ann Arbor", badge="102")
    assert refused(lambda: Player.objects.create(event=event, name="Bo", badge="101"))


def test_a_round_exists_once_per_event(event, heat):
    assert refused(lambda: Round.objects.create(event=event, kind="heat", number=1))
