"""Benchmark what the GM feels: click to page (or part) painted in Chromium.

Run: ``.venv/bin/python bench/bench_gm_browser.py`` (``make bench``). Prints a
markdown section.

The app is served as ``make serve`` serves it (gunicorn, 4 workers of 2 threads,
``DJANGO_DEBUG=0``, a SQLite file; ``served.start_server``) with a fresh event of
200 and of 1,000 players; Debian's Chromium (Playwright, launched as the browser
tests launch it) logs in as the GM and clicks. A click's time runs from
``performance.now()`` just before the click, dispatched in the page, to the first
animation frame after the result is in (an htmx part settled,
``htmx:afterSettle``, or a new page's ``load``), measured in the page's clock
(``performance.timeOrigin``, so a new page's time follows on from the old one's).
Per action the median of ``RUNS`` clicks; each checkout is measured twice (before,
now, now, before) and the quieter run (lower median) kept.

Actions: check in a typed new name (the round not yet seated), Seat (and Seat
again), the round page once seated, "Save and next table" on a table's results
form, save a table from the round page (its table panel, or the results page
and back without it), and confirm a players' report. Beside each, the *static*
figure: the same bytes the browser received for that click (the page, or the
htmx answer), saved to a file the same server hands over without Django
(``static_wsgi``), loaded the same way in the same browser (a page by its
address; an htmx answer swapped into the same place): the floor of what any
server can do.

*before*: the commit this work started from (``BEFORE_COMMIT``), exported with
``git archive`` and measured in the same run on the same machine; "—" where that
code has no such click or git cannot export it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SCRIPT = Path(__file__).resolve()
ROOT = SCRIPT.parent.parent
BEFORE_COMMIT = "4663802"
SIZES = (200, 1000)
RUNS = 5  # as browser_clicks.RUNS
TARGET_MS = {
    "check in a typed new name": (100, 300),
    "Seat (and Seat again)": (150, 300),
    "round page, seated": (150, 300),
    "save and next table": (100, 300),
    "save a table from the round page": (100, 300),
    "confirm a players' report": (100, 300),
}
CHROMIUM = Path("/usr/bin/chromium")


def main() -> None:
    """Measure the commit this work started from and this checkout, each size in
    turn, in subprocesses (each its own database and server); print the table."""
    if not CHROMIUM.exists():
        print("## The GM's clicks in a browser (`bench/bench_gm_browser.py`)\n")
        print("Skipped: /usr/bin/chromium is missing (`make browser`).")
        return
    scratch = Path(tempfile.mkdtemp(prefix="bench-browser-"))
    before = export_commit(BEFORE_COMMIT, scratch / "before")
    trees = [(name, root) for name, root in (("before", before), ("now", ROOT))]
    found: dict[tuple[str, int], dict] = {}
    for players in SIZES:
        # Before, now, now, before: a shared machine's load drifts, and each
        # click keeps the quieter of its two runs (the lower median).
        for name, root in trees + trees[::-1]:
            if root is None:
                continue
            got = measure_in_subprocess(root, players, scratch)
            found[name, players] = quieter(found.get((name, players), {}), got)
    shutil.rmtree(scratch, ignore_errors=True)
    print_table(found)


def quieter(one: dict, other: dict) -> dict:
    """Per click, the figures of the run with the lower median."""
    return {
        click: min((r for r in (one.get(click), figures) if r), key=lambda r: r["ms"])
        for click, figures in other.items()
    }


def export_commit(commit: str, folder: Path) -> Path | None:
    """The files of ``commit`` in ``folder`` (``git archive``), or None."""
    folder.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "archive", commit], cwd=ROOT, capture_output=True, check=False
    )
    if archive.returncode:
        return None
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    return folder


def measure_in_subprocess(
    root: Path, players: int, scratch: Path | None = None, script: Path = SCRIPT
) -> dict:
    """``script``'s (this one's by default) ``measure`` on ``root``'s app, in a
    process of its own; its scratch files in ``scratch`` (else a new folder)."""
    env = (
        dict(os.environ)
        if scratch is None
        else {**os.environ, "BENCH_SCRATCH": str(scratch)}
    )
    out = subprocess.run(
        [sys.executable, str(script), "--measure", str(root), str(players)],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if out.returncode:
        print(out.stderr, file=sys.stderr)
        raise RuntimeError(f"measuring {root} at {players} players failed")
    return json.loads(out.stdout.strip().splitlines()[-1])


def cell(value: float | None) -> str:
    return "—" if value is None else f"{value:,.1f}"


def print_table(found: dict[tuple[str, int], dict]) -> None:
    """The markdown section: one row per action and size."""
    load = os.getloadavg()[0]
    print("## The GM's clicks in a browser (`bench/bench_gm_browser.py`)")
    print()
    print(
        "Chromium (Debian's, headless, through Playwright) against the app as "
        "`make serve` runs it (gunicorn 4×2, `DJANGO_DEBUG=0`, SQLite file), "
        "logged in as the GM of a fresh event. Per click: milliseconds from the "
        "click to the first frame after the page loaded or the htmx answer "
        f"settled (median of {RUNS}; of two runs, before and after the other "
        "commit's, the quieter); *static*: the same bytes served as a file "
        "by the same server without Django and loaded the same way (the floor); "
        f"*before*: commit {BEFORE_COMMIT}, measured in the same run. Targets: "
        "100 ms at 200 players for a check-in, a save and a confirmation, 150 ms "
        "for Seat and the round page; 300 ms at 1,000 players. Load average at "
        f"the end: {load:.1f} on {os.cpu_count()} cores."
    )
    print()
    print("| click | players | ms before | ms | target | KB before | KB | static ms |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for players in SIZES:
        now = found.get(("now", players), {})
        was = found.get(("before", players), {})
        for action, (small, large) in TARGET_MS.items():
            got, old = now.get(action), was.get(action)
            if got is None and old is None:
                continue
            target = small if players <= 200 else large
            print(
                f"| {action} | {players:,} | {cell(old and old['ms'])} "
                f"| {cell(got and got['ms'])} | {target} "
                f"| {cell(old and old['bytes'] / 1000)} "
                f"| {cell(got and got['bytes'] / 1000)} "
                f"| {cell(got and got['static_ms'])} |"
            )


if __name__ == "__main__":
    if sys.argv[1:2] == ["--measure"]:
        from browser_clicks import measure  # noqa: I001 - bench/ is on the path

        print(json.dumps(measure(Path(sys.argv[2]), int(sys.argv[3]))))
    else:
        main()
