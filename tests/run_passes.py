"""Run the suite's three passes at once on the machine's cores: every test but the
browser tests on SQLite, the browser tests on SQLite, and the tests that touch the
database again on a throwaway PostgreSQL cluster.

    python tests/run_passes.py [PYTEST_ARG...]

``make test`` runs this. The SQLite pass runs the pure and database tests, the
browser pass the browser tests (``tests/conftest.py`` marks them ``e2e``), each
on a test database file of its own; the PostgreSQL pass
(``tests/with_postgres.py``) runs those marked ``database`` except the browser
tests, since the pure and browser tests do not depend on the database engine.
Three rather than two: the browser tests, run after the SQLite pass's others,
left one core idle for minutes once the PostgreSQL pass was done. The three run
side by side, each writing its output to ``.test-logs/<pass>.log`` and echoing
its lines here prefixed with its name; at the end one line per pass says how many
tests ran and how long it took, followed by its ten slowest tests
(``--durations``). The exit status is non-zero when any pass failed. Extra
arguments go to every pass (e.g. ``-x``, ``-k name``).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / ".test-logs"
SLOWEST = 10
NO_TESTS = 5  # pytest's exit status when the arguments select no test
PG_TESTS = ["-m", "database and not e2e"]
SQLITE_TESTS = ["-m", "not e2e"]
BROWSER_TESTS = ["-m", "e2e"]
# "1,234 passed, 1 skipped in 300.12s (0:05:00)", between "=" rules unless -q.
SUMMARY = re.compile(r"^=* ?(\d+ \w+(?:, \d+ \w+)* in [\d.]+s(?: \([\d:]+\))?) ?=*$")
DURATION = re.compile(r"^(\d+\.\d+)s (call|setup|teardown)\s+(\S+)")


@dataclass
class Pass:
    """One pass: its name, command, and what it printed."""

    name: str
    command: list[str]
    lines: list[str] = field(default_factory=list)
    status: int | None = None
    seconds: float = 0.0

    def summary(self) -> str:
        """pytest's last summary line ("1,234 passed, 1 skipped in 300.1s")."""
        found = [m[1] for line in self.lines if (m := SUMMARY.match(line.strip()))]
        return found[-1] if found else "no summary (see the log)"

    def slowest(self) -> list[str]:
        """The ten slowest test phases, as pytest's ``--durations`` lists them."""
        rows = [line.strip() for line in self.lines if DURATION.match(line.strip())]
        return rows[:SLOWEST]


def passes(python: str, extra: list[str]) -> list[Pass]:
    """The SQLite, browser and PostgreSQL passes with ``extra`` pytest
    arguments."""
    pytest = [python, "-m", "pytest", "--durations=30", *extra]
    postgres = [python, str(ROOT / "tests" / "with_postgres.py"), *pytest, *PG_TESTS]
    return [
        Pass("sqlite", [*pytest, *SQLITE_TESTS]),
        Pass("browser", [*pytest, *BROWSER_TESTS]),
        Pass("postgres", postgres),
    ]


def run(one: Pass, echo: threading.Lock) -> None:
    """Run ``one``, keeping its lines in its log and echoing them prefixed."""
    start = time.monotonic()
    log = (LOGS / f"{one.name}.log").open("w", encoding="utf-8")
    process = subprocess.Popen(
        one.command,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        errors="replace",
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert process.stdout is not None
    for line in process.stdout:
        log.write(line)
        one.lines.append(line.rstrip("\n"))
        with echo:
            print(f"[{one.name}] {line}", end="", flush=True)
    one.status = process.wait()
    one.seconds = time.monotonic() - start
    log.close()


def main(argv: list[str]) -> int:
    """Run the passes at once; 0 when every one passed."""
    LOGS.mkdir(exist_ok=True)
    both = passes(sys.executable, argv)
    echo = threading.Lock()
    threads = [threading.Thread(target=run, args=(p, echo)) for p in both]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print("\n== test passes ==")
    for one in both:
        state = "ok" if one.status in (0, NO_TESTS) else f"FAILED (exit {one.status})"
        print(f"{one.name}: {one.summary()}; {one.seconds:.0f} s wall; {state}")
        for row in one.slowest():
            print(f"    {row}")
    return 0 if all(p.status in (0, NO_TESTS) for p in both) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
