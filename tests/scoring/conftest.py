"""Fixtures for the GM result pages: a seated heat of 5 players, GM clients."""

from __future__ import annotations

import pytest

from heats.models import Round, RoundKind, Table
from heats.services.checkin import check_in
from heats.services.seating import seat_round


@pytest.fixture
def fast_passwords(settings):
    """Cheap password hashing for tests that create users with passwords."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def heat_table(event) -> Table:
    """Heat 1 of ``event`` seated at one table of five: Ann, Ben, Cy, Di, Ed."""
    heat = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(heat, [(name, "") for name in ("Ann", "Ben", "Cy", "Di", "Ed")])
    seat_round(heat, seed=1)
    return heat.tables.get(number=1)


@pytest.fixture
def gm_client(client, fast_passwords, gm):
    client.force_login(gm)
    return client


@pytest.fixture
def assistant_client(client, fast_passwords, assistant):
    client.force_login(assistant)
    return client
