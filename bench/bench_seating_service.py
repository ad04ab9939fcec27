"""Benchmark "Seat now" end to end: the seating service with its database work.

Run: ``.venv/bin/python bench/bench_seating_service.py``. Prints a markdown section.

For N players on a scratch SQLite database (a temporary file, like a GM laptop), three
earlier heats are checked in and seated through the services; the fourth heat's
``heats.services.seating.seat_round`` (load check-ins and history, seat, save tables and
seats, audit) is timed. The pure seating alone is in ``bench_seating.py``.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
SCRATCH = Path(tempfile.mkdtemp()) / "bench.sqlite3"
os.environ["DATABASE_URL"] = f"sqlite:///{SCRATCH}"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "medici_tourney.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402

from heats.services.checkin import check_in, create_heat  # noqa: E402  # noqa: E402
from heats.services.events import create_event  # noqa: E402  # noqa: E402
from heats.services.seating import seat_round  # noqa: E402  # noqa: E402  # noqa: E402  # noqa: E402

CASES = ((36, 5), (200, 5), (1000, 3))


def seat_fourth_heat(size: int, run: int) -> float:
    """Seconds for ``seat_round`` of heat 4 after three seated heats of ``size``."""
    event = create_event(f"bench-{size}-{run}", f"Bench {size}")
    names = [(f"Player {i:04d}", "") for i in range(size)]
    for heat in range(4):
        rnd = create_heat(event)
        check_in(rnd, names)
        if heat < 3:
            seat_round(rnd, seed=f"{run}-{heat}")
    start = time.perf_counter()
    seat_round(rnd, seed=f"{run}-4")
    return time.perf_counter() - start


def main() -> None:
    """Migrate the scratch database, time each case, print the table."""
    call_command("migrate", verbosity=0)
    print('## "Seat now" with the database (`bench/bench_seating_service.py`)')
    print()
    print("SQLite file, three earlier heats seated; median and max of the runs.")
    print()
    print("| players | runs | median s | max s |")
    print("|---:|---:|---:|---:|")
    for size, runs in CASES:
        times = [seat_fourth_heat(size, run) for run in range(runs)]
        print(
            f"| {size} | {runs} | {statistics.median(times):.3f} | {max(times):.3f} |"
        )
    SCRATCH.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
