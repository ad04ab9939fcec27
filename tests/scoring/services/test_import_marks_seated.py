"""Rounds a results file writes are seated rounds: their tables were seated at
the convention, so the round page shows them seated (not "check-in open" with
"Seat now"), and a heat with results offers no "Seat again" that could only
be refused (issue "The GM's desk": the demo's Heat 1 did both)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from heats.models import Round, RoundKind
from heats.services.checkin import create_heat
from scoring.services.results_import.write import import_results

pytestmark = pytest.mark.django_db


def test_the_demo_heats_are_seated_rounds(demo_event):
    heats = Round.objects.filter(event=demo_event, kind=RoundKind.HEAT)
    assert heats.exists()
    for heat in heats:
        assert heat.seated_at is not None, heat.label
        assert heat.first_seated_at == heat.seated_at


def test_importing_again_keeps_the_seating_time(event, demo_csv):
    import_results(event, demo_csv, source="first")
    first = dict(Round.objects.values_list("pk", "seated_at"))
    import_results(event, demo_csv, source="again", replace=True)
    assert dict(Round.objects.values_list("pk", "seated_at")) == first


def test_a_round_without_tables_stays_open_for_check_in(event, demo_csv):
    empty = Round.objects.create(event=event, kind=RoundKind.HEAT, number=9)
    import_results(event, demo_csv, source="demo")
    empty.refresh_from_db()
    assert empty.seated_at is None


def test_a_heat_with_results_offers_no_seat_again(client, demo_event):
    user = get_user_model().objects.create_user("demo-gm", password="pw-1-demo-gm")
    demo_event.gms.add(user)
    client.force_login(user)
    page = client.get("/e/demo/gm/round/1/").content.decode()
    assert 'id="seat-form"' not in page
    assert 'id="undo-seating"' not in page
    assert "Heat 1 already has results: it cannot be seated again." in page
    assert "results complete" in page


def test_the_phone_view_follows_the_next_round_once_the_last_is_played(
    client, demo_event
):
    """The demo's heats are seated and every table is in: the phone view says
    the next round made (the semi-final) is not seated yet, not heat 3's
    tables; a heat opened after it is the next round then."""
    page = client.get("/e/demo/find/").content.decode()
    assert "Semi-final is not seated yet" in page
    create_heat(demo_event)
    page = client.get("/e/demo/find/").content.decode()
    assert "Heat 4 is not seated yet" in page
