"""Benchmark the GM's clicks: each action of the round page, from the POST to the
page (or fragment) it shows, and the Players page of a large event.

Run: ``.venv/bin/python bench/bench_gm_clicks.py`` (``make bench``). Prints a
markdown section.

A scratch SQLite file (as ``make run`` uses), ``DJANGO_DEBUG=0`` (cached templates,
no query log), Django's test client logged in as the event's GM. For 200 and 1,000
players checked in to heat 1 of a fresh event (5-player tables once seated), each
action is run several times and timed as the server sees it: the POST and the GET
of the page it redirects to (or the POST alone, for an htmx request answered with
a fragment). Per action: the median milliseconds, the SQL statements of one click,
the bytes of the page shown, and a *physical reference*: the milliseconds of the
same bytes served as a static file (WhiteNoise, the app's own static server,
in this process), the least any server spends handing that page over.

The *before* columns hold the figures of commit b548bd9 (before issue 17's speed
work), measured with this script on the same machine; they are constants here
(``BEFORE``), since that code is gone.
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys
import tempfile
import time
import warnings
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
SCRATCH = Path(tempfile.mkdtemp())
os.environ["DATABASE_URL"] = f"sqlite:///{SCRATCH / 'bench.sqlite3'}"
os.environ["DJANGO_SETTINGS_MODULE"] = "medici_tourney.settings"
os.environ["DJANGO_DEBUG"] = "0"
os.environ["DJANGO_SECRET_KEY"] = "bench-only-" + "x" * 50
os.environ["DJANGO_ALLOWED_HOSTS"] = "127.0.0.1"
os.environ["DJANGO_SECURE"] = "0"
os.environ["DJANGO_STATIC_MANIFEST"] = "0"
os.environ["DJANGO_LOG_LEVEL"] = "WARNING"

import django  # noqa: E402

# No collectstatic in a scratch run: WhiteNoise's note that STATIC_ROOT is missing.
warnings.filterwarnings("ignore", message="No directory at")
django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client, RequestFactory  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.urls import reverse  # noqa: E402
from whitenoise import WhiteNoise  # noqa: E402

from heats.models import Entry, Event, Player, Round  # noqa: E402
from heats.queries.seating import seating_state  # noqa: E402  # noqa: E402
from heats.services.checkin import create_heat  # noqa: E402  # noqa: E402
from heats.services.events import create_event  # noqa: E402  # noqa: E402
from tests.support.sample import generate_event  # noqa: E402

SIZES = (200, 1000)
RUNS = 5
RECORDS = 20_000
PASTED = 10  # names in one pasted list
# Commit b548bd9 (before issue 17's speed work), measured with this script on the
# 2-core machine of docs/benchmarks.md on 2026-12-02, in the session of the first
# "after" figures: (action, players) -> (median ms, queries, bytes). That code is
# gone, so these stay constants; the htmx fragments did not exist.
BEFORE = {
    ("GM round page", 200): (212.8, 20, 190557),
    ("check in one typed name → page", 200): (225.0, 45, 195219),
    ("paste a list of 10 → page", 200): (300.8, 46, 244632),
    ("Seat → page", 200): (435.4, 69, 401082),
    ("GM round page, seated", 200): (368.5, 26, 400876),
    ("save a table's results → page", 200): (368.2, 93, 391602),
    ("GM round page", 1000): (988.4, 20, 908811),
    ("check in one typed name → page", 1000): (1020.2, 45, 913804),
    ("paste a list of 10 → page", 1000): (1228.2, 46, 963327),
    ("Seat → page", 1000): (1472.9, 88, 1403914),
    ("GM round page, seated", 1000): (1308.6, 26, 1403388),
    ("save a table's results → page", 1000): (1368.2, 93, 1394071),
    ("GM Players page, 20,000 records", 20000): (8521.3, 11, 11034876),
}
TARGET_MS = {200: 100, 1000: 300}


class Click:
    """One measured click: ``ms`` (median), ``queries``, ``body`` of the page shown."""

    def __init__(self) -> None:
        self.ms: list[float] = []
        self.queries = 0
        self.body = b""

    def run(self, action: Callable[[], bytes]) -> None:
        with CaptureQueriesContext(connection) as queries:
            start = time.perf_counter()
            body = action()
            self.ms.append((time.perf_counter() - start) * 1000)
        self.queries, self.body = len(queries), body


def follow(client: Client, response) -> bytes:
    """The page a POST's redirect leads to (the POST's own body otherwise)."""
    assert response.status_code in (200, 302), response.status_code
    if response.status_code == 302:
        response = client.get(response["Location"])
        assert response.status_code == 200, response.status_code
    return response.content


class StaticReference:
    """Milliseconds to serve given bytes as a static file through WhiteNoise."""

    def __init__(self) -> None:
        self.folder = SCRATCH / "static"
        self.folder.mkdir()
        self.environ = RequestFactory()._base_environ()

    def ms(self, name: str, body: bytes) -> float:
        (self.folder / f"{name}.html").write_bytes(body)
        app = WhiteNoise(None, root=str(self.folder), prefix="/s/")
        environ = dict(self.environ, PATH_INFO=f"/s/{name}.html")
        times = []
        for _ in range(RUNS):
            start = time.perf_counter()
            chunks = app(environ, lambda *args: None)
            size = sum(len(chunk) for chunk in chunks)
            getattr(chunks, "close", lambda: None)()
            times.append((time.perf_counter() - start) * 1000)
        assert size == len(body)
        return statistics.median(times)


def gm_client(event: Event) -> Client:
    user, _ = get_user_model().objects.get_or_create(username="bench-gm")
    event.gms.add(user)
    client = Client(HTTP_HOST="127.0.0.1")
    client.force_login(user)
    return client


def fresh_event(players: int) -> tuple[Event, Round, list[Player]]:
    """Event ``c<players>``: ``players`` players checked in to heat 1 and as many
    known players not checked in (returned, for the check-ins)."""
    event = create_event(f"c{players}", f"Clicks {players}")
    rnd = create_heat(event)
    people = Player.objects.bulk_create(
        Player(
            event=event,
            name=f"Player {i:04d}",
            name_key=f"player {i:04d}",
            draw_key=f"Player {i:04d}",
        )
        for i in range(2 * players)
    )
    Entry.objects.bulk_create(Entry(round=rnd, player=p) for p in people[:players])
    return event, rnd, people[players:]


def url(rnd: Round, name: str) -> str:
    return reverse(f"heats:{name}", kwargs={"event": rnd.event.slug, "round": rnd.code})


def result_post(rnd: Round, number: int) -> tuple[str, dict]:
    """The results form's URL and a POST of table ``number``'s finals."""
    table = rnd.tables.get(number=number)
    seats = list(table.seats.order_by("number"))
    data = {"seating": ",".join(f"{s.number}:{s.player_id}" for s in seats)}
    data |= {f"final_{s.number}": 50 + 10 * s.number for s in seats}
    target = reverse(
        "scoring:table-results",
        kwargs={"event": rnd.event.slug, "round": rnd.code, "table": number},
    )
    return target, data


HTMX = {"HTTP_HX_REQUEST": "true"}


class Session:
    """One GM's clicks on one round, each measured ``RUNS`` times (``found``)."""

    def __init__(self, players: int) -> None:
        event, self.round, self.reserve = fresh_event(players)
        self.client = gm_client(event)
        self.found: dict[str, Click] = {}

    def measure(self, name: str, action: Callable[[int], bytes]) -> None:
        self.found[name] = click = Click()
        for run in range(RUNS):
            click.run(lambda run=run: action(run))

    def get(self, name: str) -> bytes:
        return follow(self.client, self.client.get(url(self.round, name)))

    def post(self, name: str, data: dict, **extra) -> bytes:
        response = self.client.post(url(self.round, name), data, **extra)
        return follow(self.client, response)

    def check_in(self, **extra) -> bytes:
        # A known player, picked from the type-ahead (its id sent): a name
        # typed alone would be asked about (the same person or a new player?).
        player = self.reserve.pop()
        data = {"name": player.name, "player": player.pk}
        return self.post("round-checkin", data, **extra)

    def paste(self, **extra) -> bytes:
        text = "\n".join(self.reserve.pop().name for _ in range(PASTED))
        return self.post("round-paste", {"text": text}, **extra)

    def seat(self, run: int) -> bytes:
        self.round.refresh_from_db()
        state = seating_state(self.round)
        return self.post("round-seat", {"seed": str(run), "state": state})


