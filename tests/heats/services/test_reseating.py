"""Seating again, and putting back the seating it replaced (issue 17, items 5
and 8): the previous tables and seats come back exactly while no table has
results; the clock keeps its start (tournament.md, Heats: the GM seats "two
minutes after the designated start")."""

from __future__ import annotations

from datetime import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from heats.core.errors import UserError
from heats.models import AuditEntry, EntryStatus, Player
from heats.permissions import NotAllowed
from heats.queries.clock import clock_json
from heats.queries.seating import seating_state, waiting_players
from heats.services.checkin import check_in
from heats.services.checkin_undo import undo_check_in
from heats.services.reseating import undo_seating
from heats.services.round_start import start_clock
from heats.services.seating import form_late_table, seat_round, swap_seats
from scoring.queries.result_check import SeatScores
from scoring.services.results import save_table_results
from tests.heats.conftest import names

pytestmark = pytest.mark.django_db


def tables(rnd) -> list[tuple[int, bool, list[str]]]:
    """``(number, late, names in seat order)`` of every table of ``rnd``."""
    return [
        (t.number, t.late, [s.player.name for s in t.seats.order_by("number")])
        for t in rnd.tables.order_by("number")
    ]


def url(rnd, name: str = "heats:round-detail") -> str:
    return reverse(name, kwargs={"event": rnd.event.slug, "round": rnd.code})


def seat_again(rnd, seed, user=None):
    rnd.refresh_from_db()
    return seat_round(rnd, seed=seed, user=user, state=seating_state(rnd))


def test_the_previous_seating_comes_back_exactly(heat_23, gm):
    seat_round(heat_23, seed=1, user=gm)
    # A swap made on the first seating is part of it.
    first = tables(heat_23)
    a = Player.objects.get(name=first[0][2][0])
    b = Player.objects.get(name=first[1][2][0])
    swap_seats(heat_23, a, b, gm)
    before = tables(heat_23)
    seat_again(heat_23, 2, gm)
    assert tables(heat_23) != before
    done = undo_seating(heat_23, gm, state=seating_state(heat_23))
    assert tables(heat_23) == before
    assert (done.previous.shape, done.previous.seed) == ("6+6+6+5", "1")
    heat_23.refresh_from_db()
    assert heat_23.seed == "1" and heat_23.previous_seating is None
    entry = AuditEntry.objects.get(action="seating-undo")
    assert entry.user == gm
    assert "Put back the previous seating of Heat 1: 6+6+6+5, seed 1" in entry.detail


def test_a_late_table_comes_back_late_and_newer_arrivals_wait(heat_23, gm):
    seat_round(heat_23, seed=1, user=gm)
    check_in(heat_23, names(5, "Late"))
    form_late_table(heat_23, seed=3, user=gm)
    before = tables(heat_23)
    assert [t[1] for t in before] == [False, False, False, False, True]
    # 28 seated anew (6+6+6+5+5), then one more arrives.
    seat_again(heat_23, 2, gm)
    check_in(heat_23, [("Later", "")])
    undo_seating(heat_23, gm)
    assert tables(heat_23) == before
    assert [p.name for p in waiting_players(heat_23)] == ["Later"]
    statuses = dict(heat_23.entries.values_list("player__name", "status"))
    assert statuses["Late 01"] == EntryStatus.CHECKED_IN
    assert statuses["Later"] == EntryStatus.LATE


def test_nothing_to_put_back_before_seating_again(heat_23, gm):
    seat_round(heat_23, seed=1, user=gm)
    with pytest.raises(UserError, match="Heat 1 has no earlier seating to put back"):
        undo_seating(heat_23, gm)


def test_it_is_put_back_once(heat_23, gm):
    seat_round(heat_23, seed=1, user=gm)
    seat_again(heat_23, 2, gm)
    undo_seating(heat_23, gm)
    with pytest.raises(UserError, match="no earlier seating to put back"):
        undo_seating(heat_23, gm)


def test_results_at_the_new_tables_refuse_it_saying_why(heat_23, gm):
    seat_round(heat_23, seed=1, user=gm)
    seat_again(heat_23, 2, gm)
    after = tables(heat_23)
    table = heat_23.tables.get(number=4)
    seats = list(table.seats.order_by("number"))
    save_table_results(
        table,
        [
            SeatScores(s.number, None, None, f)
            for s, f in zip(seats, [110, 95, 85, 75, 65], strict=True)
        ],
    )
    with pytest.raises(UserError) as refused:
        undo_seating(heat_23, gm)
    assert refused.value.message == (
        "The previous seating of Heat 1 cannot be put back: table 4 of the new "
        "seating already has results."
    )
    assert tables(heat_23) == after


