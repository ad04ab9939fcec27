"""Pure Medici rules engine: rule sets, game state, simulation, scoresheet checks.

No Django import anywhere in this package, so it can be tested, replayed and
benchmarked on its own (STYLE.md, Three tiers of logic).
"""