def clicks(players: int) -> dict[str, Click]:
    """Every measured action of one event size, in the order a GM makes them."""
    gm = Session(players)
    gm.measure("GM round page", lambda run: gm.get("round-detail"))
    gm.measure("check in one typed name → page", lambda run: gm.check_in())
    gm.measure(
        "check in one typed name → fragment (htmx)", lambda run: gm.check_in(**HTMX)
    )
    gm.measure(f"paste a list of {PASTED} → page", lambda run: gm.paste())
    gm.measure(
        f"paste a list of {PASTED} → fragment (htmx)", lambda run: gm.paste(**HTMX)
    )
    gm.measure("Seat → page", gm.seat)
    gm.measure("GM round page, seated", lambda run: gm.get("round-detail"))
    posts = [result_post(gm.round, n) for n in range(1, RUNS + 1)]
    gm.measure(
        "save a table's results → page",
        lambda run: follow(gm.client, gm.client.post(*posts[run])),
    )
    return gm.found


def players_page() -> Click:
    """The GM Players page of an event of ``RECORDS`` player records (one heat)."""
    event = generate_event("records", RECORDS, heats=1, seat_next=False)
    client, click = gm_client(event), Click()
    target = reverse("scoring:players", kwargs={"event": event.slug})
    for _ in range(RUNS):
        click.run(lambda: follow(client, client.get(target)))
    return click


