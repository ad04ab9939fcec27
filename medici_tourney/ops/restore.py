"""``make restore``: put a backup back in place of the database.

    python -m medici_tourney.ops.restore [FILE] [--yes]

FILE is a backup of ``medici_tourney.ops.backup`` (``make backup`` or the
automatic ones); without it, the newest backup in the backup folder
(``MEDICI_BACKUP_DIR``, else ``backups/``) of the database's kind (``.sqlite3``
for SQLite, ``.dump`` for PostgreSQL), by the time in its name. It says which
database it replaces with which backup, taken when, and asks for ``yes`` unless
``--yes`` (``make restore YES=1``). It refuses while a server runs in this folder
(``medici_tourney.ops.running``); stop every other host of a shared PostgreSQL
database first, since those cannot be seen from here.

SQLite
    A backup that is not a whole database, or that applied a migration of this
    app this checkout does not have, is refused (``sqlite_problem``). The
    ``-wal`` and ``-shm`` files are deleted (they belong to the database
    being replaced: left beside the restored file, SQLite would replay them
    into it), then the backup is copied over the database file (written beside
    it, then renamed: never half a database).
PostgreSQL
    ``pg_restore --clean --if-exists --no-owner --single-transaction``: the
    backup's tables replace the database's, all or nothing.

Then ``make serve``'s page cache (``.page-cache/``) is emptied: a restored
database hands out ids again, and an old page must not meet them. The restored
database keeps the fingerprint of the secret key it was served with
(``medici_tourney.ops.key_check``): serve it with that key.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from medici_tourney.ops import backup, running
from medici_tourney.ops.serve import PAGE_CACHE


def newest_backup(folder: Path, suffix: str) -> Path | None:
    """The backup in ``folder`` with ``suffix`` whose name holds the latest
    time; None when there is none."""
    found = [
        (match["stamp"], path)
        for path in (folder.iterdir() if folder.is_dir() else ())
        if (match := backup.BACKUP_NAME.match(path.name)) and path.suffix == suffix
    ]
    return max(found)[1] if found else None


def taken_at(path: Path) -> datetime:
    """When the backup ``path`` was taken: the UTC time in its name, else the
    file's modification time."""
    match = backup.BACKUP_NAME.match(path.name)
    if match:
        parsed = datetime.strptime(match["stamp"], backup.STAMP_FORMAT)
        return parsed.replace(tzinfo=UTC)
    return datetime.fromtimestamp(path.stat().st_mtime, UTC)


def describe(database: Mapping[str, Any]) -> str:
    """The database a restore replaces, in words."""
    if database["ENGINE"] == "django.db.backends.sqlite3":
        return f"the SQLite database {database['NAME']}"
    where = database.get("HOST") or "the local server"
    return f"the PostgreSQL database {database['NAME']} on {where}"


def choose(database: Mapping[str, Any], given: str | None) -> Path:
    """The backup to restore (see module doc); SystemExit when there is none or
    it is not of the database's kind."""
    suffix = backup.SUFFIXES.get(database["ENGINE"])
    if suffix is None:
        raise SystemExit(f"No restore method for {database['ENGINE']}")
    if given:
        path = Path(given)
        if not path.is_file():
            raise SystemExit(f"FILE: no backup file {path}")
        if path.suffix != suffix:
            raise SystemExit(
                f"FILE: {path.name} is not a backup of this kind of database "
                f"(a {suffix} file is needed for {describe(database)})"
            )
        return path
    folder = backup.backup_folder()
    newest = newest_backup(folder, suffix)
    if newest is None:
        raise SystemExit(f"No {suffix} backup in {folder}: nothing to restore")
    return newest


def confirmed(question: str, yes: bool) -> bool:
    """Whether the operator agrees: ``yes`` given, or ``yes`` typed."""
    print(question, flush=True)
    if yes:
        return True
    if not sys.stdin.isatty():
        print("Not confirmed (no terminal): run make restore YES=1 to go ahead.")
        return False
    return input("Type yes to replace it: ").strip().lower() == "yes"


