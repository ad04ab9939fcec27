"""Player names are data, never template code (issue 7, item 1).

Four names that a template engine would run — reading the secret key from the
environment, dumping the context, a syntax error (a 500) and the viewer's session id —
are entered once through check-in and once through a results import, carried through
heats, a tie, the semi-final, the final and the laurels, and every page, JSON answer
and export that shows names must show them as the text typed.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field

import openpyxl
import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from heats.models import Event, Player, Round, RoundKind
from heats.services.checkin import check_in
from heats.services.keep_apart import add_keep_apart
from heats.services.seating import seat_round
from scoring.models import ReportLink
from scoring.queries import report_tables
from scoring.queries.result_check import SeatScores
from scoring.queries.rounds import final_round, semi_round
from scoring.services import results
from scoring.services import semi_final as rounds
from scoring.services.events import new_event
from scoring.services.final_seating import seat_final
from scoring.services.results_import.write import import_results
from tests.conftest import DEMO_DIR
from tests.support.versions import page_version

SECRET = "{{request.META.DJANGO_SECRET_KEY}}"
DEBUG = "{% debug %}"
MATH = "{{7*7}}"
COOKIE = "{{request.COOKIES.sessionid}}"
EVIL = (SECRET, DEBUG, MATH, COOKIE)
ALL = frozenset(EVIL)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_passwords")]


@pytest.fixture
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def debug_on(settings):
    """``make run`` serves with DEBUG on, where ``{% debug %}`` prints the context."""
    settings.DEBUG = True


@dataclass
class Visit:
    """One request and the names its answer must show as text."""

    path: str
    names: frozenset[str]
    query: dict = field(default_factory=dict)
    kind: str = "html"  # html, json, csv or xlsx


def strings(data) -> list[str]:
    """Every string value in a JSON document, at any depth."""
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        data = list(data.values())
    if isinstance(data, list):
        return [text for item in data for text in strings(item)]
    return []


class Inspector:
    """Requests pages as a browser would and lists every way they go wrong."""

    def __init__(self, client) -> None:
        self.client = client
        # A page that fails is one more problem in the list, not the end of the walk.
        self.client.raise_request_exception = False
        self.problems: list[str] = []

    def text(self, visit: Visit, response) -> str:
        if visit.kind == "xlsx":
            book = openpyxl.load_workbook(io.BytesIO(response.content))
            cells = [
                str(c)
                for s in book.worksheets
                for r in s.iter_rows(values_only=True)
                for c in r
                if c is not None
            ]
            return "\n".join(cells)
        if visit.kind == "csv":
            rows = csv.reader(io.StringIO(response.content.decode()))
            return "\n".join(cell for row in rows for cell in row)
        if visit.kind == "json":
            return "\n".join(strings(response.json()))
        return response.content.decode()

    def check(self, visit: Visit) -> None:
        where = f"{visit.path} {visit.query}"
        # Under runserver request.META holds the environment, secret key included.
        response = self.client.get(
            visit.path, visit.query, DJANGO_SECRET_KEY=settings.SECRET_KEY
        )
        if response.status_code != 200:
            self.problems.append(f"{where}: status {response.status_code}")
            return
        text = self.text(visit, response)
        shown = escape if visit.kind == "html" else str
        self.problems += [
            f"{where}: {name!r} not shown as text"
            for name in sorted(visit.names)
            if shown(name) not in text
        ]
        session = self.client.cookies.get(settings.SESSION_COOKIE_NAME)
        leaks = {
            "the secret key": settings.SECRET_KEY,
            "the session id": session.value if session else None,
            "a {% debug %} dump": "&lt;module ",
        }
        self.problems += [
            f"{where}: shows {what}"
            for what, value in leaks.items()
            if value and value in text
        ]


def url(name: str, event: Event, **kwargs) -> str:
    return reverse(name, kwargs={"event": event.slug, **kwargs})


def table_pages(rnd: Round, names: dict[int, frozenset[str]], staff: bool):
    """The public table page of every table in ``names``, and (staff) its result
    entry page."""
    for number, shown in names.items():
        kwargs = {"round": rnd.code}
        yield Visit(
            url("scoring:table-detail", rnd.event, table=number, **kwargs), shown
        )
        if staff:
            yield Visit(
                url("scoring:table-results", rnd.event, table=number, **kwargs), shown
            )
            yield Visit(
                url("scoring:table-reports", rnd.event, table=number, **kwargs), shown
            )
        link = ReportLink.objects.filter(table__round=rnd, table__number=number)
        for token in link.values_list("token", flat=True):
            # The players' report page, while it works (no result saved yet).
            if report_tables.open_table_or_none(rnd.event, rnd.code, number, token):
                path = url(
                    "scoring:table-report",
                    rnd.event,
                    table=number,
                    token=token,
                    **kwargs,
                )
                yield Visit(path, shown)


def round_pages(rnd: Round, shown: frozenset[str], staff: bool):
    """A round's seating page and exports, and (staff) its check-in page and export."""
    seating = url("heats:round-seating", rnd.event, round=rnd.code)
    yield Visit(seating, shown)
    for table in ("names", "tables"):
        for kind in ("csv", "xlsx"):
            yield Visit(seating, shown, {"_export": kind, "_table": table}, kind)
    if staff:
        detail = url("heats:round-detail", rnd.event, round=rnd.code)
        yield Visit(detail, shown)
        if rnd.kind == RoundKind.HEAT:
            for kind in ("csv", "xlsx"):
                yield Visit(detail, shown, {"_export": kind, "_table": "checkin"}, kind)


