"""The check-in type-ahead finds names as people type them: "grossmann" finds
Größmann, "mueller" Müller, "Francois" François; "exact" stays the identity
(the name key), so a folded spelling is offered, never taken for the player."""

from __future__ import annotations

import pytest
from django.urls import reverse

from heats.models import Player


@pytest.fixture
def search(gm_client, event):
    for name in ("Größmann", "Müller", "François Roux", "Ann Gross", "Bo Lee"):
        Player.objects.create(event=event, name=name)
    url = reverse("heats:player-search", kwargs={"event": event.slug})

    def found(query: str) -> list[tuple[str, bool]]:
        players = gm_client.get(url, {"q": query}).json()["players"]
        return [(p["name"], p["exact"]) for p in players]

    return found


def test_every_spelling_of_grossmann_finds_him(search):
    for typed in ("grossmann", "Groessmann", "Grossmann", "größmann"):
        assert search(typed) == [("Größmann", typed == "größmann")], typed


def test_names_starting_with_the_query_come_first(search):
    # "gross" starts Größmann's plain form and is inside "ann gross".
    assert search("gross") == [("Größmann", False), ("Ann Gross", False)]


def test_muller_and_mueller_find_mueller(search):
    assert search("muller") == [("Müller", False)]
    assert search("mueller") == [("Müller", False)]


def test_francois_finds_francois(search):
    assert search("Francois") == [("François Roux", False)]
