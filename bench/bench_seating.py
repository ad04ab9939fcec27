"""Benchmark heats.seating.seat: time to seat N players after three earlier rounds.

Run: ``.venv/bin/python bench/bench_seating.py``. Prints a markdown section.

For each N the three earlier rounds are themselves seated by ``seat`` (each avoiding
the rounds before it), then the fourth round is timed with the full history. The
timing covers one ``seat`` call (weights, local search, objective). The repeat cost
of the random start (the same seed without history) is shown beside the result.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from heats.seating import history_from_tables, objective, seat  # noqa: E402

SIZES = (36, 200, 1000)
RUNS = {36: 9, 200: 9, 1000: 5}
EARLIER_ROUNDS = 3


def history_for(players: list[str], seed: int) -> dict[frozenset[str], int]:
    """Times-met counts after EARLIER_ROUNDS seatings of ``players``."""
    rounds: list[list[list[str]]] = []
    for r in range(EARLIER_ROUNDS):
        earlier = history_from_tables(rounds)
        rounds.append(seat(players, f"bench-{seed}-{r}", history=earlier).tables)
    return history_from_tables(rounds)


def measure(n: int) -> dict[str, float]:
    """Median and max seconds over RUNS[n] seeds, and median start/final cost."""
    players = [f"P{i:04d}" for i in range(n)]
    times, start_costs, final_costs = [], [], []
    for run in range(RUNS[n]):
        history = history_for(players, run)
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
    print(f"Python {sys.version.split()[0]}; {EARLIER_ROUNDS} earlier rounds of")
    print("history; repeat cost = sum over pairs at a table of (times met)^2.")
    print()
    print("| players | runs | median s | max s | repeat cost: random start | result |")
    print("|---:|---:|---:|---:|---:|---:|")
    for n in SIZES:
        r = measure(n)
        print(
            f"| {n} | {RUNS[n]} | {r['median']:.4f} | {r['max']:.4f} "
            f"| {r['start']:g} | {r['final']:g} |"
        )


if __name__ == "__main__":
    main()
