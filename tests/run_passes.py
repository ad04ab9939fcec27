"""Run the suite's two passes at once, one a core: the database and browser tests
on SQLite, and the database tests again on a throwaway PostgreSQL cluster; the
pure tests are shared between the two.

    python tests/run_passes.py [PYTEST_ARG...]

``make test`` runs this. The SQLite pass runs the database and browser tests;
the PostgreSQL pass (``tests/with_postgres.py``) runs those marked ``database``
(``tests/conftest.py`` marks them) except the browser tests. The pure tests (no
database, no browser) do not depend on the database engine: each runs once, in
one pass or the other by a hash of its node id (``MEDICI_TEST_SHARE``), so the
two passes take about as long. The two run side by
side, each writing its output to ``.test-logs/<pass>.log`` and echoing its lines
here prefixed with its name; at the end one line per pass says how many tests ran
and how long it took, followed by its ten slowest tests (``--durations``). The
exit status is non-zero when either pass failed. Extra arguments go to both
passes (e.g. ``-x``, ``-k name``).
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

from with_postgres import find_bin

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / ".test-logs"
SLOWEST = 10
NO_TESTS = 5  # pytest's exit status when the arguments select no test
PG_TESTS = ["-m", "not e2e"]
# "1,234 passed, 1 skipped in 300.12s (0:05:00)", between "=" rules unless -q.
SUMMARY = re.compile(r"^=* ?(\d+ \w+(?:, \d+ \w+)* in [\d.]+s(?: \([\d:]+\))?) ?=*$")
DURATION = re.compile(r"^(\d+\.\d+)s (call|setup|teardown)\s+(\S+)")


@dataclass
class Pass:
    """One pass: its name, command, and what it printed."""

    name: str
    command: list[str]
    share: str = ""
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
    """The SQLite and PostgreSQL passes with ``extra`` pytest arguments; they
    share the pure tests (``MEDICI_TEST_SHARE``, tests/conftest.py)."""
    pytest = [python, "-m", "pytest", "--durations=30", *extra]
    postgres = [python, str(ROOT / "tests" / "with_postgres.py"), *pytest, *PG_TESTS]
    bindir = find_bin()
    if bindir is None or not (bindir / "initdb").exists():
        # No PostgreSQL pass will run (tests/with_postgres.py says so): SQLite
        # keeps every pure test.
        return [Pass("sqlite", pytest), Pass("postgres", postgres)]
    # The SQLite pass alone runs the browser tests: it takes an eighth of the
    # pure tests, the PostgreSQL pass the rest, so the two end together (at a
    # quarter, SQLite 531 s and PostgreSQL 488 s).
    return [
        Pass("sqlite", pytest, share="0/8"),
        Pass("postgres", postgres, share="1,2,3,4,5,6,7/8"),
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
        env={**os.environ, "PYTHONUNBUFFERED": "1", "MEDICI_TEST_SHARE": one.share},
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
    """Run both passes at once; 0 when both passed."""
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
