"""What ``bench_floor.py`` measures besides the clients' own view: the CPU
seconds of the server's processes, the statements PostgreSQL ran, and what
Redis holds.

Words:

CPU seconds
    user + system time of a process (``/proc/<pid>/stat``, in clock ticks of
    1/100 s), summed over a process and its children: gunicorn's master and
    workers, PostgreSQL's postmaster and backends, redis-server. Time the
    processes waited for a core is not in it, so a figure per request hardly
    depends on what else the machine runs (the load average says how busy it
    was).
statements
    ``calls`` summed over PostgreSQL's ``pg_stat_statements`` (loaded by
    ``MEDICI_PG_OPTIONS``, ``tests/with_postgres.py``): every statement run,
    counted when it ends. ``None`` without the extension (SQLite).
"""

from __future__ import annotations

import os
import re
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")
PG_OPTIONS = "-c shared_preload_libraries=pg_stat_statements"
PAGE = re.compile(r"/e/[^/]+/([^?]*)")


def _stat(pid: int) -> list[str] | None:
    """Fields of ``/proc/<pid>/stat`` after the command name, None when gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text.rsplit(")", 1)[1].split()


def family(root: int) -> list[int]:
    """``root`` and every process descended from it."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _stat(int(entry.name))):
            parents[int(entry.name)] = int(fields[1])
    found, grew = {root}, True
    while grew:
        more = {pid for pid, parent in parents.items() if parent in found} - found
        found |= more
        grew = bool(more)
    return sorted(found)


def cpu_seconds(root: int) -> float:
    """CPU seconds (module doc) of ``root`` and its descendants now."""
    total = 0
    for pid in family(root):
        if fields := _stat(pid):
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICK


def postmaster(connection) -> int | None:
    """PostgreSQL's postmaster (the parent of this connection's backend), None
    on SQLite."""
    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        backend = cursor.fetchone()[0]
    fields = _stat(backend)
    return int(fields[1]) if fields else None


def statements(connection) -> int | None:
    """Statements PostgreSQL has run (module doc), None without the count."""
    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        try:
            cursor.execute("SELECT coalesce(sum(calls), 0) FROM pg_stat_statements")
        except Exception:  # noqa: BLE001 - no extension: no count
            return None
        return int(cursor.fetchone()[0])


def top_statements(connection, limit: int = 6) -> list[tuple[int, float, str]]:
    """``(calls, total ms, text)`` of the statements run most often."""
    if statements(connection) is None:
        return []
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT calls, total_exec_time, query FROM pg_stat_statements "
            "WHERE query NOT LIKE %s ORDER BY calls DESC LIMIT %s",
            ["%pg_stat_statements%", limit],
        )
        return [(c, t, " ".join(q.split())) for c, t, q in cursor.fetchall()]


def enable_statements(connection) -> None:
    """The ``pg_stat_statements`` view, when its library was loaded."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            try:
                cursor.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
            except Exception:  # noqa: BLE001 - library not loaded: no count
                pass


@dataclass
class Reading:
    """CPU seconds of the server, the database and Redis, statements run, the
    load average and ``time.monotonic()`` at one moment."""

    server: float
    database: float
    redis: float
    statements: int | None
    load: float
    at: float


class Meter:
    """Readings of the processes rooted at ``server``, ``database`` and
    ``redis`` (pids; None: not measured)."""

    def __init__(self, connection, server: int, database, redis) -> None:
        self.connection = connection
        self.roots = (server, database, redis)

    def read(self) -> Reading:
        server, database, redis = (
            cpu_seconds(root) if root else 0.0 for root in self.roots
        )
        count = statements(self.connection)
        return Reading(
            server, database, redis, count, os.getloadavg()[0], time.monotonic()
        )


@dataclass
class Spent:
    """What a phase cost: CPU seconds of the server, database and Redis,
    statements (None: not counted), seconds, load average at its end and at
    its start."""

    server: float
    database: float
    redis: float
    statements: int | None
    seconds: float
    load: float
    load_before: float


def spent(before: Reading, after: Reading) -> Spent:
    """The difference of two readings (the reading's own statement not
    counted)."""
    count = None
    if before.statements is not None and after.statements is not None:
        count = after.statements - before.statements - 1
    return Spent(
        after.server - before.server,
        after.database - before.database,
        after.redis - before.redis,
        count,
        after.at - before.at,
        after.load,
        before.load,
    )


def start_redis(port: int) -> subprocess.Popen | None:
    """redis-server as ``deploy/redis.conf`` configures it (a cache: 256 MB,
    least recently used keys dropped, nothing saved) on 127.0.0.1:``port``;
    None when it is not installed."""
    try:
        server = subprocess.Popen(
            ["redis-server", "--port", str(port), "--bind", "127.0.0.1"]
            + ["--save", "", "--appendonly", "no", "--maxmemory", "256mb"]
            + ["--maxmemory-policy", "allkeys-lru"],
            stdout=subprocess.DEVNULL,
        )
    except FileNotFoundError:
        return None
    import redis

    client = redis.Redis(port=port)
    for _ in range(50):
        try:
            client.ping()
            return server
        except redis.ConnectionError:
            time.sleep(0.1)
    server.terminate()
    return None


def redis_memory(port: int) -> dict:
    """What Redis holds: ``used`` bytes (``used_memory``), ``keys``, and per
    kind of key (``public`` renderings of one version, ``public-latest``
    substitutes, others) the count and mean bytes (``MEMORY USAGE``)."""
    import redis

    client = redis.Redis(port=port)
    kinds: dict[str, list[int]] = {}
    for key in client.scan_iter(count=500):
        name = key.decode().split(":", 2)[-1]
        kind = name.split(":", 1)[0]
        if kind == "public" and (page := PAGE.search(name)):
            kind = f"public ({page.group(1).strip('/') or 'standings'})"
        kinds.setdefault(kind, []).append(client.memory_usage(key) or 0)
    return {
        "used": client.info("memory")["used_memory"],
        "keys": client.dbsize(),
        "kinds": {k: (len(v), sum(v) / len(v)) for k, v in sorted(kinds.items())},
    }


def redis_calls(port: int | None) -> dict[str, int]:
    """Calls of each Redis command so far (``INFO commandstats``); empty
    without Redis."""
    if port is None:
        return {}
    import redis

    stats = redis.Redis(port=port).info("commandstats")
    return {name.removeprefix("cmdstat_"): v["calls"] for name, v in stats.items()}


def reset_statements(connection) -> None:
    """Start ``pg_stat_statements``'s counts again, when it is there."""
    if statements(connection) is not None:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_stat_statements_reset()")
