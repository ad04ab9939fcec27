"""Correcting players (scoring/services/players.py): a typo'd name renamed, one person
checked in under two names merged; the published list follows, the counts of
tournament.md (Advancement, 1: participants and the half cap) come right."""

from __future__ import annotations

import pytest

from heats.core.errors import UserError
from heats.models import AuditEntry, Entry, KeepApart, Player, Seat
from heats.permissions import NotAllowed
from scoring.queries import published as published_list
from scoring.queries.event_results import event_advancement, player_names
from scoring.queries.published import latest_published, published_json
from scoring.queries.rounds import semi_round
from scoring.services import publishing
from scoring.services.players import merge_players, rename_player
from scoring.services.results_import.write import import_results
from tests.support.concurrency import at_once

pytestmark = pytest.mark.django_db

# Two heats of two tables; "Jon Smith" (heat 2) is Cal (heat 1) typed wrong.
CSV = """heat,table,player,final
1,1,Ann,100
1,1,Bea,80
1,1,Cal,60
1,1,Dan,40
1,2,Eve,90
1,2,Fay,70
1,2,Gus,50
1,2,Hal,30
2,1,Jon Smith,95
2,1,Ivy,85
2,1,Kim,75
2,1,Lee,65
2,2,Bea,88
2,2,Fay,66
2,2,Mo,44
2,2,Ned,22
"""


@pytest.fixture
def played(event):
    import_results(event, CSV)
    return event


def named(event, name: str) -> Player:
    return Player.objects.get(event=event, name=name)


def published(event, part: str = "qualifiers") -> list[str]:
    """The names on the public list's ``part``, as the standings show them."""
    latest = latest_published(event)
    shown = published_json(latest, player_names(event))
    return [row["player"] for row in shown[part]]


def test_merging_counts_one_person_once(played, gm):
    # 14 names played: cap 7. Cal and Jon Smith are one person: 13, cap 6.
    before = event_advancement(played)
    assert (before.participants, before.cap) == (14, 7)
    kept = merge_players(played, named(played, "Cal"), named(played, "Jon Smith"), gm)
    after = event_advancement(played)
    assert (after.participants, after.cap) == (13, 6)
    # Cal now holds heat 1's third place and heat 2's win: a heat winner.
    winners = {after.name(p) for p in after.winners}
    assert "Cal" in winners and "Jon Smith" not in winners
    assert sorted(
        Seat.objects.filter(player=kept).values_list("round__number", flat=True)
    ) == [1, 2]
    assert sorted(
        Entry.objects.filter(player=kept).values_list("round__number", flat=True)
    ) == [1, 2]
    assert not Player.objects.filter(event=played, name="Jon Smith").exists()
    entry = AuditEntry.objects.filter(event=played, action="merge").get()
    assert "Merged Jon Smith into Cal" in entry.detail


def test_two_people_seated_in_one_round_are_not_merged(played, gm):
    with pytest.raises(UserError, match="both seated in the same round"):
        merge_players(played, named(played, "Ann"), named(played, "Bea"), gm)
    assert Player.objects.filter(event=played, name="Bea").exists()


def test_merge_moves_keep_apart_pairs(played, gm):
    cal, jon, ivy = (named(played, n) for n in ("Cal", "Jon Smith", "Ivy"))
    KeepApart.objects.create(event=played, player_a=jon, player_b=ivy)
    KeepApart.objects.create(event=played, player_a=cal, player_b=jon)
    merge_players(played, cal, jon, gm)
    pairs = {frozenset((p.player_a_id, p.player_b_id)) for p in KeepApart.objects.all()}
    assert pairs == {frozenset((cal.pk, ivy.pk))}


def test_a_rename_keeps_the_published_list_up_to_date(played, gm):
    publishing.publish(played, event_advancement(played), gm)
    assert "Jon Smith" in published(played)
    rename_player(played, named(played, "Jon Smith"), "John Smith", user=gm)
    assert "John Smith" in published(played)
    assert "Jon Smith" not in published(played)
    latest = latest_published(played)
    changes = published_list.changes(latest, event_advancement(played))
    assert (changes.gains, changes.losses) == ([], [])
    entry = AuditEntry.objects.filter(event=played, action="rename").get()
    assert entry.detail.startswith("Renamed Jon Smith to John Smith")


