"""The services take the permission decision themselves, whatever path calls them
(a page, an import, a command): an assistant GM never seats, declares a tie's
winner, corrects saved results or marks a finalist absent (heats.permissions)."""

from __future__ import annotations

import pytest

from heats.models import RoundKind
from heats.permissions import NotAllowed
from heats.services.checkin import check_in, create_heat
from heats.services.seating import seat_round
from scoring.models import PlayerRecord
from scoring.queries.result_check import SeatScores
from scoring.services import results
from scoring.services.final_seating import mark_final_absent
from scoring.services.results_import.write import import_results
from tests.heats.conftest import names
from tests.support.versions import page_version

pytestmark = pytest.mark.django_db

TIED = "heat,table,player,final\n1,1,Ann,90\n1,1,Ben,90\n1,1,Cy,70\n1,1,Di,60\n"


def test_an_assistant_cannot_seat_a_round(heat, assistant, gm):
    check_in(heat, names(10), user=assistant)
    with pytest.raises(NotAllowed, match="Only the GMs of .* may seat a round"):
        seat_round(heat, seed=1, user=assistant)
    assert not heat.tables.exists()
    seat_round(heat, seed=1, user=gm)
    assert heat.tables.count() == 2


def test_an_assistant_cannot_create_a_heat(event, assistant):
    with pytest.raises(NotAllowed, match="may create heats"):
        create_heat(event, assistant)
    assert not event.rounds.exists()


def test_the_command_line_operator_may_do_everything(heat):
    check_in(heat, names(10))
    seat_round(heat, seed=1)  # user=None: a management command
    assert heat.tables.count() == 2


def test_an_assistant_cannot_declare_a_tie_through_the_place_column(
    event, gm, assistant
):
    import_results(event, TIED, user=gm)
    declared = TIED.replace("final\n", "final,place,tie_reason\n")
    declared = declared.replace(",90\n", ",90,1,day 2\n", 1)
    declared = declared.replace("Ben,90", "Ben,90,2,").replace(",70", ",70,3,")
    declared = declared.replace(",60", ",60,4,")
    with pytest.raises(NotAllowed, match="declare the winner of a tie"):
        import_results(event, declared, replace=True, user=assistant)
    assert not PlayerRecord.objects.filter(declared_winner=True).exists()
    import_results(event, declared, replace=True, user=gm)
    assert PlayerRecord.objects.get(declared_winner=True).seat.player.name == "Ann"


def test_an_assistant_cannot_import_the_final(event, assistant):
    final = TIED.replace("\n1,1,", "\nfinal,1,").replace("Ben,90", "Ben,80")
    with pytest.raises(NotAllowed, match="may seat a round"):
        import_results(event, final, user=assistant)
    assert not event.rounds.filter(kind=RoundKind.FINAL).exists()


def test_an_assistant_enters_results_but_cannot_correct_them(heat, gm, assistant):
    check_in(heat, names(5))
    seat_round(heat, seed=1)
    table = heat.tables.get()
    numbers = [s.number for s in table.seats.order_by("number")]
    first = [SeatScores(n, None, None, 10 * n) for n in numbers]
    results.save_table_results(table, first, assistant)
    results.save_table_results(table, first, assistant)  # the same again: fine
    typo = [SeatScores(n, None, None, 10 * n + (n == 1)) for n in numbers]
    with pytest.raises(NotAllowed, match="may change saved results"):
        results.save_table_results(table, typo, assistant)
    assert sorted(PlayerRecord.objects.values_list("final", flat=True)) == [
        10,
        20,
        30,
        40,
        50,
    ]
    results.save_table_results(table, typo, gm)
    assert PlayerRecord.objects.get(seat__number=1).final == 11


def test_an_assistant_cannot_mark_a_finalist_absent(demo_event, assistant):
    demo_event.assistants.add(assistant)
    player = demo_event.players.first()
    with pytest.raises(NotAllowed, match="may mark finalists absent"):
        mark_final_absent(demo_event, player, assistant)
    assert not demo_event.rounds.filter(kind=RoundKind.FINAL).exists()


def test_the_result_page_tells_an_assistant_who_corrects(client, heat, assistant):
    check_in(heat, names(5))
    seat_round(heat, seed=1)
    table = heat.tables.get()
    seats = list(table.seats.order_by("number"))
    data = {f"final_{s.number}": 10 * s.number for s in seats}
    data["seating"] = ",".join(f"{s.number}:{s.player_id}" for s in seats)
    client.force_login(assistant)
    url = f"/e/wbc/gm/round/1/table/{table.number}/results/"
    assert "correct-needs-gm" not in client.get(url).content.decode()
    assert (
        client.post(url, {**data, "version": page_version(client, url)}).status_code
        == 302
    )
    assert "correct-needs-gm" in client.get(url).content.decode()
    refused = client.post(
        url, {**data, "final_1": 99, "version": page_version(client, url)}
    )
    assert refused.status_code == 403
    assert "may change saved results" in refused.content.decode()
    assert PlayerRecord.objects.get(seat=seats[0]).final == 10
