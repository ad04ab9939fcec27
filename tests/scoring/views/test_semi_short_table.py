"""The semi-final page's "Short tables" (scoring.views.gm_semi.semi_short_table):
a table left with 3 under "the winners present" shows where its players would
go and one button moves them and removes the table.

``short_semi`` (tests/scoring/conftest.py) is 4+3+5 after two no-shows; the
plan (worked by hand in tests/scoring/services/test_short_semi.py): B1 and B2 to
table 1, B3 to table 3, which then becomes table 2.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from heats.models import AuditEntry, Event, Player, Seat
from tests.scoring.conftest import seat_semi_by_hand

pytestmark = pytest.mark.django_db

SEMI = reverse("scoring:semi", kwargs={"event": "wbc"})
MOVE = reverse("scoring:semi-short-table", kwargs={"event": "wbc"})
KIOSK = reverse("scoring:kiosk", kwargs={"event": "wbc"})


def shown(event, *names: str) -> str:
    """The ``players`` field the page sends: the short table's ids."""
    return ",".join(str(Player.objects.get(event=event, name=n).pk) for n in names)


def post(client, event) -> object:
    data = {"table": "2", "players": shown(event, "B1", "B2", "B3")}
    return client.post(MOVE, data, follow=True)


def tables(event) -> dict[int, list[str]]:
    found: dict[int, list[str]] = {}
    seats = Seat.objects.filter(round__event=event, round__kind="semi")
    for seat in seats.order_by("table__number", "number"):
        found.setdefault(seat.table.number, []).append(seat.player.name)
    return found


def test_the_page_shows_the_short_table_and_its_moves(short_semi, gm_client):
    page = gm_client.get(SEMI).content.decode()
    section = page.split('id="short-tables"')[1].split("</section>")[0]
    assert "Table 2 has 3 players: it cannot play (tables of 4–6)." in section
    assert "B1 → table 1 (1 repeat opponent)" in section
    assert "B2 → table 1 (0 repeat opponents)" in section
    assert "B3 → table 3 (0 repeat opponents)" in section
    assert "Move them and remove table 2" in section
    assert "Move the players of table 2 to the tables listed" in section
    assert f'name="players" value="{shown(short_semi.event, "B1", "B2", "B3")}"' in (
        section
    )


def test_the_button_moves_them_and_says_each_move(short_semi, gm_client):
    response = post(gm_client, short_semi.event)
    assert response.redirect_chain[-1][0] == SEMI
    page = response.content.decode()
    assert (
        "Semi-final table 2 removed: B1 to table 1, seat 5 (1 repeat opponent); "
        "B2 to table 1, seat 6 (0 repeat opponents); B3 to table 2, seat 6 (0 "
        "repeat opponents). Table 3 is now table 2."
    ) in page
    assert tables(short_semi.event) == {
        1: ["A1", "A2", "A3", "A4", "B1", "B2"],
        2: ["C1", "C2", "C3", "C4", "C5", "B3"],
    }
    assert 'id="short-tables"' not in page
    assert AuditEntry.objects.filter(action="short-table").count() == 1


def test_a_second_press_changes_nothing(short_semi, gm_client):
    post(gm_client, short_semi.event)
    after = tables(short_semi.event)
    page = post(gm_client, short_semi.event).content.decode()
    assert "Semi-final table 2 changed since the page was drawn" in page
    assert tables(short_semi.event) == after
    assert AuditEntry.objects.filter(action="short-table").count() == 1


def test_nobody_but_a_gm_of_the_event_may(short_semi, client, assistant):
    before = tables(short_semi.event)
    data = {"table": "2", "players": shown(short_semi.event, "B1", "B2", "B3")}
    anonymous = client.post(MOVE, data)
    assert anonymous.status_code == 403
    other = Event.objects.create(slug="other", name="Other event", seed="s")
    elsewhere = get_user_model().objects.create_user("gm2", password="gm2-password")
    other.gms.add(elsewhere)
    for user in (elsewhere, assistant):
        client.force_login(user)
        assert client.post(MOVE, data).status_code == 403
    assert tables(short_semi.event) == before
    assert not AuditEntry.objects.filter(action="short-table").exists()


def test_bad_fields_are_named_not_a_500(short_semi, gm_client):
    for data, words in (
        ({"table": "x", "players": "1"}, "Choose a table of the semi-final"),
        ({"table": "2", "players": "1;2"}, "The form named no players of table 2"),
        ({"table": "2"}, "The form named no players of table 2"),
    ):
        response = gm_client.post(MOVE, data, follow=True)
        assert response.status_code == 200
        assert words in response.content.decode()
    assert gm_client.get(MOVE).status_code == 405


def test_without_open_seats_the_page_says_what_else(event, gm_client):
    seat_semi_by_hand(event, [["A1", "A2", "A3", "A4", "A5", "A6"], ["B1", "B2", "B3"]])
    page = gm_client.get(SEMI).content.decode()
    section = page.split('id="short-tables"')[1].split("</section>")[0]
    assert "Too few open seats at tables of 4–5 for its players." in section
    assert "Seat the semi-final again above instead" in section
    assert "Move them and remove table" not in section


def test_the_kiosk_shows_the_new_tables(short_semi, client, gm):
    """The room's screen, cached for the public, is drawn anew."""
    before = client.get(KIOSK).content.decode()
    assert "Table 3" in before
    client.force_login(gm)
    post(client, short_semi.event)
    client.logout()
    after = re.sub(r"<[^>]+>", " ", client.get(KIOSK).content.decode())
    assert "Table 3" not in after
    table_2 = after.split("Table 2")[1].split("Find your table")[0].split()
    assert table_2 == "1 C1 2 C2 3 C3 4 C4 5 C5 6 B3".split()


def test_taking_a_no_show_off_a_table_of_four_points_here(event, gm_client):
    seat_semi_by_hand(event, [["A1", "A2", "A3", "A4", "A5"], ["B1", "B2", "B3", "B4"]])
    form = gm_client.get(SEMI).context["no_show_form"]
    no_show = Player.objects.get(event=event, name="B4")
    response = gm_client.post(
        reverse("scoring:semi-remove", kwargs={"event": "wbc"}),
        {"player": no_show.pk, "version": form.initial["version"]},
        follow=True,
    )
    page = response.content.decode()
    assert (
        "Semi-final table 2 has 3 players: it cannot play (tables of 4–6). Move its "
        "players to open seats under “Short tables” on this page, or seat the "
        "semi-final again before any table has results."
    ) in page
    # Table 1 has 5 players: one open seat for three.
    section = page.split('id="short-tables"')[1].split("</section>")[0]
    assert "Too few open seats at tables of 4–5 for its players." in section
