"""Rules each round keeps whatever the page or command asks: the final and the
semi-final take no walk-in check-ins, late tables or swaps with outsiders
(tournament.md, Semi-final and final: "no alternates advance to the final"), and
check-in lines are matched to the right person."""

from __future__ import annotations

import pytest

from heats.core.errors import UserError
from heats.models import Entry, Player, Round, RoundKind
from heats.services.checkin import check_in
from heats.services.seating import form_late_table, seat_round, swap_seats
from tests.heats.conftest import names

pytestmark = pytest.mark.django_db


@pytest.fixture
def final(event) -> Round:
    return Round.objects.create(event=event, kind=RoundKind.FINAL)


@pytest.mark.parametrize("kind", [RoundKind.FINAL, RoundKind.SEMI])
def test_the_final_and_semi_take_no_walk_in_check_in(event, kind):
    rnd = Round.objects.create(event=event, kind=kind)
    with pytest.raises(UserError):
        check_in(rnd, names(5))
    assert not Entry.objects.exists()


def test_the_final_has_no_late_table_nor_swap_with_an_outsider(event, final):
    players = [Player.objects.create(event=event, name=f"F{i}") for i in range(5)]
    seat_round(final, seed=1, players=players)
    outsider = Player.objects.create(event=event, name="Alternate")
    Entry.objects.create(round=final, player=outsider, status="late")
    with pytest.raises(UserError, match="Late tables are for heats only"):
        form_late_table(final)
    with pytest.raises(UserError, match="only seated players swap"):
        swap_seats(final, players[0], outsider)
    assert final.tables.count() == 1
    assert outsider not in [s.player for s in final.seats.all()]


def test_a_known_badge_typed_alone_checks_its_player_in(heat):
    ann = Player.objects.create(event=heat.event, name="Ann Lee", badge="1204")
    report = check_in(heat, [("1204", ""), ("#1204", "")])
    assert report.checked_in == [ann]
    assert Player.objects.count() == 1


def test_a_badge_of_someone_else_is_refused(heat):
    Player.objects.create(event=heat.event, name="Ann Lee", badge="1204")
    with pytest.raises(UserError, match="Badge 1204 belongs to Ann Lee"):
        check_in(heat, [("Bo Bell", "1204")])
    assert not Entry.objects.exists()


def test_overlong_names_and_badges_are_refused_whole(heat):
    with pytest.raises(UserError) as info:
        check_in(heat, [("Ok Name", ""), ("x" * 121, ""), ("Bo", "9" * 41)])
    assert info.value.problems == [
        "line 2: the name is longer than 120 characters",
        "line 3: the badge is longer than 40 characters",
    ]
    assert not Player.objects.exists()
