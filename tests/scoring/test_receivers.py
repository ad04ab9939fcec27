"""Report links follow heats' signals (scoring/receivers.py): a table gets its
link because heats announced the seating, the late table or the import that
made it, and a table's link is retired because heats announced the change that
deleted it. With scoring's receiver of a signal disconnected (as when heats
stops sending it) the link is not made: nothing else makes it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from io import StringIO

import pytest
from django.core.management import call_command
from django.dispatch import Signal

from heats import signals
from heats.models import AuditEntry, Player, Round, RoundKind
from heats.services.checkin import check_in
from heats.services.checkin_undo import undo_check_in
from heats.services.seating import form_late_table, seat_round
from heats.services.short_tables import move_short_table
from scoring import receivers
from scoring.models import ReportLink
from scoring.services.results_import.write import import_results
from tests.heats.conftest import names
from tests.heats.services.test_open_seats import short_heat  # noqa: F401

pytestmark = pytest.mark.django_db


@contextmanager
def disconnected(signal: Signal, uid: str, func: Callable) -> Iterator[None]:
    """Scoring's receiver ``func`` (``dispatch_uid`` ``uid``) off ``signal``."""
    assert signal.disconnect(dispatch_uid=uid)
    try:
        yield
    finally:
        signal.connect(func, dispatch_uid=uid)


def linked(rnd: Round) -> list[int]:
    """The numbers of ``rnd``'s tables that have a report link."""
    links = ReportLink.objects.filter(table__round=rnd)
    return sorted(links.values_list("table__number", flat=True))


@pytest.fixture
def heat(event) -> Round:
    """Heat 1 with 10 players checked in (two tables of 5 once seated)."""
    rnd = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(rnd, names(10))
    return rnd


def test_a_seated_round_has_a_link_for_each_table(heat):
    seat_round(heat, seed=1)
    assert linked(heat) == [1, 2]


def test_without_the_seating_signal_no_link_is_made(heat):
    with disconnected(
        signals.tables_seated, "scoring-links-seated", receivers.links_for_seating
    ):
        seat_round(heat, seed=1)
    assert linked(heat) == []


def test_a_late_table_gets_its_link_from_its_signal(heat):
    seat_round(heat, seed=1)
    check_in(heat, names(5, "Late"))
    form_late_table(heat, seed=1)
    assert linked(heat) == [1, 2, 3]


def test_without_the_late_table_signal_the_late_table_has_no_link(heat):
    seat_round(heat, seed=1)
    check_in(heat, names(5, "Late"))
    with disconnected(
        signals.late_table_seated, "scoring-links-late", receivers.links_for_new_tables
    ):
        form_late_table(heat, seed=1)
    assert linked(heat) == [1, 2]


TABLE = (
    "heat,table,seat,player,badge,day1,day2,final\n"
    "1,1,1,Ann Arbor,101,30,60,90\n"
    "1,1,2,Ben Bell,102,35,55,80\n"
    "1,1,3,Cy Cole,103,20,40,70\n"
    "1,1,4,Di Dunn,104,25,45,60\n"
)


def test_a_table_imported_gets_its_link_from_the_import_signal(event):
    import_results(event, TABLE)
    assert linked(Round.objects.get(event=event)) == [1]


def test_without_the_import_signal_an_imported_table_has_no_link(event):
    with disconnected(
        signals.results_imported, "scoring-links-import", receivers.links_for_new_tables
    ):
        import_results(event, TABLE)
    assert linked(Round.objects.get(event=event)) == []


def test_a_short_table_removed_has_its_link_retired_by_its_entry(short_heat):  # noqa: F811
    # The fixture seats by hand (no signal): the command makes the links.
    call_command("report_links", "wbc", "3", stdout=StringIO())
    link = ReportLink.objects.get(table__round=short_heat, number=3)
    undo_check_in(short_heat, Player.objects.get(name="Eli"))
    move_short_table(short_heat, 3)
    link.refresh_from_db()
    assert link.table is None
    assert link.retired == AuditEntry.objects.get(action="short-table").pk


def test_without_the_dissolved_signal_the_link_is_not_retired(short_heat):  # noqa: F811
    call_command("report_links", "wbc", "3", stdout=StringIO())
    link = ReportLink.objects.get(table__round=short_heat, number=3)
    undo_check_in(short_heat, Player.objects.get(name="Eli"))
    with disconnected(
        signals.table_dissolved,
        "scoring-links-dissolved",
        receivers.links_of_dissolved_table,
    ):
        move_short_table(short_heat, 3)
    link.refresh_from_db()
    assert link.retired is None
