"""The convention floor's section of docs/benchmarks.md (``bench_floor.py``):
the cost per request, the floor's requests, freshness and regressions, what it
cost beside what the costs per request predict, what Redis held.

Words (see also ``bench_floor``): a save's *version* is ``(audit pk, admin
pk)`` (``medici_tourney.public_cache.version_order``) of its event once the
save's audit entries are written; a screen's *delay* for a save is the time
from the save's answer to the first panel or page the screen took at that
version or newer (0 when it had one before the answer came).
"""

from __future__ import annotations

import os
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from bench_load import WAS, percentile
from floor_clients import FIND_SENDS_SHOWN, Tally, order
from floor_measure import redis_memory, top_statements

ROOT = Path(__file__).resolve().parent.parent
FIND_V = {
    False: "**Variant**: the phone view's `?v=` is the feed's version "
    "(`BENCH_FLOOR_FIND_SHOWN=0`), as `static/js/find.js` sent it before.",
    True: "The phone view's `?v=` is the version its page shows, as "
    "`static/js/find.js` and the kiosk's panel send it.",
}
FRESH_TARGET = 2.0  # seconds: freshness p95 target
# Requests of the floor by kind, and the kind of part 1 whose cost each has.
COST_OF = {
    "version.json": "version poll",
    "kiosk page": "page, WSGI repeat",
    "standings page": "page, WSGI repeat",
    "find page": "page, WSGI repeat",
    "clock.json": "page, Django cache (view, ?v=)",
    "kiosk panel": "page, Django cache (view, ?v=)",
    "find ?v=": "page, Django cache (view, ?v=)",
}


def commit() -> str:
    """The short commit, with ``+changes`` when the work tree differs."""
    head = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    ).stdout.strip()
    dirty = subprocess.run(["git", "diff", "--quiet", "HEAD"], cwd=ROOT).returncode
    return head + ("+changes" if dirty else "")


def introduction(database: str, redis: bool, sizes: dict) -> str:
    cache = (
        "sharing Redis (`redis-server` as `deploy/redis.conf`: 256 MB, "
        "allkeys-lru), as several hosts do (docs/deploy.md)"
        if redis
        else "sharing a file cache (no `redis-server` here), as one host's `make serve`"
    )
    s = sizes
    return "\n".join(
        [
            "## The convention floor (`bench/bench_floor.py`)",
            "",
            f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, commit {commit()}; "
            f"{database}; gunicorn as `make serve` (4 workers of 2 "
            f"threads, 1 public slot each, persistent database connections) {cache}; "
            f"{os.cpu_count()} cores, shared with the load's own clients (and, in "
            "this run, other work: see the load averages). "
            f"{s['events']} events of {s['players']} players (three heats with "
            f"results, heat 4 seated); {s['kiosks']} kiosks and {s['phones']} "
            "phones spread over them (half the phones on the standings, a page "
            "load every 30-60 s; half on the phone view, a page load every "
            "30-60 s and the version poll every second between, fetching the "
            "page again when it changed); kiosks poll the version every second "
            "and fetch the panel when it changed (and the clock every 15 s); "
            f"one GM per event saves a table through the form every "
            f"{s['save_every']:g} s (saves stop {s['tail']:g} s before the end). "
            f"The floor lasts {s['seconds']:g} s. {FIND_V[FIND_SENDS_SHOWN]} "
            "CPU: user + system seconds of "
            "the processes (`/proc`), waiting for a core not counted.",
            "",
        ]
    )


def _ms(values: list[float]) -> str:
    if not values:
        return "— | — | —"
    return " | ".join(f"{1e3 * percentile(values, q):,.0f}" for q in (0.5, 0.95, 1))


