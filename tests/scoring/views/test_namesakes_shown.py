"""The GM's result pages tell namesakes apart as the public pages do: "Ann
(#1001)" wherever another player of the event is called Ann (the result form,
the tie's choices, the semi-final's no-show list, the players page)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from heats.models import Player
from scoring.queries.event_results import event_advancement
from scoring.queries.result_check import SeatScores
from scoring.services import results
from scoring.services import semi_final as rounds

pytestmark = pytest.mark.django_db


def table_url(table, name: str) -> str:
    rnd = table.round
    return reverse(
        name, kwargs={"event": rnd.event.slug, "round": rnd.code, "table": table.number}
    )


@pytest.fixture
def two_anns(heat_table):
    """Ann of the table given badge 1001, and another Ann (#2187) in the event,
    not seated."""
    Player.objects.filter(name="Ann").update(badge="1001")
    Player.objects.create(event=heat_table.round.event, name="Ann", badge="2187")
    return heat_table


def test_the_result_form_names_the_seated_ann_by_badge(gm_client, two_anns):
    html = gm_client.get(table_url(two_anns, "scoring:table-results")).content
    names = re.findall(r'class="seat-name">\d\. ([^<]*)<', html.decode())
    assert sorted(names) == ["Ann (#1001)", "Ben", "Cy", "Di", "Ed"]


def test_the_tie_choices_name_ann_by_badge(gm_client, two_anns):
    seats = list(two_anns.seats.select_related("player").order_by("number"))
    finals = {"Ann": 100, "Ben": 100, "Cy": 70, "Di": 60, "Ed": 55}
    results.save_table_results(
        two_anns,
        [SeatScores(s.number, None, None, finals[s.player.name]) for s in seats],
    )
    html = gm_client.get(table_url(two_anns, "scoring:table-tie")).content.decode()
    seated = html.split("<tbody>")[1].split("</tbody>")[0]
    assert "<td>Ann (#1001)</td>" in seated
    form = html.split('id="tie-form"', 1)[1]
    assert "Ann (#1001)" in form and "Ben" in form


def test_the_players_page_names_both_anns_by_badge(gm_client, two_anns):
    url = reverse("scoring:players", kwargs={"event": "wbc"})
    html = gm_client.get(url).content.decode()
    listed = html.split('id="players"')[1].split("</table>")[0]
    assert "Ann (#1001)" in listed and "Ann (#2187)" in listed
    assert "Ben (#" not in listed


def test_the_no_show_list_names_a_seated_namesake_by_badge(client, gm, demo_event):
    demo_event.gms.add(gm)
    client.force_login(gm)
    rounds.seat_semi(demo_event, seed=1)
    label = event_advancement(demo_event).qualifiers[0].label
    winner = Player.objects.get(event=demo_event, name=label)
    Player.objects.filter(pk=winner.pk).update(badge="3001")
    Player.objects.create(event=demo_event, name=winner.name, badge="3002")
    html = client.get(reverse("scoring:semi", kwargs={"event": "demo"})).content
    form = html.decode().split('id="no-show-form"')[1].split("</form>")[0]
    assert re.search(rf"seat \d: {re.escape(winner.name)} \(#3001\)<", form)
