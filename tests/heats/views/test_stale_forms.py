"""The Staff and Keep-apart pages' forms carry the version they were drawn from:
a change made from a page opened before another GM's change to the same list is
refused and names that change (issue 16, item 2; heats.queries.versions)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from heats.models import AuditEntry, KeepApart, Player
from heats.queries.versions import StaleFormError, form_version, require_current
from heats.services.keep_apart import KEEP_APART, add_keep_apart, remove_keep_apart
from heats.services.staff import add_staff

pytestmark = pytest.mark.django_db


def gm_client(event, username: str):
    user = get_user_model().objects.create_user(username, password="pw-123456789")
    event.gms.add(user)
    client = Client()
    client.force_login(user)
    return client, user


def url(name: str, **kwargs) -> str:
    return reverse(f"heats:{name}", kwargs={"event": "wbc", **kwargs})


def versions_on(page) -> set[str]:
    """Every form version on the page (all its forms draw from one state)."""
    html = page.content.decode()
    found = re.findall(r'name="version" value="([^"]*)"', html)
    found += re.findall(r'value="([^"]*)" name="version"', html)
    return set(found)


def said(response) -> str:
    return " ".join(str(m) for m in get_messages(response.wsgi_request))


def test_a_stale_staff_form_does_not_undo_another_gms_change(event):
    a, _ = gm_client(event, "gm-a")
    _, b_user = gm_client(event, "gm-b")
    get_user_model().objects.create_user("carol", password="pw-123456789")
    (drawn,) = versions_on(a.get(url("event-staff")))
    add_staff(event, "carol", "assistant", b_user)
    # A, from the page opened before, makes carol a GM.
    refused = a.post(
        url("staff-add"), {"username": "carol", "role": "gm", "version": drawn}
    )
    text = said(refused)
    assert "The event's staff changed while this page was open" in text
    assert "gm-b at " in text and "carol is an assistant GM" in text
    assert event.assistants.filter(username="carol").exists()
    assert not event.gms.filter(username="carol").exists()
    # The Remove buttons carry the same version.
    carol = get_user_model().objects.get(username="carol")
    refused = a.post(url("staff-remove"), {"member": carol.pk, "version": drawn})
    assert "changed while this page was open" in said(refused)
    assert event.assistants.filter(username="carol").exists()
    # Drawn again, the change goes through.
    (fresh,) = versions_on(a.get(url("event-staff")))
    a.post(url("staff-add"), {"username": "carol", "role": "gm", "version": fresh})
    assert event.gms.filter(username="carol").exists()


def test_a_stale_keep_apart_removal_is_refused(event):
    a, _ = gm_client(event, "gm-a")
    _, b_user = gm_client(event, "gm-b")
    ann, ben, cy = (
        Player.objects.create(event=event, name=n, draw_key=n)
        for n in "Ann Ben Cy".split()
    )
    pair = add_keep_apart(event, ann, ben, "siblings")
    page = a.get(url("keep-apart"))
    (drawn,) = versions_on(page)
    # B removes the pair and lists it again with another reason.
    remove_keep_apart(pair, b_user)
    again = add_keep_apart(event, ann, ben, "same club", b_user)
    refused = a.post(url("keep-apart-delete", pk=again.pk), {"version": drawn})
    assert refused.url == url("keep-apart")
    text = said(refused)
    assert "The keep-apart list changed while this page was open" in text
    assert "No longer kept apart" in text and "Keep apart: " in text
    assert KeepApart.objects.filter(pk=again.pk).exists()
    refused = a.post(
        url("keep-apart-add"),
        {"player_a": ann.pk, "player_b": cy.pk, "note": "", "version": drawn},
    )
    assert "changed while this page was open" in said(refused)
    assert KeepApart.objects.filter(event=event).count() == 1
    assert AuditEntry.objects.filter(event=event, action="keep-apart").count() == 3


def test_a_version_names_its_state_and_the_latest_change(event):
    topic = KEEP_APART
    before = form_version(event, topic)
    require_current(event, topic, before)  # nothing changed: no error
    require_current(event, topic, None)  # no version: not checked
    ann, ben = (
        Player.objects.create(event=event, name=n, draw_key=n) for n in ("Ann", "Ben")
    )
    add_keep_apart(event, ann, ben)
    with pytest.raises(StaleFormError) as refused:
        require_current(event, topic, before)
    (line,) = refused.value.problems
    assert re.fullmatch(
        r"a command or an import at \d\d:\d\d:\d\d: Keep apart: Ann / Ben", line
    )
    with pytest.raises(StaleFormError):
        require_current(event, topic, "not-a-version")
