"""Load test: GM result saves while the kiosk and the standings are read, on
PostgreSQL behind gunicorn, for a fixed time.

Run: ``.venv/bin/python bench/bench_load.py`` (``make load``, part of ``make bench``).
Prints a markdown section; stops by itself after three phases of ``SECONDS`` each
(``BENCH_LOAD_SECONDS`` to change it).

The run happens inside a throwaway PostgreSQL cluster (``tests/with_postgres.py``
starts it and removes it afterwards); without PostgreSQL's programs it runs on a
scratch SQLite file and says so. In it: a generated event for each of ``SIZES``
(players; ``tests.support.sample``: three heats with results, heat 4 seated without),
a GM user, and gunicorn (``bench/served.py``, 4 workers of 2 threads, as ``make
serve`` runs them, with its public queue of ``PUBLIC_SLOTS`` threads a worker,
``medici_tourney.public_gate``) on 127.0.0.1.

In every phase ``WRITERS`` threads, each logged in as the GM with its own session,
save heat 4's tables through the real result-entry form, one every ``SAVE_EVERY``
seconds each, open loop (a save's time counts from its planned start, so a slow
save delays and counts against the next): GET the form (CSRF token, seating and
version hash), POST new finals, expect the redirect. That is far faster than GMs
type a scoresheet in, and the saves do not pile on each other as saves "as fast as
answered" would: what is measured is how long one GM waits, not how many saves the
machine can take. Each writer has its own tables, so no save is refused as stale;
every save changes the event version, so the public pages are rendered again after
each. A *GM probe*, logged in as the GM, asks for a light page (``PROBE``)
``PROBE_RATE`` times a second, open loop: how long a GM request waits for the
server, apart from the work of a save. The readers at a fixed rate run in a process
of their own, so their work does not slow the writers' clocks. The phases
(``bench/readers.py``):

1. *writes alone*;
2. *fixed rate*: the kiosk and the standings read in turn at ``RATE`` requests per
   second in all, open loop (requests sent at planned times whatever the answers;
   latency from the planned time). Target: save p95 under 250 ms;
3. *flood*: ``wrk`` with ``FLOOD`` connections on each page, as many reads as the
   server answers. Target: saves still answered, public reads beyond the queue's
   bound answered ``503`` (counted as *busy*, not as errors).

Reported: requests, requests per second, busy answers, errors (connection errors,
timeouts and answers other than 2xx/3xx/503; must be 0) and p50/p95/p99/max latency
of each. Then every save is looked for in the database: an audit entry of its table
with the finals sent (every save writes one; the public pages' version is the
newest), and each table holding the last finals sent to it.
"""

from __future__ import annotations

import http.client
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlencode

from readers import FixedRate, Reads, flood, flood_result
from served import THREADS, WORKERS

ROOT = Path(__file__).resolve().parent.parent
# Events measured, by players: a large convention's field, then five times it.
SIZES = tuple(map(int, os.environ.get("BENCH_LOAD_PLAYERS", "200,1000").split(",")))
SECONDS = float(os.environ.get("BENCH_LOAD_SECONDS", "20"))
WRITERS = 2
# Seconds between one writer's saves, open loop (see module doc).
SAVE_EVERY = 1.0
# Public threads of each worker's 2 (MEDICI_PUBLIC_SLOTS), as make serve sets them.
PUBLIC_SLOTS = 1
RATE = 200  # public reads per second in the fixed-rate phase
TARGET_MS = 250  # the saves' p95 beside them
FLOOD = 32  # wrk connections on each page in the flood
# A light page a logged-in GM asks for PROBE_RATE times a second in every phase:
# how long a GM request waits for the server, apart from the work of a save.
PROBE, PROBE_RATE = "/timer/", 5
PASSWORD = "load-test-password-1"
READS = (("kiosk", "/e/{slug}/kiosk/"), ("standings", "/e/{slug}/"))
HIDDEN = re.compile(r'<input type="hidden" name="(\w+)" value="([^"]*)"')
FINAL = re.compile(r'name="(final_\d+)"')
WAS = re.compile(r" \(was -?\d+\)$")


