"""The GM's clicks in Chromium, for ``bench_gm_browser.py``: one event size on
one checkout's app, in a process of its own (``measure``).

Words:

click time
    Milliseconds from ``performance.now()`` just before the click, dispatched in
    the page, to the first animation frame after the result is in: a new page's
    ``load`` or an htmx answer settled (``htmx:afterSettle``). Both ends are
    read in the page's clock from ``performance.timeOrigin``, so a new page's
    end follows on from the old page's start (kept in ``sessionStorage``).
received
    The first answer of 200 the page got after the click: the new page (after
    any redirect), or the htmx answer.
static time
    The click time of the same received bytes saved to a file and handed over
    by the same server without Django (``static_wsgi``), loaded the same way: a
    page by its address, an htmx answer swapped by ``htmx.ajax`` into the same
    place.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
from pathlib import Path

RUNS = 5
PASSWORD = "bench-gm-password-1"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [  # as tests/e2e/conftest.py launches it
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# In every document: the time of the first frame after a page's load or an htmx
# settle (window.__done; 0 until then, and again from each click).
DONE_SCRIPT = """
window.__done = 0;
function __mark() {
  requestAnimationFrame(function () { setTimeout(function () {
    if (!window.__done) { window.__done = performance.timeOrigin + performance.now(); }
  }, 0); });
}
addEventListener("load", __mark);
document.addEventListener("htmx:afterSettle", __mark);
"""
START = """window.__done = 0;
  sessionStorage.t0 = String(performance.timeOrigin + performance.now());"""
CLICK_SCRIPT = (
    """(selector) => {
  const target = document.querySelector(selector);
  const form = target.form || target.closest("form");
  if (form) { form.removeAttribute("data-confirm"); }
  """
    + START
    + """
  target.click();
}"""
)
KEY_SCRIPT = "() => {" + START + "}"
GO_SCRIPT = "(url) => {" + START + " location.assign(url); }"
SWAP_SCRIPT = (
    """([url, target, select, selectOOB]) => {
  const options = {target: target, swap: "outerHTML"};
  if (select) { options.select = select; }
  if (selectOOB) { options.selectOOB = selectOOB; }
  """
    + START
    + """
  htmx.ajax("GET", url, options);
}"""
)
ELAPSED = "() => window.__done ? window.__done - Number(sessionStorage.t0) : 0"
# An htmx answer's place: target, select (and select-oob, the parts also taken).
WORK = ("#table-work", "#table-work")


def django_environment(scratch: Path) -> dict[str, str]:
    """The settings of a benchmark's app, as ``make serve`` runs it (debug off)
    with a SQLite file in ``scratch``; ``bench_gm_server`` uses them too."""
    return {
        "DATABASE_URL": f"sqlite:///{scratch / 'bench.sqlite3'}",
        "DJANGO_SETTINGS_MODULE": "medici_tourney.settings",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "bench-only-" + "x" * 50,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE": "0",
        "DJANGO_LOG_LEVEL": "WARNING",
    }


def setup_django(root: Path) -> Path:
    """Django set up on ``root``'s app and a scratch SQLite file; the folder."""
    scratch = Path(tempfile.mkdtemp(dir=os.environ.get("BENCH_SCRATCH")))
    sys.path.insert(0, str(root))
    os.environ.update(
        django_environment(scratch),
        DJANGO_STATIC_ROOT=str(scratch / "staticfiles"),
        # Playwright's sync API runs an event loop in this thread; the ORM calls
        # made between clicks are still synchronous.
        DJANGO_ALLOW_ASYNC_UNSAFE="true",
    )
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    # As make serve: hashed, compressed copies that whitenoise serves.
    call_command("collectstatic", interactive=False, verbosity=0)
    return scratch


def build_event(players: int):
    """Event ``b<players>``: ``players`` players checked in to heat 1, and its
    GM ("bench-gm"); returns the heat."""
    from django.contrib.auth import get_user_model

    from heats.models import Entry, Player
    from heats.services.checkin import create_heat
    from heats.services.events import create_event

    event = create_event(f"b{players}", f"Browser {players}")
    rnd = create_heat(event)
    people = Player.objects.bulk_create(
        Player(
            event=event,
            name=f"Player {i:04d}",
            name_key=f"player {i:04d}",
            draw_key=f"Player {i:04d}",
        )
        for i in range(players)
    )
    Entry.objects.bulk_create(Entry(round=rnd, player=p) for p in people)
    user = get_user_model().objects.create_user("bench-gm", password=PASSWORD)
    event.gms.add(user)
    return rnd


