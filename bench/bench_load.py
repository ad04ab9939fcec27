"""Load test: kiosk and standings reads while a GM saves table results, on
PostgreSQL behind gunicorn, for a fixed time.

Run: ``.venv/bin/python bench/bench_load.py`` (``make bench``). Prints a markdown
section; stops by itself after ``SECONDS``.

The run happens inside a throwaway PostgreSQL cluster (``tests/with_postgres.py``
starts it and removes it afterwards); without PostgreSQL's programs it runs on a
scratch SQLite file and says so. In it: a generated event of ``PLAYERS`` players
(``tests.support.sample``: three heats with results, heat 4 seated without), a GM user,
and gunicorn (``bench/served.py``, 2 workers of 4 threads, as ``make serve`` runs
them) on 127.0.0.1. For ``SECONDS`` seconds, at the same time:

- two ``wrk`` runs (1 thread, 4 connections each) read the kiosk and the standings;
- ``WRITERS`` threads, each logged in as the GM with its own session, save heat 4's
  tables through the real result-entry form: GET the form (CSRF token, seating and
  version hash), POST new finals, expect the redirect. Each writer has its own
  tables, so no save is refused as stale; every save changes the event version,
  so the public pages are rendered again after each.

Reported: requests, requests per second, errors (connection errors, timeouts and
answers other than 2xx/3xx; must be 0) and p50/p95/p99 latency of each. Then every
save is looked for in the database: an audit entry of its table with the finals
sent (every save writes one; the public pages' version is the newest), and each
table holding the last finals sent to it.
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
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = 1000
SECONDS = 10
WRITERS = 2
PASSWORD = "load-test-password-1"
READS = (("kiosk", "/e/load/kiosk/"), ("standings", "/e/load/"))
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


class Writer(threading.Thread):
    """A GM saving heat 4's ``tables`` in turn through the result-entry form until
    ``deadline``; ``sent``: ``(table, finals)`` of each save answered with the
    redirect, ``errors``: any other answer, ``times``: seconds per save."""

    def __init__(self, port: int, tables: list[int], first_final: int) -> None:
        super().__init__(daemon=True)
        self.port, self.tables, self.next_final = port, tables, first_final
        self.cookies: dict[str, str] = {}
        self.sent: list[tuple[int, tuple[int, ...]]] = []
        self.errors: list[str] = []
        self.times: list[float] = []
        self.deadline = 0.0

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
        path = f"/e/load/gm/round/4/table/{table}/results/"
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

    def run(self) -> None:
        turn = 0
        while time.monotonic() < self.deadline:
            start = time.perf_counter()
            try:
                self.save(self.tables[turn % len(self.tables)])
            except (OSError, RuntimeError) as exc:
                self.errors.append(str(exc))
            self.times.append(time.perf_counter() - start)
            turn += 1


def wrk_run(wrk: str, url: str) -> subprocess.Popen:
    script = str(ROOT / "bench" / "load_report.lua")
    return subprocess.Popen(
        [wrk, "-t1", "-c4", f"-d{SECONDS}s", "--timeout", "10s", "-s", script, url],
        stdout=subprocess.PIPE,
        text=True,
    )


def wrk_result(process: subprocess.Popen) -> dict[str, float]:
    out, _ = process.communicate(timeout=SECONDS + 60)
    match = re.search(r"^RESULT (.*)$", out, re.MULTILINE)
    if match is None:
        raise RuntimeError(f"wrk gave no result:\n{out}")
    names = ("requests", "errors", "duration", "p50", "p95", "p99", "max")
    return dict(zip(names, map(float, match.group(1).split()), strict=True))


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

    call_command("migrate", verbosity=0)
    event = generate_event("load", PLAYERS, heats=3)
    event.gms.add(get_user_model().objects.create_user("load-gm", password=PASSWORD))
    tables = list(event.rounds.get(number=4).tables.values_list("number", flat=True))
    out = Path(os.environ["BENCH_LOAD_OUT"])
    wrk = wrk_path()
    if wrk is None:
        out.write_text("## Load test\n\nSkipped: `wrk` is missing (not root).\n")
        return
    port, static_dir = free_port(), Path(tempfile.mkdtemp())
    server = start_server(port, static_dir)
    try:
        alone, reads, writers = load(wrk, port, tables)
    finally:
        server.terminate()
        server.wait(timeout=10)
    out.write_text(
        report(
            database_name(connection),
            {"alone": alone, "with writes": reads},
            writers,
            written(event),
            held(event),
        )
    )


def database_name(connection) -> str:
    """ "PostgreSQL 15.8" or "SQLite 3.40.1 (no PostgreSQL here)"."""
    if connection.vendor == "postgresql":
        major, minor = divmod(connection.pg_version, 10000)
        return f"PostgreSQL {major}.{minor}"
    return f"SQLite {connection.Database.sqlite_version} (no PostgreSQL here)"


def load(wrk: str, port: int, tables: list[int]):
    """Reads alone, then reads with the writers; ``(reads alone by page, reads with
    writes by page, writers)``."""
    writers = [Writer(port, tables[i::WRITERS], 100 * (i + 1)) for i in range(WRITERS)]
    for writer in writers:
        writer.login()
    for _, path in READS:
        Writer(port, [], 0).request("GET", path)  # each page rendered once
    urls = {name: f"http://127.0.0.1:{port}{path}" for name, path in READS}
    alone = {name: wrk_run(wrk, url) for name, url in urls.items()}
    alone = {name: wrk_result(process) for name, process in alone.items()}
    runs = {name: wrk_run(wrk, url) for name, url in urls.items()}
    deadline = time.monotonic() + SECONDS
    for writer in writers:
        writer.deadline = deadline
        writer.start()
    reads = {name: wrk_result(process) for name, process in runs.items()}
    for writer in writers:
        writer.join(timeout=60)
    return alone, reads, writers


def written(event) -> dict[int, list[tuple[int, ...]]]:
    """Finals of each heat-4 result save, by table number, oldest first, read from
    the audit log (``scoring.results.log_result``: one entry per save, "Results
    Heat 4 table 3: Ann 98, Ben 77 (was 70), ..." in seat order)."""
    from heats.models import AuditEntry

    found: dict[int, list[tuple[int, ...]]] = {}
    entries = AuditEntry.objects.filter(
        event=event, action="result", data__round="4"
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


def row(label: str, count: float, seconds: float, errors: float, ms: list) -> str:
    """One line of the table: count, rate, errors, p50/p95/p99/max in ms."""
    times = " | ".join(f"{t:.1f}" for t in ms)
    return (
        f"| {label} | {count:,.0f} | {count / seconds:,.1f} | {errors:.0f} | {times} |"
    )


def report(
    database: str, reads: dict, writers: list[Writer], saved: dict, now: dict
) -> str:
    sent = [item for w in writers for item in w.sent]
    errors = [e for w in writers for e in w.errors]
    present = sum(finals in saved.get(table, []) for table, finals in sent)
    logged = sum(map(len, saved.values()))
    times = [t for w in writers for t in w.times]
    lines = [
        "## Load test (`bench/bench_load.py`)",
        "",
        f"{database}; load average at the end {os.getloadavg()[0]:.1f} on "
        f"{os.cpu_count()} cores (shared); gunicorn, 2 workers of 4 threads on "
        "127.0.0.1; "
        f"{PLAYERS} players, "
        f"{SECONDS} s alone, then {SECONDS} s with writes. Reads: `wrk -t1 -c4` on "
        f"each page at once; writes: {WRITERS} "
        "GM sessions saving heat 4's tables through the result-entry form (GET form, "
        "POST, redirect) as fast as answered.",
        "",
        "| load | requests | per second | errors | p50 ms | p95 ms | p99 ms | max ms |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for phase, by_page in reads.items():
        for name, r in by_page.items():
            seconds = r["duration"] / 1e6
            ms = [r[k] / 1e3 for k in ("p50", "p95", "p99", "max")]
            lines.append(
                row(f"read {name}, {phase}", r["requests"], seconds, r["errors"], ms)
            )
    if times:
        ms = [1e3 * percentile(times, q) for q in (0.5, 0.95, 0.99, 1.0)]
        lines.append(
            row("write (GET form + POST)", len(times), SECONDS, len(errors), ms)
        )
    last = {table: finals for table, finals in sent}
    holding = sum(now.get(table) == finals for table, finals in last.items())
    lines += [
        "",
        f"Writes: {len(times)} attempted, {len(sent)} answered with the redirect, "
        f"{len(errors)} errors{': ' + '; '.join(errors[:5]) if errors else ''}; "
        f"{present} of {len(sent)} found in the database (an audit entry of its "
        f"table with the finals sent; {logged} result entries in all); {holding} of "
        f"{len(last)} tables hold the last finals sent.",
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "bench"))
    if "--inner" in sys.argv:
        inner()
    else:
        outer()
