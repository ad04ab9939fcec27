"""The public room pages: kiosk, phone view, feeds, and their cache (tournament.md,
"What people see"; issue: the kiosk). Demo facts from data/demo/README.md."""

from __future__ import annotations

import gzip
import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.template.loader import render_to_string

from heats.models import Player
from heats.services.checkin import check_in, create_heat
from heats.services.seating import seat_round
from scoring.queries.event_results import event_advancement
from scoring.queries.result_check import SeatScores
from scoring.services import publishing, results
from scoring.services import semi_final as rounds
from scoring.services.results_import.write import import_results
from tests.heats.conftest import names

pytestmark = pytest.mark.django_db

KIOSK = "/e/demo/kiosk/"
PANEL = "/e/demo/kiosk/panel/"


def text(response) -> str:
    assert response.status_code == 200
    return response.content.decode()


def section(html: str, ident: str) -> str:
    """The <article id=ident> of a kiosk panel, as text without tags."""
    match = re.search(rf'<article[^>]*id="{ident}".*?</article>', html, re.S)
    assert match, f"no {ident}"
    return " ".join(re.sub(r"<[^>]+>", " ", match.group(0)).split())


def seat_a_new_heat(event, count: int = 23):
    heat = create_heat(event)
    check_in(heat, names(count, prefix="Walk"))
    seat_round(heat, seed=4)
    return heat


def test_after_the_heats_the_kiosk_shows_winners_double_winners_and_alternates(
    client, demo_event
):
    html = text(client.get(KIOSK))
    winners = section(html, "kiosk-winners")
    assert winners.startswith("Heat winners (30)")
    doubles = re.findall(r'<li class="double"><span class="who">([^<]+)</span>', html)
    assert len(doubles) == 2 and "Harper Ivesdale" in doubles
    # Those already in the semi-final apart from those waiting (issue 18, 3).
    assert section(html, "kiosk-alternates-in") == (
        "Alternates in the semi-final 1 Drew Penrose 96.9%"
    )
    assert section(html, "kiosk-alternates-waiting") == (
        "Alternates waiting, in call order 2 Marlo Juniper 95.6% "
        "3 Eden Tamsin 91.6% 4 Fern Tamsin 90.8%"
    )
    assert 'id="kiosk-semi"' not in html  # not published yet


def test_a_third_place_alternate_is_marked_as_on_the_standings_page():
    row = render_to_string(
        "scoring/room/_alternate.html",
        {"a": {"call": 5, "player": "Ann Lee", "percent": 88.0, "place": 3}},
    )
    assert re.sub(r"<[^>]+>", " ", row).split() == ["5", "Ann", "Lee", "88.0%", "3rd"]
    assert 'class="third"' in row
    second = {"call": 4, "player": "Bo Li", "percent": 90.0, "place": 2}
    assert "3rd" not in render_to_string("scoring/room/_alternate.html", {"a": second})


def test_the_version_feed_says_the_event_version_and_is_not_cached(client, demo_event):
    version = client.get(PANEL)["X-Event-Version"]
    feed = client.get("/e/demo/version.json")
    assert feed.json() == {"v": version}
    assert feed["Cache-Control"] == "no-store"
    seat_a_new_heat(demo_event)
    assert client.get("/e/demo/version.json").json()["v"] != version


def test_the_kiosk_shows_the_list_once_the_gm_publishes_it(client, demo_event):
    before = client.get(PANEL)
    publishing.publish(demo_event, event_advancement(demo_event))
    html = text(client.get(PANEL, {"v": before["X-Event-Version"]}))
    semi = section(html, "kiosk-semi")
    assert semi.startswith("Semi-final: 25 players")
    assert "Drew Penrose" in semi and "Harper Ivesdale" in semi
    assert not any(name in semi for name in ("Marlo Juniper", "Eden Tamsin"))


def test_the_panel_answers_204_while_nothing_changed(client, demo_event):
    first = client.get(PANEL)
    version = first["X-Event-Version"]
    assert client.get(PANEL, {"v": version}).status_code == 204
    seat_a_new_heat(demo_event)
    again = client.get(PANEL, {"v": version})
    assert again.status_code == 200 and again["X-Event-Version"] != version


