"""The GM's long lists are a page at a time and searchable (issue 17, "Speed": the
Players page of 20,000 records was 10.8 MB): the Players page (50 records a page,
its name and merge forms offering the players listed) and the audit log (100
entries a page)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from heats.models import AuditEntry, Player
from heats.services.audit import log

pytestmark = pytest.mark.django_db

PLAYERS = reverse("scoring:players", kwargs={"event": "wbc"})
AUDIT = reverse("heats:audit", kwargs={"event": "wbc"})


@pytest.fixture
def gm_client(client, event):
    user = get_user_model().objects.create_user("gm", password="gm-password-1")
    event.gms.add(user)
    client.force_login(user)
    return client


@pytest.fixture
def sixty(event) -> list[Player]:
    """Players 01-60, no badges."""
    return Player.objects.bulk_create(
        Player(
            event=event,
            name=f"Player {i:02d}",
            name_key=f"player {i:02d}",
            draw_key=f"Player {i:02d}",
        )
        for i in range(1, 61)
    )


def rows(page: str, table_id: str) -> str:
    """The body rows of the table ``table_id``."""
    table = page.split(f'id="{table_id}"')[1]
    return table.split("<tbody")[1].split("</tbody>")[0]


def options(page: str, select_id: str) -> list[str]:
    select = re.search(rf'<select[^>]*id="{select_id}"[^>]*>(.*?)</select>', page, re.S)
    return re.findall(r"<option[^>]*>([^<]*)</option>", select.group(1))


def test_the_players_page_lists_50_records_a_page(gm_client, sixty):
    page = gm_client.get(PLAYERS).content.decode()
    listed = rows(page, "players")
    assert listed.count("<tr") == 50
    assert "Player 50" in listed and "Player 51" not in listed
    assert "60 player records" in page
    # The forms offer the players listed, not all 60.
    assert options(page, "id_player") == ["---------"] + [
        f"Player {i:02d}" for i in range(1, 51)
    ]
    assert len(options(page, "id_duplicate")) == 51
    later = gm_client.get(PLAYERS, {"page": 2}).content.decode()
    assert rows(later, "players").count("<tr") == 10
    # A record not offered on page 1 is still a player the form accepts.
    response = gm_client.post(
        reverse("scoring:player-rename", kwargs={"event": "wbc"}),
        {"player": sixty[-1].pk, "name": "Player Sixty", "badge": ""},
    )
    assert response.status_code == 302
    assert Player.objects.get(pk=sixty[-1].pk).name == "Player Sixty"


def test_the_players_search_finds_a_record_of_a_later_page(gm_client, sixty):
    page = gm_client.get(PLAYERS, {"q": "player 57"}).content.decode()
    listed = rows(page, "players")
    assert listed.count("<tr") == 1 and "Player 57" in listed
    assert "1 player record found" in page
    assert options(page, "id_kept") == ["---------", "Player 57"]


def test_the_audit_search_finds_an_entry_of_a_later_page(gm_client, event):
    for i in range(1, 151):
        log(event, None, "note", f"Entry {i:03d}")
    page = gm_client.get(AUDIT).content.decode()
    assert rows(page, "audit").count("<tr") == 100
    assert "Entry 001" not in page  # the oldest: on page 2
    found = gm_client.get(AUDIT, {"q": "entry 001"}).content.decode()
    listed = rows(found, "audit")
    assert listed.count("<tr") == 1 and "Entry 001" in listed
    assert AuditEntry.objects.count() == 150
