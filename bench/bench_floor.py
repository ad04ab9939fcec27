"""The convention floor: many events' kiosks, phones and GMs at once, on
PostgreSQL behind gunicorn, with the CPU each kind of request costs.

Run: ``.venv/bin/python bench/bench_floor.py`` (``make load-floor``, part of
``make load`` and ``make bench``). Prints a markdown section; takes about 90 s
of load after setting up (``BENCH_FLOOR_SECONDS``: the floor's length, 60).

Set-up, as ``bench_load.py``: a throwaway PostgreSQL cluster
(``tests/with_postgres.py``, with ``pg_stat_statements`` to count statements),
``EVENTS`` generated events of ``PLAYERS`` players (three heats with results,
heat 4 seated), one GM, gunicorn as ``make serve`` runs it (``bench/served.py``:
4 workers of 2 threads, one public slot each, persistent database
connections), sharing Redis (``redis-server`` configured as
``deploy/redis.conf``, as docs/deploy.md has several hosts do) or, without
it, a file cache (as one host's ``make serve``).

Two parts:

1. *Cost per request*: each kind of request alone, one at a time on one
   connection (so the public queue never answers 503), with the CPU seconds
   of the server's, the database's and Redis's processes
   (``floor_measure``) and the statements PostgreSQL ran, divided by the
   requests answered: the version poll; a page repeated by the WSGI store
   (``medici_tourney.public_pages``); a page from the Django cache by the
   view (the kiosk panel and the phone view with a ``?v=`` newer than the
   store's, as the phone view sends it: ``static/js/find.js``; with the
   view's version query); a page rendered (cache emptied before each request); a
   result saved (GET form + POST, ``bench_load.Writer``). The CPU of the
   machine's idle processes over the same time is taken off.
2. *The floor* (``floor_clients``: what the screens send, in a process of
   their own): ``KIOSKS`` kiosks and ``PHONES`` phones spread over the events,
   and one GM per event saving one of heat 4's tables through the real form
   every ``SAVE_EVERY`` seconds (open loop; the GMs start half a second
   apart and stop ``TAIL`` seconds before the end, so every save has time to
   reach the screens).

Reported for the floor: each kind of request's count, 503s (*busy*), errors
(connection errors, timeouts, other answers outside 2xx/3xx) and latency;
*freshness*: for each save, from its answer until every kiosk of its event
has taken a panel at the save's version or newer (a save's version: the
newest audit entry of its event once it is written, found afterwards in the
database by the finals it sent), and the same for the phones with the phone
view; *regressions* (a screen answered older than it already had; must be
0 for the kiosks); the CPU the floor cost beside what part 1's costs
predict; what Redis held at the end and the statements run most often.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

from bench_load import PASSWORD, Writer, database_name
from floor_clients import closed_loop, run_floor
from floor_measure import (
    PG_OPTIONS,
    Meter,
    enable_statements,
    redis_calls,
    reset_statements,
    spent,
)
from floor_report import introduction, report

ROOT = Path(__file__).resolve().parent.parent
EVENTS = int(os.environ.get("BENCH_FLOOR_EVENTS", "10"))
PLAYERS = int(os.environ.get("BENCH_FLOOR_PLAYERS", "200"))
KIOSKS = int(os.environ.get("BENCH_FLOOR_KIOSKS", "40"))
PHONES = int(os.environ.get("BENCH_FLOOR_PHONES", "600"))
SECONDS = float(os.environ.get("BENCH_FLOOR_SECONDS", "60"))
SAVE_EVERY = 5.0  # seconds between one GM's saves
TAIL = 8.0  # seconds without saves at the end of the floor
ALONE = 3.0  # seconds of each kind of request alone (part 1)
RENDERS = 20  # renderings measured of each page (part 1)
PUBLIC_SLOTS = 1  # as make serve
AHEAD = "999999999.0"
DJANGO_HIT = "page, Django cache (view, ?v=)"


def outer() -> None:
    """Run this script again inside a throwaway PostgreSQL cluster (or on SQLite
    when there is none) and print the section it wrote."""
    sys.path.insert(0, str(ROOT / "tests"))
    from with_postgres import EXTRA, find_bin

    scratch = Path(tempfile.mkdtemp())
    env = {**os.environ, "BENCH_FLOOR_OUT": str(scratch / "floor.md")}
    inner = [sys.executable, str(Path(__file__).resolve()), "--inner"]
    if find_bin() is not None:
        env[EXTRA] = PG_OPTIONS
        command = [sys.executable, str(ROOT / "tests" / "with_postgres.py"), *inner]
    else:
        env["DATABASE_URL"] = f"sqlite:///{scratch / 'floor.sqlite3'}"
        command = inner
    subprocess.run(command, env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    print((scratch / "floor.md").read_text())


def port_from(name: str) -> int:
    """The port in environment variable ``name``, else a free one."""
    from served import free_port

    return int(os.environ.get(name) or free_port())


def shared_cache() -> tuple:
    """``(redis-server process or None, its port or None, DJANGO_CACHE_URL)``:
    Redis when installed, else a new file cache."""
    from floor_measure import start_redis

    port = port_from("BENCH_REDIS_PORT")
    redis = start_redis(port)
    if redis is None:
        return None, None, f"file://{tempfile.mkdtemp(prefix='bench-floor-')}"
    return redis, port, f"redis://127.0.0.1:{port}/0"


def inner() -> None:
    redis, redis_port, cache_url = shared_cache()
    os.environ.update(
        DJANGO_SETTINGS_MODULE="medici_tourney.settings",
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY="bench-only-" + "x" * 50,
        DJANGO_CACHE_URL=cache_url,  # this process empties the server's cache
        DATABASE_CONN_MAX_AGE="60",  # persistent connections, as on PostgreSQL
    )
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from served import start_server

    call_command("migrate", verbosity=0)
    enable_statements(connection)
    events = make_events()
    port = port_from("BENCH_PORT")
    server = start_server(port, Path(tempfile.mkdtemp()), PUBLIC_SLOTS, cache_url)
    try:
        from floor_measure import postmaster

        meter = Meter(
            connection, server.pid, postmaster(connection), redis and redis.pid
        )
        writers = [gm(port, event) for event in events]
        costs = per_request(port, meter, events, writers)
        floor = on_the_floor(port, meter, events, writers, redis_port)
    finally:
        server.terminate()
        server.wait(timeout=10)
    setting = introduction(database_name(connection), bool(redis), floor_sizes())
    text = report(setting, costs, floor, redis_port, connection)
    if redis:
        redis.terminate()
        redis.wait(timeout=10)
    Path(os.environ["BENCH_FLOOR_OUT"]).write_text(text)


def floor_sizes() -> dict:
    return dict(
        events=EVENTS,
        players=PLAYERS,
        kiosks=KIOSKS,
        phones=PHONES,
        seconds=SECONDS,
        save_every=SAVE_EVERY,
        tail=TAIL,
        alone=ALONE,
    )


def make_events() -> list:
    """``EVENTS`` generated events, the GM ``load-gm`` on each."""
    from django.contrib.auth import get_user_model

    from tests.support.sample import generate_event

    user = get_user_model().objects.create_user("load-gm", password=PASSWORD)
    events = []
    for n in range(EVENTS):
        event = generate_event(f"floor{n}", PLAYERS, heats=3, seed=n + 1)
        event.gms.add(user)
        events.append(event)
    return events


def gm(port: int, event) -> Writer:
    """A logged-in GM saving heat 4's tables of ``event`` in turn."""
    tables = event.rounds.get(number=4).tables.values_list("number", flat=True)
    writer = Writer(port, event.slug, list(tables), 100)
    writer.login()
    return writer


