"""``Table.result_status`` equals its recomputation after every kind of write of
a table's records: entry, correction, tie declaration, results import, rules
check acknowledged, scoresheet attached, players merged, event imported.

The recomputation here is written from the words of ``heats.core.tables``
(owed / check / tie / in), on model objects, not with the app's own function."""

from __future__ import annotations

import pytest

from heats.models import Player, Round, RoundKind, Table
from heats.services.checkin import check_in
from heats.services.seating import seat_round
from scoring.models import TableCheck
from scoring.queries.result_check import SeatScores
from scoring.services import transfer
from scoring.services.players import merge_players
from scoring.services.results import save_table_results
from scoring.services.results_import.write import (
    import_results,
)
from scoring.services.rules_checks import acknowledge_check
from scoring.services.ties import declare_winner
from tests.heats.conftest import names

pytestmark = pytest.mark.django_db

TYPO = [1004, 95, 85, 75, 65]  # 104 typed as 1004: a level-1 finding


def recomputed(table: Table) -> str:
    seats = list(table.seats.all())
    records = [getattr(s, "record", None) for s in seats]
    if not seats or any(r is None for r in records):
        return "owed"
    check = TableCheck.objects.filter(table=table).first()
    if check is not None and check.findings and check.acknowledged_at is None:
        return "check"
    if sum(r.place == 1 for r in records) > 1:
        return "tie"
    return "in"


def assert_every_status_recomputes(event) -> dict[int, str]:
    tables = Table.objects.filter(round__event=event).order_by(
        "round__ordinal", "number"
    )
    stored = {t.number + 100 * t.round.number: t.result_status for t in tables}
    assert stored == {t.number + 100 * t.round.number: recomputed(t) for t in tables}
    return stored


def enter(table, finals, user=None) -> None:
    save_table_results(
        table, [SeatScores(n, None, None, f) for n, f in enumerate(finals, 1)], user
    )


def test_every_kind_of_write_leaves_the_status_its_records_give(event, gm):
    heat = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(heat, names(15))
    seat_round(heat, seed=1)
    t1, t2, t3 = (heat.tables.get(number=n) for n in (1, 2, 3))
    assert assert_every_status_recomputes(event) == {
        101: "owed",
        102: "owed",
        103: "owed",
    }

    enter(t1, [110, 95, 85, 75, 65], gm)  # entry
    enter(t2, [90, 90, 85, 75, 65], gm)  # an undeclared tie for first
    enter(t3, TYPO, gm)  # held for a rules check
    assert assert_every_status_recomputes(event) == {
        101: "in",
        102: "tie",
        103: "check",
    }

    tied = t2.seats.get(number=2).player
    declare_winner(t2, tied, "more florins after day 2", gm)  # tie
    acknowledge_check(t3, gm)  # acknowledge
    assert assert_every_status_recomputes(event) == {101: "in", 102: "in", 103: "in"}

    enter(t1, [110, 110, 85, 75, 65], gm)  # correction into a tie
    assert assert_every_status_recomputes(event)[101] == "tie"

    # An import of heat 2: one clean table, one typo.
    rows = ["heat,table,player,final"]
    players = list(Player.objects.filter(event=event).order_by("pk"))
    rows += [f"2,1,{p.name},{100 - i}" for i, p in enumerate(players[:5])]
    rows += [f"2,2,{p.name},{v}" for p, v in zip(players[5:10], TYPO, strict=True)]
    import_results(event, "\n".join(rows) + "\n", user=gm)
    statuses = assert_every_status_recomputes(event)
    assert (statuses[201], statuses[202]) == ("in", "check")

    # A player checked in twice under two spellings, merged.
    extra = Round.objects.create(event=event, kind=RoundKind.HEAT, number=3)
    check_in(extra, [("Dup One", ""), *names(4)])
    seat_round(extra, seed=2)
    merge_players(event, players[14], Player.objects.get(name="Dup One"), gm)
    assert_every_status_recomputes(event)

    # The event moved to another database (here: another slug) keeps them.
    copy = transfer.import_event(
        transfer.loads(transfer.dumps(transfer.export_event(event))), slug="copy"
    ).event
    assert assert_every_status_recomputes(copy) == assert_every_status_recomputes(event)


def test_an_event_file_without_statuses_gets_them_on_import(event, gm):
    heat = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(heat, names(10))
    seat_round(heat, seed=1)
    enter(heat.tables.get(number=1), [110, 95, 85, 75, 65], gm)
    document = transfer.export_event(event)
    for obj in document["objects"]:
        obj["fields"].pop("result_status", None)
    copy = transfer.import_event(transfer.loads(transfer.dumps(document)), slug="old")
    assert assert_every_status_recomputes(copy.event) == {101: "in", 102: "owed"}
