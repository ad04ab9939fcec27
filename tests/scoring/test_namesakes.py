"""A namesake checked in later changes nothing for the player already there
(tournament.md, Advancement, 7 and 9): her die rolls are seeded by her
``Player.draw_key``, set when she was created, not by how the pages tell the two
apart ("Ann Lee" becomes "Ann Lee (#12)" once a second Ann Lee exists)."""

from __future__ import annotations

from heats.models import Player
from heats.services import check_in, get_round
from scoring.services import event_advancement, event_draw, player_keys
from scoring.services.imports import import_results

# Seven heat winners with equal records (every margin 10, one heat each) for six
# seats: the HMW order comes down to the die (Advancement, 2.8). Ann Lee, badge
# 12, wins table 1.
SEVEN_TIED = "heat,table,player,badge,final\n" + "".join(
    f"1,{t},{'Ann Lee' if (t, s) == (1, 0) else f'P{t}{s}'},"
    f"{'12' if (t, s) == (1, 0) else ''},{100 - 10 * s}\n"
    for t in range(1, 8)
    for s in range(4)
)


def ann(event) -> Player:
    return Player.objects.get(event=event, badge="12")


def hmw_order(event) -> list[int]:
    """Player ids of the seated winners and the cut winners, in list order."""
    ids = {key: pk for pk, key in player_keys(event).items()}
    result = event_advancement(event)
    return [ids[q.player] for q in result.qualifiers] + [
        ids[a.player] for a in result.alternates if a.percent is None
    ]


def test_a_namesake_checked_in_later_keeps_the_first_ones_die_roll(event, gm):
    import_results(event, SEVEN_TIED)
    first = ann(event)
    assert player_keys(event)[first.pk] == "Ann Lee"
    roll = event_draw(event).roll("hmw", "Ann Lee")
    order = hmw_order(event)

    check_in(get_round(event, "2", create=True), [("Ann Lee", "99")], user=gm)

    second = Player.objects.get(event=event, badge="99")
    keys = player_keys(event)
    assert (keys[first.pk], keys[second.pk]) == ("Ann Lee (#12)", "Ann Lee (#99)")
    assert event_draw(event).roll("hmw", "Ann Lee (#12)") == roll
    assert hmw_order(event) == order
    assert (ann(event).draw_key, second.draw_key) == ("Ann Lee", "Ann Lee (#99)")
