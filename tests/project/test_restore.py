"""make restore (medici_tourney/ops/restore.py): a backup back in place of the
database; what was saved after the backup is gone, and the page cache with it."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from datetime import UTC, datetime

import dj_database_url
import pytest

from medici_tourney.ops import backup, restore, running
from tests.conftest import REPO
from tests.support.scratch_database import postgres_database


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A scratch repository: backup folder, page cache and serving lock in
    ``tmp_path``, so a server of the real checkout never meets the test."""
    monkeypatch.setenv("MEDICI_BACKUP_DIR", str(tmp_path / "backups"))
    monkeypatch.setattr(restore, "PAGE_CACHE", tmp_path / ".page-cache")
    monkeypatch.setattr(running, "RUNNING_LOCK", tmp_path / ".running.lock")
    (tmp_path / ".page-cache").mkdir()
    (tmp_path / ".page-cache" / "page.djcache").write_text("a page of the old data")
    return tmp_path


def use_database(monkeypatch, database: dict) -> None:
    monkeypatch.setattr(backup, "database_settings", lambda: database)


def rows(path) -> list[tuple]:
    with sqlite3.connect(path) as db:
        return db.execute("SELECT player, final FROM results").fetchall()


KILLED_WRITER = """
import os, sqlite3, sys
live = sqlite3.connect(sys.argv[1])
live.execute("PRAGMA wal_autocheckpoint=0")
live.execute("INSERT INTO results VALUES ('saved after the backup', 1)")
live.commit()
os._exit(0)  # killed: the change stays in the -wal file, never checkpointed
"""


def test_a_sqlite_restore_undoes_what_was_saved_after_the_backup(folder, monkeypatch):
    path = folder / "db.sqlite3"
    with sqlite3.connect(path) as live:
        live.execute("PRAGMA journal_mode=WAL")
        live.execute("CREATE TABLE results (player TEXT, final INTEGER)")
        live.execute("INSERT INTO results VALUES ('Drew Penrose', 94)")
    database = {"ENGINE": "django.db.backends.sqlite3", "NAME": str(path)}
    made = backup.back_up(database, folder / "backups")
    subprocess.run([sys.executable, "-c", KILLED_WRITER, str(path)], check=True)
    assert (folder / "db.sqlite3-wal").stat().st_size > 0
    use_database(monkeypatch, database)
    assert restore.main(["--yes"]) == 0
    assert not (folder / "db.sqlite3-wal").exists()
    assert rows(path) == [("Drew Penrose", 94)]
    assert not (folder / ".page-cache").exists()
    assert made.exists()  # the backup itself stays


def test_restore_refuses_while_a_server_runs_here(folder, monkeypatch):
    path = folder / "db.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE results (player TEXT, final INTEGER)")
    database = {"ENGINE": "django.db.backends.sqlite3", "NAME": str(path)}
    backup.back_up(database, folder / "backups")
    use_database(monkeypatch, database)
    serving = running.hold_while_serving()
    try:
        with pytest.raises(SystemExit, match="A server is running in this folder"):
            restore.main(["--yes"])
    finally:
        os.close(serving)
    assert (folder / ".page-cache").exists()


def test_without_a_terminal_or_yes_nothing_is_replaced(folder, monkeypatch, capsys):
    path = folder / "db.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE results (player TEXT, final INTEGER)")
    database = {"ENGINE": "django.db.backends.sqlite3", "NAME": str(path)}
    made = backup.back_up(database, folder / "backups")
    with sqlite3.connect(path) as db:
        db.execute("INSERT INTO results VALUES ('kept', 3)")
    use_database(monkeypatch, database)
    monkeypatch.setattr(sys, "stdin", open(os.devnull))  # noqa: SIM115
    try:
        assert restore.main([str(made)]) == 1
    finally:
        sys.stdin.close()
    said = capsys.readouterr().out
    assert f"the SQLite database {path}" in said and str(made) in said
    assert "YES=1" in said
    assert rows(path) == [("kept", 3)]


def test_the_newest_backup_of_the_databases_kind_is_chosen(tmp_path):
    for name in (
        "db-20270731-140000-auto.sqlite3",
        "db-20270731-141500.sqlite3",
        "medici-20270731-150000.dump",
        "db-20270731-141000-auto.sqlite3",
        ".draft-abc.sqlite3",
    ):
        (tmp_path / name).write_bytes(b"")
    assert restore.newest_backup(tmp_path, ".sqlite3").name == (
        "db-20270731-141500.sqlite3"
    )
    assert restore.newest_backup(tmp_path, ".dump").name == (
        "medici-20270731-150000.dump"
    )
    assert restore.newest_backup(tmp_path / "none", ".dump") is None
    assert restore.taken_at(tmp_path / "db-20270731-141500.sqlite3") == datetime(
        2027, 7, 31, 14, 15, tzinfo=UTC
    )