def outer() -> None:
    """Run this script again inside a throwaway PostgreSQL cluster (or on SQLite
    when there is none) and print the section it wrote."""
    sys.path.insert(0, str(ROOT / "tests"))
    from with_postgres import find_bin

    scratch = Path(tempfile.mkdtemp())
    env = {**os.environ, "BENCH_LOAD_OUT": str(scratch / "load.md")}
    inner = [sys.executable, str(Path(__file__).resolve()), "--inner"]
    if find_bin() is not None:
        command = [sys.executable, str(ROOT / "tests" / "with_postgres.py"), *inner]
    else:
        env["DATABASE_URL"] = f"sqlite:///{scratch / 'load.sqlite3'}"
        command = inner
    subprocess.run(command, env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    print((scratch / "load.md").read_text())


class Writer:
    """A GM saving heat 4's ``tables`` in turn through the result-entry form;
    ``sent``: ``(table, finals)`` of each save answered with the redirect,
    ``errors``: any other answer, ``times``: seconds per save and ``failed``:
    count of errors, by phase."""

    def __init__(
        self, port: int, slug: str, tables: list[int], first_final: int
    ) -> None:
        self.port, self.slug, self.tables = port, slug, tables
        self.next_final = first_final
        self.cookies: dict[str, str] = {}
        self.sent: list[tuple[int, tuple[int, ...]]] = []
        self.errors: list[str] = []
        self.times: dict[str, list[float]] = {}
        self.failed: dict[str, int] = {}
        self.turn = 0

    def request(self, method: str, path: str, form: dict | None = None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        text = response.read().decode()
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
        connection.close()
        return response.status, text

    def form(self, path: str) -> dict[str, str]:
        status, page = self.request("GET", path)
        if status != 200:
            raise RuntimeError(f"GET {path}: {status}")
        return dict(HIDDEN.findall(page)) | {name: "" for name in FINAL.findall(page)}

    def login(self) -> None:
        form = self.form("/accounts/login/")
        form.update(username="load-gm", password=PASSWORD)
        status, _ = self.request("POST", "/accounts/login/", form)
        if status != 302:
            raise RuntimeError(f"login answered {status}")

    def save(self, table: int) -> None:
        path = f"/e/{self.slug}/gm/round/4/table/{table}/results/"
        form = self.form(path)
        seats = sorted(int(k.split("_")[1]) for k in form if k.startswith("final_"))
        finals = tuple(self.next_final + 7 * i for i in range(len(seats)))
        self.next_final += 1
        form.update({f"final_{n}": str(f) for n, f in zip(seats, finals, strict=True)})
        status, _ = self.request("POST", path, form)
        if status == 302:
            self.sent.append((table, finals))
        else:
            self.errors.append(f"table {table}: {status}")

    def run(self, phase: str, deadline: float, offset: float = 0.0) -> None:
        """Save tables in turn until ``deadline`` (time.monotonic()), one every
        ``SAVE_EVERY`` seconds from ``offset`` seconds on, open loop: a save's
        time counts from its planned start, so a save started late because the
        last one was slow counts the wait too."""
        times = self.times.setdefault(phase, [])
        errors_before = len(self.errors)
        planned = time.monotonic() + offset
        while planned < deadline:
            time.sleep(max(0.0, planned - time.monotonic()))
            try:
                self.save(self.tables[self.turn % len(self.tables)])
            except (OSError, RuntimeError) as exc:
                self.errors.append(str(exc))
            times.append(time.monotonic() - planned)
            planned += SAVE_EVERY
            self.turn += 1
        self.failed[phase] = len(self.errors) - errors_before


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile (0..1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(share * len(ordered)) - 1))]


def inner() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "medici_tourney.settings")
    os.environ.setdefault("DJANGO_DEBUG", "0")
    os.environ.setdefault("DJANGO_SECRET_KEY", "bench-only-" + "x" * 50)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection
    from served import free_port, start_server, wrk_path

    from tests.support.sample import generate_event

    # Persistent database connections, as the README's server on PostgreSQL has.
    os.environ.setdefault("DATABASE_CONN_MAX_AGE", "60")
    call_command("migrate", verbosity=0)
    out = Path(os.environ["BENCH_LOAD_OUT"])
    if wrk_path() is None:
        out.write_text("## Load test\n\nSkipped: `wrk` is missing (not root).\n")
        return
    gm = get_user_model().objects.create_user("load-gm", password=PASSWORD)
    events = {}
    for players in SIZES:
        events[players] = generate_event(f"load{players}", players, heats=3)
        events[players].gms.add(gm)
    port, static_dir = free_port(), Path(tempfile.mkdtemp())
    server = start_server(port, static_dir, public_slots=PUBLIC_SLOTS)
    sections = [introduction(database_name(connection))]
    try:
        for players, event in events.items():
            tables = event.rounds.get(number=4).tables.values_list("number", flat=True)
            phases, writers = load(port, event.slug, list(tables))
            sections.append(report(players, phases, writers))
            sections.append(checked(writers, written(event), held(event)))
    finally:
        server.terminate()
        server.wait(timeout=10)
    out.write_text("\n".join(sections))


