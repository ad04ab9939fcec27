"""The assertions of ``make test-deploy`` on a running stack (``deploy.stack``).

Words:
event
    ``deploy``, made for the run: one heat of 170 players checked in and seated
    in 34 tables of 5, GM ``demo-gm`` (``load_demo``'s login). Tables are used
    once each: 1 by (a), 2-31 by the phones of (d), 32-33 during the Redis
    outage (b), 34 after the PostgreSQL restart (c).
scores
    The result every table gets, WBC 2017 heat 1 table 1 (data/demo/results.csv):
    day 1, day 2 and final florins per seat; seat 3 wins with 100.
a 5xx
    An answer with status 500-599, or none at all (status 0): what a visitor
    must never get.
outcome
    ``(passed, detail)`` of one assertion.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from urllib.parse import urlsplit

from deploy.stack import Stack
from deploy.web import Answer, Client, attribute, form_fields

EVENT = "deploy"
PLAYERS = 170
GM = ("demo-gm", "medici-demo")
SCORES = {1: (28, 55, 83), 2: (53, 53, 60), 3: (38, 71, 100), 4: (33, 41, 55)}
SCORES[5] = (42, 52, 84)
WINNING_SEAT = 3
PHONES = 30
FIRST_PHONE = 10  # phone i sends from 127.0.0.(FIRST_PHONE + i)
SHOWN_WITHIN = 2.0

Outcome = tuple[bool, str]
# A request made once during a check's traffic: what it is, and the call.
Action = tuple[str, Callable[[], Answer]]


@dataclass(frozen=True)
class Scene:
    """What the checks need of the event: each table's players in seat order
    and its report link's path."""

    seating: dict[int, list[str]]
    links: dict[int, str]


def prepare(stack: Stack) -> Scene:
    """The demo GM and the event (see module doc), made through host 1's
    management commands."""
    stack.manage("load_demo", "--url", f"http://127.0.0.1:{stack.proxy}")
    stack.manage("create_event", EVENT, "--name", "Deployment check", "--gm", GM[0])
    names = stack.root / "names.txt"
    names.write_text("".join(f"Player {i:03d}\n" for i in range(PLAYERS)))
    stack.manage("checkin", EVENT, "1", "--file", str(names))
    seated = json.loads(stack.manage("seat_round", EVENT, "1", "--json"))
    links = json.loads(stack.manage("report_links", EVENT, "1", "--json"))
    return Scene(
        seating={t["number"]: t["players"] for t in seated["tables"]},
        links={row["table"]: urlsplit(row["url"]).path for row in links},
    )


def score_fields(seats: int) -> dict[str, str]:
    """The form fields of :data:`SCORES` for a table of ``seats`` seats."""
    fields = {}
    for seat in range(1, seats + 1):
        for name, value in zip(("day1", "day2", "final"), SCORES[seat], strict=True):
            fields[f"{name}_{seat}"] = str(value)
    return fields


def results_path(table: int) -> str:
    return f"/e/{EVENT}/gm/round/1/table/{table}/results/"


def save_results(gm: Client, table: int, port: int | None = None) -> Answer:
    """The GM opens table ``table``'s result form and saves :data:`SCORES`
    (302 when saved); through nginx, or straight to ``port``."""
    page = gm.get(results_path(table), port=port)
    if page.status != 200:
        return page
    fields = form_fields(page.body, "result-form")
    fields.update(score_fields(5))
    return gm.post(results_path(table), fields, port=port)


def send_report(phone: Client, path: str) -> Answer:
    """A player opens the report link and sends :data:`SCORES` from seat 1."""
    page = phone.get(path)
    if page.status != 200:
        return page
    fields = form_fields(page.body, "result-form")
    fields.update(score_fields(5), reporter="1")
    return phone.post(path, fields)


def gm_client(stack: Stack) -> Client:
    """A GM logged in through nginx (the session is in the database: any host
    knows it)."""
    gm = Client(stack.proxy)
    answer = gm.log_in(*GM)
    if answer.status != 302 or "sessionid" not in gm.cookies:
        raise AssertionError(f"the GM could not log in through nginx: {answer.status}")
    return gm


