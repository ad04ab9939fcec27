"""Check-in without leaving the round page (issue 17, item 1): a request htmx sent
(``HX-Request``) gets the check-in fragment — the list, the messages and the
round's figures — and a form without JavaScript still posts and redirects."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from heats.models import Entry, Player
from heats.services.checkin import check_in
from heats.services.seating import seat_round
from tests.heats.conftest import names

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "checkin-list"}


def url(name: str) -> str:
    return reverse(f"heats:{name}", kwargs={"event": "wbc", "round": "1"})


def triggers(response) -> dict:
    return json.loads(response.get("HX-Trigger", "{}"))


def test_a_typed_name_answers_htmx_with_the_list_and_the_new_count(gm_client, heat_23):
    response = gm_client.post(url("round-checkin"), {"name": "Nadia Newcomer"}, **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html and "<nav" not in html  # a fragment, not the page
    # 24 players: 6+6+6+6 (tournament.md, Heats, table sizes).
    assert 'id="checked-in-count">24<' in html
    assert 'id="layout">6+6+6+6<' in html
    assert 'id="round-figures" hx-swap-oob="true"' in html
    table = html.split('id="checkin-table"')[1]
    assert table.index("Nadia Newcomer") < table.index("Player 23")  # newest first
    assert "Checked in: Nadia Newcomer" in html.split('id="checkin-messages"')[1]
    assert triggers(response) == {"checkin-saved": True}
    # The message was shown in the fragment: the next page does not repeat it.
    assert (
        "Checked in: Nadia" not in gm_client.get(url("round-detail")).content.decode()
    )


def test_a_pasted_list_answers_htmx_with_the_new_count(gm_client, heat):
    text = "\n".join(f"Player {i:02d}" for i in range(1, 10))
    response = gm_client.post(url("round-paste"), {"text": text}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="checked-in-count">9<' in html and 'id="layout">5+4<' in html
    assert "9 checked in: 5+4" in html
    assert triggers(response) == {"checkin-saved": True}


def test_a_refused_check_in_answers_htmx_with_the_reason_and_keeps_the_name(
    gm_client, heat, event
):
    Player.objects.create(event=event, name="Sam Leeds")
    response = gm_client.post(url("round-checkin"), {"name": "Sam Lee"}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "no player is called “Sam Lee”" in html
    assert 'class="alert alert-danger' in html
    assert triggers(response) == {}  # the form keeps "Sam Lee" to be corrected
    assert not Entry.objects.exists()


def test_a_pasted_list_with_a_shared_name_says_nothing_was_saved_and_the_line(
    gm_client, heat, event
):
    Player.objects.create(event=event, name="Alex Morgan", badge="101")
    Player.objects.create(event=event, name="Alex Morgan", badge="102")
    # Line 2 is blank: "Alex Morgan" is the third name but on line 4.
    text = "Ben Bo\n\nCara Cole\nAlex Morgan"
    response = gm_client.post(url("round-paste"), {"text": text}, **HTMX)
    html = response.content.decode()
    assert (
        "Nothing was saved: none of the 3 names pasted was checked in. Line 4 "
        "needs a fix (below); the pasted list is kept: fix that line and press "
        "“Check in all” again." in html
    )
    assert "line 4: Several players are called &#x27;Alex Morgan&#x27;" in html
    assert triggers(response) == {}  # the box keeps the list to be corrected
    assert not Entry.objects.exists()


def test_a_late_arrival_by_htmx_reloads_the_late_table_section(gm_client, heat_23):
    seat_round(heat_23, seed=1)
    response = gm_client.post(url("round-checkin"), {"name": "Lou Late"}, **HTMX)
    html = response.content.decode()
    assert 'id="waiting-count">1<' in html
    assert triggers(response) == {"checkin-saved": True, "round-changed": True}
    page = gm_client.get(url("round-detail")).content.decode()
    assert 'id="late-arrivals" hx-get="/e/wbc/gm/round/1/"' in page


def test_an_undo_by_htmx_answers_with_the_list(gm_client, heat_23, event):
    gone = Player.objects.get(event=event, name="Player 05")
    response = gm_client.post(url("round-undo"), {"player": gone.pk}, **HTMX)
    html = response.content.decode()
    assert 'id="checked-in-count">22<' in html
    assert "Check-in of Player 05 to Heat 1 undone." in html
    assert "Player 05" not in html.split('id="checkin-table"')[1]


def test_without_javascript_a_check_in_redirects_to_the_page_showing_it(
    gm_client, heat_23
):
    response = gm_client.post(url("round-checkin"), {"name": "Nadia Newcomer"})
    assert response.status_code == 302
    assert response["Location"] == url("round-detail")
    page = gm_client.get(response["Location"]).content.decode()
    assert "Checked in: Nadia Newcomer" in page  # the message, on the page
    assert 'id="checked-in-count">24<' in page
    # The form posts by itself too: htmx only takes it over.
    form = re.search(r'<form[^>]*id="checkin-form"[^>]*>', page).group(0)
    assert 'method="post"' in form and f'action="{url("round-checkin")}"' in form
    assert 'hx-post="/e/wbc/gm/round/1/checkin/"' in form


def test_the_search_box_answers_htmx_with_the_list_alone(gm_client, heat_23):
    response = gm_client.get(url("round-detail"), {"checkin-q": "player 07"}, **HTMX)
    html = response.content.decode()
    rows = html.split("<tbody")[1].split("</tbody>")[0]
    assert rows.count("<tr") == 1 and "Player 07" in rows
    assert "<nav" not in html and "Check-in list (1 found)" in html


def test_check_in_list_pages_hold_25_rows_and_the_search_finds_the_first_one(
    gm_client, heat
):
    check_in(heat, names(30))
    first = Entry.objects.get(player__name="Player 01")
    # Checked in first: newest first, so on the last page.
    later = first.created_at.replace(year=first.created_at.year + 1)
    Entry.objects.exclude(pk=first.pk).update(created_at=later)
    page = gm_client.get(url("round-detail")).content.decode()
    listed = page.split('id="checkin-table"')[1].split("</table>")[0]
    assert listed.count('<tr data-status="in"') == 25
    assert "Player 01" not in listed
    assert "Check-in list (30)" in page
    found = gm_client.get(url("round-detail"), {"checkin-q": "01"}).content.decode()
    listed = found.split('id="checkin-table"')[1].split("</table>")[0]
    assert listed.count('<tr data-status="in"') == 1 and "Player 01" in listed
    second = gm_client.get(url("round-detail"), {"checkin-page": 2}).content.decode()
    assert "Player 01" in second.split('id="checkin-table"')[1]
    # The export is not paged: every row.
    response = gm_client.get(
        url("round-detail"), {"_export": "csv", "_table": "checkin"}
    )
    lines = response.content.decode("utf-8-sig").strip().splitlines()
    assert len(lines) == 31  # header and 30 players
