"""Small builders for pure advancement tests (``scoring.core.places``,
``scoring.core.advancement``)."""

from __future__ import annotations

from scoring.core.places import PlayerResult


def rec(
    player: str,
    final: int,
    day2: int | None = None,
    day1: int | None = None,
    declared: int | None = None,
) -> PlayerResult:
    """One player record: ``rec("Ann", 98, day2=60, day1=30, declared=1)``."""
    return PlayerResult(player, final, day1=day1, day2=day2, declared_place=declared)