def alone(meter: Meter, run) -> tuple:
    """``(answered, Spent)`` of ``run()`` (which returns the requests answered
    2xx) alone on the server."""
    before = meter.read()
    answered = run()
    return answered, spent(before, meter.read())


def looped(port: int, paths: list[str]) -> Callable[[], int]:
    """``paths`` in turn for ``ALONE`` seconds, one at a time; requests
    answered 2xx."""

    def run() -> int:
        tally = asyncio.run(closed_loop(port, paths, ALONE))
        return sum(n for s, n in tally.statuses.items() if 200 <= s < 300)

    return run


def rendered(port: int, slugs: list[str], page: str) -> Callable[[], int]:
    """``page`` (``{n}``: the request's number) of each event in turn,
    ``RENDERS`` times, the cache emptied before each (a rendering each)."""
    from django.core.cache import cache

    def run() -> int:
        answered = 0
        for n in range(RENDERS):
            cache.clear()
            path = f"/e/{slugs[n % len(slugs)]}/{page.format(n=n)}"
            url = f"http://127.0.0.1:{port}{path}"
            with urllib.request.urlopen(url, timeout=30) as response:  # noqa: S310
                response.read()
                answered += response.status == 200
        return answered

    return run


def saved(writers: list[Writer]) -> int:
    """Two saves by each GM; saves answered with the redirect."""
    for writer in writers * 2:
        writer.save(writer.tables[writer.turn % len(writer.tables)])
        writer.turn += 1
    return sum(len(w.sent) for w in writers)


