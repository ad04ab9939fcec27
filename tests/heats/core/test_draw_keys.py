"""Draw keys: the stable seed of each player's die rolls (tournament.md,
Advancement, 7), from ``heats.core.names``. Pure: no database."""

from __future__ import annotations

from heats.core.names import (
    badged_name,
    free_draw_key,
    legacy_draw_keys,
    new_draw_keys,
)


def test_a_name_alone_is_its_own_key_and_a_namesake_is_told_apart_by_badge():
    assert badged_name("Ann Lee", "12", 1) == "Ann Lee"
    assert badged_name("Ann Lee", "12", 2) == "Ann Lee (#12)"
    assert badged_name("Ann Lee", "", 2) == "Ann Lee"


def test_a_lone_new_player_draws_with_the_name():
    assert new_draw_keys([("Ann Lee", "ann lee", "12")], [], []) == ["Ann Lee"]


def test_a_namesake_arriving_later_gets_the_badged_key_and_the_first_keeps_hers():
    # Ann Lee (#12) exists with the key "Ann Lee"; Ann Lee (#99) arrives.
    keys = new_draw_keys([("Ann Lee", "ann lee", "99")], ["ann lee"], ["Ann Lee"])
    assert keys == ["Ann Lee (#99)"]


def test_namesakes_created_together_are_both_badged():
    new = [("Ann Lee", "ann lee", "12"), ("Ann Lee", "ann lee", "99")]
    assert new_draw_keys(new, [], []) == ["Ann Lee (#12)", "Ann Lee (#99)"]


def test_a_key_taken_by_a_renamed_player_is_numbered():
    # "Ann" was renamed "Bea" but keeps the draw key "Ann"; a new Ann arrives.
    assert new_draw_keys([("Ann", "ann", "")], ["bea"], ["Ann"]) == ["Ann [2]"]
    assert free_draw_key("Ann", {"Ann", "Ann [2]"}) == "Ann [3]"


def test_legacy_keys_are_the_keys_the_rolls_had_so_no_past_roll_changes():
    players = [
        (1, "Ann Lee", "ann lee", "12", ""),
        (2, "Ann Lee", "ann lee", "99", ""),
        (3, "Bo", "bo", "", ""),
        (4, "Cy Fixed", "cy fixed", "", "Cy Typo"),
    ]
    assert legacy_draw_keys(players) == {
        1: "Ann Lee (#12)",
        2: "Ann Lee (#99)",
        3: "Bo",
        4: "Cy Typo",
    }


def test_legacy_keys_never_clash():
    # Bo's kept name is Cy's name: the later id gets a number.
    players = [(1, "Bo", "bo", "", "Cy"), (2, "Cy", "cy", "", "")]
    assert legacy_draw_keys(players) == {1: "Cy", 2: "Cy [2]"}