def test_a_rename_onto_another_players_name_points_to_merge(played, gm):
    with pytest.raises(UserError, match="merge Jon Smith into Cal"):
        rename_player(played, named(played, "Jon Smith"), "  cal ", user=gm)


def test_rename_refuses_empty_and_too_long_names(played, gm):
    jon = named(played, "Jon Smith")
    with pytest.raises(UserError, match="empty"):
        rename_player(played, jon, " \u200b ", user=gm)
    with pytest.raises(UserError, match="at most 120"):
        rename_player(played, jon, "x" * 121, user=gm)


def test_assistants_may_not_correct_players(played, assistant):
    with pytest.raises(NotAllowed):
        rename_player(played, named(played, "Jon Smith"), "John Smith", user=assistant)
    with pytest.raises(NotAllowed):
        merge_players(
            played, named(played, "Cal"), named(played, "Jon Smith"), assistant
        )


def test_the_players_page_corrects_and_merges(played, gm, client):
    client.force_login(gm)
    page = client.get(f"/e/{played.slug}/gm/players/")
    assert page.status_code == 200
    assert "14 player records" in page.content.decode()  # 14 names played
    jon, cal = named(played, "Jon Smith"), named(played, "Cal")
    response = client.post(
        f"/e/{played.slug}/gm/players/rename/",
        {
            "player": jon.pk,
            "name": "John Smith",
            "badge": "",
            "next": "/e/t/gm/players/",
        },
        follow=True,
    )
    assert "Jon Smith is now John Smith." in response.content.decode()
    # An empty badge field keeps the badge: a badge typed sets it.
    client.post(
        f"/e/{played.slug}/gm/players/rename/",
        {"player": cal.pk, "name": "Cal", "badge": "1469"},
    )
    client.post(
        f"/e/{played.slug}/gm/players/rename/",
        {"player": cal.pk, "name": "Cal Vee", "badge": ""},
    )
    assert str(named(played, "Cal Vee")) == "Cal Vee (#1469)"
    response = client.post(
        f"/e/{played.slug}/gm/players/merge/",
        {"duplicate": jon.pk, "kept": cal.pk},
        follow=True,
    )
    assert (
        "John Smith and Cal Vee (#1469) are now one player: Cal Vee (#1469)."
        in response.content.decode()
    )
    assert Player.objects.filter(event=played).count() == 13


def test_a_refused_merge_says_why_on_the_players_page(played, gm, client):
    client.force_login(gm)
    ann, bea = named(played, "Ann"), named(played, "Bea")
    url = f"/e/{played.slug}/gm/players/"
    response = client.post(
        url + "merge/", {"duplicate": bea.pk, "kept": ann.pk, "next": url}, follow=True
    )
    assert response.redirect_chain[-1][0] == url
    assert "both seated in the same round" in response.content.decode()
    assert Player.objects.filter(event=played).count() == 14


def test_a_player_merged_meanwhile_is_refused_not_a_server_error(played, gm):
    # Two GMs' pages were drawn before either merged: the second finds Jon Smith
    # gone.
    cal, jon = named(played, "Cal"), named(played, "Jon Smith")
    stale_cal, stale_jon = named(played, "Cal"), named(played, "Jon Smith")
    merge_players(played, cal, jon, gm)
    with pytest.raises(UserError, match="no longer a player record"):
        merge_players(played, stale_cal, stale_jon, gm)
    with pytest.raises(UserError, match="no longer a player record"):
        rename_player(played, stale_jon, "John Smith", user=gm)
    assert AuditEntry.objects.filter(action="merge").count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_gms_merging_one_pair_at_once(played, gm):
    # Each GM's request loaded both records before either merged.
    pairs = [(named(played, "Cal"), named(played, "Jon Smith")) for _ in range(2)]
    outcomes = at_once(lambda i: merge_players(played, *pairs[i], gm), 2)
    refused = [o.error for o in outcomes if o.error is not None]
    assert len(refused) == 1 and isinstance(refused[0], UserError)
    assert Player.objects.filter(event=played).count() == 13


