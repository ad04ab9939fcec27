"""A correction after the semi-final is seated that changes a heat table's winner
or the semi-final list waits for the GM's confirmation, naming who gains and who
loses and what it means for the seats given (tournament.md, Advancement, 9).

Worked from the demo event (data/demo/results.csv, no_shows.txt): 30 distinct
heat winners, 6 of them absent, so 24 present winners and one alternate fill the
25 seats; the alternate is Drew Penrose (94 of Greer Eastwick's 97 at heat 1
table 10). Heat 1 table 1 reads Noel Oakhurst 28/55/83, Parker Dunmore 53/53/60,
Kai Kestrel 38/71/100, Vale Lockhart 33/41/55, Greer Calder 42/52/84: Kai
Kestrel wins. Corrected to 101 for Greer Calder, she wins it. Kai Kestrel also
won heat 2 table 4 (95 to Fern Verity's 77) and stays a winner; Greer Calder won
no other table (5th at heat 2 table 3, last at heat 3 table 8), so she is a new
winner: 25 winners present for 25 seats, no alternate, and Drew Penrose loses
his place. Vale Lockhart's 55 -> 56 (still 4th) changes neither.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from heats.models import AuditEntry, RoundKind, Table
from scoring.models import PlayerRecord, RecordHistory
from scoring.queries.result_check import SeatScores
from scoring.queries.rounds import semi_round
from scoring.services import results
from scoring.services.semi_final import seat_semi
from tests.support.versions import result_version

pytestmark = pytest.mark.django_db

# Heat 1 table 1 by seat: (day 1, day 2, final).
TABLE_1 = [(28, 55, 83), (53, 53, 60), (38, 71, 100), (33, 41, 55), (42, 52, 84)]
NOTE = (
    "The semi-final is seated: Drew Penrose keeps their seat; Greer Calder, who "
    "now qualifies, has none — seat them by replacing a no-show or re-seat the "
    "semi-final."
)


@pytest.fixture
def seated(client, demo_event):
    """The demo's semi-final seated, a GM of the demo logged in."""
    user = get_user_model().objects.create_user("demo-gm", password="x-pass-1")
    demo_event.gms.add(user)
    client.force_login(user)
    seat_semi(demo_event, seed=1)
    return demo_event


def table_1(event) -> Table:
    return Table.objects.get(
        round__event=event, round__kind=RoundKind.HEAT, round__number=1, number=1
    )


def post(
    client, table, changed: dict[int, int], url_name="scoring:table-results", **extra
):
    """Post heat 1 table 1 with the finals ``changed`` (seat -> final)."""
    seats = table.seats.order_by("number")
    data = {"seating": ",".join(f"{s.number}:{s.player_id}" for s in seats)}
    for n, (day1, day2, final) in enumerate(TABLE_1, start=1):
        data.update(
            {f"day1_{n}": day1, f"day2_{n}": day2, f"final_{n}": changed.get(n, final)}
        )
    data["version"] = result_version(table)
    kwargs = {"event": "demo", "round": "1", "table": 1}
    return client.post(reverse(url_name, kwargs=kwargs), {**data, **extra})


def greer_calder_final(event) -> int:
    return PlayerRecord.objects.get(seat__table=table_1(event), seat__number=5).final


def test_a_new_winner_after_the_semi_is_seated_is_shown_and_saved_once_confirmed(
    client, seated
):
    table = table_1(seated)
    audit = AuditEntry.objects.filter(action="result").count()
    response = post(client, table, {5: 101})
    assert response.status_code == 200
    page = response.content.decode()
    assert "Winner of Heat 1, table 1: Kai Kestrel before, Greer Calder now." in page
    assert "Now qualifies for the semi-final: Greer Calder." in page
    assert "No longer qualifies: Drew Penrose." in page
    assert NOTE in page
    assert 'name="confirm"' in page
    # Nothing saved.
    assert greer_calder_final(seated) == 84
    assert not RecordHistory.objects.filter(table=table).exists()
    assert AuditEntry.objects.filter(action="result").count() == audit
    # The second step: the same values, confirmed.
    key = response.context["form"].data["consequences"]
    response = post(client, table, {5: 101}, confirm="on", consequences=key)
    assert response.status_code == 302
    assert greer_calder_final(seated) == 101
    assert RecordHistory.objects.filter(table=table).count() == 1


