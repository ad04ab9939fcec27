"""Semi-final check-in in one save (issue 17, item 3), and the event's automatic
publication of the list.

The demo event (data/demo/README.md, tournament.md, Advancement): 24 winners
present, a semi-final of 25 with one alternate, Drew Penrose (96.9%); Marlo
Juniper (95.6%) is the next alternate. A winner marked absent (23 present) keeps
the size at 25, so Marlo takes the seat (Advancement, 1 and 3).
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from heats.core.errors import UserError
from heats.models import AuditEntry, EntryStatus, Player
from heats.permissions import NotAllowed
from heats.queries.versions import StaleFormError, form_version
from scoring.models import PublishedList
from scoring.queries import published
from scoring.queries.event_results import event_advancement
from scoring.queries.rounds import semi_round
from scoring.services import publishing
from scoring.services import semi_final as rounds
from scoring.services.results_import.write import import_results

pytestmark = pytest.mark.django_db

GREER = "Greer Eastwick"  # won heat 1 table 10 (Drew Penrose second)


@pytest.fixture
def demo_gm(demo_event):
    user = get_user_model().objects.create_user("demo-gm", password="x-pass-1")
    demo_event.gms.add(user)
    return user


def qualifier_ids(event) -> list[int]:
    return [q.player for q in event_advancement(event).qualifiers]


def labels(event) -> list[str]:
    return [q.label for q in event_advancement(event).qualifiers]


def status(event, name: str) -> str | None:
    semi = semi_round(event)
    entry = semi.entries.filter(player__name=name).first()
    return entry.status if entry else None


def test_one_save_marks_every_ticked_player_present_with_one_audit_entry(
    demo_event, demo_gm
):
    ids = qualifier_ids(demo_event)
    before = AuditEntry.objects.count()
    changes = rounds.save_semi_presence(demo_event, ids, set(ids), user=demo_gm)
    assert len(changes.present) == 25
    semi = semi_round(demo_event)
    present = semi.entries.filter(status=EntryStatus.CHECKED_IN)
    assert sorted(present.values_list("player_id", flat=True)) == sorted(ids)
    assert AuditEntry.objects.count() == before + 1
    entry = AuditEntry.objects.get(action="semi-presence")
    assert entry.user == demo_gm
    assert entry.detail.startswith("Semi-final check-in: present: ")
    assert sorted(entry.data["present"]) == sorted(ids)


def test_the_players_not_ticked_are_marked_absent_when_asked(demo_event, demo_gm):
    ids = qualifier_ids(demo_event)
    greer = Player.objects.get(event=demo_event, name=GREER)
    changes = rounds.save_semi_presence(
        demo_event, ids, set(ids) - {greer.pk}, absent_rest=True, user=demo_gm
    )
    assert [p.name for p in changes.absent] == [GREER]
    assert status(demo_event, GREER) == EntryStatus.ABSENT
    after = labels(demo_event)
    assert GREER not in after and "Marlo Juniper" in after and len(after) == 25


def test_unticking_a_present_player_clears_the_check_in(demo_event, demo_gm):
    ids = qualifier_ids(demo_event)
    rounds.save_semi_presence(demo_event, ids, set(ids), user=demo_gm)
    greer = Player.objects.get(event=demo_event, name=GREER)
    changes = rounds.save_semi_presence(
        demo_event, ids, set(ids) - {greer.pk}, user=demo_gm
    )
    assert [p.name for p in changes.cleared] == [GREER]
    assert status(demo_event, GREER) is None
    # Not checked in is not absent: the seat stays Greer's.
    assert GREER in labels(demo_event)


def test_an_absent_player_ticked_is_present_again(demo_event, demo_gm):
    # One of the six no-shows (data/demo/no_shows.txt), marked absent.
    absent = semi_round(demo_event).entries.filter(status="absent")[0].player
    rounds.save_semi_presence(demo_event, [absent.pk], {absent.pk}, user=demo_gm)
    assert status(demo_event, absent.name) == EntryStatus.CHECKED_IN
    assert absent.name in labels(demo_event)


def test_nothing_changed_writes_nothing(demo_event, demo_gm):
    ids = qualifier_ids(demo_event)
    rounds.save_semi_presence(demo_event, ids, set(ids), user=demo_gm)
    before = AuditEntry.objects.count()
    changes = rounds.save_semi_presence(demo_event, ids, set(ids), user=demo_gm)
    assert not changes
    assert AuditEntry.objects.count() == before


def test_a_save_from_a_stale_page_is_refused(demo_event, demo_gm):
    version = form_version(demo_event, rounds.SEMI_PRESENCE)
    greer = Player.objects.get(event=demo_event, name=GREER)
    rounds.mark_semi(demo_event, greer, False, demo_gm)  # another GM's mark
    ids = qualifier_ids(demo_event)
    with pytest.raises(StaleFormError, match="The semi-final check-in changed"):
        rounds.save_semi_presence(
            demo_event, ids, set(ids), user=demo_gm, version=version
        )
    assert not semi_round(demo_event).entries.filter(status="in").exists()


def test_seated_players_are_left_as_they_are(demo_event, demo_gm):
    rounds.seat_semi(demo_event, seed=1, user=demo_gm)
    ids = qualifier_ids(demo_event)
    changes = rounds.save_semi_presence(
        demo_event, ids, set(), absent_rest=True, user=demo_gm
    )
    assert not changes
    assert semi_round(demo_event).seats.count() == 25


def test_a_player_of_another_event_is_refused(demo_event, demo_gm, event):
    stranger = Player.objects.create(event=event, name="Elsewhere")
    with pytest.raises(UserError, match="not in this event"):
        rounds.save_semi_presence(
            demo_event, [stranger.pk], {stranger.pk}, user=demo_gm
        )


# --- automatic publication ---------------------------------------------------------


def test_automatic_publication_is_off_by_default(demo_event, demo_gm):
    publishing.publish(demo_event, user=demo_gm)
    ids = qualifier_ids(demo_event)
    greer = Player.objects.get(event=demo_event, name=GREER)
    rounds.save_semi_presence(
        demo_event, ids, set(ids) - {greer.pk}, absent_rest=True, user=demo_gm
    )
    assert PublishedList.objects.count() == 1


def test_a_presence_save_publishes_the_list_again_when_on(demo_event, demo_gm):
    publishing.set_auto_publish(demo_event, True, demo_gm)
    publishing.publish(demo_event, user=demo_gm)
    ids = qualifier_ids(demo_event)
    greer = Player.objects.get(event=demo_event, name=GREER)
    changes = rounds.save_semi_presence(
        demo_event, ids, set(ids) - {greer.pk}, absent_rest=True, user=demo_gm
    )
    assert changes.published == PublishedList.objects.first()
    assert PublishedList.objects.count() == 2
    entry = AuditEntry.objects.filter(action="publish").first()
    assert entry.detail.startswith("Published the semi-final list automatically")
    assert entry.data == {"gains": ["Marlo Juniper"], "losses": [GREER]}
    assert entry.user == demo_gm


def test_no_automatic_publication_before_the_first_one(demo_event, demo_gm):
    publishing.set_auto_publish(demo_event, True, demo_gm)
    ids = qualifier_ids(demo_event)
    changes = rounds.save_semi_presence(demo_event, ids, set(ids), user=demo_gm)
    assert changes.published is None
    assert not PublishedList.objects.exists()


def test_a_single_mark_publishes_again_when_on(demo_event, demo_gm):
    publishing.set_auto_publish(demo_event, True, demo_gm)
    publishing.publish(demo_event, user=demo_gm)
    greer = Player.objects.get(event=demo_event, name=GREER)
    rounds.mark_semi(demo_event, greer, False, demo_gm)
    assert PublishedList.objects.count() == 2


def _heat1_table10_with(event, drew: int) -> str:
    from heats.models import Table

    table = Table.objects.get(round__event=event, round__number=1, number=10)
    rows = ["heat,table,seat,player,badge,day1,day2,final"]
    for seat in table.seats.select_related("player", "record").order_by("number"):
        r = seat.record
        final = drew if seat.player.name == "Drew Penrose" else r.final
        rows.append(
            f"1,10,{seat.number},{seat.player.name},{seat.player.badge},"
            f"{r.day1},{r.day2},{final}"
        )
    return "\n".join(rows) + "\n"


def test_a_result_change_publishes_the_list_again_only_when_on(
    demo_event, demo_gm, django_capture_on_commit_callbacks
):
    """Drew Penrose corrected from 94 to 93 of 97 (95.9%) keeps his seat but
    not his published reason; corrected to 80 (82.5%) he falls below Marlo
    Juniper (95.6%), who gains his seat (test_publishing). Off (the default),
    the correction waits for the GM; on, it is published at once."""
    publishing.publish(demo_event, user=demo_gm)
    with django_capture_on_commit_callbacks(execute=True):
        import_results(demo_event, _heat1_table10_with(demo_event, 93), replace=True)
    assert PublishedList.objects.count() == 1
    publishing.set_auto_publish(demo_event, True, demo_gm)
    with django_capture_on_commit_callbacks(execute=True):
        import_results(demo_event, _heat1_table10_with(demo_event, 80), replace=True)
    assert PublishedList.objects.count() == 2
    entry = AuditEntry.objects.filter(action="publish").first()
    assert entry.data == {"gains": ["Marlo Juniper"], "losses": ["Drew Penrose"]}
    assert "automatically" in entry.detail


def test_the_setting_is_a_gms_versioned_and_logged(demo_event, demo_gm):
    assistant = get_user_model().objects.create_user("asst", password="x-pass-1")
    demo_event.assistants.add(assistant)
    with pytest.raises(NotAllowed):
        publishing.set_auto_publish(demo_event, True, assistant)
    version = form_version(demo_event, publishing.AUTO_PUBLISH)
    assert publishing.set_auto_publish(demo_event, True, demo_gm, version)
    assert published.auto_publish_on(demo_event)
    with pytest.raises(StaleFormError):
        publishing.set_auto_publish(demo_event, False, demo_gm, version)
    assert published.auto_publish_on(demo_event)
    entry = AuditEntry.objects.get(action="auto-publish")
    assert entry.user == demo_gm and "on" in entry.detail