def event_pages(event: Event, staff: bool, audit: frozenset[str] = ALL):
    """The event's pages other than rounds and tables (staff: the GM pages too);
    ``audit`` names those the audit log mentions."""
    heats = list(event.rounds.filter(kind=RoundKind.HEAT).order_by("number"))
    for heat in heats:
        shown = frozenset().union(*named_tables(heat).values())
        yield Visit(url("scoring:heat-results", event, heat=heat.number), shown)
    if heats:  # the standings page shows the latest heat
        latest = frozenset().union(*named_tables(heats[-1]).values())
        yield Visit(url("scoring:standings", event), latest)
    if not staff:
        return
    yield Visit(url("heats:event-gm", event), frozenset())
    log = url("heats:audit", event)
    yield Visit(log, audit)
    for kind in ("csv", "xlsx"):
        yield Visit(log, audit, {"_export": kind}, kind)
    yield Visit(url("heats:keep-apart", event), frozenset({MATH, DEBUG, COOKIE}))
    players = url("scoring:players", event)
    for name in EVIL:  # a page of 50 records: each found by the search box
        yield Visit(players, frozenset({name}), {"q": name})
    search = url("heats:player-search", event)
    for name in EVIL:
        yield Visit(search, frozenset({name}), {"q": name[:6]}, "json")


def keep_apart(event: Event) -> None:
    """{{7*7}} and {% debug %} kept apart, the note {{request.COOKIES.sessionid}}."""
    players = {p.name: p for p in Player.objects.filter(event=event)}
    add_keep_apart(event, players[MATH], players[DEBUG], note=COOKIE)


# --- names entered at check-in ------------------------------------------------------


@pytest.fixture
def checked_in(event, gm) -> Event:
    """Heat 1: the four names and Ann checked in, seated at one table; the result
    form is posted with a tie for first between {{7*7}} and {% debug %}."""
    heat = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(heat, [(name, "") for name in (*EVIL, "Ann")])
    seat_round(heat, seed=1)
    keep_apart(event)
    return event


def tie_scores(table) -> dict[str, int]:
    finals = {MATH: 100, DEBUG: 100, SECRET: 80, COOKIE: 70, "Ann": 60}
    data = {"seating": ",".join(f"{s.number}:{s.player_id}" for s in table.seats.all())}
    for seat in table.seats.select_related("player"):
        data[f"final_{seat.number}"] = finals[seat.player.name]
    return data


def test_names_checked_in_are_text_on_every_page(client, debug_on, gm, checked_in):
    event = checked_in
    heat = event.rounds.get(number=1)
    staff, public = Inspector(client), Inspector(Client())
    client.force_login(gm)
    results = url("scoring:table-results", event, round="1", table=1)
    staff.check(Visit(results, ALL))
    data = {**tie_scores(heat.tables.get()), "version": page_version(client, results)}
    response = client.post(results, data, follow=True)
    tie = url("scoring:table-tie", event, round="1", table=1)
    assert response.redirect_chain[-1][0] == tie, "saving the results failed"
    staff.check(Visit(tie, ALL))
    for inspector, is_staff in ((public, False), (staff, True)):
        for visit in [
            *event_pages(event, is_staff),
            *round_pages(heat, ALL, is_staff),
            *table_pages(heat, {1: ALL}, is_staff),
        ]:
            inspector.check(visit)
    winner = Player.objects.get(event=event, name=MATH)
    response = client.post(tie, {"winner": winner.pk, "reason": DEBUG}, follow=True)
    assert response.status_code == 200
    # One heat winner present: no semi-final, the list plays the final, unplayed.
    staff.check(Visit(url("scoring:semi", event), frozenset({MATH})))
    staff.check(Visit(url("scoring:final", event), frozenset({MATH})))
    staff.check(Visit(url("scoring:laurels", event), frozenset()))
    problems = public.problems + staff.problems
    assert not problems, "\n".join(problems)


