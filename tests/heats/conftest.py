"""Fixtures for the GM heat operations: heat -> checked-in players -> seating."""

from __future__ import annotations

from datetime import datetime, time
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from heats.models import Event, Player, Round, RoundKind
from heats.services.checkin import check_in


def names(count: int, prefix: str = "Player") -> list[tuple[str, str]]:
    """``[("Player 01", ""), ...]`` check-in rows."""
    return [(f"{prefix} {i:02d}", "") for i in range(1, count + 1)]


@pytest.fixture
def heat(event) -> Round:
    """Heat 1 of ``event``, nobody checked in."""
    return Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)


@pytest.fixture
def heat_23(heat) -> Round:
    """Heat 1 with 23 players checked in (six-over-four: 6+6+6+5)."""
    check_in(heat, names(23))
    return heat


@pytest.fixture
def other_event(db) -> Event:
    """A second event with its own GM (user "other-gm")."""
    other = Event.objects.create(slug="other", name="Other event", seed="o")
    user = get_user_model().objects.create_user("other-gm", password="other-pw-1")
    other.gms.add(user)
    return other


@pytest.fixture
def clock_at(monkeypatch):
    """``clock_at("Europe/Berlin", "00:17")`` makes ``timezone.now()`` read that
    wall time of today in that zone (today, so logins stay valid) and returns
    that instant."""

    def set_now(zone: str, wall: str) -> datetime:
        today = timezone.now().astimezone(ZoneInfo(zone)).date()
        now = datetime.combine(today, time.fromisoformat(wall), ZoneInfo(zone))
        monkeypatch.setattr(timezone, "now", lambda: now)
        return now

    return set_now


def player(event: Event, name: str) -> Player:
    return Player.objects.get(event=event, name=name)
