"""Pure Medici rules engine: rule sets, game state, simulation, scoresheet checks.

No Django import anywhere in this package, so it can be tested, replayed and
benchmarked on its own (docs/architecture.md). The names below are the
API the Django side calls; the modules hold the rest.

Terminology: see each module's docstring (goods, rulesets, scoring, turns, game,
players, simulate, findings, sheet, limits, replay, verify).
"""

from __future__ import annotations

from .findings import Finding, ScoresheetError, SheetReport
from .game import Action, Game, IllegalActionError, replay
from .limits import check_scores, max_day_income, max_table_income, min_table_income
from .rulesets import RULESETS, RuleSet, RuleSetError, derive, get_ruleset
from .simulate import SimulationResult, simulate
from .verify import verify_sheet

__all__ = [
    "RULESETS",
    "Action",
    "Finding",
    "Game",
    "IllegalActionError",
    "RuleSet",
    "RuleSetError",
    "ScoresheetError",
    "SheetReport",
    "SimulationResult",
    "check_scores",
    "derive",
    "get_ruleset",
    "max_day_income",
    "max_table_income",
    "min_table_income",
    "replay",
    "simulate",
    "verify_sheet",
]