def test_a_seated_round_shows_its_tables_and_every_name_with_its_table(
    client, demo_event
):
    heat = seat_a_new_heat(demo_event)
    html = text(client.get(PANEL))
    assert "Heat 4 — tables" in html
    cards = re.findall(r'id="kiosk-table-(\d+)"', html)
    assert cards == ["1", "2", "3", "4"]  # 23 players: 6+6+6+5
    listed = re.findall(
        r'<li><span class="who">([^<]+)</span><span class="where">(\d+)</span>', html
    )
    seats = {
        s.player.name: s.table.number
        for s in heat.seats.select_related("player", "table")
    }
    assert len(listed) == 23
    assert {name: int(table) for name, table in listed} == seats
    assert [n for n, _ in listed] == sorted(seats, key=str.casefold)


def test_the_phone_view_lists_every_seated_player_with_table_and_seat(
    client, demo_event
):
    heat = seat_a_new_heat(demo_event, 9)
    html = text(client.get("/e/demo/find/"))
    assert 'id="find-name"' in html
    for seat in heat.seats.select_related("player", "table"):
        assert (
            f'<span class="who">{seat.player.name}</span><span class="where">Table '
            f"<b>{seat.table.number}</b> · seat {seat.number}</span>"
        ) in html


def test_the_phone_view_says_when_the_round_is_not_seated(client, demo_event):
    create_heat(demo_event)
    assert "Heat 4 is not seated yet" in text(client.get("/e/demo/find/"))


def test_the_kiosk_carries_a_qr_code_of_the_phone_view(client, demo_event, settings):
    settings.PUBLIC_URL = "http://192.168.1.20:8000"
    html = text(client.get(KIOSK))
    assert '<svg viewBox="0 0' in html
    assert "http://192.168.1.20:8000/e/demo/find/" in html


# --- the cache is cleared by every change ----------------------------------------


def test_a_result_entered_reaches_the_standings(client, demo_event):
    heat = seat_a_new_heat(demo_event, 9)  # 5 + 4
    assert "Heat 4" not in text(client.get("/e/demo/")).split("Heat results")[1]
    table = heat.tables.get(number=1)
    seats = list(table.seats.order_by("number"))
    finals = [50, 90, 70, 60, 40]
    results.save_table_results(
        table,
        [
            SeatScores(s.number, None, None, f)
            for s, f in zip(seats, finals, strict=True)
        ],
    )
    html = text(client.get("/e/demo/")).split("Heat results")[1]
    assert '<h3 class="h5" id="open-heat">Heat 4</h3>' in html
    assert f"<td>{seats[1].player.name}</td>" in html  # the 90, winner row


def test_a_correction_reaches_the_heat_page(client, demo_event):
    page = "/e/demo/heat/1/"
    assert ">94<" in text(client.get(page))  # Drew Penrose, heat 1 table 10
    import_results(demo_event, _heat1_table10(demo_event, drew=80), replace=True)
    html = text(client.get(page))
    row = re.search(r"<td>Drew Penrose</td>.*?</tr>", html, re.S).group(0)
    assert ">80<" in row and ">94<" not in row


def test_an_absent_mark_reaches_the_standings_and_the_feed(client, demo_event):
    before = json.loads(text(client.get("/e/demo/standings.json")))
    assert before["list"]["alternates"][0]["player"] == "Drew Penrose"
    winner = Player.objects.get(event=demo_event, name="Greer Eastwick")
    rounds.mark_semi(demo_event, winner, present=False)
    after = json.loads(text(client.get("/e/demo/standings.json")))
    status = {w["player"]: w["status"] for w in after["winners"]}
    assert status["Greer Eastwick"] == "absent"
    # One more absent winner calls the next alternate (Advancement, 3).
    assert [a["player"] for a in after["list"]["alternates"]] == [
        "Drew Penrose",
        "Marlo Juniper",
    ]


def test_staff_see_the_live_standings_with_their_controls(client, demo_event):
    assert "GM dashboard" not in text(client.get("/e/demo/"))
    user = get_user_model().objects.create_user("kiosk-gm", password="pw-kiosk-1")
    demo_event.gms.add(user)
    client.force_login(user)
    assert "GM dashboard" in text(client.get("/e/demo/"))


