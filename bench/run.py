"""Run every benchmark in ``bench/`` and write ``docs/benchmarks.md``.

Run: ``make bench`` (or ``.venv/bin/python bench/run.py``). Each ``bench_*.py`` prints
a markdown section on stdout; this script gathers them under a header naming the
machine, so the figures can be compared from one session to the next. Speed is
measured here, never asserted in tests (README, Benchmarks).
"""

from __future__ import annotations

import os
import platform
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "benchmarks.md"


def calibration(additions: int = 10_000_000) -> float:
    """Seconds this machine takes for a pure-Python loop of ``additions``
    additions (best of 3): a yardstick to compare runs made on machines (or
    shared machines at times) of different speeds."""
    best = float("inf")
    for _ in range(3):
        start, total = time.perf_counter(), 0
        for n in range(additions):
            total += n
        best = min(best, time.perf_counter() - start)
    return best


def header() -> str:
    """Date, Python, CPU count, processor and speed (:func:`calibration`) of
    this run."""
    return "\n".join(
        [
            "# Benchmarks",
            "",
            "Written by `make bench` (`bench/run.py`); figures from the last run.",
            "",
            f"- date: {datetime.now(UTC):%Y-%m-%d %H:%M} UTC",
            f"- machine: {platform.machine()}, {os.cpu_count()} cores, "
            f"{platform.processor() or 'unknown processor'}",
            f"- Python {platform.python_version()}",
            f"- speed: a Python loop of 10 million additions takes "
            f"{calibration():.2f} s",
            "",
        ]
    )


def main() -> int:
    """Run each benchmark script in turn; non-zero exit if any of them failed."""
    sections, failed = [header()], 0
    for script in sorted((ROOT / "bench").glob("bench_*.py")):
        print(f"running {script.name} ...", file=sys.stderr)
        result = subprocess.run(
            [sys.executable, str(script)], cwd=ROOT, capture_output=True, text=True
        )
        if result.returncode:
            failed += 1
            sections.append(f"## {script.name} FAILED\n\n```\n{result.stderr}\n```\n")
        else:
            sections.append(result.stdout.strip() + "\n")
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text("\n".join(sections))
    print(OUT.read_text())
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
