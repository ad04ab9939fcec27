"""make backup (medici_tourney/ops/backup.py): a consistent copy of the database."""

from __future__ import annotations

import os
import shutil
import sqlite3
import stat

import pytest
from django.conf import settings

from medici_tourney.ops import backup


def test_a_sqlite_backup_holds_every_committed_row_while_a_writer_is_open(tmp_path):
    source = tmp_path / "db.sqlite3"
    live = sqlite3.connect(source)
    live.execute("PRAGMA journal_mode=WAL")
    live.execute("CREATE TABLE results (player TEXT, final INTEGER)")
    live.execute("INSERT INTO results VALUES ('Drew Penrose', 94)")
    live.commit()
    live.execute("INSERT INTO results VALUES ('not yet saved', 1)")  # open transaction
    target = backup.backup_sqlite(source, tmp_path)
    live.rollback()
    live.close()
    assert target.name.startswith("db-") and target.suffix == ".sqlite3"
    rows = sqlite3.connect(target).execute("SELECT * FROM results").fetchall()
    assert rows == [("Drew Penrose", 94)]


def test_a_missing_sqlite_file_is_refused(tmp_path):
    with pytest.raises(SystemExit, match="No database file"):
        backup.backup_sqlite(tmp_path / "none.sqlite3", tmp_path)


def test_pg_dump_gets_the_connection_from_the_settings_not_the_command_line():
    env = backup.pg_environment(
        {"NAME": "medici", "HOST": "db.local", "PORT": 5433, "USER": "gm"}
        | {"PASSWORD": "s3cret"}
    )
    assert (env["PGDATABASE"], env["PGHOST"], env["PGPORT"]) == (
        "medici",
        "db.local",
        "5433",
    )
    assert (env["PGUSER"], env["PGPASSWORD"]) == ("gm", "s3cret")


@pytest.mark.django_db
@pytest.mark.database  # needs the PostgreSQL pass's server, not a test database
def test_pg_dump_writes_a_custom_format_dump(tmp_path):
    database = settings.DATABASES["default"]
    if database["ENGINE"] != "django.db.backends.postgresql":
        pytest.skip("runs on the PostgreSQL pass (make test-postgres)")
    if shutil.which("pg_dump") is None:
        pytest.skip("pg_dump is not installed")
    target = backup.backup_postgres(database, tmp_path)
    assert target.suffix == ".dump"
    assert target.read_bytes()[:5] == b"PGDMP"


# --- private files (issue "The convention floor", item 6) -------------------------


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_backups_are_readable_by_their_owner_only(tmp_path):
    source = tmp_path / "db.sqlite3"
    sqlite3.connect(source).execute("CREATE TABLE t (x)").connection.close()
    folder = tmp_path / "backups"
    folder.mkdir(mode=0o755)
    database = {"ENGINE": "django.db.backends.sqlite3", "NAME": str(source)}
    target = backup.back_up(database, folder)
    assert (mode(folder), mode(target)) == (0o700, 0o600)
    assert [p.name for p in folder.iterdir()] == [target.name]  # no draft left


def test_a_failed_backup_leaves_no_file(tmp_path):
    source = tmp_path / "db.sqlite3"
    source.write_bytes(b"not a database, " * 100)
    database = {"ENGINE": "django.db.backends.sqlite3", "NAME": str(source)}
    with pytest.raises(sqlite3.DatabaseError):
        backup.back_up(database, tmp_path / "backups")
    assert list((tmp_path / "backups").iterdir()) == []