def per_request_table(costs: dict) -> tuple[str, dict[str, float]]:
    """Part 1's table and the server's CPU ms per request by kind."""
    _, idle = costs["idle"]
    lines = [
        "### Cost per request, each kind alone",
        "",
        "One request at a time; CPU of the machine's idle processes over the "
        "same seconds taken off; statements: PostgreSQL's `pg_stat_statements`.",
        "",
        "| request | answered | server CPU ms | database CPU ms | Redis CPU ms "
        "| statements | load average |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    server_ms = {}
    for kind, (answered, cost) in costs.items():
        if kind == "idle" or not answered:
            continue
        rates = [
            max(
                0.0,
                getattr(cost, part) - getattr(idle, part) * cost.seconds / idle.seconds,
            )
            * 1e3
            / answered
            for part in ("server", "database", "redis")
        ]
        server_ms[kind] = rates[0]
        count = "—" if cost.statements is None else f"{cost.statements / answered:.1f}"
        cells = " | ".join(f"{r:.2f}" for r in rates)
        lines.append(f"| {kind} | {answered} | {cells} | {count} | {cost.load:.1f} |")
    return "\n".join(lines) + "\n", server_ms


def save_versions(event, saves: list) -> dict[tuple, tuple]:
    """Each save's finals -> its version (module doc), from the event's audit
    entries."""
    from django.contrib.admin.models import LogEntry

    from heats.models import AuditEntry

    admin = LogEntry.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
    entries = list(
        AuditEntry.objects.filter(event=event)
        .order_by("pk")
        .values_list("pk", "action", "data", "detail")
    )
    found: dict[tuple, tuple] = {}
    last: tuple | None = None
    for pk, action, data, detail in entries:
        if action == "result" and str(data.get("round")) == "4":
            scores = detail.split(": ", 1)[1].split(", ")
            last = tuple(int(WAS.sub("", s).rsplit(" ", 1)[1]) for s in scores)
        if last is not None:
            found[last] = (pk, admin)  # the newest entry up to the next save
    return found


def delays(saves: list, versions: dict, screens: list) -> tuple[list, list, int]:
    """``(per save: the slowest screen's delay, per screen and save: its
    delay, saves some screen never took)`` for ``screens`` of one event."""
    worst, each, unseen = [], [], 0
    for _, finals, _, answered in saves:
        if finals is None or finals not in versions:
            continue
        version, slowest = versions[finals], 0.0
        for screen in screens:
            took = [t for t, v in screen.receipts if order(v) >= version]
            if not took:
                unseen += 1
                slowest = float("inf")
                continue
            delay = max(0.0, took[0] - answered)
            each.append(delay)
            slowest = max(slowest, delay)
        if slowest != float("inf"):
            worst.append(slowest)
    return worst, each, unseen


def freshness(floor: dict) -> tuple[str, dict]:
    """The freshness lines and the figures the verdict needs."""
    _, screens, _ = floor["screens"]
    kiosk_worst, phone_each, unseen = [], [], {"kiosk": 0, "find": 0}
    for event in floor["events"]:
        saves = [s for s in floor["saves"] if s[0] == event.slug]
        versions = save_versions(event, saves)
        mine = [s for s in screens if s.event == event.slug]
        worst, _, missed = delays(
            saves, versions, [s for s in mine if s.kind == "kiosk"]
        )
        kiosk_worst += worst
        unseen["kiosk"] += missed
        _, each, missed = delays(saves, versions, [s for s in mine if s.kind == "find"])
        phone_each += each
        unseen["find"] += missed
    lines = [
        "| freshness, s | saves or pairs | p50 | p95 | max |",
        "|---|---:|---:|---:|---:|",
        f"| every kiosk of the event shows the save | {len(kiosk_worst)} "
        f"| {_s(kiosk_worst)} |",
        f"| a phone view shows the save (each phone, each save) | {len(phone_each)} "
        f"| {_s(phone_each)} |",
    ]
    p95 = percentile(kiosk_worst, 0.95) if kiosk_worst else float("inf")
    return "\n".join(lines) + "\n", {"p95": p95, "unseen": unseen}


def _s(values: list[float]) -> str:
    if not values:
        return "— | — | —"
    return " | ".join(f"{percentile(values, q):.2f}" for q in (0.5, 0.95, 1))


def requests_table(floor: dict) -> tuple[str, dict]:
    """The floor's requests by kind, and the counts the verdict needs."""
    tallies, _, _ = floor["screens"]
    saves = floor["saves"]
    seconds = floor["cost"].seconds
    lines = [
        "| request | count | per second | busy (503) | errors | p50 ms | p95 ms "
        "| max ms |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    errors = 0
    for kind, tally in sorted(tallies.items()):
        busy = tally.statuses.get(503, 0)
        bad = sum(
            n for s, n in tally.statuses.items() if not 200 <= s < 400 and s != 503
        )
        errors += bad
        lines.append(
            f"| {kind} | {len(tally.times):,} | {len(tally.times) / seconds:,.1f} "
            f"| {busy:,} | {bad} | {_ms(tally.times)} |"
        )
    failed = sum(finals is None for _, finals, _, _ in saves)
    took = [answered - planned for _, _, planned, answered in saves]
    lines.append(
        f"| save (GET form + POST, from its planned start) | {len(saves)} "
        f"| {len(saves) / seconds:.1f} | 0 | {failed} | {_ms(took)} |"
    )
    feed: Tally = tallies.get("version.json", Tally())
    counts = dict(
        errors=errors + failed,
        feed_busy=feed.statuses.get(503, 0),
        save_p95=percentile(took, 0.95) if took else 0.0,
        requests=sum(len(t.times) for t in tallies.values()),
    )
    return "\n".join(lines) + "\n", counts


def cost_lines(floor: dict, server_ms: dict, redis_stats: dict | None) -> str:
    """What the floor cost, beside the prediction from part 1."""
    tallies, _, clients = floor["screens"]
    cost = floor["cost"]
    predicted = sum(
        len(t.times) * server_ms.get(COST_OF.get(k, ""), 0.0)
        for k, t in tallies.items()
    )
    saves = len(floor["saves"])
    predicted += saves * server_ms.get("save (GET form + POST)", 0.0)
    renders = redis_stats.get("renders") if redis_stats else None
    render_ms = [v for k, v in server_ms.items() if k.startswith("render")]
    if renders is not None and render_ms:
        predicted += renders * sum(render_ms) / len(render_ms)
    requests = sum(len(t.times) for t in tallies.values()) + 2 * saves
    statements = (
        "—" if cost.statements is None else f"{cost.statements / cost.seconds:,.0f}"
    )
    said = (
        f"Server CPU {cost.server:.1f} s in {cost.seconds:.0f} s "
        f"({cost.server / cost.seconds:.2f} cores; {1e3 * cost.server / requests:.2f} "
        f"ms per request on average); part 1's costs predict {predicted / 1e3:.1f} s"
    )
    if renders is not None:
        said += f" (with {renders} renderings: Redis `DEL`s of the rendering lock)"
    return (
        said
        + f". Database CPU {cost.database:.1f} s ({cost.database / cost.seconds:.2f} "
        f"cores), {statements} statements/s; Redis CPU {cost.redis:.1f} s; the load's "
        f"clients {clients:.1f} s. Load average {cost.load_before:.1f} at the start, "
        f"{cost.load:.1f} at the end.\n"
    )


def redis_lines(memory: dict) -> str:
    lines = [
        f"Redis at the end: {memory['used'] / 2**20:.1f} MiB used, {memory['keys']} "
        "keys.",
        "",
        "| key | count | mean bytes |",
        "|---|---:|---:|",
    ]
    for kind, (count, mean) in memory["kinds"].items():
        lines.append(f"| {kind} | {count} | {mean:,.0f} |")
    return "\n".join(lines) + "\n"


def regressions(floor: dict) -> dict[str, list[str]]:
    _, screens, _ = floor["screens"]
    found: dict[str, list[str]] = {}
    for screen in screens:
        found.setdefault(screen.kind, []).extend(screen.regressions)
        if screen.mismatched:
            found.setdefault("panel body", []).append(f"{screen.mismatched} panels")
    return found


def verdict(fresh: dict, counts: dict, found: dict) -> str:
    kiosk = found.get("kiosk", [])
    checks = [
        (fresh["p95"] <= FRESH_TARGET, f"freshness p95 {fresh['p95']:.2f} s (≤ 2 s)"),
        (not kiosk, f"{len(kiosk)} kiosk regressions (0)"),
        (not counts["feed_busy"], f"{counts['feed_busy']} version.json 503s (0)"),
        (not counts["errors"], f"{counts['errors']} errors (0)"),
        (
            not fresh["unseen"]["kiosk"],
            f"{fresh['unseen']['kiosk']} saves a kiosk never showed (0)",
        ),
    ]
    said = "; ".join(f"{'PASS' if ok else 'FAIL'} {text}" for ok, text in checks)
    others = {k: v for k, v in found.items() if k != "kiosk" and v}
    extra = "".join(
        f" Regressions of {kind}: {len(items)} ({'; '.join(items[:3])})."
        for kind, items in others.items()
    )
    return f"{said}; saves' p95 {1e3 * counts['save_p95']:.0f} ms.{extra}\n"


def report(setting: str, costs: dict, floor: dict, redis_port, connection) -> str:
    part1, server_ms = per_request_table(costs)
    table, counts = requests_table(floor)
    fresh_table, fresh = freshness(floor)
    redis_stats = floor.get("redis")
    top = top_statements(connection)
    statements = ["| calls | total ms | statement |", "|---:|---:|---|"] + [
        f"| {calls:,} | {total:,.0f} | `{re.sub(r'[|`]', ' ', text)[:110]}` |"
        for calls, total, text in top
    ]
    parts = [
        setting,
        part1,
        "### The floor",
        "",
        table,
        fresh_table,
        verdict(fresh, counts, regressions(floor)),
        cost_lines(floor, server_ms, redis_stats),
    ]
    if redis_port is not None:
        parts.append(redis_lines(redis_memory(redis_port)))
    if top:
        parts += [
            "Statements run most often on the floor:",
            "",
            "\n".join(statements),
            "",
        ]
    return "\n".join(parts)