# The apps whose migrations are this checkout's: a backup that applied one of
# theirs not here comes from newer code (its tables differ from the models).
OWN_MIGRATIONS = {
    "heats": backup.BASE_DIR / "heats" / "migrations",
    "scoring": backup.BASE_DIR / "scoring" / "migrations",
    "ops": backup.BASE_DIR / "medici_tourney" / "ops" / "migrations",
}


def sqlite_problem(source: Path) -> str | None:
    """Why the file ``source`` cannot stand in for the database: not a SQLite
    database, empty, damaged (``PRAGMA quick_check``), or holding migrations this
    checkout does not have; None when it can."""
    try:
        with sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True) as db:
            checked = db.execute("PRAGMA quick_check").fetchall()
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
            applied = (
                db.execute("SELECT app, name FROM django_migrations").fetchall()
                if "django_migrations" in tables
                else []
            )
    except sqlite3.DatabaseError as exc:
        return f"it is not a SQLite database that can be read ({exc})"
    if not tables:
        return "it holds no tables"
    if checked != [("ok",)]:
        return f"it is damaged ({checked[0][0]})"
    newer = sorted(
        f"{app}.{name}"
        for app, name in applied
        if app in OWN_MIGRATIONS and not (OWN_MIGRATIONS[app] / f"{name}.py").is_file()
    )
    if newer:
        return f"it was written by newer code (migrations {', '.join(newer)})"
    return None


def restore_sqlite(source: Path, target: Path) -> None:
    """Copy the backup ``source`` over the SQLite database ``target``;
    SystemExit, leaving it as it was, when ``source`` cannot stand in for it
    (:func:`sqlite_problem`)."""
    problem = sqlite_problem(source)
    if problem:
        raise SystemExit(
            f"{source} is not restored: {problem}. The database is unchanged."
        )
    target.parent.mkdir(parents=True, exist_ok=True)
    with backup.private_draft(target) as draft:
        shutil.copyfile(source, draft)
        with draft.open("rb+") as written:
            os.fsync(written.fileno())
        # Only once the copy is whole: a failed copy leaves the database as it was.
        for extra in ("-wal", "-shm", "-journal"):
            Path(f"{target}{extra}").unlink(missing_ok=True)


def restore_postgres(source: Path, database: Mapping[str, Any]) -> None:
    """``pg_restore`` the dump ``source`` into the PostgreSQL ``database``."""
    backup.needs_program("pg_restore")
    done = subprocess.run(
        ["pg_restore", "--clean", "--if-exists", "--no-owner", "--single-transaction"]
        + ["--dbname", str(database["NAME"]), str(source)],
        env=backup.pg_environment(database),
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(
            f"pg_restore failed (exit {done.returncode}): the database is unchanged"
        )


def restore(database: Mapping[str, Any], source: Path) -> None:
    """Put ``source`` back as ``database``, then empty the page cache."""
    if database["ENGINE"] == "django.db.backends.sqlite3":
        restore_sqlite(source, Path(database["NAME"]))
    else:
        restore_postgres(source, database)
    shutil.rmtree(PAGE_CACHE, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", help="a backup (default: the newest)")
    parser.add_argument("--yes", action="store_true", help="do not ask")
    args = parser.parse_args(argv)
    database = backup.database_settings()
    source = choose(database, args.file)
    when = taken_at(source)
    minutes = (datetime.now(UTC) - when).total_seconds() / 60
    question = (
        f"This replaces {describe(database)} with the backup {source}, taken "
        f"{when:%Y-%m-%d %H:%M:%S} UTC ({minutes:.0f} minutes ago). Whatever was "
        "saved after that is lost."
    )
    lock = running.hold_while_restoring()
    if lock is None:
        raise SystemExit(
            "A server is running in this folder (make serve or make run): stop it, "
            "then restore."
        )
    try:
        if not confirmed(question, args.yes):
            return 1
        restore(database, source)
    finally:
        os.close(lock)
    print(
        f"Restored {source}. Emptied the page cache; with Redis "
        "(DJANGO_CACHE_URL) empty it too. Start the server with the secret key "
        "this database was served with."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