def test_a_confirmation_for_other_consequences_saves_nothing(client, seated):
    # The box ticked on a form whose consequences were not these (a form drawn
    # for other values, or none shown at all): asked again, nothing saved.
    response = post(client, table_1(seated), {5: 101}, confirm="on", consequences="")
    assert response.status_code == 200
    assert (
        "Now qualifies for the semi-final: Greer Calder." in response.content.decode()
    )
    assert greer_calder_final(seated) == 84
    response = post(
        client, table_1(seated), {5: 101}, confirm="on", consequences="0123456789abcdef"
    )
    assert response.status_code == 200
    assert greer_calder_final(seated) == 84


def test_the_live_check_shows_the_consequences_and_writes_nothing(client, seated):
    response = post(
        client,
        table_1(seated),
        {5: 101},
        url_name="scoring:table-results-check",
        HTTP_HX_REQUEST="true",
    )
    html = response.content.decode()
    assert "Now qualifies for the semi-final: Greer Calder." in html
    assert "No longer qualifies: Drew Penrose." in html
    assert greer_calder_final(seated) == 84


def test_a_correction_changing_no_winner_or_qualifier_needs_no_confirmation(
    client, seated
):
    table = table_1(seated)
    check = post(
        client,
        table,
        {4: 56},
        url_name="scoring:table-results-check",
        HTTP_HX_REQUEST="true",
    ).content.decode()
    assert "No rules warnings in the values typed." in check
    assert 'id="consequences"' not in check
    response = post(client, table, {4: 56})
    assert response.status_code == 302
    vale = PlayerRecord.objects.get(seat__table=table, seat__number=4)
    assert vale.final == 56


def test_after_the_semi_is_played_the_note_says_who_played_it(client, seated):
    semi = semi_round(seated).tables.get(number=1)
    seats = semi.seats.order_by("number")
    results.save_table_results(
        semi, [SeatScores(s.number, None, None, 50 + s.number) for s in seats]
    )
    page = post(client, table_1(seated), {5: 101}).content.decode()
    note = (
        "The semi-final has been played: Drew Penrose played it; Greer Calder, "
        "who now qualifies, did not play it; its results stand."
    )
    assert note in page
    assert greer_calder_final(seated) == 84


def test_the_confirmation_names_the_list_the_final_and_the_laurels(client, seated):
    """Issue "The GM's desk", item 3: one sentence each for the published
    list, the semi-final, the final and the laurels; once saved, the message
    says who gains and loses a seat and links to "Publish changes"."""
    from scoring.services import publishing

    publishing.publish(seated)
    table = table_1(seated)
    page = post(client, table, {5: 101}).content.decode()
    assert (
        '<li id="published-note">The published semi-final list keeps its players '
        "until you publish the changes on the semi-final page.</li>"
    ) in page
    assert NOTE in page
    assert (
        '<li id="final-note">The final is not seated yet: its field follows the '
        "results.</li>"
    ) in page
    assert (
        '<li id="laurels-note">No laurels yet: they follow the final&#x27;s '
        "results.</li>"
    ) in page
    key = "".join(post(client, table, {5: 101}).context["form"].data["consequences"])
    saved = post(client, table, {5: 101}, confirm="on", consequences=key)
    assert saved.status_code == 302
    shown = client.get(saved["Location"]).content.decode()
    assert (
        "The semi-final list now differs from the published one: gains a seat: "
        "Greer Calder; loses a seat: Drew Penrose; call order or percentage "
        "changed: Kai Kestrel. The public still sees the published list. "
        '<a href="/e/demo/gm/semi/#publish-button" id="publish-changes-link">'
        "Publish changes</a>"
    ) in shown