def test_pages_are_sent_gzipped_to_browsers_that_accept_it(client, demo_event):
    plain = client.get("/e/demo/")
    zipped = client.get("/e/demo/", headers={"accept-encoding": "gzip, br"})
    assert zipped["Content-Encoding"] == "gzip"
    assert gzip.decompress(zipped.content) == plain.content
    assert "Accept-Encoding" in zipped["Vary"]


# --- feeds ------------------------------------------------------------------------


def test_the_standings_feed_holds_the_list_and_the_winners(client, demo_event):
    data = json.loads(text(client.get("/e/demo/standings.json")))
    assert data["event"] == "demo" and data["published_at"] is None
    assert data["list"]["semi_size"] == 25
    assert data["list"]["alternates"][0] == {
        "player": "Drew Penrose",
        "percent": 96.9,
        "heat": 1,
        "table": 10,
        "place": 2,
        "reason": data["list"]["alternates"][0]["reason"],
    }
    wins = {w["player"]: w["wins"] for w in data["winners"]}
    assert len(wins) == 30 and wins["Harper Ivesdale"] == 2
    assert data["laurels"] == []


def test_the_seating_feed_lists_the_tables_of_the_current_round(client, demo_event):
    heat = seat_a_new_heat(demo_event, 9)
    data = json.loads(text(client.get("/e/demo/seating.json")))
    assert data["round"]["code"] == "4" and data["round"]["label"] == "Heat 4"
    assert [len(t["seats"]) for t in data["tables"]] == [5, 4]
    first = heat.tables.get(number=1).seats.order_by("number")
    assert data["tables"][0]["seats"] == [
        {"seat": s.number, "player": s.player.name} for s in first
    ]
    assert (
        json.loads(text(client.get("/e/demo/seating.json?round=1")))["round"]["label"]
        == "Heat 1"
    )
    assert client.get("/e/demo/seating.json?round=9").status_code == 404


def test_the_clock_page_and_feed_need_no_login(client, demo_event):
    heat = seat_a_new_heat(demo_event, 9)
    feed = json.loads(text(client.get("/e/demo/clock.json")))
    assert feed["round"]["label"] == "Heat 4" and feed["phase"] == "play"
    assert feed["start"] == int(heat.seated_at.timestamp() * 1000) - 120_000
    assert 'data-clock-url="/e/demo/clock.json?round=4&amp;lang=en"' in text(
        client.get("/e/demo/clock/")
    )


def _heat1_table10(event, *, drew: int) -> str:
    """Heat 1 table 10 of the demo CSV with Drew Penrose's final changed."""
    from tests.conftest import DEMO_DIR

    lines = (DEMO_DIR / "results.csv").read_text(encoding="utf-8-sig").splitlines()
    header = lines[0].split(",")
    heat, table, player, final = (
        header.index(c) for c in ("heat", "table", "player", "final")
    )
    rows = [header]
    for line in lines[1:]:
        cells = line.split(",")
        if cells[heat] == "1" and cells[table] == "10":
            if cells[player] == "Drew Penrose":
                cells[final] = str(drew)
            rows.append(cells)
    return "\n".join(",".join(r) for r in rows) + "\n"


def test_a_page_a_gm_opened_first_is_not_shared_with_the_gms_name(client, demo_event):
    user = get_user_model().objects.create_user("named-gm", password="pw-named-1")
    demo_event.gms.add(user)
    client.force_login(user)
    for url in ("/e/demo/heat/1/", "/e/demo/", "/e/demo/kiosk/"):
        client.get(url)
    client.logout()
    for url in ("/e/demo/heat/1/", "/e/demo/", "/e/demo/kiosk/"):
        html = text(client.get(url))
        assert "named-gm" not in html and "csrfmiddlewaretoken" not in html, url


def test_the_seating_feed_lists_an_imported_heat(client, demo_event):
    """The demo's heats come from a results file (no seating time): the feed
    still gives each table of the round with its players, as the seating page."""
    import json

    from heats.models import Seat, Table

    data = json.loads(client.get("/e/demo/seating.json?round=1").content)
    heat1 = demo_event.rounds.get(kind="heat", number=1)
    assert len(data["tables"]) == Table.objects.filter(round=heat1).count()
    assert (
        sum(len(t["seats"]) for t in data["tables"])
        == Seat.objects.filter(round=heat1).count()
    )
