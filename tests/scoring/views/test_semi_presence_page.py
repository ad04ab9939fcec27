"""The semi-final page's check-in (issue 17, item 3): a tick box per player, "All
present", one Save; then one "Publish changes" naming who gains and who loses a
seat; the automatic publication setting (GMs). Demo event: see
tests/scoring/services/test_semi_presence.py."""

from __future__ import annotations

import html
import re

import pytest
from django.contrib.auth import get_user_model

from heats.models import AuditEntry, EntryStatus, Player
from scoring.models import PublishedList
from scoring.queries import published
from scoring.queries.event_results import event_advancement
from scoring.queries.rounds import semi_round
from scoring.services import semi_final as rounds
from tests.support.versions import post_with_version

pytestmark = pytest.mark.django_db

SEMI = "/e/demo/gm/semi/"
GREER = "Greer Eastwick"


@pytest.fixture
def demo_gm(client, demo_event):
    user = get_user_model().objects.create_user("demo-gm", password="x-pass-1")
    demo_event.gms.add(user)
    client.force_login(user)
    return user


def page_of(client) -> str:
    return html.unescape(client.get(SEMI).content.decode())


def form_fields(page: str) -> dict:
    """The check-in form's fields as the page sends them: version and shown."""
    form = page.split('id="semi-presence"')[1].split("</form>")[0]
    return {
        "version": re.search(r'name="version" value="([^"]*)"', form).group(1),
        "shown": re.findall(r'name="shown" value="(\d+)"', form),
    }


def test_every_player_not_seated_has_a_tick_box_sent_with_one_form(client, demo_gm):
    page = page_of(client)
    boxes = re.findall(r'<input class="form-check-input semi-present"[^>]*>', page)
    rows = event_advancement(Player.objects.first().event)
    # 25 on the list, the next alternates, the six absent no-shows.
    count = len(rows.qualifiers) + len(rows.next_alternates) + len(rows.skipped)
    assert len(boxes) == count
    assert all('form="semi-presence"' in box for box in boxes)
    assert not any("checked" in box for box in boxes)
    assert len(form_fields(page)["shown"]) == count
    assert 'id="all-present"' in page and ">Save check-in<" in page
    assert ">Present<" not in page  # no button per player any more


def test_all_present_marks_every_listed_player_in_one_post(client, demo_gm, demo_event):
    fields = form_fields(page_of(client))
    response = client.post(
        SEMI + "presence/", {**fields, "all_present": "1"}, follow=True
    )
    text = html.unescape(response.content.decode())
    assert "Semi-final check-in saved: present: " in text
    semi = semi_round(demo_event)
    present = set(
        semi.entries.filter(status=EntryStatus.CHECKED_IN).values_list(
            "player_id", flat=True
        )
    )
    assert present == {int(pk) for pk in fields["shown"]}
    assert AuditEntry.objects.filter(action="semi-presence").count() == 1
    boxes = re.findall(r'<input class="form-check-input semi-present"[^>]*>', text)
    assert boxes and all("checked" in box for box in boxes)


def test_one_save_then_one_publish_changes_box(client, demo_gm, demo_event):
    post_with_version(client, SEMI, SEMI + "publish/")
    fields = form_fields(page_of(client))
    greer = Player.objects.get(event=demo_event, name=GREER)
    # Everyone listed is here but Greer; the six no-shows stay absent.
    absent = {
        e.player_id for e in semi_round(demo_event).entries.filter(status="absent")
    }
    here = [pk for pk in fields["shown"] if int(pk) not in absent | {greer.pk}]
    data = {**fields, "present": here, "absent_rest": "1"}
    response = client.post(SEMI + "presence/", data, follow=True)
    text = html.unescape(response.content.decode())
    assert "Called in: Marlo Juniper." in text
    assert f"absent: {GREER} (#1249)." in text
    assert f"No longer on the list: {GREER}." in text
    box = text.split('id="list-changes"')[1].split("</div>")[0]
    assert "Gains a seat: Marlo Juniper." in box
    assert f"Loses a seat: {GREER}." in box
    assert 'id="publish-button">Publish changes<' in text
    client.post(SEMI + "publish/", {"version": _list_version(text)})
    assert PublishedList.objects.count() == 2
    assert "The published list is up to date" in page_of(client)


def _list_version(page: str) -> str:
    form = page.split("semi/publish/")[1].split("</form>")[0]
    return re.search(r'name="version" value="([^"]*)"', form).group(1)


def test_a_save_from_a_stale_page_changes_nothing(client, demo_gm, demo_event):
    fields = form_fields(page_of(client))
    greer = Player.objects.get(event=demo_event, name=GREER)
    rounds.mark_semi(demo_event, greer, True)  # another GM, meanwhile
    response = client.post(
        SEMI + "presence/", {**fields, "all_present": "1"}, follow=True
    )
    assert "changed while this page was open" in response.content.decode()
    semi = semi_round(demo_event)
    assert semi.entries.filter(status=EntryStatus.CHECKED_IN).count() == 1


def test_an_assistant_saves_check_in_but_not_the_setting(client, demo_event):
    assistant = get_user_model().objects.create_user("asst", password="x-pass-1")
    demo_event.assistants.add(assistant)
    client.force_login(assistant)
    page = page_of(client)
    assert 'id="semi-presence"' in page
    fields = form_fields(page)
    client.post(SEMI + "presence/", {**fields, "all_present": "1"})
    assert semi_round(demo_event).entries.filter(status="in").exists()
    response = client.post(SEMI + "auto-publish/", {"auto_publish": "on"})
    assert response.status_code == 403
    assert not published.auto_publish_on(demo_event)


def test_the_gm_turns_automatic_publication_on(client, demo_gm, demo_event):
    page = page_of(client)
    assert 'id="auto-publish-form"' in page
    form = page.split('id="auto-publish-form"')[1].split("</form>")[0]
    version = re.search(r'name="version" value="([^"]*)"', form).group(1)
    response = client.post(
        SEMI + "auto-publish/",
        {"auto_publish": "on", "version": version},
        follow=True,
    )
    assert "now published again automatically" in response.content.decode()
    assert published.auto_publish_on(demo_event)
    assert AuditEntry.objects.filter(action="auto-publish").count() == 1
    # The same page sent again (its version is stale): refused, still on.
    response = client.post(SEMI + "auto-publish/", {"version": version}, follow=True)
    assert "changed while this page was open" in response.content.decode()
    assert published.auto_publish_on(demo_event)
    # With it on, a save publishes the changes at once.
    post_with_version(client, SEMI, SEMI + "publish/")
    fields = form_fields(page_of(client))
    greer = Player.objects.get(event=demo_event, name=GREER)
    listed = [q.player for q in event_advancement(demo_event).qualifiers]
    data = {**fields, "present": [p for p in listed if p != greer.pk]}
    # Greer not ticked, marked absent: Marlo Juniper gains her seat.
    data["absent_rest"] = "1"
    text = html.unescape(
        client.post(SEMI + "presence/", data, follow=True).content.decode()
    )
    assert "The list was published again automatically." in text
    assert "The published list is up to date" in text