def saved_on_other_host(stack: Stack, scene: Scene, gm: Client) -> Outcome:
    """(a) A result saved through host 1 is on host 2's version feed, kiosk
    panel and standings within :data:`SHOWN_WITHIN` seconds."""
    host1, host2 = stack.ports
    screen = Client(host2)
    before = screen.get(f"/e/{EVENT}/version.json").json()["v"]
    saved = save_results(gm, 1, port=host1)
    went = saved.headers.get("location", "")
    if saved.status != 302 or not went.endswith(f"/e/{EVENT}/gm/round/1/"):
        return False, f"the save on host 1 answered {saved.status} {went}, not saved"
    start = time.monotonic()
    winner = scene.seating[1][WINNING_SEAT - 1]
    looks = _screens(before, winner)
    seen: dict[str, float] = {}
    while len(seen) < len(looks) and time.monotonic() - start < SHOWN_WITHIN:
        for what, shows in looks.items():
            if what not in seen and shows(screen):
                seen[what] = time.monotonic() - start
        time.sleep(0.05)
    times = ", ".join(f"{what} after {t:.1f} s" for what, t in seen.items())
    if len(seen) == len(looks):
        return True, f"host 2 shows {winner} winning table 1: {times}"
    late = ", ".join(w for w in looks if w not in seen)
    return False, f"after {SHOWN_WITHIN} s host 2 still lacks {late} ({times})"


def _screens(before: str, winner: str) -> dict[str, Callable[[Client], bool]]:
    """What host 2 must show once the save is there: a new version in the
    feed the screens poll, the kiosk panel drawn at it, the winner in the
    standings feed."""

    def version(screen: Client) -> bool:
        answer = screen.get(f"/e/{EVENT}/version.json")
        return answer.status == 200 and answer.json()["v"] != before

    def panel(screen: Client) -> bool:
        answer = screen.get(f"/e/{EVENT}/kiosk/panel/?v={before}")
        return answer.status == 200 and attribute(answer.body, "data-version") not in (
            "",
            before,
        )

    def standings(screen: Client) -> bool:
        answer = screen.get(f"/e/{EVENT}/standings.json")
        winners = answer.json().get("winners", []) if answer.status == 200 else []
        return any(w["player"] == winner for w in winners)

    return {"version.json": version, "kiosk panel": panel, "standings": standings}


def phones_counted_apart(stack: Stack, scene: Scene) -> Outcome:
    """(d) 30 phones, each from its own address, send one report each: none is
    refused, and the app records each under its phone's address."""
    refused = []
    expected = {}
    for i in range(PHONES):
        table, source = 2 + i, f"127.0.0.{FIRST_PHONE + i}"
        expected[table] = [source]
        sent = send_report(Client(stack.proxy, source=source), scene.links[table])
        if sent.status != 200 or 'id="report-received"' not in sent.body:
            why = "Too many reports" if "Too many reports" in sent.body else sent.status
            refused.append(f"table {table}: {why}")
    if refused:
        return False, f"{len(refused)} of {PHONES} refused: " + "; ".join(refused[:5])
    recorded = recorded_addresses(stack)
    if recorded != expected:
        addresses = sorted({a for v in recorded.values() for a in v if a})
        return False, (
            f"all {PHONES} accepted, but recorded from {len(addresses)} address(es) "
            f"({', '.join(addresses[:4])}), not one per phone"
        )
    return True, f"all {PHONES} accepted, each recorded under its own address"


ADDRESSES = """
import json
from scoring.models import TableReport
rows = TableReport.objects.filter(
    table__round__event__slug=%r, table__number__lte=%d
).values_list("table__number", "address")
found = {}
for table, address in rows:
    found.setdefault(table, []).append(address)
print(json.dumps(found))
"""


def recorded_addresses(stack: Stack) -> dict[int, list[str]]:
    """The address each report of the phones' tables was recorded under, per
    table (read with ``manage.py shell`` on host 1)."""
    printed = stack.manage("shell", "-c", ADDRESSES % (EVENT, PHONES + 1))
    # The last line: Django's shell may first say what it imported.
    found = json.loads(printed.strip().splitlines()[-1])
    return {int(table): addresses for table, addresses in found.items()}


PUBLIC_PAGES = [
    "/",
    f"/e/{EVENT}/",
    f"/e/{EVENT}/kiosk/",
    f"/e/{EVENT}/kiosk/panel/",
    f"/e/{EVENT}/find/",
    f"/e/{EVENT}/version.json",
    f"/e/{EVENT}/standings.json",
    f"/e/{EVENT}/seating.json",
    f"/e/{EVENT}/heat/1/",
    f"/e/{EVENT}/round/1/seating/",
    f"/e/{EVENT}/round/1/table/1/",
    f"/e/{EVENT}/clock/",
    "/e/demo/",
    "/e/demo/?lang=de",
]


