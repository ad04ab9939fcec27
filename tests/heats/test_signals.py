"""Heats announces its changes (heats/signals.py): each service that makes or
deletes tables sends its signal once, inside its transaction, with the event as
sender, the audit entry, the round and the tables as the receivers see them then;
every audit entry announces that the event changed."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.dispatch import Signal

from heats import signals
from heats.models import AuditEntry, Player, Round, Table
from heats.queries.seating import seating_state
from heats.services.audit import log, log_many
from heats.services.checkin import check_in
from heats.services.checkin_undo import undo_check_in
from heats.services.reseating import undo_seating
from heats.services.seating import form_late_table, seat_round
from heats.services.short_tables import move_short_table
from tests.heats.services.test_open_seats import short_heat  # noqa: F401

pytestmark = pytest.mark.django_db


@dataclass
class Heard:
    """What a receiver was sent: one dict of arguments per send."""

    sends: list[dict[str, Any]] = field(default_factory=list)

    def __call__(self, sender, **kwargs) -> None:
        rnd = kwargs.get("round")
        # What a receiver finds saved when it runs: the round's tables by number.
        saved = (
            list(rnd.tables.order_by("number").values_list("pk", "number"))
            if rnd
            else []
        )
        self.sends.append({"sender": sender, "saved": saved, **kwargs})

    @property
    def one(self) -> dict[str, Any]:
        assert len(self.sends) == 1, self.sends
        return self.sends[0]


@pytest.fixture
def listen() -> Iterator:
    """``listen(signal)`` connects a recorder to ``signal`` for the test."""
    connected: list[tuple[Signal, Heard]] = []

    def connect(signal: Signal) -> Heard:
        heard = Heard()
        signal.connect(heard, weak=False)
        connected.append((signal, heard))
        return heard

    yield connect
    for signal, heard in connected:
        signal.disconnect(heard)


def numbers(tables: list[Table]) -> list[int]:
    return [t.number for t in tables]


def test_seating_a_round_announces_its_new_tables(heat_23, listen):
    seated = listen(signals.tables_seated)
    seat_round(heat_23, seed=1)
    sent = seated.one
    assert sent["sender"] == heat_23.event
    assert sent["round"] == heat_23
    # 23 players, six-over-four: 6+6+6+5, tables 1-4.
    assert numbers(sent["tables"]) == [1, 2, 3, 4]
    assert sent["saved"] == [(t.pk, t.number) for t in sent["tables"]]
    assert sent["entry"] == AuditEntry.objects.get(action="seating")


def test_seating_again_announces_the_new_tables_the_old_ones_gone(heat_23, listen):
    seat_round(heat_23, seed=1)
    old = set(heat_23.tables.values_list("pk", flat=True))
    seated = listen(signals.tables_seated)
    seat_round(heat_23, seed=2, state=seating_state(heat_23))
    sent = seated.one
    assert numbers(sent["tables"]) == [1, 2, 3, 4]
    assert not old & {pk for pk, _ in sent["saved"]}


def test_a_late_table_announces_only_the_late_tables(heat_23, listen):
    seat_round(heat_23, seed=1)
    check_in(heat_23, [(f"Late {i}", "") for i in range(1, 6)])
    seated, late = listen(signals.tables_seated), listen(signals.late_table_seated)
    form_late_table(heat_23, seed=1)
    assert seated.sends == []
    sent = late.one
    assert numbers(sent["tables"]) == [5]
    assert sent["tables"][0].late
    assert sent["entry"] == AuditEntry.objects.get(action="late-table")


def test_undoing_a_seating_announces_the_tables_put_back(heat_23, listen):
    seat_round(heat_23, seed=1)
    seat_round(heat_23, seed=2, state=seating_state(heat_23))
    undone, seated = listen(signals.seating_undone), listen(signals.tables_seated)
    undo_seating(heat_23, state=seating_state(heat_23))
    assert seated.sends == []
    sent = undone.one
    assert sent["round"] == heat_23
    assert numbers(sent["tables"]) == [1, 2, 3, 4]
    assert sent["saved"] == [(t.pk, t.number) for t in sent["tables"]]
    assert sent["entry"] == AuditEntry.objects.get(action="seating-undo")


def test_removing_a_short_table_announces_its_number(short_heat, listen):  # noqa: F811
    undo_check_in(short_heat, Player.objects.get(name="Eli"))
    dissolved = listen(signals.table_dissolved)
    move_short_table(short_heat, 3)
    sent = dissolved.one
    assert sent["round"] == short_heat
    assert sent["number"] == 3
    # Received after the table was deleted: tables 1, 2, 4 and 5 are left.
    assert [n for _, n in sent["saved"]] == [1, 2, 4, 5]
    assert sent["entry"] == AuditEntry.objects.get(action="short-table")


def test_every_audit_entry_announces_a_change_of_its_event(event, listen):
    changed = listen(signals.event_changed)
    entry = log(event, None, "settings", "one change")
    assert changed.one["sender"] == event
    assert changed.one["entry"] == entry


def test_entries_written_at_once_announce_one_change_for_the_last(event, listen):
    changed = listen(signals.event_changed)
    entries = log_many(event, None, "check-in", ["Ann in", "Bob in", "Cy in"])
    assert changed.one["entry"] == entries[-1]
    assert changed.one["entry"].detail == "Cy in"


def test_a_round_seated_in_a_transaction_that_fails_keeps_nothing(heat_23, listen):
    def refuse(sender, **kwargs) -> None:
        raise RuntimeError("a receiver failed")

    signals.tables_seated.connect(refuse, weak=False)
    try:
        with pytest.raises(RuntimeError):
            seat_round(heat_23, seed=1)
    finally:
        signals.tables_seated.disconnect(refuse)
    assert not Round.objects.get(pk=heat_23.pk).tables.exists()
    assert not AuditEntry.objects.filter(action="seating").exists()
