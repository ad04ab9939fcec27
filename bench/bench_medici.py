"""Benchmark the Medici rules engine; prints a markdown section.

Run: ``.venv/bin/python bench/bench_medici.py [--games N] [--tables N]``.
Measures games simulated per second (value bidders, 5 players, ``wbc``) and
scoresheets verified per second at levels 3 and 2, using the 32 demo sheets
repeated to a 200-table event. Aim: a 200-table event verified well under a second.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scoring.core.medici.simulate import simulate  # noqa: E402
from scoring.core.medici.verify import verify_sheet  # noqa: E402


def event_sheets(tables: int, level: int) -> list[dict]:
    """The demo sheets cycled to ``tables`` sheets, stripped to ``level``."""
    demo = json.loads((ROOT / "data/demo/scoresheets.json").read_text("utf-8"))
    sheets = [copy.deepcopy(demo[i % len(demo)]) for i in range(tables)]
    if level < 3:
        for sheet in sheets:
            for day in sheet["days"]:
                day.pop("auctions", None)
                day.pop("fill", None)
    return sheets


def time_verify(sheets: list[dict], rounds: int = 5) -> float:
    """Best wall time (seconds) of verifying every sheet, over ``rounds`` runs."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for sheet in sheets:
            if verify_sheet(sheet).findings:
                raise SystemExit("a demo sheet has findings; benchmark aborted")
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    """Run the benchmarks and print the markdown section."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--tables", type=int, default=200)
    args = parser.parse_args()
    start = time.perf_counter()
    simulate(5, "wbc", args.games, seed=1)
    sim = time.perf_counter() - start
    print("## Medici rules engine benchmark\n")
    print(f"Python {sys.version.split()[0]}\n")
    print("| task | amount | seconds | per second |")
    print("|---|---:|---:|---:|")
    print(
        f"| simulate 5-player wbc games | {args.games} | {sim:.3f} | "
        f"{args.games / sim:,.0f} |"
    )
    for level in (3, 2):
        sheets = event_sheets(args.tables, level)
        took = time_verify(sheets)
        print(
            f"| verify a {args.tables}-table event, level {level} | {len(sheets)} | "
            f"{took:.3f} | {len(sheets) / took:,.0f} |"
        )


if __name__ == "__main__":
    main()