def database_name(connection) -> str:
    """ "PostgreSQL 15.8" or "SQLite 3.40.1 (no PostgreSQL here)"."""
    if connection.vendor == "postgresql":
        major, minor = divmod(connection.pg_version, 10000)
        return f"PostgreSQL {major}.{minor}"
    return f"SQLite {connection.Database.sqlite_version} (no PostgreSQL here)"


def with_writes(writers: list[Writer], phase: str, start_reads, probe: FixedRate):
    """Run the writers and the GM ``probe`` for ``SECONDS`` beside the reads
    ``start_reads()`` starts (it returns the wait for their :class:`Reads`; None:
    no reads); ``(reads seen or None, probe's reads)``."""
    wait = start_reads() if start_reads is not None else None
    deadline = time.monotonic() + SECONDS
    threads = [
        threading.Thread(
            target=w.run, args=(phase, deadline, i * SAVE_EVERY / WRITERS), daemon=True
        )
        for i, w in enumerate(writers)
    ] + [threading.Thread(target=probe.run, daemon=True)]
    for thread in threads:
        thread.start()
    seen = wait() if wait is not None else None
    for thread in threads:
        thread.join(timeout=SECONDS + 60)
    return seen, probe.reads


def load(port: int, slug: str, tables: list[int]) -> tuple[dict[str, tuple], list]:
    """The three phases (module doc) on event ``slug``; ``({phase: (reads,
    probe)}, writers)``."""
    writers = [
        Writer(port, slug, tables[i::WRITERS], 100 * (i + 1)) for i in range(WRITERS)
    ]
    for writer in writers:
        writer.login()
    paths = [path.format(slug=slug) for _, path in READS]
    FixedRate(port, paths, 50, 2).run()  # each page rendered in each worker
    fixed = FixedRate(port, paths, RATE, SECONDS)
    gm = "; ".join(f"{k}={v}" for k, v in writers[0].cookies.items())

    def probe() -> FixedRate:
        return FixedRate(port, [PROBE], PROBE_RATE, SECONDS, cookie=gm)

    def flooding() -> Callable[[], Reads]:
        started = flood(port, paths, SECONDS, FLOOD)
        return lambda: flood_result(started, SECONDS)

    return {
        "writes alone": with_writes(writers, "writes alone", None, probe()),
        f"{RATE} reads/s": with_writes(
            writers, f"{RATE} reads/s", fixed.start_apart, probe()
        ),
        "flood": with_writes(writers, "flood", flooding, probe()),
    }, writers


def written(event) -> dict[int, list[tuple[int, ...]]]:
    """Finals of each heat-4 result save, by table number, oldest first, read from
    the audit log (``scoring.results.log_result``: one entry per save, "Results
    Heat 4 table 3: Ann 98, Ben 77 (was 70), ..." in seat order)."""
    from heats.models import AuditAction, AuditEntry

    found: dict[int, list[tuple[int, ...]]] = {}
    entries = AuditEntry.objects.filter(
        event=event, action=AuditAction.RESULT, data__round="4"
    ).order_by("pk")
    for data, detail in entries.values_list("data", "detail"):
        scores = detail.split(": ", 1)[1].split(", ")
        finals = tuple(int(WAS.sub("", score).rsplit(" ", 1)[1]) for score in scores)
        found.setdefault(data["table"], []).append(finals)
    return found


def held(event) -> dict[int, tuple[int, ...]]:
    """Saved finals of each heat-4 table in seat order, by table number."""
    from scoring.models import PlayerRecord

    found: dict[int, list[int]] = {}
    records = PlayerRecord.objects.filter(
        seat__round__event=event, seat__round__number=4
    ).order_by("seat__table__number", "seat__number")
    for number, final in records.values_list("seat__table__number", "final"):
        found.setdefault(number, []).append(final)
    return {number: tuple(finals) for number, finals in found.items()}


def row(label: str, count: float, busy: int, errors: float, ms: list) -> str:
    """One line of the table: count, rate, busy, errors, p50/p95/p99/max in ms."""
    times = " | ".join(f"{t:.1f}" for t in ms)
    rate = count / SECONDS
    return (
        f"| {label} | {count:,.0f} | {rate:,.1f} | {busy:,} | {errors:.0f} | {times} |"
    )


def quantiles_ms(times: list[float]) -> list[float]:
    return [1e3 * percentile(times, q) for q in (0.5, 0.95, 0.99, 1.0)]


def shares(phases: dict) -> str:
    """Reads answered with the page per second and the share answered 503, by
    phase."""
    said = [
        f"{phase}: {(r.count - r.busy - r.errors) / r.seconds:,.0f} pages/s, "
        f"{100 * r.busy / max(1, r.count):.1f}% busy"
        for phase, (r, _) in phases.items()
        if r is not None
    ]
    return "Reads answered with the page: " + "; ".join(said) + "."


