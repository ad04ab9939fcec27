"""Several hosts, as one: ``manage.py migrate`` takes the database's migration lock
(medici_tourney/ops/migration_lock.py), so hosts started at once on one empty
PostgreSQL database migrate in turn instead of one dying on a duplicate."""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest
from django.core.management import get_commands
from django.db import connection

from medici_tourney.ops.migration_lock import LOCK_KEY, migration_lock
from tests.conftest import REPO
from tests.support.scratch_database import postgres_database


def test_manage_py_migrate_is_the_locking_command():
    assert get_commands()["migrate"] == "medici_tourney.ops"


def needs_postgres() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("runs on the PostgreSQL pass (make test-postgres)")


def try_lock(cursor) -> bool:
    cursor.execute("SELECT pg_try_advisory_lock(%s)", [LOCK_KEY])
    return cursor.fetchone()[0]


@pytest.mark.django_db
def test_another_session_cannot_take_the_lock_while_it_is_held():
    needs_postgres()
    other = connection.copy()
    try:
        with other.cursor() as cursor:
            with migration_lock(connection):
                assert try_lock(cursor) is False
            assert try_lock(cursor) is True
    finally:
        other.close()


@pytest.mark.django_db
def test_a_second_migrate_waits_for_the_first_and_says_so():
    needs_postgres()
    first = connection.copy()
    told, entered = threading.Event(), threading.Event()

    def second() -> None:
        with migration_lock(connection, told.set):
            entered.set()

    thread = threading.Thread(target=second)
    try:
        with first.cursor() as cursor:
            assert try_lock(cursor) is True
            thread.start()
            assert told.wait(60)
            assert not entered.is_set()
            cursor.execute("SELECT pg_advisory_unlock(%s)", [LOCK_KEY])
        thread.join(60)
    finally:
        first.close()
    assert entered.is_set()


@pytest.mark.database
def test_two_migrates_at_once_on_one_empty_postgres_database_both_succeed(tmp_path):
    with postgres_database() as url:
        env = {**os.environ, "DATABASE_URL": url}
        command = [sys.executable, str(REPO / "manage.py"), "migrate", "--noinput"]
        logs = [(tmp_path / f"migrate-{n}.log").open("wb") for n in (0, 1)]
        runs = [
            subprocess.Popen(command, env=env, cwd=REPO, stdout=log, stderr=log)
            for log in logs
        ]
        codes = [run.wait(timeout=600) for run in runs]
        for log in logs:
            log.close()
        output = [(tmp_path / f"migrate-{n}.log").read_text() for n in (0, 1)]
        assert codes == [0, 0], output