def report_tables(rnd, numbers) -> None:
    """A players' report (seat 1's) on each table of ``numbers``."""
    from scoring.queries.result_check import SeatScores
    from scoring.services import reports

    for table in rnd.tables.filter(number__in=numbers):
        seats = table.seats.order_by("number")
        scores = [SeatScores(s.number, None, None, 50 + 10 * s.number) for s in seats]
        reports.submit_report(table, table.report_link.token, 1, scores, None, None)


class Clicks:
    """One logged-in page of the GM: each click timed, what it received kept,
    and the same bytes loaded from a file (``static``)."""

    def __init__(self, page, base: str, static_dir: Path) -> None:
        self.page, self.base, self.static_dir = page, base, static_dir
        self.received = None
        page.on("response", self._seen)

    def _seen(self, response) -> None:
        kind = response.request.resource_type
        if self.received is None and response.status == 200 and kind != "other":
            if kind in ("document", "xhr") and "clock" not in response.url:
                self.received = response

    def timed(self, script: str, arg=None) -> float:
        """Run ``script`` (one of the ``*_SCRIPT``), wait for the result, and
        return its click time (ms)."""
        self.received = None
        self.page.evaluate(script, arg)
        return self.finish()

    def finish(self) -> float:
        for _ in range(600):
            try:
                elapsed = self.page.evaluate(ELAPSED)
            except Exception:  # a new page is on its way: ask it
                elapsed = 0
            if elapsed:
                return elapsed
            self.page.wait_for_timeout(10)
        raise RuntimeError("the click's result never came")

    def body(self) -> tuple[bytes, str]:
        """The bytes received by the last click and how: document or xhr."""
        for _ in range(200):  # Playwright may report the response after the frame
            if self.received is not None:
                break
            self.page.wait_for_timeout(10)
        assert self.received is not None, "nothing received"
        return self.received.body(), self.received.request.resource_type

    def static(self, name: str, place=WORK) -> tuple[float, int]:
        """Median static time of the last click's received bytes, and their size;
        ``place``: target and select of an htmx answer."""
        body, kind = self.body()
        (self.static_dir / f"{name}.html").write_bytes(body)
        url = f"{self.base}/bench-static/{name}.html"
        times = []
        for _ in range(RUNS):
            if kind == "document":
                times.append(self.timed(GO_SCRIPT, url))
            else:
                times.append(self.timed(SWAP_SCRIPT, [url, *place]))
        return statistics.median(times), len(body)

    def settle(self) -> None:
        """Wait for the live rules check of a form just filled to be answered."""
        self.page.wait_for_timeout(600)
        self.page.wait_for_function("() => !document.querySelector('.htmx-request')")

    def fill_results(self) -> None:
        finals = self.page.query_selector_all("#result-form [name^=final_]")
        for n, field in enumerate(finals, start=1):
            field.fill(str(50 + 10 * n))
        self.settle()


def figures(times: list[float], static: tuple[float, int]) -> dict:
    return {"ms": statistics.median(times), "static_ms": static[0], "bytes": static[1]}


def check_ins(gm: Clicks, round_url: str) -> dict:
    page, times = gm.page, []
    page.goto(gm.base + round_url)
    for k in range(RUNS):
        name = f"Newcomer {k:02d}"
        page.fill("#id_name", "")
        page.type("#id_name", name)
        page.wait_for_selector(f"#checkin-suggestions li:has-text('{name}')")
        page.evaluate(KEY_SCRIPT)
        gm.received = None
        page.keyboard.press("Enter")
        times.append(gm.finish())
    return figures(times, gm.static("checkin", ("#checkin-list", "")))


def seats(gm: Clicks, round_url: str) -> dict:
    gm.page.goto(gm.base + round_url)
    times = [gm.timed(CLICK_SCRIPT, "#seat-form [type=submit]") for _ in range(RUNS)]
    return figures(times, gm.static("seat", seating_place()))


def seating_place() -> tuple[str, str, str]:
    """Where Seat's htmx answer goes on the round page (``heats.form_parts``); an
    earlier checkout without it answered Seat with a page (the place unused)."""
    try:
        from heats.form_parts import SEAT_CHANGES
    except ImportError:
        return ("", "", "")
    return ("#round-seating", "#round-seating", ",".join(SEAT_CHANGES))


