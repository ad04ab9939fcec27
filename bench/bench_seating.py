"""Benchmark heats.core.seating.seat: time to seat N players after three earlier rounds.

Run: ``.venv/bin/python bench/bench_seating.py``. Prints a markdown section.

For each case the earlier rounds are themselves seated by ``seat`` (each avoiding
the rounds before it), then the next round is timed with the full history. The
timing covers one ``seat`` call (weights, local search, objective). The repeat cost
of the random start (the same seed without history) is shown beside the result.
The last case (36 players after 8 rounds) has no repeat-free seating, so the
search runs to its iteration bounds: it shows the worst case of a small field.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from heats.core.seating import history_from_tables, objective, seat  # noqa: E402

# (players, earlier rounds, runs)
CASES = ((36, 3, 9), (200, 3, 9), (1000, 3, 5), (36, 8, 5))


def history_for(
    players: list[str], earlier: int, seed: int
) -> dict[frozenset[str], int]:
    """Times-met counts after ``earlier`` seatings of ``players``."""
    rounds: list[list[list[str]]] = []
    for r in range(earlier):
        earlier = history_from_tables(rounds)
        rounds.append(seat(players, f"bench-{seed}-{r}", history=earlier).tables)
    return history_from_tables(rounds)


def measure(n: int, earlier: int, runs: int) -> dict[str, float]:
    """Median and max seconds over ``runs`` seeds, and median start/final cost."""
    players = [f"P{i:04d}" for i in range(n)]
    times, start_costs, final_costs = [], [], []
    for run in range(runs):
        history = history_for(players, earlier, run)
        began = time.perf_counter()
        seating = seat(players, run, history=history)
        times.append(time.perf_counter() - began)
        start = seat(players, run).tables
        start_costs.append(objective(start, history)[0])
        final_costs.append(seating.repeat_cost)
    return {
        "median": statistics.median(times),
        "max": max(times),
        "start": statistics.median(start_costs),
        "final": statistics.median(final_costs),
    }


def main() -> None:
    print("## Seating benchmark (`bench/bench_seating.py`)")
    print()
    print(f"Python {sys.version.split()[0]}, pure Python, one `seat` call per run.")
    print("Repeat cost = sum over pairs at a table of (times met before)^2,")
    print("median over the runs.")
    print()
    print(
        "| players | earlier rounds | runs | median s | max s | cost: random start "
        "| cost: result |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for n, earlier, runs in CASES:
        r = measure(n, earlier, runs)
        print(
            f"| {n} | {earlier} | {runs} | {r['median']:.4f} | {r['max']:.4f} "
            f"| {r['start']:g} | {r['final']:g} |"
        )


if __name__ == "__main__":
    main()
