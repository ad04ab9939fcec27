"""The GM lists' search boxes and the check-in's "did you mean" find names as
people type them, as the public find page and the type-ahead do
(``heats.core.names.search_forms``): "grossmann" and "groessmann" find
Größmann, "francois" finds François. The identity stays the name key: a
folded spelling is never taken for the player."""

from __future__ import annotations

import pytest
from django.urls import reverse

from heats.models import Player
from heats.services.checkin import check_in
from tests.heats.conftest import names

pytestmark = pytest.mark.django_db

SPELLINGS = ["grossmann", "groessmann", "Größmann", "GROSSMANN"]
OTHERS = ["Ann Gross", "François Roux", "Bo Lee"]


def rows(html: str, table: str) -> str:
    """The body rows of the table with ``id=table`` in ``html``."""
    return html.split(f'id="{table}"')[1].split("</table>")[0].split("<tbody")[1]


def url(name: str, app: str = "heats") -> str:
    kwargs = {"event": "wbc"} if app == "scoring" else {"event": "wbc", "round": "1"}
    return reverse(f"{app}:{name}", kwargs=kwargs)


@pytest.mark.parametrize("typed", SPELLINGS)
def test_the_players_list_finds_grossmann_however_typed(gm_client, event, typed):
    for name in ["Größmann", *OTHERS]:
        Player.objects.create(event=event, name=name)
    html = gm_client.get(url("players", "scoring"), {"q": typed}).content.decode()
    listed = rows(html, "players")
    assert listed.count("<tr") == 1 and "Größmann" in listed
    assert "1 player record found" in html


@pytest.mark.parametrize("typed", [*SPELLINGS, "francois"])
def test_the_check_in_list_finds_a_name_however_typed(gm_client, heat, typed):
    check_in(heat, [("Größmann", ""), *[(name, "") for name in OTHERS], *names(3)])
    html = gm_client.get(url("round-detail"), {"checkin-q": typed}).content.decode()
    listed = rows(html, "checkin-table")
    expected = "François Roux" if typed == "francois" else "Größmann"
    assert listed.count("<tr") == 1 and expected in listed


@pytest.mark.parametrize("typed", ["grossmann", "groessmann"])
def test_a_folded_spelling_is_offered_never_checked_in(gm_client, heat, typed):
    Player.objects.create(event=heat.event, name="Größmann")
    response = gm_client.post(url("round-checkin"), {"name": typed}, follow=True)
    text = response.content.decode()
    assert not heat.entries.exists()
    assert Player.objects.count() == 1
    assert f"no player is called “{typed}”" in text
    assert "Did you mean Größmann? Pick from the list." in text


def test_a_new_player_spelled_like_another_is_questioned(heat):
    Player.objects.create(event=heat.event, name="Größmann", badge="1019")
    report = check_in(heat, [("Groessmann", "")])
    assert report.lines()[-1] == (
        "New player “Groessmann”: did you mean Größmann (#1019)? If so, undo it."
    )
