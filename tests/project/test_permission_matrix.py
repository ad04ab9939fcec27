"""Every URL of the app, every method, every role: who may read, who may change.

The matrix below lists each named URL of the ``heats`` and ``scoring`` apps with the
weakest role that may use it (``heats.permissions``; tournament.md, "What people
see"). A URL added without a row here fails ``test_every_url_is_in_the_matrix``.
For each URL, GET and POST are tried as anonymous, a user with no role, an
assistant GM, a GM of another event, the event's GM and a superuser:

* a refused request is a 403 (anonymous users on GM pages go to the login page)
  and changes nothing in the database;
* an allowed GET of a page is a 200, an allowed GET of an action is a 405;
* no GET, by anyone, changes the database.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

from heats.models import Event, KeepApart, Round, RoundKind
from heats.services.checkin import check_in, create_heat
from heats.services.seating import seat_round
from scoring.models import ReportLink
from scoring.queries.result_check import SeatScores
from scoring.services import reports, results
from tests.heats.conftest import names
from tests.support.versions import page_version

pytestmark = pytest.mark.django_db

PUBLIC, USER, STAFF, GM = "public", "user", "staff", "gm"
ROLES = ("anonymous", "no role", "assistant", "other event's GM", "GM", "superuser")
RANK = {"anonymous": 0, "no role": 1, "other event's GM": 1, "assistant": 2}
RANK.update({"GM": 3, "superuser": 3})
NEEDS = {PUBLIC: 0, USER: 1, STAFF: 2, GM: 3}


@dataclass(frozen=True)
class Row:
    """One URL: its arguments, the role its GET and its POST need (``None``: the
    method is not served), and the POST data an allowed user would send."""

    kwargs: dict
    get: str | None
    post: str | None
    data: dict = field(default_factory=dict)


def csv_of_a_new_heat() -> str:
    rows = [f"3,1,New {i},{50 + i}" for i in range(1, 5)]
    return "\n".join(["heat,table,player,final", *rows]) + "\n"


def matrix(world) -> dict[str, Row]:
    """The expected rights of every URL, filled with ids from ``world``."""
    h1, h2 = {"round": "1"}, {"round": "2"}
    t1, t2 = {"round": "1", "table": 1}, {"round": "1", "table": 2}
    scores = {f"final_{s.number}": 10 * s.number for s in world["t2_seats"]}
    scores["seating"] = ",".join(f"{s.number}:{s.player_id}" for s in world["t2_seats"])
    a, b = world["swap"]
    return {
        "scoring:event-list": Row({}, PUBLIC, None),
        "scoring:standings": Row({}, PUBLIC, None),
        "heats:round-seating": Row(h1, PUBLIC, None),
        "scoring:table-detail": Row(t1, PUBLIC, STAFF, {"content": "{}"}),
        "scoring:kiosk": Row({}, PUBLIC, None),
        "scoring:table-report": Row(
            world["report"], PUBLIC, PUBLIC, report_data(world)
        ),
        "scoring:table-report-check": Row(
            world["report"], None, PUBLIC, report_data(world)
        ),
        "scoring:table-reports": Row(t2, STAFF, STAFF, {"report": world["sent"]}),
        "scoring:report-auto-confirm": Row({}, None, GM, {"two_reports_confirm": "on"}),
        "scoring:kiosk-panel": Row({}, PUBLIC, None),
        "heats:clock": Row({}, PUBLIC, None),
        "heats:clock-json": Row({}, PUBLIC, None),
        "scoring:find": Row({}, PUBLIC, None),
        "scoring:heat-results": Row({"heat": 1}, PUBLIC, None),
        "scoring:standings-json": Row({}, PUBLIC, None),
        "scoring:seating-json": Row({}, PUBLIC, None),
        "scoring:version-json": Row({}, PUBLIC, None),
        "heats:timer": Row({}, PUBLIC, None),
        "heats:event-gm": Row({}, STAFF, None),
        "heats:audit": Row({}, STAFF, None),
        "heats:player-search": Row({}, STAFF, None),
        "heats:round-detail": Row(h1, STAFF, None),
        "scoring:semi": Row({}, STAFF, None),
        "scoring:final": Row({}, STAFF, None),
        "scoring:laurels": Row({}, STAFF, None),
        "scoring:print-event": Row({"kind": "bracket"}, STAFF, None),
        "scoring:print-round": Row({"round": "1", "kind": "assignments"}, STAFF, None),
        "scoring:results-import": Row({}, STAFF, GM, {"text": csv_of_a_new_heat()}),
        "scoring:table-results": Row(t2, STAFF, STAFF, scores),
        "scoring:table-results-check": Row(t2, None, STAFF, scores),
        "heats:round-checkin": Row(h2, None, STAFF, {"name": "Walk In"}),
        "heats:round-paste": Row(h2, None, STAFF, {"text": "Paste One\nPaste Two"}),
        "heats:round-undo": Row(h2, None, STAFF, {"player": world["unseated"]}),
        "scoring:semi-mark": Row(
            {}, None, STAFF, {"player": world["winner"], "status": "absent"}
        ),
        "scoring:semi-presence": Row(
            {}, None, STAFF, {"shown": world["winner"], "present": world["winner"]}
        ),
        "heats:keep-apart": Row({}, GM, None),
        "scoring:table-tie": Row(
            t1, GM, GM, {"winner": world["tied"], "reason": "more money on day 2"}
        ),
        "heats:round-create": Row({}, None, GM),
        "heats:round-seat": Row(h2, None, GM),
        "heats:round-swap": Row(h1, None, GM, {"player_a": a, "player_b": b}),
        "heats:round-late-table": Row(h1, None, GM),
        "heats:round-late-seat": Row(
            h1, None, GM, {"player": world["late"], "table": 2}
        ),
        "heats:round-start-clock": Row(h2, None, GM, {"at": ""}),
        "heats:round-undo-seating": Row(h1, None, GM),
        "heats:round-short-table": Row(h1, None, GM, {"table": 2}),
        "scoring:semi-auto-publish": Row({}, None, GM, {"auto_publish": "on"}),
        "heats:keep-apart-add": Row({}, None, GM, {"player_a": a, "player_b": b}),
        "heats:keep-apart-delete": Row({"pk": world["pair"]}, None, GM),
        "scoring:table-acknowledge": Row(t1, None, GM),
        "scoring:semi-seat": Row({}, None, GM),
        "scoring:semi-override": Row({}, None, GM, {"size": "", "added": ""}),
        "scoring:semi-publish": Row({}, None, GM),
        "scoring:final-seat": Row({}, None, GM),
        "scoring:final-absent": Row({}, None, GM, {"player": world["winner"]}),
        "scoring:semi-replace": Row({}, None, GM, {"player": world["winner"]}),
        "scoring:semi-remove": Row({}, None, GM, {"player": world["winner"]}),
        "scoring:semi-short-table": Row({}, None, GM, {"table": 2, "players": "1"}),
        "scoring:final-fill": Row({}, None, GM, {"kind": "runners-up"}),
        "scoring:event-create": Row({}, USER, USER, new_event_data()),
        "heats:event-staff": Row({}, GM, None),
        "scoring:event-settings": Row({}, STAFF, GM, settings_data()),
        "heats:event-archive": Row({}, None, GM),
        "heats:event-restore": Row({}, None, GM),
        "heats:round-delete": Row({"round": "3"}, None, GM),
        "scoring:event-delete": Row({}, None, GM, {"slug": "wbc"}),
        "scoring:players": Row({}, STAFF, None),
        "scoring:player-rename": Row(
            {}, None, GM, {"player": world["unseated"], "name": "Renamed", "badge": ""}
        ),
        "scoring:player-merge": Row(
            {}, None, GM, {"duplicate": world["unseated"], "kept": world["late"]}
        ),
        "heats:staff-add": Row(
            {}, None, GM, {"username": "m-none", "role": "assistant"}
        ),
        "heats:staff-remove": Row({}, None, GM, {"member": world["assistant"]}),
        "heats:staff-login": Row(
            {},
            None,
            GM,
            {
                "username": "new-helper",
                "password1": "Lorenzo-1469-florins",
                "password2": "Lorenzo-1469-florins",
                "role": "assistant",
            },
        ),
    }


def report_data(world) -> dict:
    """Table 2's report form filled in by its seat 1."""
    data = {f"final_{s.number}": 10 * s.number for s in world["t2_seats"]}
    data["seating"] = ",".join(f"{s.number}:{s.player_id}" for s in world["t2_seats"])
    data["reporter"] = 1
    return data


