"""Results saved by several people at once, and during an import (issue: concurrent
writes lose nothing and never fail with a server error; a long import keeps
SQLite's write lock short).

Threads hold their own database connections (``tests.support.concurrency``); the
tests run on SQLite (a file) and, in ``make test``, on PostgreSQL.
"""

from __future__ import annotations

import random
import re
import threading
import time

import pytest
from django.test import Client
from django.urls import reverse

from heats.models import AuditEntry, Round, RoundKind, Table
from scoring.models import PlayerRecord, RecordHistory
from scoring.queries import result_check
from scoring.queries.result_check import SeatScores
from scoring.queries.seats import table_seats
from scoring.services import results
from scoring.services.results_import.write import import_results
from tests.support.concurrency import at_once, errors

pytestmark = pytest.mark.django_db(transaction=True)


def finals(values: list[int]) -> list[SeatScores]:
    return [SeatScores(n, None, None, v) for n, v in enumerate(values, start=1)]


def saved_finals(table: Table) -> list[int]:
    records = PlayerRecord.objects.filter(seat__table=table).order_by("seat__number")
    return [r.final for r in records]


def current_values(table: Table) -> dict:
    return result_check.saved_values(table_seats(table))


def assert_history_chains(table: Table, first_old: dict) -> list[RecordHistory]:
    """Every change of ``table`` is in its history, in order: the first row's old
    values are ``first_old``, each later row's old values are the row before's new
    values, and the last row's new values are what is saved now."""
    rows = list(RecordHistory.objects.filter(table=table).order_by("pk"))
    assert rows, "no history"
    assert rows[0].old == first_old
    for before, after in zip(rows, rows[1:], strict=False):
        assert after.old == before.new, f"history row {after.pk} lost a change"
    assert rows[-1].new == current_values(table)
    return rows


def save_in_thread(table: Table, values: list[int], user=None):
    """What a result page does: load the table, then save it."""
    fresh = Table.objects.select_related("round__event").get(pk=table.pk)
    return results.save_table_results(fresh, finals(values), user)


def test_eight_saves_of_one_table_at_once_keep_every_value_in_the_history(
    heat_table,
):
    results.save_table_results(heat_table, finals([50, 40, 30, 20, 10]))
    first = current_values(heat_table)
    outcomes = at_once(
        lambda i: save_in_thread(heat_table, [60 + i, 45, 35, 25, 15 + i]), 8
    )
    assert errors(outcomes) == []
    rows = assert_history_chains(heat_table, first)
    assert len(rows) == 8


def hidden(page: str, name: str) -> str:
    found = re.search(rf'<input type="hidden" name="{name}" value="([^"]*)"', page)
    return found.group(1) if found else ""


def results_url(table: Table) -> str:
    kwargs = {"event": table.round.event.slug, "round": table.round.code}
    return reverse("scoring:table-results", kwargs={**kwargs, "table": table.number})


def test_eight_browsers_saving_one_form_at_once_save_once_and_refuse_seven(
    heat_table, gm
):
    clients = []
    for _ in range(8):
        client = Client()
        client.force_login(gm)
        clients.append(client)
    page = clients[0].get(results_url(heat_table)).content.decode()
    form = {name: hidden(page, name) for name in ("seating", "version")}

    def post(i: int):
        data = {**form, **{f"final_{n}": 60 + 5 * i + n for n in range(1, 6)}}
        return clients[i].post(results_url(heat_table), data)

    outcomes = at_once(post, 8)
    assert errors(outcomes) == []
    codes = [o.value.status_code for o in outcomes]
    assert sorted(codes) == [200] * 7 + [302]
    winner = codes.index(302)
    assert saved_finals(heat_table) == [60 + 5 * winner + n for n in range(1, 6)]
    assert not RecordHistory.objects.filter(table=heat_table).exists()
    for outcome in outcomes:
        if outcome.value.status_code == 200:
            text = outcome.value.content.decode()
            assert "saved this table" in text
            assert f"{60 + 5 * winner + 1}" in text


def test_a_save_from_a_form_opened_before_another_save_is_refused(
    heat_table, gm, assistant
):
    mine, theirs = Client(), Client()
    mine.force_login(gm)
    theirs.force_login(assistant)
    page = mine.get(results_url(heat_table)).content.decode()
    form = {name: hidden(page, name) for name in ("seating", "version")}
    theirs_values = {f"final_{n}": 70 + n for n in range(1, 6)}
    assert theirs.post(results_url(heat_table), {**form, **theirs_values}).status_code
    mine_values = {f"final_{n}": 90 + n for n in range(1, 6)}
    refused = mine.post(results_url(heat_table), {**form, **mine_values})
    assert refused.status_code == 200
    text = refused.content.decode()
    assert "assistant saved this table" in text
    seats = list(heat_table.seats.select_related("player").order_by("number"))
    assert f"{seats[0].player.name} 71" in text
    assert saved_finals(heat_table) == [71, 72, 73, 74, 75]
    redrawn = refused.context["form"]
    assert [redrawn[f"final_{n}"].value() for n in range(1, 6)] == [
        "71",
        "72",
        "73",
        "74",
        "75",
    ]
    again = {**form, "version": hidden(text, "version"), **mine_values}
    assert mine.post(results_url(heat_table), again).status_code == 302
    assert saved_finals(heat_table) == [91, 92, 93, 94, 95]


