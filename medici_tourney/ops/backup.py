"""``make backup``: a consistent copy of the whole database, safe while the app runs.

    python -m medici_tourney.ops.backup [FOLDER]      (default: backups)

The database is the one settings.py uses (``DATABASE_URL``):

SQLite
    SQLite's online backup API (Python's ``sqlite3`` module): a page-by-page copy
    that is consistent even while GMs save results (a write during the copy makes
    it start over), into ``FOLDER/<name>-<UTC time>.sqlite3``. Restore: stop the
    server, copy the file over the database file (and delete its ``-wal`` and
    ``-shm`` files), start the server.
PostgreSQL
    ``pg_dump --format=custom`` (one snapshot, consistent while the app runs) into
    ``FOLDER/<name>-<UTC time>.dump``. Restore: ``pg_restore --clean --if-exists
    -d DATABASE FILE``. pg_dump must be at least the server's version.

Prints the file written; exits 1 with the reason when the copy fails.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path


def stamp() -> str:
    """The backup's time in a file name: ``20270731-142501`` (UTC)."""
    return datetime.now(UTC).strftime("%Y%m%d-%H%M%S")


def backup_sqlite(source: Path, folder: Path) -> Path:
    """Copy the SQLite database ``source`` into ``folder`` with the backup API."""
    if not source.exists():
        raise SystemExit(f"No database file {source}: nothing to back up")
    target = folder / f"{source.stem}-{stamp()}.sqlite3"
    # Not opened read-only: a read-only connection to a WAL database fails when
    # its shared-memory file is missing. The backup itself only reads the source.
    src = sqlite3.connect(source, timeout=20)
    dst = sqlite3.connect(target)
    try:
        src.backup(dst)
    finally:
        dst.close()
        src.close()
    return target


def pg_environment(database: dict) -> dict[str, str]:
    """libpq's variables for Django's ``DATABASES["default"]`` (password kept out
    of the command line, where other users could read it)."""
    env = dict(os.environ)
    for key, name in (
        ("HOST", "PGHOST"),
        ("PORT", "PGPORT"),
        ("USER", "PGUSER"),
        ("PASSWORD", "PGPASSWORD"),
        ("NAME", "PGDATABASE"),
    ):
        if database.get(key):
            env[name] = str(database[key])
    return env


def backup_postgres(database: dict, folder: Path) -> Path:
    """``pg_dump`` the PostgreSQL database into ``folder``."""
    if shutil.which("pg_dump") is None:
        raise SystemExit(
            "pg_dump is not installed (Debian: apt-get install postgresql-client)"
        )
    target = folder / f"{database['NAME']}-{stamp()}.dump"
    done = subprocess.run(
        ["pg_dump", "--format=custom", "--file", str(target)],
        env=pg_environment(database),
        check=False,
    )
    if done.returncode != 0:
        target.unlink(missing_ok=True)
        raise SystemExit(f"pg_dump failed (exit {done.returncode}): no backup written")
    return target


def main(argv: list[str]) -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "medici_tourney.settings")
    from django.conf import settings

    database = settings.DATABASES["default"]
    folder = Path(argv[0] if argv else "backups")
    folder.mkdir(parents=True, exist_ok=True)
    engine = database["ENGINE"]
    if engine == "django.db.backends.sqlite3":
        target = backup_sqlite(Path(database["NAME"]), folder)
    elif engine == "django.db.backends.postgresql":
        target = backup_postgres(database, folder)
    else:
        raise SystemExit(f"No backup method for {engine}")
    print(f"Backed up the database to {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
