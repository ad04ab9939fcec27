"""Benchmark the bulk paths: a results import, a check-in list and a seating.

Run: ``.venv/bin/python bench/bench_bulk.py`` (``make bench``). Prints a markdown
section.

On a scratch SQLite file (a GM laptop), each case runs its management command in a
new process, as a GM would (``manage.py import_results EVENT FILE.csv --create``,
``manage.py checkin EVENT 1 --file NAMES.txt``, ``manage.py seat_round EVENT 1``);
*net* is its wall time minus the median wall time of ``manage.py check`` (the
start-up every command pays). Targets (issue 11): 10,000-row import under 2 s net,
1,000-name check-in under 0.3 s net. The SQL statements of the same work at two
sizes are counted in this process (``connection.execute_wrapper``): a bulk path
writes a constant number per table, and only SQLite's splitting of a long bulk
insert into batches (999 parameters each) makes the count grow.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
SCRATCH = Path(tempfile.mkdtemp())
DB = SCRATCH / "bench.sqlite3"
os.environ["DATABASE_URL"] = f"sqlite:///{DB}"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "medici_tourney.settings")
os.environ.setdefault("DJANGO_DEBUG", "0")
os.environ.setdefault("DJANGO_SECRET_KEY", "bench-only-" + "x" * 50)

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402

RUNS = 5
PLAYERS_PER_HEAT = 2500  # 10,000 rows: four heats of 500 tables of 5


def results_csv(rows: int, heats: int = 4) -> str:
    """A valid results file of ``rows`` rows: ``heats`` heats of tables of five,
    the same players in every heat, distinct finals at each table."""
    lines = ["heat,table,seat,player,badge,final"]
    for heat in range(1, heats + 1):
        for i in range(rows // heats):
            table, seat = divmod(i, 5)
            lines.append(
                f"{heat},{table + 1},{seat + 1},Player {i:05d},,{80 + 9 * seat + heat}"
            )
    return "\n".join(lines) + "\n"


def names_file(count: int) -> str:
    return "".join(f"Player {i:05d}\n" for i in range(count))


def manage(*args: str) -> float:
    """Wall seconds of ``manage.py ARGS`` in a new process (fails loudly)."""
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return time.perf_counter() - start


def commands() -> list[tuple[str, float, float, float]]:
    """``(case, best wall s, best check s, net s)`` of each command: ``RUNS`` runs
    interleaved with ``manage.py check``, best of each (the machine is shared, so
    the fastest run is the one least disturbed)."""
    from heats.services.events import create_event

    csv_file, names = SCRATCH / "results.csv", SCRATCH / "names.txt"
    csv_file.write_text(results_csv(4 * PLAYERS_PER_HEAT))
    names.write_text(names_file(1000))
    cases = [
        ("import 10,000 rows (new event)", "import_results {e} {csv} --create"),
        ("check in 1,000 new names", "checkin {e} 1 --file {names}"),
        ("check in 1,000 known names", "checkin {e} 2 --file {names}"),
        ("seat 1,000 players", "seat_round {e} 2"),
    ]
    for run in range(RUNS):
        create_event(f"ci-{run}", f"Check-in {run}")
    rows = []
    for case, command in cases:
        walls, checks = [], []
        for run in range(RUNS):
            event = f"cmd-{run}" if "import" in case else f"ci-{run}"
            args = command.format(e=event, csv=csv_file, names=names).split()
            checks.append(manage("check"))
            walls.append(manage(*args))
        rows.append((case, min(walls), min(checks), min(walls) - min(checks)))
    return rows


class Statements:
    """Counts the SQL statements run inside the ``with`` block."""

    def __enter__(self):
        self.count, self.start = 0, time.perf_counter()
        self._hook = connection.execute_wrapper(self._count)
        self._hook.__enter__()
        return self

    def _count(self, execute, sql, params, many, context):
        self.count += 1
        return execute(sql, params, many, context)

    def __exit__(self, *exc):
        self.seconds = time.perf_counter() - self.start
        self._hook.__exit__(*exc)


def statement_counts() -> list[tuple]:
    """``(work, small size, its statements, large size, its statements, seconds
    of the large one)``."""
    from heats.services.checkin import check_in, create_heat
    from heats.services.events import create_event
    from heats.services.seating import seat_round
    from scoring.services.results_import.write import import_results

    def run(work: str, size: int) -> Statements:
        event = create_event(f"count-{work}-{size}", "Count")
        if work == "import":
            with Statements() as counted:
                import_results(event, results_csv(size))
            return counted
        rnd = create_heat(event)
        names = [(f"Player {i:05d}", "") for i in range(size)]
        with Statements() as counted:
            check_in(rnd, names)
        if work == "seat":
            with Statements() as counted:
                seat_round(rnd, seed="bench")
        return counted

    out = []
    for work, small, large in (
        ("import", 1000, 10000),
        ("check-in", 50, 1000),
        ("seat", 50, 1000),
    ):
        few, many = run(work, small), run(work, large)
        out.append((work, small, few.count, large, many.count, many.seconds))
    return out


def main() -> None:
    call_command("migrate", verbosity=0)
    timed = commands()
    counts = statement_counts()
    print("## Bulk paths (`bench/bench_bulk.py`)")
    print()
    print(
        f"SQLite file, `DJANGO_DEBUG=0`; each command in a new process, {RUNS} runs "
        "interleaved with `manage.py check` (the start-up baseline), best of each; "
        "net = command - check. Targets: import < 2 s net, 1,000-name check-in "
        "< 0.3 s net."
    )
    print()
    print("| command | wall s | check s | net s |")
    print("|---|---:|---:|---:|")
    for case, wall, check, net in timed:
        print(f"| {case} | {wall:.3f} | {check:.3f} | {net:.3f} |")
    print()
    print(
        "SQL statements and seconds of the service alone, in this process (import "
        "of a new event's rows; check-in of new names; seating of those players):"
    )
    print()
    print("| work | size | statements | size | statements | seconds |")
    print("|---|---:|---:|---:|---:|---:|")
    for work, small, n_small, large, n_large, seconds in counts:
        print(
            f"| {work} | {small:,} | {n_small} | {large:,} | {n_large} "
            f"| {seconds:.3f} |"
        )


if __name__ == "__main__":
    main()