def _traffic(stack: Stack, seconds: float, actions: dict[float, Action]) -> list[str]:
    """Public pages through nginx one after another for ``seconds``; each of
    ``actions`` (``{at: (label, callable returning an Answer)}``) once ``at``
    seconds have passed. The 5xx seen, as "what: status"."""
    visitor = Client(stack.proxy, source="127.0.0.4")
    bad: list[str] = []
    pending = dict(sorted(actions.items()))
    start, n = time.monotonic(), 0
    while time.monotonic() - start < seconds:
        for at in [a for a in pending if time.monotonic() - start >= a]:
            label, act = pending.pop(at)
            _note(bad, label, act())
        path = PUBLIC_PAGES[n % len(PUBLIC_PAGES)]
        _note(bad, path, visitor.get(path))
        n += 1
    for label, act in pending.values():
        _note(bad, label, act())
    return bad


def _note(bad: list[str], what: str, answer: Answer) -> None:
    if answer.status == 0 or answer.status >= 500:
        bad.append(f"{what}: {answer.status or answer.error}")


def _summary(bad: list[str], what: str) -> Outcome:
    if not bad:
        return True, f"no 5xx {what}"
    shown = "; ".join(bad[:4])
    return False, f"{len(bad)} 5xx {what}: {shown}"


def redis_stopped(stack: Stack, scene: Scene, gm: Client) -> Outcome:
    """(b) Redis stopped: no 5xx for ~10 s of public pages, a player's report
    (opened and sent) and a GM's save, through nginx."""
    player = Client(stack.proxy, source="127.0.0.5")
    link = scene.links[32]
    actions = {
        at: ("report on table 32", lambda: send_report(player, link))
        for at in (0.5, 3.0, 5.5, 8.0)
    }
    actions[4.0] = ("GM saving table 33", lambda: save_results(gm, 33))
    stack.stop_redis()
    try:
        bad = _traffic(stack, 10.0, actions)
    finally:
        stack.start_redis()
    return _summary(bad, "in 10 s with Redis stopped")


def postgres_restarted(stack: Stack, scene: Scene, gm: Client) -> Outcome:
    """(c) PostgreSQL restarted: once it is back, no 5xx for 5 s of public
    pages, a report link, the GM's pages and a GM's save, through nginx."""
    player = Client(stack.proxy, source="127.0.0.6")
    link = scene.links[34]
    actions = {
        0.0: ("GM dashboard", lambda: gm.get(f"/e/{EVENT}/gm/")),
        0.5: ("report link of table 34", lambda: player.get(link)),
        1.0: ("GM round page", lambda: gm.get(f"/e/{EVENT}/gm/round/1/")),
        2.0: ("GM saving table 34", lambda: save_results(gm, 34)),
        3.0: ("GM dashboard", lambda: gm.get(f"/e/{EVENT}/gm/")),
    }
    stack.restart_postgres()
    return _summary(_traffic(stack, 5.0, actions), "in 5 s after PostgreSQL restarted")


def guesser_locks_out_only_itself(stack: Stack) -> Outcome:
    """(e) 50 wrong passwords for the GM's username from 127.0.0.2 pause that
    username from that address only: the GM logs in from 127.0.0.3."""
    statuses = wrong_passwords(stack, "127.0.0.2", WRONG_PASSWORDS)
    paused = Client(stack.proxy, source="127.0.0.2").log_in(*GM)
    gm = Client(stack.proxy, source="127.0.0.3")
    answer = gm.log_in(*GM)
    logged_in = answer.status == 302 and "sessionid" in gm.cookies
    counts = ", ".join(f"{statuses.count(s)}x {s}" for s in sorted(set(statuses)))
    detail = (
        f"{WRONG_PASSWORDS} wrong passwords ({counts}); right password from "
        f"127.0.0.2 {paused.status} (429: paused); the GM from 127.0.0.3 "
        f"{answer.status} (302: logged in)"
    )
    if paused.status != 429:
        return False, detail + ": the guesser was not paused"
    return logged_in, detail + ("" if logged_in else ": the GM was locked out too")


WRONG_PASSWORDS = 50
GUESSERS = 3  # at once, each hashing a password: the machine's cores kept busy


def wrong_passwords(stack: Stack, source: str, count: int) -> list[int]:
    """``count`` wrong passwords for the GM's username from ``source``: the
    first alone (it makes the count's row), the others from :data:`GUESSERS`
    browsers at once. Each answer's status."""
    statuses = [Client(stack.proxy, source=source).log_in(GM[0], "wrong").status]
    shares = [len(range(i, count - 1, GUESSERS)) for i in range(GUESSERS)]

    def guess(attempts: int) -> list[int]:
        client = Client(stack.proxy, source=source)
        return [client.log_in(GM[0], "wrong").status for _ in range(attempts)]

    with ThreadPoolExecutor(GUESSERS) as pool:
        for answers in pool.map(guess, shares):
            statuses += answers
    return statuses
