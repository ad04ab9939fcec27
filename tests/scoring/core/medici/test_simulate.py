"""Simulation: deterministic per seed, sensible figures, bad input refused."""

from __future__ import annotations

import pytest

from scoring.core.medici.rulesets import RuleSetError
from scoring.core.medici.simulate import Distribution, format_result, simulate


def test_the_same_seed_gives_the_same_result():
    assert simulate(4, "wbc", 20, seed=3) == simulate(4, "wbc", 20, seed=3)


def test_winning_scores_are_at_least_the_average():
    result = simulate(5, "wbc", 30, seed=1)
    assert result.games == 30 and len(result.seat_wins) == 5
    assert result.winning.mean >= result.average.mean > 0
    assert result.winning.minimum <= result.winning.median <= result.winning.maximum
    assert sum(result.seat_wins) >= 30


def test_mixed_bots_and_two_player_grail_games_run():
    result = simulate(["random", "value"], "grail-2016", 10, seed=2)
    assert result.bots == ("random", "value")
    assert "10 simulated games, rules grail-2016" in format_result(result)


def test_distribution_percentiles_interpolate():
    dist = Distribution.of([10, 20, 30, 40, 50])
    assert (dist.mean, dist.median, dist.minimum, dist.maximum) == (30, 30, 10, 50)
    assert dist.percentiles[25] == 20 and dist.percentiles[10] == 14


def test_bad_input_is_refused():
    with pytest.raises(RuleSetError):
        simulate(7, "wbc", 1)
    with pytest.raises(ValueError, match="unknown bot"):
        simulate(["value", "genius", "value"], "wbc", 1)
    with pytest.raises(ValueError, match="games"):
        simulate(4, "wbc", 0)
