"""The test suite's own time: each pass of the last ``make test`` and its ten
slowest tests.

Run: ``.venv/bin/python bench/bench_suite.py`` (``make bench`` runs it). It does
not run the suite (that takes minutes): it reads the logs the last ``make test``
left in ``.test-logs/`` (``tests/run_passes.py``) and prints a markdown section,
or says to run ``make test`` first. The two passes run at once, one a core, so
the suite takes about the longer of the two.
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.run_passes import DURATION, LOGS, SLOWEST, SUMMARY  # noqa: E402

PASSES = {"sqlite": "SQLite (every test)", "postgres": "PostgreSQL (database tests)"}


def section() -> str:
    """The markdown section for the logs found (or why there is none)."""
    lines = ["## The test suite (`make test`)", ""]
    found = {name: LOGS / f"{name}.log" for name in PASSES}
    if not all(path.exists() for path in found.values()):
        lines.append("No logs yet: run `make test`, then `make bench`.")
        return "\n".join(lines) + "\n"
    stamp = max(path.stat().st_mtime for path in found.values())
    when = datetime.fromtimestamp(stamp, UTC)
    lines += [
        f"From the logs of the last `make test` ({when:%Y-%m-%d %H:%M} UTC); the "
        "two passes run at once, one a core.",
        "",
        "| pass | tests run and time |",
        "|---|---|",
    ]
    slowest = {}
    for name, path in found.items():
        text = path.read_text(encoding="utf-8", errors="replace").splitlines()
        summary = [m[1] for line in text if (m := SUMMARY.match(line.strip()))]
        lines.append(f"| {PASSES[name]} | {summary[-1] if summary else '?'} |")
        rows = [line.strip() for line in text if DURATION.match(line.strip())]
        slowest[name] = rows[:SLOWEST]
    for name, rows in slowest.items():
        lines += ["", f"Ten slowest, {PASSES[name]}:", "", "```", *rows, "```"]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(section())