def new_event_data() -> dict:
    """The new-event form filled in as a GM would, WBC settings unchanged."""
    data = {"name": "Medici, new", "slug": "new-event", "rules": "wbc"}
    data.update(heat_minutes=55, first_mark_minutes=20, second_mark_minutes=35)
    data.update(call_minutes=53, seat_after_minutes=2, min_late_table=5)
    data.update(seating_policy="six-over-four", timer_seconds=240)
    data.update(late_timer_seconds=120)
    return data


def settings_data() -> dict:
    """The Settings form as a GM would send it: WBC settings, a new name."""
    data = new_event_data()
    del data["slug"]
    data.update(name="Medici, renamed", time_zone="Europe/Berlin")
    return data


def app_url_names() -> set[str]:
    """Every named URL of the heats and scoring apps."""
    found: set[str] = set()

    def walk(patterns, namespace):
        for p in patterns:
            if isinstance(p, URLResolver):
                walk(p.url_patterns, p.namespace or namespace)
            elif isinstance(p, URLPattern) and namespace in ("heats", "scoring"):
                found.add(f"{namespace}:{p.name}")

    walk(get_resolver().url_patterns, None)
    return found


@pytest.fixture
def world(event, settings):
    """Heat 1 seated (tables of 5 and 5) with a tie for first at table 1, five late
    arrivals waiting; heat 2 with eight players checked in, not seated; a
    keep-apart pair; heat 3 with nobody checked in, its clock started; the six
    kinds of visitor."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    heat = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(heat, names(10))
    seat_round(heat, seed=1)
    check_in(heat, names(5, prefix="Late"))
    table1, table2 = heat.tables.order_by("number")
    seats1 = list(table1.seats.order_by("number"))
    finals = [80, 80, 60, 50, 40]
    results.save_table_results(
        table1,
        [
            SeatScores(s.number, None, None, f)
            for s, f in zip(seats1, finals, strict=True)
        ],
    )
    heat2 = create_heat(event)
    check_in(heat2, names(8, prefix="Second"))
    # Heat 3: nobody checked in, its clock started (so "New heat" makes heat 4).
    heat3 = create_heat(event)
    heat3.start_time = timezone.now()
    heat3.save()
    seats2 = list(table2.seats.order_by("number"))
    pair = KeepApart.objects.create(
        event=event, player_a=seats2[0].player, player_b=seats2[1].player
    )
    users = make_users(event)
    token = ReportLink.objects.get(table=table2).token
    sent = reports.submit_report(
        table2,
        token,
        2,
        [SeatScores(s.number, None, None, 10 * s.number) for s in seats2],
        None,
        "10.0.0.2",
    )
    return {
        "report": {"round": "1", "table": 2, "token": token},
        "sent": sent.report.pk,
        "users": users,
        "t2_seats": seats2,
        "swap": (seats2[2].player_id, seats2[3].player_id),
        "unseated": heat2.entries.first().player_id,
        "winner": seats1[0].player_id,
        "tied": seats1[0].player_id,
        "pair": pair.pk,
        "assistant": users["assistant"].pk,
        "late": heat.entries.filter(player__name="Late 01").get().player_id,
    }


def make_users(event: Event) -> dict:
    model = get_user_model()
    assistant = model.objects.create_user("m-assistant", password="pw-assistant-1")
    event.assistants.add(assistant)
    gm = model.objects.create_user("m-gm", password="pw-gm-1")
    event.gms.add(gm)
    other = model.objects.create_user("m-other", password="pw-other-1")
    Event.objects.create(slug="other", name="Other", seed="o").gms.add(other)
    return {
        "anonymous": None,
        "no role": model.objects.create_user("m-none", password="pw-none-1"),
        "assistant": assistant,
        "other event's GM": other,
        "GM": gm,
        "superuser": model.objects.create_superuser("m-root", password="pw-root-1"),
    }


def snapshot() -> list:
    """Every row of the heats and scoring apps (and who is GM/assistant)."""
    rows = []
    for label in ("heats", "scoring"):
        for model in apps.get_app_config(label).get_models():
            rows.append(list(model.objects.order_by("pk").values_list()))
    return rows


def test_every_url_is_in_the_matrix(world):
    assert app_url_names() == set(matrix(world))


def _expect(row: Row, role: str, method: str) -> str:
    """What a request should give: "ok", "refused" (403, or the login page for
    anonymous users) or "405" (a method the URL does not serve)."""
    needs = row.get if method == "GET" else row.post
    if needs is None:
        other = row.post if method == "GET" else row.get
        return "405" if RANK[role] >= NEEDS[other] else "refused or 405"
    return "ok" if RANK[role] >= NEEDS[needs] else "refused"


def _check(response, expected: str) -> str | None:
    """None when ``response`` is what was expected, else what went wrong."""
    code = response.status_code
    to_login = code == 302 and response["Location"].startswith("/accounts/login/")
    good = {
        "405": code == 405,
        "refused": code == 403 or to_login,
        "refused or 405": code in (403, 405) or to_login,
        "ok": code in (200, 302) and not to_login,
    }[expected]
    return None if good else f"expected {expected}, got {code}"


def url_of(name: str, row: Row) -> str:
    eventless = ("scoring:event-list", "heats:timer", "scoring:event-create")
    event = {} if name in eventless else {"event": "wbc"}
    return reverse(name, kwargs={**event, **row.kwargs})


@pytest.mark.parametrize("name", sorted(app_url_names()))
def test_who_may_use_each_url(client, world, name):
    row = matrix(world)[name]
    url = url_of(name, row)
    wrong = []
    for role in ROLES:
        user = world["users"][role]
        client.logout()
        if user is not None:
            client.force_login(user)
        before = snapshot()
        got = _check(client.get(url), _expect(row, role, "GET"))
        if got:
            wrong.append(f"GET as {role}: {got}")
        if snapshot() != before:
            wrong.append(f"GET as {role} changed the database")
        expected = _expect(row, role, "POST")
        if expected == "ok":
            continue  # an allowed POST changes the event; tried last, below
        got = _check(client.post(url, row.data), expected)
        if got:
            wrong.append(f"POST as {role}: {got}")
        if snapshot() != before:
            wrong.append(f"POST as {role} was refused but changed the database")
    assert wrong == []


@pytest.mark.parametrize(
    "name",
    [
        "heats:round-checkin",
        "heats:round-create",
        "heats:round-seat",
        "heats:round-swap",
        "heats:round-late-table",
        "heats:round-late-seat",
        "heats:round-start-clock",
        "heats:keep-apart-add",
        "heats:keep-apart-delete",
        "scoring:results-import",
        "scoring:table-results",
        "scoring:table-tie",
        "scoring:table-acknowledge",
        "scoring:table-report",
        "scoring:table-reports",
        "scoring:report-auto-confirm",
        "scoring:semi-mark",
        "scoring:semi-presence",
        "scoring:semi-auto-publish",
        "scoring:semi-publish",
        "scoring:final-absent",
        "scoring:event-create",
        "heats:staff-add",
        "heats:staff-remove",
        "heats:staff-login",
        "scoring:player-rename",
        "scoring:player-merge",
        "scoring:event-settings",
        "heats:event-archive",
        "heats:round-delete",
        "scoring:event-delete",
    ],
)
def test_the_weakest_allowed_role_changes_the_event(client, world, name):
    """The refusals above are not an artefact of bad data: the same POST by the
    weakest role allowed changes the database."""
    row = matrix(world)[name]
    role = {USER: "no role", STAFF: "assistant"}.get(row.post, "GM")
    client.force_login(world["users"][role])
    url = url_of(name, row)
    data = dict(row.data)
    if name in FORM_PAGES:
        # Sent as the page's form sends it: with the version it was drawn with.
        page = FORM_PAGES[name] and reverse(FORM_PAGES[name], kwargs={"event": "wbc"})
        data["version"] = page_version(client, page or url, url)
    before = snapshot()
    response = client.post(url, data)
    assert response.status_code in (200, 302)
    assert snapshot() != before


# The page drawing each versioned form ("": the form's own URL).
FORM_PAGES = {
    "heats:keep-apart-add": "heats:keep-apart",
    "heats:keep-apart-delete": "heats:keep-apart",
    "heats:staff-add": "heats:event-staff",
    "heats:staff-remove": "heats:event-staff",
    "scoring:semi-presence": "scoring:semi",
    "scoring:semi-auto-publish": "scoring:semi",
    "scoring:semi-publish": "scoring:semi",
    "scoring:final-absent": "scoring:final",
    "scoring:event-settings": "",
    "scoring:table-results": "",
}


@pytest.mark.parametrize(
    "path", ["/admin/", "/admin/heats/event/", "/admin/auth/user/"]
)
def test_only_superusers_reach_the_admin(client, world, path):
    """Event GMs run their event from its pages; the admin is the superuser's."""
    for role in ROLES:
        user = world["users"][role]
        client.logout()
        if user is not None:
            client.force_login(user)
        response = client.get(path)
        if role == "superuser":
            assert response.status_code == 200, role
        else:
            assert response.status_code == 302, role
            assert response["Location"].startswith("/admin/login/"), role


@pytest.mark.parametrize("name", sorted(app_url_names()))
def test_other_methods_change_nothing(client, world, name):
    """PUT, PATCH and DELETE are served nowhere: refused or 405, and nothing changes,
    even for a superuser; HEAD and OPTIONS change nothing either."""
    row = matrix(world)[name]
    url = url_of(name, row)
    client.force_login(world["users"]["superuser"])
    before = snapshot()
    for method in ("put", "patch", "delete"):
        assert getattr(client, method)(url).status_code in (403, 405), method
    client.head(url)
    client.options(url)
    assert snapshot() == before