def csv_for(table: Table, values: list[int]) -> str:
    seats = table.seats.select_related("player").order_by("number")
    rows = [
        f"{table.round.number},{table.number},{s.number},{s.player.name},,,,{v}"
        for s, v in zip(seats, values, strict=True)
    ]
    return "\n".join(rows)


def heat_rows(heat: int, tables: int, players: int, seed: int) -> list[str]:
    """``tables`` tables of five in heat ``heat``, drawn from ``players`` badged
    players (seeded), with distinct finals at each table."""
    rng = random.Random(seed)
    order = rng.sample(range(1, players + 1), tables * 5)
    rows = []
    for t in range(tables):
        for s in range(5):
            p = order[t * 5 + s]
            final = 40 + 10 * s + rng.randrange(10)
            rows.append(f"{heat},{t + 1},{s + 1},Player {p:04d},{p},,,{final}")
    return rows


HEADER = "heat,table,seat,player,badge,day1,day2,final"


def test_an_import_with_replace_during_saves_keeps_every_overwritten_value(
    heat_table,
):
    results.save_table_results(heat_table, finals([50, 40, 30, 20, 10]))
    first = current_values(heat_table)
    # Other tables make the import long enough to overlap the saves.
    text = "\n".join(
        [HEADER, csv_for(heat_table, [99, 88, 77, 66, 55]), *heat_rows(2, 200, 1000, 1)]
    )

    def act(i: int):
        if i == 0:
            return import_results(heat_table.round.event, text, replace=True)
        return save_in_thread(heat_table, [60 + i, 45, 35, 25, 15 + i])

    outcomes = at_once(act, 5)
    assert errors(outcomes) == []
    rows = assert_history_chains(heat_table, first)
    assert len(rows) == 5


def test_a_result_saved_during_a_10000_row_import_is_saved(heat_table, capsys):
    event = heat_table.round.event
    original = [HEADER] + [
        row for heat in range(2, 12) for row in heat_rows(heat, 200, 1000, heat)
    ]
    assert len(original) == 10_001
    import_results(event, "\n".join(original))
    # Every final one higher: the import replaces all 2,000 tables.
    changed = [HEADER] + [
        re.sub(r"[0-9]+$", lambda m: str(int(m.group()) + 1), row)
        for row in original[1:]
    ]
    done = threading.Event()
    waits: list[float] = []

    def act(i: int):
        if i == 0:
            try:
                return import_results(event, "\n".join(changed), replace=True)
            finally:
                done.set()
        # Let the import begin first (the code before the fix took SQLite's
        # write lock as it began and kept it to its end).
        time.sleep(0.1)
        saved = during = 0
        while not done.is_set() or not saved:
            start = time.monotonic()
            save_in_thread(heat_table, [50 + saved, 40, 30, 20, 10])
            waits.append(time.monotonic() - start)
            saved += 1
            # Saved before the import's single write transaction committed.
            during += AuditEntry.objects.filter(action="import").count() == 1
            time.sleep(0.05)
        return saved, during

    outcomes = at_once(act, 2)
    assert errors(outcomes) == []
    assert outcomes[0].value.tables_replaced == 2000
    saves, during = outcomes[1].value
    assert saves == len(waits)
    # The import reads, checks and plans before it takes the write lock, so a save
    # finishes before the import has written anything (before the fix, every save
    # waited for the whole import, or failed after SQLite's 20 s).
    assert during >= 1
    assert saved_finals(heat_table) == [50 + saves - 1, 40, 30, 20, 10]
    heat2 = Round.objects.get(event=event, kind=RoundKind.HEAT, number=2)
    records = PlayerRecord.objects.filter(seat__round=heat2)
    assert records.count() == 1000
    assert RecordHistory.objects.filter(table__round=heat2).count() == 200
    with capsys.disabled():
        print(
            f"\n  {saves} result save(s) during a 10,000-row import "
            f"({outcomes[0].seconds:.1f} s), {during} before it wrote; the longest "
            f"took {max(waits):.2f} s"
        )