# --- names entered by a results import ----------------------------------------------

# Demo players renamed: a heat-1 table winner who qualifies (table 1), the
# alternate and the next alternate (demo README), and a player who stays out
# (heat 1 table 2).
RENAMED = {
    "Kai Kestrel": MATH,
    "Drew Penrose": DEBUG,
    "Marlo Juniper": COOKIE,
    "Indy Brightwater": SECRET,
}


@pytest.fixture
def imported(db, gm) -> Event:
    """The demo results imported with four players renamed; the six no-shows absent."""
    event = new_event("evil", "Imported names")
    event.gms.add(gm)
    text = (DEMO_DIR / "results.csv").read_text(encoding="utf-8")
    for old, new in RENAMED.items():
        text = text.replace(f",{old},", f",{new},")
    import_results(event, text, source="names.csv")
    keep_apart(event)
    for name in (DEMO_DIR / "no_shows.txt").read_text().split("\n"):
        if name:
            rounds.mark_semi(event, Player.objects.get(event=event, name=name), False)
    assert semi_round(event).entries.count() == 6
    return event


def play(rnd: Round, first: list[str]) -> None:
    """Results for every table of ``rnd``: a player named in ``first`` wins the
    table, else its seat 1 does; then 90, 80, ... down the seats."""
    for table in rnd.tables.order_by("number"):
        seats = list(table.seats.select_related("player").order_by("number"))
        winner = next((s for s in seats if s.player.name in first), seats[0])
        rest = [s for s in seats if s is not winner]
        scores = [SeatScores(winner.number, None, None, 100)] + [
            SeatScores(s.number, None, None, 90 - 10 * i) for i, s in enumerate(rest)
        ]
        results.save_table_results(table, sorted(scores, key=lambda s: s.seat))


def named_tables(rnd: Round) -> dict[int, frozenset[str]]:
    """Per table of ``rnd`` holding one of the four names, those names."""
    tables: dict[int, set[str]] = {}
    for seat in rnd.seats.select_related("player", "table"):
        if seat.player.name in EVIL:
            tables.setdefault(seat.table.number, set()).add(seat.player.name)
    return {n: frozenset(names) for n, names in tables.items()}


def test_names_imported_are_text_on_every_page(client, debug_on, gm, imported):
    event = imported
    heat = event.rounds.get(kind=RoundKind.HEAT, number=1)
    staff, public = Inspector(client), Inspector(Client())
    client.force_login(gm)
    for inspector, is_staff in ((public, False), (staff, True)):
        for visit in [
            *event_pages(event, is_staff, audit=frozenset({MATH, DEBUG})),
            *round_pages(heat, ALL, is_staff),
            *table_pages(heat, named_tables(heat), is_staff),
        ]:
            inspector.check(visit)
    on_list = frozenset({MATH, DEBUG, COOKIE})  # qualifier, alternate, next alternate
    semi_page = url("scoring:semi", event)
    staff.check(Visit(semi_page, on_list))
    rounds.seat_semi(event, seed=1)
    semi = semi_round(event)
    play(semi, [MATH, DEBUG])
    semi_names = frozenset({MATH, DEBUG})
    for visit in [
        *round_pages(semi, semi_names, True),
        *table_pages(semi, named_tables(semi), True),
    ]:
        staff.check(visit)
    # {% debug %} entered as an alternate: it wins its table but is no finalist.
    staff.check(Visit(url("scoring:final", event), semi_names))
    seat_final(event, seed=1)
    final = final_round(event)
    play(final, [MATH])
    staff.check(Visit(url("scoring:final", event), semi_names))
    for visit in [
        *round_pages(final, frozenset({MATH}), True),
        *table_pages(final, named_tables(final), True),
    ]:
        staff.check(visit)
    laurels = url("scoring:laurels", event)
    staff.check(Visit(laurels, frozenset({MATH})))
    for kind in ("csv", "xlsx"):
        query = {"_export": kind, "_table": "laurels"}
        staff.check(Visit(laurels, frozenset({MATH}), query, kind))
        query = {"_export": kind, "_table": "semi"}
        staff.check(Visit(semi_page, on_list, query, kind))
    for visit in event_pages(event, False):
        public.check(visit)
    in_final = frozenset().union(*named_tables(final).values())
    for name in ("scoring:kiosk", "scoring:find", "scoring:seating-json"):
        kind = "json" if name.endswith("json") else "html"
        public.check(Visit(url(name, event), in_final, kind=kind))
    public.check(Visit(url("scoring:standings-json", event), on_list, kind="json"))
    problems = public.problems + staff.problems
    assert not problems, "\n".join(problems)
