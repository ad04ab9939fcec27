"""GM pages end to end through the test client: dashboard, swap, late table,
keep-apart pairs."""

from __future__ import annotations

import pytest
from django.urls import reverse

from heats.models import AuditEntry, KeepApart, RoundKind
from heats.services.checkin import check_in
from heats.services.seating import seat_round
from tests.heats.conftest import names, player
from tests.support.versions import page_version, post_with_version

pytestmark = pytest.mark.django_db


def test_new_heat_numbers_heats_in_order(gm_client, event):
    url = reverse("heats:round-create", kwargs={"event": "wbc"})
    first = gm_client.post(url)
    assert first["Location"] == "/e/wbc/gm/round/1/"
    # A next heat waits until the last one has players (issue 16, item 3).
    check_in(event.rounds.get(), names(4))
    gm_client.post(url)
    heats = event.rounds.filter(kind=RoundKind.HEAT).values_list("number", flat=True)
    assert sorted(heats) == [1, 2]
    page = gm_client.get(reverse("heats:event-gm", kwargs={"event": "wbc"}))
    assert "Heat 2" in page.content.decode()


def test_swap_page_action_reports_the_objective(gm_client, heat, event):
    check_in(heat, names(8))
    result = seat_round(heat, seed=3)
    a, b = (
        event.players.get(pk=int(k)) for k in (result.tables[0][0], result.tables[1][0])
    )
    response = gm_client.post(
        reverse("heats:round-swap", kwargs={"event": "wbc", "round": "1"}),
        {"player_a": a.pk, "player_b": b.pk},
        follow=True,
    )
    assert (
        "Repeat cost 0 → 0; keep-apart violations 0 → 0." in response.content.decode()
    )
    assert AuditEntry.objects.filter(action="swap").count() == 1


def test_late_table_button_refuses_below_the_minimum(gm_client, heat_23):
    seat_round(heat_23, seed=1)
    check_in(heat_23, names(3, "Late"))
    url = reverse("heats:round-late-table", kwargs={"event": "wbc", "round": "1"})
    response = gm_client.post(url, follow=True)
    assert "3 players waiting: a late table needs 5." in response.content.decode()
    assert heat_23.tables.count() == 4


def test_keep_apart_pairs_are_added_and_removed(gm_client, heat, event):
    check_in(heat, names(2))
    a, b = player(event, "Player 01"), player(event, "Player 02")
    add = reverse("heats:keep-apart-add", kwargs={"event": "wbc"})
    page = reverse("heats:keep-apart", kwargs={"event": "wbc"})
    post_with_version(
        gm_client, page, add, {"player_a": b.pk, "player_b": a.pk, "note": "twins"}
    )
    pair = KeepApart.objects.get()
    assert (pair.player_a, pair.player_b, pair.note) == (a, b, "twins")
    data = {
        "player_a": a.pk,
        "player_b": b.pk,
        "version": page_version(gm_client, page),
    }
    again = gm_client.post(add, data, follow=True)
    assert "already kept apart" in again.content.decode()
    remove = reverse("heats:keep-apart-delete", kwargs={"event": "wbc", "pk": pair.pk})
    gm_client.post(remove, {"version": page_version(gm_client, page)})
    assert not KeepApart.objects.exists()
    assert AuditEntry.objects.filter(action="keep-apart").count() == 2
