"""Benchmark the public pages: first rendering after a change, and requests per
second from a production server next to a static file of the same size.

Run: ``.venv/bin/python bench/bench_public_pages.py`` (``make bench``). Prints a
markdown section.

For 200 and 1,000 players (``tests.support.sample.generate_event``: three heats with
results, a fourth seated and in play) on a scratch SQLite file:

1. *first rendering*: a result is saved at heat 4 (which changes the event
   version, so every public page is rendered anew), then the kiosk and the
   standings are requested once each through Django's test client; median and
   max of the runs, in milliseconds;
2. *served*: gunicorn (4 workers of 2 threads, as ``make serve``) on 127.0.0.1
   serves the app; each page is requested once to fill the cache, then ``wrk``
   (Debian's package; 2 threads, 8 connections, a bounded 5 s run) measures
   requests per second of the page and of a file of the same size served by the
   same server from memory (``bench/static_wsgi.py``), interleaved, best of
   three runs each. No compression on either
   (wrk sends no Accept-Encoding); the page's gzipped size is given too.

``wrk`` missing and not root: the served part is skipped with a message.
"""

from __future__ import annotations

import gzip
import os
import re
import shutil
import statistics
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

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402
from served import fetch, free_port, start_server, wrk_path  # noqa: E402

from scoring.queries.result_check import SeatScores  # noqa: E402
from scoring.services import results  # noqa: E402  # noqa: E402  # noqa: E402  # noqa: E402
from tests.support.sample import generate_event  # noqa: E402

SIZES = (200, 1000)
RUNS = 7
PAGES = (("kiosk", "/e/{slug}/kiosk/"), ("standings", "/e/{slug}/"))
WRK_SECONDS = 3
TRIES = 3


def first_renderings(slug: str) -> dict[str, list[float]]:
    """Milliseconds of each page's first rendering after a change, per run."""
    from heats.models import Event

    event = Event.objects.get(slug=slug)
    table = event.rounds.get(number=4).tables.get(number=1)
    seats = list(table.seats.order_by("number"))
    client = Client(HTTP_HOST="127.0.0.1")
    times: dict[str, list[float]] = {name: [] for name, _ in PAGES}
    for run in range(RUNS):
        finals = [60 + run + 5 * i for i in range(len(seats))]
        results.save_table_results(
            table,
            [
                SeatScores(s.number, None, None, f)
                for s, f in zip(seats, finals, strict=True)
            ],
        )
        for name, url in PAGES:
            start = time.perf_counter()
            response = client.get(url.format(slug=slug))
            times[name].append((time.perf_counter() - start) * 1000)
            assert response.status_code == 200, (url, response.status_code)
    return times


def requests_per_second(wrk: str, url: str) -> float:
    out = subprocess.run(
        [wrk, "-t2", "-c8", f"-d{WRK_SECONDS}s", "--timeout", "10s", url],
        capture_output=True,
        text=True,
        timeout=WRK_SECONDS + 30,
    ).stdout
    match = re.search(r"Requests/sec:\s+([\d.]+)", out)
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if match is None or non2xx:
        raise RuntimeError(f"wrk failed on {url}:\n{out}")
    return float(match.group(1))


def served(wrk: str) -> list[tuple]:
    """Rows (players, page, bytes, gzipped bytes, page req/s, static req/s)."""
    port, static_dir = free_port(), SCRATCH / "static"
    static_dir.mkdir()
    base = f"http://127.0.0.1:{port}"
    # The static files must exist when the server starts: size them from the
    # pages rendered in this process (the same bytes gunicorn will send).
    client, sizes = Client(HTTP_HOST="127.0.0.1"), {}
    for players in SIZES:
        for name, url in PAGES:
            body = client.get(url.format(slug=f"g{players}")).content
            sizes[(players, name)] = (len(body), len(gzip.compress(body)))
            (static_dir / f"{players}-{name}.html").write_bytes(b"x" * len(body))
    server = start_server(port, static_dir)
    rows = []
    try:
        for (players, name), (size, zipped) in sizes.items():
            url = base + dict(PAGES)[name].format(slug=f"g{players}")
            fetch(url)  # each worker fills its cache on its first request
            page = requests_per_second(wrk, url)
            static = requests_per_second(
                wrk, f"{base}/bench-static/{players}-{name}.html"
            )
            rows.append((players, name, size, zipped, page, static))
    finally:
        server.terminate()
        server.wait(timeout=10)
    return rows


def main() -> None:
    call_command("migrate", verbosity=0)
    for players in SIZES:
        generate_event(f"g{players}", players, heats=3)
    print("## Public pages (`bench/bench_public_pages.py`)")
    print()
    print(
        "Generated events: three heats with results and a fourth in play. First "
        "rendering: right after a result is saved (the cache is then cold), Django's "
        f"test client, {RUNS} runs."
    )
    print()
    print("| players | page | median ms | max ms |")
    print("|---:|---|---:|---:|")
    for players in SIZES:
        for name, ms in first_renderings(f"g{players}").items():
            print(
                f"| {players} | {name} | {statistics.median(ms):.1f} | {max(ms):.1f} |"
            )
    print()
    wrk = wrk_path()
    if wrk is None:
        print(
            "Served figures skipped: `wrk` is missing and cannot be installed "
            "(not root)."
        )
        return
    print(
        "Served: gunicorn, 4 workers of 2 threads on 127.0.0.1; `wrk -t2 -c8 "
        f"-d{WRK_SECONDS}s`, best of {TRIES} interleaved runs; the static file is the "
        "same number of bytes, served by the same server from memory. An unchanged "
        "public page is repeated in front of Django "
        "(`medici_tourney.public_pages.PublicPagesWSGI`). The target is 50%."
    )
    print()
    print(
        "| players | page | bytes (gzipped) | page req/s | static req/s "
        "| page / static |"
    )
    print("|---:|---|---:|---:|---:|---:|")
    for players, name, size, zipped, page, static in served(wrk):
        print(
            f"| {players} | {name} | {size:,} ({zipped:,}) | {page:,.0f} | "
            f"{static:,.0f} | {page / static:.0%} |"
        )
    shutil.rmtree(SCRATCH, ignore_errors=True)


if __name__ == "__main__":
    main()
