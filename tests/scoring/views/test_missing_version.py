"""A form posted without its version field is refused as stale (issue "The GM's
desk", item 5; ``heats.queries.versions``): what page it was drawn from cannot
be told, so nothing is saved over what others changed. Only code that drew no
page (a management command: version ``None``) skips the check.
"""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from heats.models import AuditEntry, KeepApart, Player
from heats.queries.versions import MissingVersionError, require_current
from heats.services.event_admin import SETTINGS
from scoring.models import PlayerRecord
from tests.scoring.views.test_event_settings import URL, WBC
from tests.scoring.views.test_gm_results import results_url
from tests.support.concurrency import at_once, browsers, errors

NO_VERSION = (
    "The form sent no version of the event's settings, so whether someone changed "
    "it since the page was drawn cannot be told. Nothing was saved"
)


def said(response) -> str:
    return "\n".join(str(m) for m in get_messages(response.wsgi_request))


@pytest.mark.django_db
def test_settings_posted_without_their_version_are_not_saved(gm_client, event):
    response = gm_client.post(URL, {**WBC, "heat_minutes": 60})
    assert response.status_code == 302 and response["Location"] == URL
    assert said(response).startswith(NO_VERSION)
    event.refresh_from_db()
    assert event.heat_minutes == 55
    assert not AuditEntry.objects.filter(action="settings").exists()


@pytest.mark.django_db
def test_an_empty_version_is_stale_and_none_is_a_command(event):
    with pytest.raises(MissingVersionError):
        require_current(event, SETTINGS, "")
    require_current(event, SETTINGS, None)  # no page drawn: not checked


@pytest.mark.django_db(transaction=True)
def test_settings_without_version_posted_six_times_at_once_save_nothing(gm, event):
    clients = browsers(gm, 6)
    data = {**WBC, "heat_minutes": 60}
    outcomes = at_once(lambda i: clients[i].post(URL, data), 6)
    assert errors(outcomes) == []
    assert [o.value.status_code for o in outcomes] == [302] * 6
    event.refresh_from_db()
    assert event.heat_minutes == 55
    assert not AuditEntry.objects.filter(action="settings").exists()


@pytest.mark.django_db
def test_a_keep_apart_pair_posted_without_its_version_is_not_added(
    gm_client, heat_table
):
    a, b = Player.objects.filter(name__in=["Ann", "Ben"]).order_by("name")
    url = reverse("heats:keep-apart-add", kwargs={"event": "wbc"})
    response = gm_client.post(url, {"player_a": a.pk, "player_b": b.pk})
    assert response.status_code == 302
    assert "sent no version of the keep-apart list" in said(response)
    assert not KeepApart.objects.exists()


@pytest.mark.django_db
def test_results_posted_without_their_version_are_not_saved(gm_client, heat_table):
    seats = heat_table.seats.order_by("number")
    data = {"seating": ",".join(f"{s.number}:{s.player_id}" for s in seats)}
    data.update({f"final_{n}": 10 * n for n in range(1, 6)})
    response = gm_client.post(results_url(heat_table), data)
    assert response.status_code == 200
    assert not PlayerRecord.objects.filter(seat__table=heat_table).exists()
