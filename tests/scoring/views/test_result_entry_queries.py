"""The queries of a table's result entry (issue 16, "Speed"): the form's GET and
the save's POST read each row once, whatever the table's size. On PostgreSQL
every query costs about a millisecond; the ceilings are worked out from what
the page must read and write, the same on SQLite and PostgreSQL (a test's
transactions are savepoints: SAVEPOINT and RELEASE counted as BEGIN and COMMIT
are in production; the work a commit starts, ``transaction.on_commit``, does not
run in a test and is not counted). Speed itself is measured by ``make bench``,
never asserted here."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.queries.result_check import SeatScores
from scoring.services import results

pytestmark = pytest.mark.django_db

FINALS = [83, 60, 100, 55, 70]

# The form, for a GM: the event, the session and the user, the user's role in
# the event (one query for the whole request: ``permissions.remember_roles``),
# the round, the table, its rules check, its seats with their players and
# records (once: the form, its initial values and the tie shown), the event's
# namesakes (the seats' names told apart), the last changes of its history, and
# the count of players' reports waiting for the table (none saved yet).
GET = 11
# An assistant's role is read from the GMs, then from the assistants.
GET_ASSISTANT = GET + 1
# The first save of a table: the event, the session and the user, the role, the
# round, the table, its seats (for the form); then in the transaction (BEGIN):
# the table locked and read again, its seats read again under the lock, one
# insert of the five records, the newest scoresheet, the rules check (read,
# then inserted inside a savepoint: three), the status's inputs (the seats'
# places, the checks not acknowledged) and the status written, the audit entry,
# COMMIT; the event's latest published semi-final list looked for (a heat's
# save says when it changes who qualifies: none here); then the session saved
# with the message (BEGIN, UPDATE, COMMIT). (After the commit, production also
# looks for the events that publish their list automatically: one more.)
POST_FIRST = 26
# A correction: the records updated in one query instead of inserted, the
# history row inserted, the rules check read and left as it is (no savepoint
# and insert: three fewer); and what the correction changes: the semi-final
# looked for (none here).
POST_CORRECTION = POST_FIRST + 1 - 3 + 1


def url(table) -> str:
    kwargs = {"event": "wbc", "round": table.round.code, "table": table.number}
    return reverse("scoring:table-results", kwargs=kwargs)


def form_data(client, table, finals) -> dict:
    """The form's hidden fields as the page gives them, and ``finals``."""
    form = client.get(url(table)).context["form"]
    data = {name: form[name].value() or "" for name in ("seating", "version")}
    data |= {f"final_{n}": f for n, f in enumerate(finals, start=1)}
    return data


def save(table) -> None:
    results.save_table_results(
        table, [SeatScores(n, None, None, f) for n, f in enumerate(FINALS, start=1)]
    )


@pytest.mark.parametrize("saved", [False, True], ids=["new", "saved"])
def test_the_form_reads_each_row_once(
    gm_client, heat_table, saved, django_assert_max_num_queries
):
    if saved:
        save(heat_table)
    with django_assert_max_num_queries(GET):
        response = gm_client.get(url(heat_table))
    assert response.status_code == 200


def test_an_assistants_form_reads_the_role_once(
    assistant_client, heat_table, django_assert_max_num_queries
):
    with django_assert_max_num_queries(GET_ASSISTANT):
        response = assistant_client.get(url(heat_table))
    assert response.status_code == 200


def test_a_first_save_writes_the_records_at_once(
    gm_client, heat_table, django_assert_max_num_queries
):
    data = form_data(gm_client, heat_table, FINALS)
    with django_assert_max_num_queries(POST_FIRST):
        response = gm_client.post(url(heat_table), data)
    assert response.status_code == 302
    assert heat_table.seats.filter(record__isnull=False).count() == 5


def test_a_correction_updates_the_records_at_once(
    gm_client, heat_table, django_assert_max_num_queries
):
    save(heat_table)
    data = form_data(gm_client, heat_table, [84, 60, 100, 55, 70])
    with django_assert_max_num_queries(POST_CORRECTION):
        response = gm_client.post(url(heat_table), data)
    assert response.status_code == 302
    assert heat_table.seats.get(number=1).record.final == 84