def test_a_player_no_longer_checked_in_is_named(heat_23, gm):
    seat_round(heat_23, seed=1, user=gm)
    seat_again(heat_23, 2, gm)
    gone = heat_23.tables.get(number=1).seats.get(number=1).player
    undo_check_in(heat_23, gone, gm)
    # Their only round: the player record went with the check-in.
    with pytest.raises(UserError, match="no longer checked in") as refused:
        undo_seating(heat_23, gm)
    assert refused.value.problems == [f"{gone.name} (removed from the event)"]
    check_in(heat_23, [(gone.name, "")])
    undo_seating(heat_23, gm)
    assert heat_23.seats.filter(player__name=gone.name).exists()


def test_only_a_gm_puts_a_seating_back(heat_23, gm, assistant):
    seat_round(heat_23, seed=1, user=gm)
    seat_again(heat_23, 2, gm)
    after = tables(heat_23)
    with pytest.raises(NotAllowed):
        undo_seating(heat_23, assistant)
    assert tables(heat_23) == after


def test_the_round_page_offers_it_after_seat_again(heat_23, gm_client):
    gm_client.post(url(heat_23, "heats:round-seat"), {"seed": "1"})
    page = gm_client.get(url(heat_23)).content.decode()
    assert "Undo: put back the previous seating" not in page
    heat_23.refresh_from_db()
    before = tables(heat_23)
    gm_client.post(
        url(heat_23, "heats:round-seat"),
        {"seed": "2", "state": seating_state(heat_23)},
    )
    page = gm_client.get(url(heat_23)).content.decode()
    assert "Undo: put back the previous seating" in page
    assert "The previous seating (6+6+6+5, seed 1) can be put back" in page
    heat_23.refresh_from_db()
    state = seating_state(heat_23)
    first = gm_client.post(url(heat_23, "heats:round-undo-seating"), {"state": state})
    assert first.status_code == 302
    assert tables(heat_23) == before
    # The same page pressed again: nothing changes.
    again = gm_client.post(
        url(heat_23, "heats:round-undo-seating"), {"state": state}, follow=True
    )
    assert "nothing changed" in again.content.decode()
    assert AuditEntry.objects.filter(action="seating-undo").count() == 1
    page = gm_client.get(url(heat_23)).content.decode()
    assert "Undo: put back the previous seating" not in page


# --- the clock (item 8) -----------------------------------------------------------


def at(hh: int, mm: int) -> datetime:
    return timezone.make_aware(datetime(2027, 7, 30, hh, mm))


def test_seating_again_never_moves_the_clock(heat_23, gm, monkeypatch):
    """Seated at 14:02 without a recorded start: the clock runs from 14:00.
    Seated again at 14:09 it still does, and no start is recorded; once the GM
    records a start, seating again keeps it."""
    monkeypatch.setattr(timezone, "now", lambda: at(14, 2))
    seat_round(heat_23, seed=1, user=gm)
    monkeypatch.setattr(timezone, "now", lambda: at(14, 9))
    seat_again(heat_23, 2, gm)
    heat_23.refresh_from_db()
    feed = clock_json(heat_23.event, heat_23, now=at(14, 10))
    assert feed["start"] == int(at(14, 0).timestamp() * 1000)
    assert feed["elapsed"] == 10 * 60
    assert heat_23.start_time is None
    assert not AuditEntry.objects.filter(action="clock").exists()
    # Putting the first seating back does not move it either.
    monkeypatch.setattr(timezone, "now", lambda: at(14, 11))
    undo_seating(heat_23, gm)
    heat_23.refresh_from_db()
    feed = clock_json(heat_23.event, heat_23, now=at(14, 12))
    assert feed["start"] == int(at(14, 0).timestamp() * 1000)
    # A clock started (corrected to 13:58 by the GM) keeps its start too.
    start_clock(heat_23, at(13, 58), gm)
    monkeypatch.setattr(timezone, "now", lambda: at(14, 15))
    seat_again(heat_23, 3, gm)
    heat_23.refresh_from_db()
    assert heat_23.start_time == at(13, 58)
    feed = clock_json(heat_23.event, heat_23, now=at(14, 16))
    assert feed["elapsed"] == 18 * 60
    assert AuditEntry.objects.filter(action="clock").count() == 1
