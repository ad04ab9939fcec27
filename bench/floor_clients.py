"""The convention floor's screens for ``bench_floor.py``: kiosks and phones as
asyncio tasks, each on its own keep-alive connection, sending what
``static/js/live.js``, ``kiosk.js`` and ``find.js`` send.

Words:

kiosk
    Opens ``/e/<event>/kiosk/`` (its version: the answer's ``X-Event-Version``),
    then polls ``version.json`` every second as live.js does (no poll while the
    last is unanswered). When the feed names a version newer than its panel's,
    it fetches ``kiosk/panel/?v=<panel's version>`` (the panel's ``hx-get``,
    templates/scoring/room/_panel.html; htmx sends nothing while a request of
    the panel is out); an answer older than the panel is not swapped in
    (kiosk.js) and counts as a regression. Also the panel's ``every 60s``
    trigger, and the clock's feed every 15 s (static/js/clock.js).
phone
    Half read the standings (``/e/<event>/``): one page load every 30 to 60
    seconds, nothing between (the page has no live.js). The others have the
    phone view (``/e/<event>/find/``): a page load every 30 to 60 seconds and,
    between, live.js's poll every second and find.js's fetch of
    ``find/?v=<the page's version>`` when the feed is newer than the page
    (with ``BENCH_FLOOR_FIND_SHOWN=0``: ``?v=<feed's version>``, as find.js
    sent it before).
receipt
    ``(time.monotonic(), version)`` of each panel or phone page a screen took
    (its version not older than what it showed).
regression
    An answer (a panel, a page or the feed) older than one this screen already
    had.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import os
import random
import re
import time
from dataclasses import dataclass, field

# Seconds between a screen's version polls (live.js POLL_MS).
POLL = 1.0
# The kiosk panel's own trigger (hx-trigger "every 60s") and the clock's feed.
PANEL_EVERY, CLOCK_EVERY = 60.0, 15.0
# A phone's page loads: every PHONE_VISIT seconds, uniformly drawn.
PHONE_VISIT = (30.0, 60.0)
TIMEOUT = 30.0
# The phone view's ?v=: the version the page shows, as static/js/find.js and the
# kiosk's panel send it; with BENCH_FLOOR_FIND_SHOWN=0 the feed's, as before.
FIND_SENDS_SHOWN = os.environ.get("BENCH_FLOOR_FIND_SHOWN", "1") == "1"
DATA_VERSION = re.compile(rb'id="kiosk-panel"[^>]*data-version="([^"]*)"')


def order(version: str | None) -> tuple[int, ...]:
    """``"12.3"`` as (12, 3), ``()`` for anything else, as live.js compares."""
    try:
        return tuple(int(part) for part in (version or "").split("."))
    except ValueError:
        return ()


@dataclass
class Tally:
    """What one kind of request saw: latencies in seconds, answers by status
    (0: connection error or timeout)."""

    times: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)

    def add(self, status: int, took: float) -> None:
        self.times.append(took)
        self.statuses[status] = self.statuses.get(status, 0) + 1


@dataclass
class Screen:
    """One kiosk or phone: its ``event`` slug, ``receipts`` (see module doc)
    and ``regressions``."""

    kind: str
    event: str
    receipts: list[tuple[float, str]] = field(default_factory=list)
    regressions: list[str] = field(default_factory=list)
    mismatched: int = 0  # panels whose data-version is not their header's
    feed: str = ""  # the newest version the feed named


class Connection:
    """A keep-alive HTTP/1.1 connection to 127.0.0.1:``port``, opened again when
    the server closed it (gunicorn closes idle ones after 2 s)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def get(self, path: str) -> tuple[int, dict[str, str], bytes]:
        """``(status, headers in lower case, body)``; a request on a connection
        the server closed meanwhile is sent again once on a new one."""
        for attempt in (0, 1):
            reused = self.writer is not None
            try:
                if self.writer is None:
                    self.reader, self.writer = await asyncio.open_connection(
                        "127.0.0.1", self.port
                    )
                return await asyncio.wait_for(self._exchange(path), TIMEOUT)
            except (OSError, asyncio.IncompleteReadError, EOFError):
                self.close()
                if not reused or attempt:
                    raise
        raise AssertionError("unreachable")

    async def _exchange(self, path: str) -> tuple[int, dict[str, str], bytes]:
        assert self.reader is not None and self.writer is not None
        self.writer.write(
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            "Accept-Encoding: gzip\r\n\r\n".encode()
        )
        await self.writer.drain()
        line = await self.reader.readline()
        if not line:
            raise EOFError("closed by the server")
        status = int(line.split()[1])
        headers: dict[str, str] = {}
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            headers[name.strip().lower()] = value.strip()
        body = await self._body(status, headers)
        if headers.get("connection", "").lower() == "close":
            self.close()
        return status, headers, body

    async def _body(self, status: int, headers: dict[str, str]) -> bytes:
        assert self.reader is not None
        if status in (204, 304):
            return b""
        if "content-length" in headers:
            return await self.reader.readexactly(int(headers["content-length"]))
        parts = []
        while size := int((await self.reader.readline()).split(b";")[0], 16):
            parts.append(await self.reader.readexactly(size))
            await self.reader.readexactly(2)
        await self.reader.readline()
        return b"".join(parts)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class Floor:
    """Every screen's tallies by request kind and the screens themselves,
    running until ``deadline`` (time.monotonic())."""

    def __init__(self, port: int, deadline: float) -> None:
        self.port, self.deadline = port, deadline
        self.tallies: dict[str, Tally] = {}
        self.screens: list[Screen] = []

    async def fetch(self, connection: Connection, kind: str, path: str):
        """GET ``path``, counted under ``kind``: ``(status, headers, body)``,
        status 0 for a connection error or timeout."""
        start = time.monotonic()
        try:
            status, headers, body = await connection.get(path)
        except (TimeoutError, OSError, asyncio.IncompleteReadError, EOFError):
            connection.close()
            status, headers, body = 0, {}, b""
        self.tallies.setdefault(kind, Tally()).add(status, time.monotonic() - start)
        return status, headers, body

    async def feed(self, connection: Connection, screen: Screen) -> str:
        """One version poll; the newest version this screen's feed has named."""
        path = f"/e/{screen.event}/version.json"
        status, _, body = await self.fetch(connection, "version.json", path)
        if status == 200:
            version = json.loads(body)["v"]
            if order(version) < order(screen.feed):
                screen.regressions.append(f"feed {version} after {screen.feed}")
            screen.feed = max(screen.feed, version, key=order)
        return screen.feed

    async def kiosk(self, slug: str, start: float) -> None:
        screen = Screen("kiosk", slug)
        self.screens.append(screen)
        connection = Connection(self.port)
        await _sleep_until(start)
        _, headers, _ = await self.fetch(connection, "kiosk page", f"/e/{slug}/kiosk/")
        shown = headers.get("x-event-version", "")
        screen.receipts.append((time.monotonic(), shown))
        screen.feed, tick = shown, start
        panel_at, clock_at = start + PANEL_EVERY, start + random.uniform(0, CLOCK_EVERY)
        while tick < self.deadline:
            tick += POLL
            newer = order(await self.feed(connection, screen)) > order(shown)
            if newer or time.monotonic() >= panel_at:
                panel_at = time.monotonic() + PANEL_EVERY
                shown = await self.panel(connection, screen, slug, shown)
            if time.monotonic() >= clock_at:
                clock_at += CLOCK_EVERY
                await self.fetch(connection, "clock.json", f"/e/{slug}/clock.json")
            await _sleep_until(tick)
        connection.close()

    async def panel(self, connection, screen: Screen, slug: str, shown: str) -> str:
        """Fetch the panel as htmx does; the version the kiosk then shows."""
        path = f"/e/{slug}/kiosk/panel/?v={shown}"
        status, headers, body = await self.fetch(connection, "kiosk panel", path)
        if status != 200:
            return shown  # 204: unchanged; 503: busy, asked again next second
        answered = headers.get("x-event-version", "")
        if headers.get("content-encoding") == "gzip":
            body = gzip.decompress(body)
        found = DATA_VERSION.search(body)
        if found is None or found.group(1).decode() != answered:
            screen.mismatched += 1
        if order(answered) < order(shown):
            screen.regressions.append(f"panel {answered} after {shown}")
            return shown
        screen.receipts.append((time.monotonic(), answered))
        return answered

    async def phone(self, slug: str, live: bool, start: float) -> None:
        screen = Screen("find" if live else "standings", slug)
        self.screens.append(screen)
        connection = Connection(self.port)
        page = f"/e/{slug}/find/" if live else f"/e/{slug}/"
        visit, shown, tick = start, "", start
        while visit < self.deadline:
            await _sleep_until(visit)
            status, headers, _ = await self.fetch(
                connection, f"{screen.kind} page", page
            )
            if status != 200:  # the busy page reloads itself after a second
                visit += POLL
                continue
            answered = headers.get("x-event-version", "")
            if order(answered) < order(shown):
                screen.regressions.append(f"page {answered} after {shown}")
            screen.feed = max(screen.feed, answered, key=order)
            shown = answered  # a page load shows what it was answered
            screen.receipts.append((time.monotonic(), shown))
            visit += random.uniform(*PHONE_VISIT)
            tick = time.monotonic()
            while live and tick + POLL < min(visit, self.deadline):
                await _sleep_until(tick := tick + POLL)
                shown = await self.find(connection, screen, slug, shown)
        connection.close()

    async def find(self, connection, screen: Screen, slug: str, shown: str) -> str:
        """One poll of the phone view (find.js); the version it then shows."""
        version = await self.feed(connection, screen)
        if order(version) <= order(shown):
            return shown
        path = f"/e/{slug}/find/?v={shown if FIND_SENDS_SHOWN else version}"
        status, headers, _ = await self.fetch(connection, "find ?v=", path)
        answered = headers.get("x-event-version", "")
        if status != 200:
            return shown
        if order(answered) < order(shown):
            screen.regressions.append(f"find {answered} after {shown}")
            return shown
        screen.receipts.append((time.monotonic(), answered))
        return answered