def per_request(port: int, meter: Meter, events: list, writers: list) -> dict:
    """Part 1 (module doc): ``{kind: (requests answered, Spent)}``, with
    ``"idle"``: ``(0, Spent)`` of ``ALONE`` seconds without requests."""
    slugs = [event.slug for event in events]
    warm = [f"/e/{s}/{page}" for s in slugs for page in ("", "find/", "kiosk/")]
    asyncio.run(closed_loop(port, warm, 2.0))
    costs = {"idle": alone(meter, lambda: time.sleep(ALONE) or 0)}
    polls = [f"/e/{s}/version.json" for s in slugs]
    costs["version poll"] = alone(meter, looped(port, polls))
    costs["page, WSGI repeat"] = alone(meter, looped(port, warm))
    # A ?v= newer than any version: never the WSGI store's, the cache's page.
    ahead = [f"/e/{s}/{p}?v={AHEAD}" for s in slugs for p in ("kiosk/panel/", "find/")]
    costs[DJANGO_HIT] = alone(meter, looped(port, ahead))
    for label, page in (
        ("standings", "?x={n}"),
        ("kiosk panel", "kiosk/panel/?v=0"),
        ("phone view", "find/?x={n}"),
    ):
        costs[f"render: {label}"] = alone(meter, rendered(port, slugs, page))
    costs["save (GET form + POST)"] = alone(meter, lambda: saved(writers))
    for writer in writers:
        writer.sent.clear()
    return costs


def on_the_floor(port: int, meter: Meter, events, writers, redis_port) -> dict:
    """Part 2 (module doc): the clients' figures, the GMs' saves, the cost;
    ``redis``: the renderings counted by Redis (its ``DEL`` calls: each
    rendering deletes its lock), when there is Redis."""
    slugs = [event.slug for event in events]
    start = time.monotonic() + 2.0
    end = start + SECONDS
    context = multiprocessing.get_context("fork")
    results = context.SimpleQueue()
    child = context.Process(
        target=_screens, args=(port, slugs, start, end, results), daemon=True
    )
    reset_statements(meter.connection)
    calls = redis_calls(redis_port)
    before = meter.read()
    child.start()  # before any thread of this process
    saves: list[tuple] = []
    threads = [
        threading.Thread(
            target=_saving,
            args=(w, start + 1.0 + i * SAVE_EVERY / len(writers), end - TAIL, saves),
            daemon=True,
        )
        for i, w in enumerate(writers)
    ]
    for thread in threads:
        thread.start()
    screens = results.get()
    child.join()
    for thread in threads:
        thread.join()
    cost = spent(before, meter.read())
    redis = None
    if redis_port is not None:
        redis = {"renders": redis_calls(redis_port).get("del", 0) - calls.get("del", 0)}
    return dict(screens=screens, saves=saves, cost=cost, events=events, redis=redis)


def _screens(port, slugs, start, end, results) -> None:
    floor = asyncio.run(run_floor(port, slugs, KIOSKS, PHONES, start, end))
    usage = resource.getrusage(resource.RUSAGE_SELF)
    results.put((floor.tallies, floor.screens, usage.ru_utime + usage.ru_stime))


def _saving(writer: Writer, first: float, stop: float, saves: list) -> None:
    """Save every ``SAVE_EVERY`` seconds from ``first`` until ``stop``, open
    loop; ``(event slug, finals or None, planned, answered)`` per save."""
    planned = first
    while planned < stop:
        time.sleep(max(0.0, planned - time.monotonic()))
        count = len(writer.sent)
        try:
            writer.save(writer.tables[writer.turn % len(writer.tables)])
        except (OSError, RuntimeError) as exc:
            writer.errors.append(str(exc))
        finals = writer.sent[-1][1] if len(writer.sent) > count else None
        saves.append((writer.slug, finals, planned, time.monotonic()))
        writer.turn += 1
        planned += SAVE_EVERY


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "bench"))
    if "--inner" in sys.argv:
        inner()
    else:
        outer()
