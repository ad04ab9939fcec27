"""Fixtures for the GM result pages: a seated heat of 5 players (the GM clients
are the project's, tests/conftest.py)."""

from __future__ import annotations

import pytest

from heats.models import Round, RoundKind, Table
from heats.services.checkin import check_in
from heats.services.seating import seat_round


@pytest.fixture
def heat_table(event) -> Table:
    """Heat 1 of ``event`` seated at one table of five: Ann, Ben, Cy, Di, Ed."""
    heat = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(heat, [(name, "") for name in ("Ann", "Ben", "Cy", "Di", "Ed")])
    seat_round(heat, seed=1)
    return heat.tables.get(number=1)
