"""Fixtures for the GM result pages: a seated heat of 5 players; a semi-final
of the winners present left with a short table (the GM clients are the
project's, tests/conftest.py)."""

from __future__ import annotations

import pytest
from django.utils import timezone

from heats.models import Player, Round, RoundKind, Seat, Table
from heats.services.checkin import check_in
from heats.services.seating import seat_round
from scoring.models import SemiFinalOverride
from scoring.services.substitutes import remove_no_show


@pytest.fixture
def heat_table(event) -> Table:
    """Heat 1 of ``event`` seated at one table of five: Ann, Ben, Cy, Di, Ed."""
    heat = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(heat, [(name, "") for name in ("Ann", "Ben", "Cy", "Di", "Ed")])
    seat_round(heat, seed=1)
    return heat.tables.get(number=1)


def seat_semi_by_hand(event, tables: list[list[str]]) -> Round:
    """The semi-final of ``event`` seated as ``tables`` (names in seat order,
    players made as needed), under "the winners present" (the GM's override)."""
    semi = Round.objects.create(
        event=event, kind=RoundKind.SEMI, seated_at=timezone.now()
    )
    for n, names in enumerate(tables, start=1):
        table = Table.objects.create(round=semi, number=n)
        for s, name in enumerate(names, start=1):
            player, _ = Player.objects.get_or_create(event=event, name=name)
            Seat.objects.create(table=table, round=semi, number=s, player=player)
    SemiFinalOverride.objects.create(
        event=event, winners_present=True, reason="Two winners did not come."
    )
    return semi


def build_short_semi(event) -> Round:
    """A semi-final of the winners present seated 5+4+5 (A1-A5, B1-B4,
    C1-C5); A5 and B4 do not come and are taken off their tables, leaving
    4+3+5: table 2 (B1, B2, B3) is short.

    One heat before it, where B1 met A1 and C1, B2 met C2, and B3 met A2."""
    heat = Round.objects.create(
        event=event, kind=RoundKind.HEAT, number=1, seated_at=timezone.now()
    )
    heat_tables = [["B1", "A1", "C1", "D1"], ["B2", "C2", "D2", "D3"]]
    heat_tables.append(["B3", "A2", "D4", "D5"])
    for n, names in enumerate(heat_tables, start=1):
        table = Table.objects.create(round=heat, number=n)
        for s, name in enumerate(names, start=1):
            player = Player.objects.create(event=event, name=name)
            Seat.objects.create(table=table, round=heat, number=s, player=player)
    semi = seat_semi_by_hand(
        event,
        [
            ["A1", "A2", "A3", "A4", "A5"],
            ["B1", "B2", "B3", "B4"],
            ["C1", "C2", "C3", "C4", "C5"],
        ],
    )
    for name in ("A5", "B4"):
        remove_no_show(event, Player.objects.get(event=event, name=name))
    return semi


@pytest.fixture
def short_semi(event) -> Round:
    """``build_short_semi`` for ``event``: table 2 (B1, B2, B3) is short."""
    return build_short_semi(event)
