"""The semi-final override posted from one form by several GMs at once (or one
GM pressing twice): saved once, the other posts refused as stale, never a
server error, one audit entry (scoring.services.publishing.set_override)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from heats.models import AuditAction, AuditEntry
from scoring.models import SemiFinalOverride
from tests.support.concurrency import at_once, errors

pytestmark = pytest.mark.django_db(transaction=True)


def test_eight_posts_of_the_override_at_once_save_once(event, gm):
    clients = []
    for _ in range(8):
        client = Client()
        client.force_login(gm)
        clients.append(client)
    semi = reverse("scoring:semi", kwargs={"event": event.slug})
    page = clients[0].get(semi).content.decode()
    url = reverse("scoring:semi-override", kwargs={"event": event.slug})
    form = page[page.index(f'action="{url}"') :]
    found = re.search(r'name="version" value="([^"]*)"', form)
    assert found

    def post(i: int):
        data = {"size": "winners", "reason": f"press {i}", "added": ""}
        return clients[i].post(url, {**data, "version": found.group(1)})

    outcomes = at_once(post, 8)
    assert errors(outcomes) == []
    assert all(o.value.status_code < 500 for o in outcomes)
    (override,) = SemiFinalOverride.objects.filter(event=event)
    entries = AuditEntry.objects.filter(event=event, action=AuditAction.OVERRIDE)
    assert entries.count() == 1
    assert entries.get().detail.endswith(f"reason: {override.reason}")
