"""A namesake checked in later changes nothing for the player already there
(tournament.md, Advancement, 7 and 9): her die rolls are seeded by her
``Player.draw_key``, set when she was created, and the published list names her
by id, not by how the pages tell the two apart ("Ann Lee" becomes "Ann Lee (#12)"
once a second Ann Lee exists)."""

from __future__ import annotations

from heats.models import Player
from heats.queries.desk import round_seats
from heats.services.checkin import check_in
from heats.services.events import get_round
from scoring.queries import printing, room
from scoring.queries.event_results import event_advancement, event_draw, player_names
from scoring.queries.published import changes, latest_published
from scoring.queries.standings import standings
from scoring.services import publishing
from scoring.services.players import rename_player
from scoring.services.results_import.write import import_results

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
    """Player ids of the seated winners, then the cut winners, in list order."""
    result = event_advancement(event)
    return [q.player for q in result.qualifiers] + [
        a.player for a in result.alternates if a.percent is None
    ]


def published_place(event, player: Player) -> tuple[str, int, str] | None:
    """(part, position, name shown) of ``player`` on the public list."""
    posted = standings(event).posted
    for part in ("qualifiers", "alternates", "next_alternates"):
        for position, row in enumerate(posted[part], start=1):
            if row["player_id"] == player.pk:
                return part, position, row["player"]
    return None


def test_a_namesake_checked_in_later_keeps_the_first_ones_die_roll(event, gm):
    import_results(event, SEVEN_TIED)
    first = ann(event)
    assert player_names(event)[first.pk] == "Ann Lee"
    roll = event_draw(event).roll("hmw", first.pk)
    order = hmw_order(event)

    check_in(get_round(event, "2", create=True), [("Ann Lee", "99")], user=gm)

    second = Player.objects.get(event=event, badge="99")
    names = player_names(event)
    assert (names[first.pk], names[second.pk]) == ("Ann Lee (#12)", "Ann Lee (#99)")
    assert event_draw(event).roll("hmw", first.pk) == roll
    assert hmw_order(event) == order
    assert (ann(event).draw_key, second.draw_key) == ("Ann Lee", "Ann Lee (#99)")


def test_a_namesake_checked_in_later_keeps_the_first_ones_published_place(event, gm):
    import_results(event, SEVEN_TIED)
    first = ann(event)
    publishing.publish(event, event_advancement(event), gm)
    part, position, shown = published_place(event, first)
    assert shown == "Ann Lee"

    check_in(get_round(event, "2", create=True), [("Ann Lee", "99")], user=gm)

    assert published_place(event, first) == (part, position, "Ann Lee (#12)")
    published = latest_published(event)
    assert not changes(published, event_advancement(event))
    assert not standings(event).changed


def test_every_seating_names_a_namesake_as_the_standings_do(event, gm):
    """The kiosk, the phone view, the seating page and the printed assignments
    read one loader (``round_seats``) and tell namesakes of the event apart as
    the standings do, even when the other Ann Lee plays another round."""
    import_results(event, SEVEN_TIED)
    check_in(get_round(event, "2", create=True), [("Ann Lee", "99")], user=gm)
    heat1, first = get_round(event, "1"), ann(event)
    assert player_names(event)[first.pk] == "Ann Lee (#12)"
    shown = {row.player_id: row.shown for row in round_seats(heat1)}
    assert shown[first.pk] == "Ann Lee (#12)"
    kiosk_tables = room.round_seating(heat1).tables
    assert "Ann Lee (#12)" in kiosk_tables[0][2]
    printed = printing.round_print(event, "1", "http://x").tables
    assert "Ann Lee (#12)" in printed[0].players


def test_a_new_player_never_takes_a_draw_key_kept_by_a_renamed_one(event, gm):
    """Ann, renamed Bea, keeps the rolls of "Ann"; a new Ann checked in later
    draws with another key (unique in the event), so the two never share a roll."""
    heat = get_round(event, "1", create=True)
    check_in(heat, [("Ann", "")], user=gm)
    first = Player.objects.get(event=event, name="Ann")
    rename_player(event, first, "Bea", user=gm)
    check_in(heat, [("Ann", "")], user=gm)
    second = Player.objects.get(event=event, name="Ann")
    assert (Player.objects.get(pk=first.pk).draw_key, second.draw_key) == (
        "Ann",
        "Ann [2]",
    )