def test_a_backup_of_another_kind_is_refused_naming_the_file(tmp_path):
    dump = tmp_path / "medici-20270731-150000.dump"
    dump.write_bytes(b"PGDMP")
    sqlite = {"ENGINE": "django.db.backends.sqlite3", "NAME": "db.sqlite3"}
    with pytest.raises(SystemExit, match="FILE: medici-20270731-150000.dump"):
        restore.choose(sqlite, str(dump))
    with pytest.raises(SystemExit, match="FILE: no backup file"):
        restore.choose(sqlite, str(tmp_path / "missing.sqlite3"))


def psql(url: str, sql: str) -> str:
    parsed = dj_database_url.parse(url)
    env = backup.pg_environment(parsed)
    done = subprocess.run(
        ["psql", "-XAtq", "-c", sql], env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@pytest.mark.database
def test_a_postgres_restore_undoes_what_was_saved_after_the_backup(folder, monkeypatch):
    with postgres_database() as url:
        env = {**os.environ, "DATABASE_URL": url}
        manage = [sys.executable, str(REPO / "manage.py")]
        subprocess.run([*manage, "migrate", "-v0"], env=env, cwd=REPO, check=True)
        psql(url, "INSERT INTO auth_group (name) VALUES ('before the backup')")
        database = dj_database_url.parse(url)
        made = backup.back_up(database, folder / "backups")
        psql(url, "INSERT INTO auth_group (name) VALUES ('after the backup')")
        use_database(monkeypatch, database)
        assert restore.main([str(made), "--yes"]) == 0
        names = psql(url, "SELECT name FROM auth_group ORDER BY id")
        migrations = psql(url, "SELECT count(*) FROM django_migrations")
    assert names == "before the backup"
    assert int(migrations) > 20
    assert not (folder / ".page-cache").exists()


SERVER_STAND_IN = """
import os, sys
from pathlib import Path
from medici_tourney.ops import running
running.hold_while_serving(Path(sys.argv[1]))
os.execvp("sleep", ["sleep", "300"])  # the server program, which knows no lock
"""


def command_of(pid: int) -> bytes:
    with open(f"/proc/{pid}/cmdline", "rb") as command:
        return command.read()


def test_the_serving_lock_is_held_by_the_server_program_it_becomes(tmp_path):
    lock = tmp_path / ".running.lock"
    with subprocess.Popen(
        [sys.executable, "-c", SERVER_STAND_IN, str(lock)], cwd=REPO
    ) as server:
        try:
            deadline = time.monotonic() + 120
            while not command_of(server.pid).startswith(b"sleep\0"):
                assert time.monotonic() < deadline, "the stand-in never became sleep"
                time.sleep(0.1)
            assert running.hold_while_restoring(lock) is None
        finally:
            server.kill()
    taken = running.hold_while_restoring(lock)
    assert taken is not None
    os.close(taken)


def damaged(path) -> None:
    """A copy cut short: the first half of a database file."""
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


@pytest.mark.parametrize(
    ("spoil", "why"),
    [
        (lambda p: p.write_bytes(b"PGDMP not SQLite at all " * 50), "not a SQLite"),
        (lambda p: p.write_bytes(b""), "it holds no tables"),
        (damaged, "malformed"),
    ],
)
def test_a_backup_that_is_not_a_whole_database_replaces_nothing(
    folder, monkeypatch, spoil, why
):
    path = folder / "db.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE results (player TEXT, final INTEGER)")
        db.executemany(
            "INSERT INTO results VALUES (?, ?)",
            [(f"p{n}" * 300, n) for n in range(300)],
        )
    database = {"ENGINE": "django.db.backends.sqlite3", "NAME": str(path)}
    made = backup.back_up(database, folder / "backups")
    spoil(made)
    use_database(monkeypatch, database)
    with pytest.raises(SystemExit, match=why) as refused:
        restore.main(["--yes", str(made)])
    assert str(refused.value).endswith("The database is unchanged.")
    assert len(rows(path)) == 300
    assert (folder / ".page-cache").exists()


def test_a_backup_of_newer_code_replaces_nothing(folder, monkeypatch):
    path = folder / "db.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE results (player TEXT, final INTEGER)")
        db.execute("CREATE TABLE django_migrations (app TEXT, name TEXT)")
        db.executemany(
            "INSERT INTO django_migrations VALUES (?, ?)",
            [("heats", "0001_initial"), ("scoring", "0099_from_the_future")],
        )
    database = {"ENGINE": "django.db.backends.sqlite3", "NAME": str(path)}
    made = backup.back_up(database, folder / "backups")
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM django_migrations WHERE app = 'scoring'")
    use_database(monkeypatch, database)
    with pytest.raises(SystemExit, match=r"newer code \(migrations scoring\.0099_"):
        restore.main(["--yes", str(made)])
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT count(*) FROM django_migrations").fetchone() == (1,)
