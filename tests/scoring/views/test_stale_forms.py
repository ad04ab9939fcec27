"""A GM form that edits shared state carries the version it was drawn from and
is refused when another GM changed that state since, naming the change; a form
drawn after the change goes through (issue 16, item 2; heats.queries.versions).

Each scenario is two GMs of the demo event: A opens a page, B changes the state
A's form edits, then A submits the form as drawn.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from heats.models import AuditEntry, EntryStatus, Player
from scoring.models import FinalFill, ListPart, PublishedList, SemiFinalOverride
from scoring.queries import final as finals
from scoring.queries.event_results import event_advancement
from scoring.queries.published import latest_published
from scoring.queries.rounds import semi_round
from scoring.services import semi_final as rounds
from scoring.services import substitutes
from scoring.services.final_seating import decide_final_fill, mark_final_absent
from tests.scoring.views.test_gm_semi_final import play_semi

pytestmark = pytest.mark.django_db


def login(event, username: str) -> tuple[Client, object]:
    user = get_user_model().objects.create_user(username, password="pw-123456789")
    event.gms.add(user)
    client = Client()
    client.force_login(user)
    return client, user


@pytest.fixture
def two_gms(demo_event):
    """(A's client, B's client, B's user) for the demo event."""
    a, _ = login(demo_event, "gm-a")
    b, b_user = login(demo_event, "gm-b")
    return a, b, b_user


def form_fields(page, action: str) -> dict[str, str]:
    """The hidden fields of the page's first form posting to ``action``."""
    html = page.content.decode()
    match = re.search(
        r'<form[^>]*action="' + re.escape(action) + r'"[^>]*>(.*?)</form>', html, re.S
    )
    assert match, f"no form posting to {action}"
    return dict(
        re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', match[1])
    )


def said(response) -> str:
    return " ".join(str(m) for m in get_messages(response.wsgi_request))


def by_name(event, name: str) -> Player:
    return Player.objects.get(event=event, name=name)


def url(name: str, **kwargs) -> str:
    return reverse(f"scoring:{name}", kwargs={"event": "demo", **kwargs})


def test_a_stale_override_does_not_drop_another_gms_added_player(two_gms, demo_event):
    a, b, _ = two_gms
    action = url("semi-override")
    drawn = form_fields(a.get(url("semi")), action)["version"]
    marlo = "Marlo Juniper"  # the next alternate, not on the list (demo README)
    page_b = b.get(url("semi"))
    b.post(action, {"size": "", "added": marlo, **form_fields(page_b, action)})
    added = SemiFinalOverride.objects.get(event=demo_event).added
    assert list(added.values_list("name", flat=True)) == [marlo]

    # A, from the page opened before, changes only the size.
    refused = a.post(action, {"size": "30", "added": "", "version": drawn})
    assert refused.url == url("semi")  # back to the page, which shows it as it is
    text = said(refused)
    assert "The semi-final override changed while this page was open" in text
    assert "gm-b at " in text and f"added {marlo}" in text
    override = SemiFinalOverride.objects.get(event=demo_event)
    assert (override.size, [p.name for p in override.added.all()]) == (None, [marlo])

    # Drawn again, the same change goes through and keeps nothing stale.
    fresh = form_fields(a.get(url("semi")), action)["version"]
    a.post(action, {"size": "30", "added": marlo, "version": fresh})
    override.refresh_from_db()
    assert override.size == 30


def test_publish_refuses_a_list_that_changed_since_the_page(two_gms, demo_event):
    a, b, _ = two_gms
    action = url("semi-publish")
    drawn = form_fields(a.get(url("semi")), action)["version"]
    first = event_advancement(demo_event).qualifiers[0].label
    b.post(
        url("semi-mark"),
        {"player": by_name(demo_event, first).pk, "status": "absent"},
    )
    refused = a.post(action, {"version": drawn})
    assert "The semi-final list changed while this page was open" in said(refused)
    assert re.search(f"gm-b at [0-9:]+: {first} .*marked absent", said(refused))
    assert not PublishedList.objects.filter(event=demo_event).exists()

    page = a.get(url("semi"))
    a.post(action, form_fields(page, action))
    published = PublishedList.objects.get(event=demo_event)
    seated = published.entries.filter(part=ListPart.QUALIFIERS)
    assert first not in set(seated.values_list("player__name", flat=True))
    skipped = published.entries.filter(part=ListPart.SKIPPED)
    assert first in set(skipped.values_list("player__name", flat=True))


def test_a_stale_no_show_form_is_refused(two_gms, demo_event):
    a, b, b_user = two_gms
    rounds.seat_semi(demo_event, seed=1)
    marlo = by_name(demo_event, "Marlo Juniper")
    rounds.mark_semi(demo_event, marlo, True)
    action = url("semi-replace")
    page = a.get(url("semi"))
    drawn = form_fields(page, action)["version"]
    qualifiers = event_advancement(demo_event).qualifiers
    first, second = (by_name(demo_event, q.label) for q in qualifiers[:2])
    # B gives Marlo (the only present alternate) the first no-show's seat.
    substitutes.replace_no_show(demo_event, first, user=b_user)
    refused = a.post(action, {"player": second.pk, "alternate": "", "version": drawn})
    text = said(refused)
    assert "open seats and waiting alternates changed while this page" in text
    assert f"takes the seat of {first} (no-show)" in text
    semi = semi_round(demo_event)
    assert semi.seats.filter(player=second).exists()
    assert semi.entries.filter(player=second, status=EntryStatus.ABSENT).count() == 0


@pytest.fixture
def semi_played(demo_event):
    """The demo's semi-final seated and played: five table winners."""
    rounds.seat_semi(demo_event, seed=1)
    play_semi(demo_event, alternates={"Drew Penrose"})
    return demo_event


def test_a_stale_final_absence_is_refused(two_gms, semi_played):
    a, b, b_user = two_gms
    action = url("final-absent")
    drawn = form_fields(a.get(url("final")), action)["version"]
    one, other = finals.final_field(semi_played).players[:2]
    mark_final_absent(semi_played, one, b_user)
    refused = a.post(action, {"player": other.pk, "version": drawn})
    text = said(refused)
    assert "The final's field changed while this page was open" in text
    assert f"{one} marked absent from Final" in text
    assert [p.pk for p in finals.final_field(semi_played).absent] == [one.pk]


def test_a_stale_final_fill_does_not_replace_another_gms_decision(two_gms, semi_played):
    a, b, b_user = two_gms
    winners = finals.final_field(semi_played).players
    for player in winners[3:]:  # three finalists left: a short final
        mark_final_absent(semi_played, player)
    assert len(finals.final_field(semi_played).players) == 3
    action = url("final-fill")
    drawn = form_fields(a.get(url("final")), action)["version"]
    decide_final_fill(semi_played, FinalFill.Kind.RUNNERS_UP, user=b_user)
    refused = a.post(
        action,
        {"kind": FinalFill.Kind.FINAL_OF_THREE, "confirm": "on", "version": drawn},
    )
    assert "The final's field changed while this page was open" in said(refused)
    assert FinalFill.objects.get(event=semi_played).kind == FinalFill.Kind.RUNNERS_UP
    entries = AuditEntry.objects.filter(event=semi_played, action="final-fill")
    assert entries.count() == 1


def test_forms_without_a_version_are_refused_as_stale(two_gms, demo_event):
    """A page that sends no version (a client leaving the hidden field out): what
    it was drawn from cannot be told, so nothing is saved (issue "The GM's
    desk", item 5). Only a command (version ``None``) is not checked."""
    a, _, _ = two_gms
    refused = a.post(url("semi-override"), {"size": "30", "added": ""})
    assert "sent no version of the semi-final override" in said(refused)
    assert not SemiFinalOverride.objects.filter(event=demo_event, size=30).exists()
    refused = a.post(url("semi-publish"))
    assert "sent no version" in said(refused)
    assert latest_published(demo_event) is None
