"""What one presence mark does to the semi-final list (``mark_semi_presence``):
who it calls in and who drops off, worked out by the service, not the view."""

from __future__ import annotations

import pytest

from heats.models import Player
from scoring.queries.event_results import event_advancement
from scoring.services import semi_final as rounds
from scoring.services.semi_final import SemiMark

pytestmark = pytest.mark.django_db


def test_a_qualifier_absent_calls_the_next_alternate_and_back_drops_them(
    demo_event,
):
    winner = event_advancement(demo_event).qualifiers[0]
    player = Player.objects.get(pk=winner.player)
    # Marlo Juniper (95.6%) is the next alternate after Drew Penrose (demo README).
    assert rounds.mark_semi_presence(demo_event, player, False) == SemiMark(
        called=["Marlo Juniper"]
    )
    assert rounds.mark_semi_presence(demo_event, player, True) == SemiMark(
        dropped=["Marlo Juniper"]
    )


def test_a_mark_that_moves_nobody_calls_nobody(demo_event):
    winner = event_advancement(demo_event).qualifiers[0]
    player = Player.objects.get(pk=winner.player)
    assert rounds.mark_semi_presence(demo_event, player, True) == SemiMark()
