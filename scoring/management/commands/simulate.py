"""``manage.py simulate``: what scores a GM can expect at a Medici table.

Plays many games between computer players under a rule set and prints the
distribution of the winning score and of the table's average score (florins).
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.core.medici.simulate import format_result, simulate


class Command(BaseCommand):
    """Simulate games and print score distributions (rules.md; simulate.py)."""

    help = (
        "Simulate Medici games between computer players and print the distribution "
        "of winning and average scores."
    )

    # Pure computation: no models, URLs or database, so no system checks needed.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        """Declare the command-line options."""
        parser.add_argument("--players", type=int, default=5, help="table size")
        parser.add_argument("--rules", default="wbc", help="rule set name")
        parser.add_argument("--games", type=int, default=1000, help="games to play")
        parser.add_argument("--seed", type=int, default=1, help="random seed")
        parser.add_argument(
            "--bots",
            default="",
            help="comma-separated bot kind per seat (value, random); "
            "overrides --players",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        """Run the simulation; a bad option is a ``CommandError`` (exit code 1)."""
        bots = [kind.strip() for kind in options["bots"].split(",") if kind.strip()]
        try:
            result = simulate(
                players=bots or options["players"],
                rules=options["rules"],
                games=options["games"],
                seed=options["seed"],
            )
        except ValueError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(format_result(result))
