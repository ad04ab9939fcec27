"""The server's share of the GM's three slowest clicks, this checkout beside an
earlier commit's, measured in the same run (issue 28, item 7).

Run: ``.venv/bin/python bench/bench_gm_server.py [COMMIT]`` (``make bench``;
COMMIT: the earlier code, ``git archive``d; by default ``BEFORE_COMMIT``, the
commit before that work). Prints a markdown section: the quick check of the
server alone, readable on a machine too busy for the browser's figures
(``bench_gm_browser.py``).

Clicks, each in an event of 200 and of 1,000 players checked in to heat 1
(a SQLite file, ``DJANGO_DEBUG=0``, Django's test client as the GM): a typed new
name checked in and answered with the htmx fragment, "Seat" (the POST, then the
page it redirects to; "Seat again" after the first), and the seated round page.
Per click: the least CPU milliseconds of this process over ``RUNS`` clicks
(after one not counted), the SQL statements and the bytes of the last. CPU
time, and the least of it, not wall time or a median: on a shared machine
the others' work only ever adds to a click's time (to its CPU time too, the
cores' caches being shared). Each checkout is measured twice (before, now,
now, before), each in a process of its own, and the lower of the two kept.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
import warnings
from collections.abc import Callable
from pathlib import Path

from bench_gm_browser import export_commit, measure_in_subprocess
from browser_clicks import django_environment

ROOT = Path(__file__).resolve().parent.parent
BEFORE_COMMIT = "4663802"
SIZES = (200, 1000)
RUNS = 11
CLICKS = ("check-in → fragment", "Seat → page", "round page, seated")


def setup_django(root: Path) -> None:
    """Django on ``root``'s app and a scratch SQLite file, migrated."""
    scratch = Path(tempfile.mkdtemp(prefix="server-clicks-"))
    sys.path.insert(0, str(root))
    os.chdir(root)
    os.environ.update(django_environment(scratch), DJANGO_STATIC_MANIFEST="0")
    import django

    warnings.filterwarnings("ignore", message="No directory at")
    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def gm_session(players: int):
    """A GM's test client and heat 1 of a new event of ``players`` players
    (``browser_clicks.build_event``, the browser benchmark's event)."""
    from browser_clicks import build_event
    from django.test import Client

    rnd = build_event(players)
    client = Client(HTTP_HOST="127.0.0.1")
    client.force_login(rnd.event.gms.get())
    return client, rnd


def timed(click: Callable[[int], bytes]) -> dict:
    """``click`` run once unmeasured, then ``RUNS`` times: the least CPU ms,
    and the statements and bytes of the last."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    click(RUNS)
    times = []
    for run in range(RUNS):
        with CaptureQueriesContext(connection) as queries:
            start = time.process_time()
            body = click(run)
            times.append((time.process_time() - start) * 1000)
    return {"ms": min(times), "queries": len(queries), "bytes": len(body)}


def measure(players: int) -> dict[str, dict]:
    """The three clicks on this process's app (see the module's docstring)."""
    from django.urls import reverse

    from heats.queries.seating import seating_state

    client, rnd = gm_session(players)
    kwargs = {"event": rnd.event.slug, "round": rnd.code}
    page = reverse("heats:round-detail", kwargs=kwargs)

    def follow(response) -> bytes:
        assert response.status_code in (200, 302), response.status_code
        if response.status_code == 302:
            response = client.get(response["Location"])
        return response.content

    def check_in(run: int) -> bytes:
        data = {"name": f"Newcomer {run:03d}", "new": "on"}
        target = reverse("heats:round-checkin", kwargs=kwargs)
        return follow(client.post(target, data, HTTP_HX_REQUEST="true"))

    def seat(run: int) -> bytes:
        rnd.refresh_from_db()
        data = {"seed": str(run), "state": seating_state(rnd)}
        return follow(client.post(reverse("heats:round-seat", kwargs=kwargs), data))

    found = {CLICKS[0]: timed(check_in), CLICKS[1]: timed(seat)}
    found[CLICKS[2]] = timed(lambda run: follow(client.get(page)))
    return found


def in_subprocess(root: Path, players: int) -> dict[str, dict]:
    """``measure`` on ``root``'s app, in a process of its own."""
    return measure_in_subprocess(root, players, script=Path(__file__))


def export(commit: str) -> Path:
    """The files of ``commit`` in a scratch folder (``git archive``, as the
    browser benchmark exports its earlier commit)."""
    folder = Path(tempfile.mkdtemp(prefix="server-clicks-before-")) / "tree"
    exported = export_commit(commit, folder)
    if exported is None:
        raise SystemExit(f"git archive {commit} failed")
    return exported


def main(commit: str) -> None:
    """Measure ``commit`` and this checkout, each size; print the table."""
    trees = {"before": export(commit), "now": ROOT}
    found: dict[tuple[str, int], dict] = {}
    for players in SIZES:
        for name in ("before", "now", "now", "before"):
            got = in_subprocess(trees[name], players)
            kept = found.setdefault((name, players), got)
            for click, figures in got.items():
                if figures["ms"] < kept[click]["ms"]:
                    kept[click] = figures
    print("## The server's share of three GM clicks (`bench/bench_gm_server.py`)")
    print()
    print(
        "SQLite file, `DJANGO_DEBUG=0`, Django's test client as the event's GM, "
        "200 and 1,000 players checked in to heat 1: a typed new name checked in "
        "(the htmx fragment), Seat (the POST and the page it leads to; Seat again "
        "after the first), the seated round page. Per click: the least CPU ms "
        f"of {RUNS} (CPU, and its least, not wall time: the machine is shared), "
        "statements and bytes; each checkout measured twice in its own process, "
        "the lower kept. "
        f"*before*: commit {commit}, exported and measured in the same run. Load "
        f"average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores."
    )
    print()
    print(
        "| click | players | CPU ms before | CPU ms | queries before | queries "
        "| bytes before | bytes |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for players in SIZES:
        for click in CLICKS:
            was, now = found["before", players][click], found["now", players][click]
            print(
                f"| {click} | {players:,} | {was['ms']:.1f} | {now['ms']:.1f} "
                f"| {was['queries']} | {now['queries']} "
                f"| {was['bytes']:,} | {now['bytes']:,} |"
            )


if __name__ == "__main__":
    if sys.argv[1:2] == ["--measure"]:
        setup_django(Path(sys.argv[2]))
        print(json.dumps(measure(int(sys.argv[3]))))
    else:
        main(sys.argv[1] if len(sys.argv) > 1 else BEFORE_COMMIT)