def introduction(database: str) -> str:
    """The section's heading and what was run (see module doc)."""
    return "\n".join(
        [
            "## Load test (`bench/bench_load.py`)",
            "",
            f"{database}; load average at the end {os.getloadavg()[0]:.1f} on "
            f"{os.cpu_count()} cores, shared by the server, the database and the "
            f"load's own senders; gunicorn, {WORKERS} workers of {THREADS} threads "
            "sharing a file "
            "cache (as `make serve`) on 127.0.0.1, "
            f"{PUBLIC_SLOTS} of each worker's threads open to public requests "
            "(`medici_tourney.public_gate`), persistent database connections. "
            f"Events of {' and '.join(f'{n:,}' for n in SIZES)} players (three "
            f"heats with results, heat 4 seated); three phases of {SECONDS:.0f} s "
            f"on each. Writes: {WRITERS} GM sessions, each saving one of heat 4's "
            "tables through the result-entry form (GET form, POST, redirect) every "
            f"{SAVE_EVERY:g} s, open loop ({WRITERS / SAVE_EVERY:g} saves a second "
            "in all: a 40-table heat entered in 20 s), in every phase; a save's "
            "time counts from its planned start. Reads: none; then the kiosk and "
            f"the standings in turn at {RATE} requests/s in all, open loop, sent "
            "from a process of their own (latency from the planned time); then a "
            f"flood, `wrk -t2 -c{FLOOD}` on each page at once. GM probe: "
            f"`{PROBE}` with the GM's session cookie, {PROBE_RATE} per second, "
            "open loop. Busy: 503 answers (public queue full). Target: saves' "
            f"p95 under {TARGET_MS} ms at {RATE} reads/s.",
            "",
        ]
    )


def report(players: int, phases: dict, writers: list[Writer]) -> str:
    """One event's table (see module doc)."""
    lines = [
        f"### {players:,} players",
        "",
        "| phase, requests | requests | per second | busy | errors "
        "| p50 ms | p95 ms | p99 ms | max ms |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for phase, (reads, probe) in phases.items():
        times = [t for w in writers for t in w.times.get(phase, [])]
        if reads is not None:
            ms = (
                quantiles_ms(reads.times)
                if reads.times
                else [1e3 * q for q in reads.quantiles]
            )
            label = f"{phase}: reads"
            lines.append(row(label, reads.count, reads.busy, reads.errors, ms))
        if times:
            errors = sum(w.failed.get(phase, 0) for w in writers)
            label = f"{phase}: saves (GET form + POST)"
            lines.append(row(label, len(times), 0, errors, quantiles_ms(times)))
        label = f"{phase}: GM probe (`{PROBE}` logged in)"
        ms = quantiles_ms(probe.times)
        lines.append(row(label, probe.count, probe.busy, probe.errors, ms))
    return "\n".join([*lines, "", shares(phases), verdict(writers)]) + "\n"


def verdict(writers: list[Writer]) -> str:
    """The saves' p95 beside the fixed-rate reads against ``TARGET_MS``."""
    times = [t for w in writers for t in w.times.get(f"{RATE} reads/s", [])]
    if not times:
        return ""
    p95 = 1e3 * percentile(times, 0.95)
    side = "within" if p95 < TARGET_MS else "above"
    return (
        f"\nSaves beside {RATE} reads/s: p95 {p95:.0f} ms, {side} the "
        f"{TARGET_MS} ms target."
    )


def checked(writers: list[Writer], saved: dict, now: dict) -> str:
    """Every save looked for in the database (module doc)."""
    sent = [item for w in writers for item in w.sent]
    errors = [e for w in writers for e in w.errors]
    present = sum(finals in saved.get(table, []) for table, finals in sent)
    logged = sum(map(len, saved.values()))
    attempted = sum(len(t) for w in writers for t in w.times.values())
    last = {table: finals for table, finals in sent}
    holding = sum(now.get(table) == finals for table, finals in last.items())
    return (
        f"\nWrites: {attempted} attempted, {len(sent)} answered with the redirect, "
        f"{len(errors)} errors{': ' + '; '.join(errors[:5]) if errors else ''}; "
        f"{present} of {len(sent)} found in the database (an audit entry of its "
        f"table with the finals sent; {logged} result entries in all); {holding} of "
        f"{len(last)} tables hold the last finals sent.\n"
    )


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "bench"))
    if "--inner" in sys.argv:
        inner()
    else:
        outer()
