"""Public-page readers for the load test (``bench_load.py``): an open-loop load at a
fixed rate, and a flood.

Words:

open loop
    Requests are sent at fixed times (``rate`` per second, the pages in turn),
    whether or not earlier ones were answered, as kiosks and phones polling on
    their own clocks do; a slow server is not given a pause. A request's latency
    is counted from its planned time, so a request sent late because every
    sender was busy counts the delay too (no "coordinated omission").
flood
    ``wrk`` with many connections on each page, each sending its next request as
    soon as the last is answered: as many reads as the server can take.
busy
    A ``503`` answer (the server's public queue is full,
    ``medici_tourney.public_gate``); counted apart from errors.
"""

from __future__ import annotations

import http.client
import multiprocessing
import re
import subprocess
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Senders of the open-loop reads: enough that a slow answer never delays the next
# planned request at 200 per second unless the server holds dozens at once.
SENDERS = 48


@dataclass
class Reads:
    """What readers saw: ``count`` requests over ``seconds``, ``busy`` answered
    503, ``errors`` (connection errors and answers other than 2xx/3xx/503) and
    latencies in seconds (``times``; ``None`` when only ``quantiles`` are known,
    as from wrk: p50, p95, p99, max in seconds)."""

    count: int = 0
    seconds: float = 0.0
    busy: int = 0
    errors: int = 0
    times: list[float] = field(default_factory=list)
    quantiles: tuple[float, ...] = ()


class FixedRate:
    """GETs of ``paths`` in turn at ``rate`` per second for ``seconds``, open loop
    (see module doc), each on a new connection to 127.0.0.1:``port``, with the
    ``Cookie`` header ``cookie`` when given (a logged-in GM)."""

    def __init__(
        self, port: int, paths: list[str], rate: float, seconds: float, cookie=""
    ):
        self.port, self.paths, self.rate, self.seconds = port, paths, rate, seconds
        self.headers = {"Accept-Encoding": "gzip"} | (
            {"Cookie": cookie} if cookie else {}
        )
        self.reads = Reads(seconds=seconds)
        self.lock = threading.Lock()

    def get(self, path: str, planned: float) -> None:
        """One read, its latency counted from ``planned`` (time.monotonic())."""
        status = 0
        try:
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            connection.request("GET", path, headers=self.headers)
            response = connection.getresponse()
            response.read()
            status = response.status
            connection.close()
        except OSError:
            pass
        took = time.monotonic() - planned
        with self.lock:
            self.reads.count += 1
            self.reads.times.append(took)
            if status == 503:
                self.reads.busy += 1
            elif not 200 <= status < 400:
                self.reads.errors += 1

    def run(self) -> Reads:
        """Send every planned read, wait for their answers, return what was seen."""
        total = int(self.rate * self.seconds)
        start = time.monotonic()
        with ThreadPoolExecutor(SENDERS) as senders:
            for n in range(total):
                planned = start + n / self.rate
                time.sleep(max(0.0, planned - time.monotonic()))
                senders.submit(self.get, self.paths[n % len(self.paths)], planned)
        return self.reads

    def start_apart(self) -> Callable[[], Reads]:
        """Start :meth:`run` in a process of its own (forked, before this
        process starts other threads): the senders' work then takes no turns
        from the threads of this process, whose timing (the writers', the
        probe's) would otherwise count it. Returns the wait for its reads."""
        context = multiprocessing.get_context("fork")
        results = context.SimpleQueue()
        child = context.Process(target=_put_reads, args=(self, results))
        child.start()

        def wait() -> Reads:
            reads = results.get()
            child.join()
            return reads

        return wait


def _put_reads(readers: FixedRate, results) -> None:
    results.put(readers.run())


def flood(port: int, paths: list[str], seconds: float, connections: int):
    """Start ``wrk`` on each of ``paths`` (``connections`` each, 2 threads);
    :func:`flood_result` collects them."""
    script = str(ROOT / "bench" / "load_report.lua")
    return [
        subprocess.Popen(
            ["wrk", "-t2", f"-c{connections}", f"-d{round(seconds)}s"]
            + ["--timeout", "10s", "-s", script, f"http://127.0.0.1:{port}{path}"],
            stdout=subprocess.PIPE,
            text=True,
        )
        for path in paths
    ]


def flood_result(processes: list[subprocess.Popen], seconds: float) -> Reads:
    """The wrk runs' figures added up (quantiles: the worst run's)."""
    reads = Reads(seconds=seconds)
    worst: tuple[float, ...] = ()
    for process in processes:
        out, _ = process.communicate(timeout=seconds + 60)
        match = re.search(r"^RESULT (.*)$", out, re.MULTILINE)
        if match is None:
            raise RuntimeError(f"wrk gave no result:\n{out}")
        count, errors, busy, *micros = map(float, match.group(1).split())
        reads.count += int(count)
        reads.busy += int(busy)
        reads.errors += int(errors - busy)
        run = tuple(m / 1e6 for m in micros[1:])
        worst = max(worst, run, key=lambda q: q[1] if q else 0.0)
    reads.quantiles = worst
    return reads