async def _sleep_until(moment: float) -> None:
    await asyncio.sleep(max(0.0, moment - time.monotonic()))


async def run_floor(
    port: int, slugs: list[str], kiosks: int, phones: int, start: float, end: float
) -> Floor:
    """``kiosks`` and ``phones`` spread evenly over the events ``slugs``, from
    ``start`` (kiosks within its first second, phones' first page within five)
    to ``end`` (time.monotonic())."""
    floor = Floor(port, end)
    tasks = [
        floor.kiosk(slugs[n % len(slugs)], start + random.uniform(0, POLL))
        for n in range(kiosks)
    ] + [
        floor.phone(slugs[n % len(slugs)], n % 2 == 1, start + random.uniform(0, 5))
        for n in range(phones)
    ]
    await asyncio.gather(*tasks)
    return floor


async def closed_loop(port: int, paths: list[str], seconds: float) -> Tally:
    """GETs of ``paths`` in turn on one connection, each sent when the last is
    answered, for ``seconds``: one request at a time (no 503 from the public
    queue), to measure the server's CPU per request."""
    connection, tally = Connection(port), Tally()
    end, n = time.monotonic() + seconds, 0
    while time.monotonic() < end:
        start = time.monotonic()
        try:
            status, _, _ = await connection.get(paths[n % len(paths)])
        except (TimeoutError, OSError, asyncio.IncompleteReadError, EOFError):
            connection.close()
            status = 0
        tally.add(status, time.monotonic() - start)
        n += 1
    connection.close()
    return tally