def test_merging_two_published_winners_lists_the_person_once(played, gm):
    # Ann won heat 1 table 1 and "Jon Smith" heat 2 table 1, both on the
    # published final of 4. One person: one seat on the posted list, and the
    # live list gives the freed seat to the best second place, Ivy (85 of 95,
    # 89.5%; Fay 70 of 90 is 77.8%; Bea is a winner), for the GM to publish.
    publishing.publish(played, event_advancement(played), gm)
    assert published(played) == ["Ann", "Eve", "Jon Smith", "Bea"]
    merge_players(played, named(played, "Ann"), named(played, "Jon Smith"), gm)
    assert published(played) == ["Ann", "Eve", "Bea"]
    latest = latest_published(played)
    changes = published_list.changes(latest, event_advancement(played))
    assert (changes.gains, changes.losses) == (["Ivy"], [])


def test_a_merged_qualifier_is_no_longer_a_next_alternate(played, gm):
    # Kim (heat 2, third: next alternate 3 on the published list) is Eve, heat
    # 1's table 2 winner.
    publishing.publish(played, event_advancement(played), gm)
    assert published(played, "next_alternates") == ["Ivy", "Fay", "Kim"]
    merge_players(played, named(played, "Eve"), named(played, "Kim"), gm)
    assert published(played) == ["Ann", "Eve", "Jon Smith", "Bea"]
    assert published(played, "next_alternates") == ["Ivy", "Fay"]


SEVEN_TIED = "heat,table,player,final\n" + "".join(
    f"1,{t},P{t}{s},{100 - 10 * s}\n" for t in range(1, 8) for s in range(4)
)


def qualifier_ids(event) -> set[int]:
    names = {q.label for q in event_advancement(event).qualifiers}
    return set(
        Player.objects.filter(event=event, name__in=names).values_list("pk", flat=True)
    )


def test_a_corrected_name_keeps_its_die_rolls(event, gm):
    """Seven heat winners with equal records for six seats: HMW comes down to the
    die roll from the recorded seed (Advancement, 2.8 and 7). Correcting names
    (the one cut and one seated) changes nobody's place: the rolls belong to the
    player, not to the spelling."""
    import_results(event, SEVEN_TIED)
    before = qualifier_ids(event)
    winners = set(
        Player.objects.filter(event=event, name__endswith="0").values_list(
            "pk", flat=True
        )
    )
    assert len(before) == 6 and before < winners
    (cut,) = winners - before
    seated = min(before)
    cut_name = Player.objects.get(pk=cut).name
    rename_player(event, Player.objects.get(pk=cut), "Zed Renamed", user=gm)
    rename_player(event, Player.objects.get(pk=seated), "Amy Renamed", user=gm)
    assert qualifier_ids(event) == before
    assert Player.objects.get(pk=cut).draw_key == cut_name


def test_a_merge_keeps_the_more_present_check_in(demo_event, no_shows, gm):
    """A heat winner marked absent from the semi-final (the demo's no-shows) who
    checks in again under a new spelling is present once the records are merged:
    they are a qualifier again (Advancement, 3 and 9)."""
    from scoring.services import semi_final as rounds

    demo_event.gms.add(gm)
    winner = named(demo_event, no_shows[0].split(" (#")[0])
    assert str(winner) not in {
        q.label for q in event_advancement(demo_event).qualifiers
    }
    typo = Player.objects.create(event=demo_event, name=winner.name + "x")
    rounds.mark_semi(demo_event, typo, True, gm)
    merge_players(demo_event, winner, typo, gm)
    semi = semi_round(demo_event)
    assert semi.entries.get(player=winner).status == "in"
    assert winner.name in {q.label for q in event_advancement(demo_event).qualifiers}


def test_the_players_page_leaves_out_absent_marks(demo_event, no_shows):
    """A heat winner marked absent from the semi-final (demo no-shows) was not
    checked in to it: the Players page lists their heats only."""
    from scoring.views.gm_players import player_rows

    rows = {row["player"]: row for row in player_rows(demo_event)}
    absent = rows[no_shows[0]]
    assert "SF" not in absent["rounds"].split()
    assert absent["rounds"] == absent["seated"]  # their heats, as seated
