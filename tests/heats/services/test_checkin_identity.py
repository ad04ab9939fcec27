"""The check-in desk's identity rule (heats.services.checkin_identity): a badge
identifies a player; a typed name matching players asks unless a suggestion was
picked; "New player" and a typed badge are obeyed; a pasted unknown badge makes
a new player; several namesakes are never resolved to the first."""

from __future__ import annotations

import pytest

from heats.core.errors import UserError
from heats.models import Entry, EntryStatus, Player, Round, RoundKind
from heats.services.checkin import check_in, check_in_typed
from heats.services.checkin_identity import DeskLine, SamePersonError

pytestmark = pytest.mark.django_db


@pytest.fixture
def heat3(event) -> Round:
    """Heat 3 of an event whose heats 1 and 2 were played."""
    for number in (1, 2, 3):
        rnd = Round.objects.create(event=event, kind=RoundKind.HEAT, number=number)
    return rnd


def played(event, player: Player, *heats: int, status=EntryStatus.CHECKED_IN):
    for number in heats:
        rnd = event.rounds.get(kind=RoundKind.HEAT, number=number)
        Entry.objects.create(round=rnd, player=player, status=status)


def checked_in(rnd: Round) -> list[tuple[str, str]]:
    return sorted(rnd.entries.values_list("player__name", "player__badge"))


def test_a_typed_name_of_one_player_asks_with_badge_and_heats(event, heat3):
    john = Player.objects.create(event=event, name="John Smith", badge="1001")
    played(event, john, 1)
    played(event, john, 2, status=EntryStatus.ABSENT)  # not played
    with pytest.raises(SamePersonError) as asked:
        check_in_typed(heat3, DeskLine("john  smith"))
    assert [(c.player_id, c.badge, c.heats) for c in asked.value.candidates] == [
        (john.pk, "1001", (1,))
    ]
    assert asked.value.problems == ["John Smith (#1001), heat 1"]
    assert not heat3.entries.exists()
    assert Player.objects.count() == 1


def test_the_picked_suggestion_is_checked_in_without_asking(event, heat3):
    Player.objects.create(event=event, name="John Smith", badge="1001")
    second = Player.objects.create(event=event, name="John Smith", badge="1002")
    report = check_in_typed(heat3, DeskLine("John Smith", "1002", second.pk))
    assert [p.pk for p in report.checked_in] == [second.pk]


def test_a_pick_beside_a_badge_that_is_not_theirs_is_refused(event, heat3):
    john = Player.objects.create(event=event, name="John Smith", badge="1001")
    with pytest.raises(UserError, match="badge 2187 is not theirs"):
        check_in_typed(heat3, DeskLine("John Smith", "2187", john.pk))
    assert not heat3.entries.exists()


def test_a_pick_of_another_events_player_is_unknown(event, other_event, heat3):
    stranger = Player.objects.create(event=other_event, name="John Smith")
    with pytest.raises(UserError, match="Unknown player"):
        check_in_typed(heat3, DeskLine("John Smith", "", stranger.pk))


def test_a_typed_unknown_badge_makes_a_new_player_beside_the_namesake(event, heat3):
    john = Player.objects.create(event=event, name="John Smith")
    played(event, john, 1)
    report = check_in_typed(heat3, DeskLine("John Smith", "2187"))
    assert [(p.name, p.badge) for p in report.created] == [("John Smith", "2187")]
    assert checked_in(heat3) == [("John Smith", "2187")]
    john.refresh_from_db()
    assert john.badge == ""  # never re-badged


def test_a_typed_known_badge_is_its_player(event, heat3):
    john = Player.objects.create(event=event, name="John Smith", badge="2187")
    Player.objects.create(event=event, name="John Smith", badge="1001")
    report = check_in_typed(heat3, DeskLine("John Smith", "2187"))
    assert [p.pk for p in report.checked_in] == [john.pk]
    report = check_in_typed(heat3, DeskLine("#2187"))
    assert [p.pk for p in report.already] == [john.pk]


def test_a_typed_badge_of_someone_else_names_who_has_it(event, heat3):
    Player.objects.create(event=event, name="Ann Lee", badge="2187")
    with pytest.raises(UserError) as refused:
        check_in_typed(heat3, DeskLine("John Smith", "2187", new=True))
    assert refused.value.message == ("Badge 2187 belongs to Ann Lee, not 'John Smith'.")
    assert Player.objects.count() == 1


def test_new_player_ticked_is_obeyed_beside_a_badged_namesake(event, heat3):
    john = Player.objects.create(event=event, name="John Smith", badge="1001")
    report = check_in_typed(heat3, DeskLine("John Smith", new=True))
    assert [(p.name, p.badge) for p in report.created] == [("John Smith", "")]
    assert not john.entries.exists()


def test_new_player_ticked_beside_a_namesake_without_badge_needs_a_badge(event, heat3):
    Player.objects.create(event=event, name="John Smith")
    with pytest.raises(UserError, match="type the new player's badge"):
        check_in_typed(heat3, DeskLine("John Smith", new=True))
    report = check_in_typed(heat3, DeskLine("John Smith", "2187", new=True))
    assert [(p.name, p.badge) for p in report.created] == [("John Smith", "2187")]


def test_two_badged_namesakes_and_no_badge_ask_listing_both(event, heat3):
    first = Player.objects.create(event=event, name="John Smith", badge="1001")
    second = Player.objects.create(event=event, name="John Smith", badge="1002")
    played(event, first, 1)
    played(event, second, 1, 2)
    with pytest.raises(SamePersonError) as asked:
        check_in_typed(heat3, DeskLine("John Smith"))
    assert asked.value.problems == [
        "John Smith (#1001), heat 1",
        "John Smith (#1002), heats 1, 2",
    ]
    assert not heat3.entries.exists()


def test_a_pasted_unknown_badge_makes_a_new_player_never_a_new_badge(event, heat3):
    john = Player.objects.create(event=event, name="John Smith")
    report = check_in(heat3, [("John Smith", "2187")])
    assert [(p.name, p.badge) for p in report.created] == [("John Smith", "2187")]
    john.refresh_from_db()
    assert john.badge == ""
    assert not john.entries.exists()


def test_a_pasted_name_of_one_player_is_that_player(event, heat3):
    john = Player.objects.create(event=event, name="John Smith", badge="1001")
    report = check_in(heat3, [("John Smith", "")])
    assert [p.pk for p in report.checked_in] == [john.pk]


@pytest.mark.parametrize("first_badge", ["", "1001"])
def test_a_pasted_name_of_several_players_is_never_the_first(event, heat3, first_badge):
    Player.objects.create(event=event, name="John Smith", badge=first_badge)
    Player.objects.create(event=event, name="John Smith", badge="1002")
    with pytest.raises(UserError) as refused:
        check_in(heat3, [("Ann Lee", ""), ("John Smith", "")])
    shown = "John Smith (no badge)" if not first_badge else "John Smith (#1001)"
    assert refused.value.problems == [
        "line 2: Several players are called 'John Smith': give a badge, or check "
        "them in one by one.",
        f"{shown}, no heat yet",
        "John Smith (#1002), no heat yet",
    ]
    assert not heat3.entries.exists()
    assert not Player.objects.filter(name="Ann Lee").exists()


def test_a_pasted_badge_of_someone_else_is_refused(event, heat3):
    Player.objects.create(event=event, name="Ann Lee", badge="2187")
    with pytest.raises(UserError, match="Badge 2187 belongs to Ann Lee"):
        check_in(heat3, [("John Smith", "2187")])