def round_pages(gm: Clicks, round_url: str) -> dict:
    times = [gm.timed(GO_SCRIPT, gm.base + round_url) for _ in range(RUNS)]
    return figures(times, gm.static("round"))


def in_panel(gm: Clicks, number: int, link: str) -> bool:
    """Open table ``number``'s ``link`` (a card's selector) in the round page's
    table panel; False when the page has no panel (load the page instead)."""
    from playwright.sync_api import Error as PlaywrightError

    selector = f"#table-{number} {link}[hx-get]"
    try:
        found = gm.page.query_selector(selector)
    except PlaywrightError:  # the last click's navigation still under way
        gm.page.wait_for_load_state("load")
        found = gm.page.query_selector(selector)
    if found is None:
        return False
    found.click()
    gm.page.wait_for_selector(f"#table-panel #table-work:has(h1:has-text('{number}'))")
    return True


def confirms(gm: Clicks, rnd, round_url: str, numbers) -> dict:
    times = []
    gm.page.goto(gm.base + round_url)
    for n in numbers:
        if not in_panel(gm, n, "a[href*='/reports/']"):
            gm.page.goto(f"{gm.base}{round_url}table/{n}/reports/")
        times.append(gm.timed(CLICK_SCRIPT, ".table-report [type=submit]"))
    return figures(times, gm.static("confirm"))


def round_saves(gm: Clicks, round_url: str, numbers) -> dict:
    times = []
    gm.page.goto(gm.base + round_url)
    for n in numbers:
        if not in_panel(gm, n, ".card-footer a"):
            gm.page.goto(f"{gm.base}{round_url}table/{n}/results/")
        gm.fill_results()
        times.append(gm.timed(CLICK_SCRIPT, "#result-form [name=save]"))
    return figures(times, gm.static("save"))


def next_saves(gm: Clicks, round_url: str, first: int) -> dict:
    times = []
    gm.page.goto(f"{gm.base}{round_url}table/{first}/results/")
    for _ in range(RUNS):
        gm.fill_results()
        times.append(gm.timed(CLICK_SCRIPT, "#result-form [name=next]"))
    return figures(times, gm.static("next"))


def measure(root: Path, players: int) -> dict[str, dict]:
    """Every click of ``bench_gm_browser.TARGET_MS`` on ``root``'s app, an event
    of ``players`` players: {click: {"ms", "static_ms", "bytes"}}."""
    scratch = setup_django(root)
    rnd = build_event(players)
    static_dir = scratch / "static"
    static_dir.mkdir()
    import served
    from playwright.sync_api import sync_playwright

    port = int(os.environ.get("BENCH_PORT", 0)) or served.free_port()
    server = served.start_server(port, static_dir, root=root, manifest=True)
    try:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(
                executable_path=CHROMIUM, args=CHROMIUM_ARGS
            )
            found = run_clicks(chromium, f"http://127.0.0.1:{port}", rnd, static_dir)
            chromium.close()
    finally:
        server.terminate()
        server.wait()
    return found


def run_clicks(chromium, base: str, rnd, static_dir: Path) -> dict[str, dict]:
    """Log in and make the clicks in a GM's order (see ``measure``)."""
    round_url = f"/e/{rnd.event.slug}/gm/round/{rnd.code}/"
    page = chromium.new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(30_000)
    page.add_init_script(DONE_SCRIPT)
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(f"{base}/accounts/login/?next={round_url}")
    page.fill("#id_username", "bench-gm")
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_url(f"**{round_url}")
    gm = Clicks(page, base, static_dir)
    found = {"check in a typed new name": check_ins(gm, round_url)}
    found["Seat (and Seat again)"] = seats(gm, round_url)
    found["round page, seated"] = round_pages(gm, round_url)
    reported = range(1, RUNS + 1)
    report_tables(rnd, reported)
    found["confirm a players' report"] = confirms(gm, rnd, round_url, reported)
    saved = range(RUNS + 1, 2 * RUNS + 1)
    found["save a table from the round page"] = round_saves(gm, round_url, saved)
    found["save and next table"] = next_saves(gm, round_url, 2 * RUNS + 1)
    page.close()
    return found