def row(action: str, players: int, click: Click, static_ms: float) -> str:
    """One line of the table: the action's figures before and now."""
    ms, queries, size = BEFORE.get((action, players), (None, None, None))
    was = ["—" if v is None else f"{v:,}" for v in (ms, queries, size)]
    return (
        f"| {action} | {players:,} | {was[0]} | {statistics.median(click.ms):,.1f} "
        f"| {was[1]} | {click.queries} | {was[2]} | {len(click.body):,} "
        f"| {static_ms:.2f} |"
    )


def main() -> None:
    """Build the events, time every click, print the tables."""
    call_command("migrate", verbosity=0)
    static = StaticReference()
    print("## The GM's clicks (`bench/bench_gm_clicks.py`)")
    print()
    print(
        "SQLite file, `DJANGO_DEBUG=0`, Django's test client as the event's GM; a "
        "fresh event with the players checked in to heat 1, then seated at tables of "
        "5. Per click: server milliseconds (the POST and the page it redirects to, "
        f"or the htmx fragment; median of {RUNS}), SQL statements, bytes of the page "
        "or fragment shown; *static ms*: the same bytes served as a static file "
        "(WhiteNoise, in this process), the least any server spends handing them "
        "over. Targets: "
        + ", ".join(f"{ms} ms at {n:,} players" for n, ms in TARGET_MS.items())
        + ". *before*: commit b548bd9, measured with this script on this 2-core "
        "machine on 2026-12-02 (constants of the script: that code is gone); the "
        "htmx fragments are new."
    )
    print()
    print(
        "| action | players | ms before | ms | queries before | queries "
        "| bytes before | bytes | static ms |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for players in SIZES:
        for n, (action, click) in enumerate(clicks(players).items()):
            print(row(action, players, click, static.ms(f"{players}-{n}", click.body)))
    click = players_page()
    action = f"GM Players page, {RECORDS:,} records"
    print(row(action, RECORDS, click, static.ms("players", click.body)))
    shutil.rmtree(SCRATCH, ignore_errors=True)


if __name__ == "__main__":
    main()
