"""``make backup``: a consistent copy of the whole database, safe while the app runs.

    python -m medici_tourney.ops.backup [FOLDER]
        (default: MEDICI_BACKUP_DIR, else backups/ in the repository)

The database is the one settings.py uses (``DATABASE_URL``):

SQLite
    SQLite's online backup API (Python's ``sqlite3`` module): a page-by-page copy
    that is consistent even while GMs save results (a write during the copy makes
    it start over), into ``FOLDER/<name>-<UTC time>.sqlite3``.
PostgreSQL
    ``pg_dump --format=custom`` (one snapshot, consistent while the app runs) into
    ``FOLDER/<name>-<UTC time>.dump``. pg_dump must be at least the server's
    version.

A backup holds password hashes, live sessions and report links: the folder is
made readable by its owner only (mode 0700) and every file 0600. A file is
written under a draft name (``.draft-…``) and renamed when whole, so a backup
that is cut off (a stopped server, a full disk) never looks like a good one.
The automatic backups of ``make serve`` and ``make run``
(``medici_tourney.ops.backup_loop``) end in ``-auto`` and only they are pruned.
Restore with ``make restore`` (``medici_tourney.ops.restore``).

Prints the file written; exits 1 with the reason when the copy fails.
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

BASE_DIR = Path(__file__).resolve().parents[2]
STAMP_FORMAT = "%Y%m%d-%H%M%S"
# <database>-<UTC time>[-auto].<sqlite3|dump>
BACKUP_NAME = re.compile(
    r"^(?P<database>.+)-(?P<stamp>\d{8}-\d{6})(?P<auto>-auto)?\.(?P<kind>sqlite3|dump)$"
)
SUFFIXES = {
    "django.db.backends.sqlite3": ".sqlite3",
    "django.db.backends.postgresql": ".dump",
}


def stamp() -> str:
    """The backup's time in a file name: ``20270731-142501`` (UTC)."""
    return datetime.now(UTC).strftime(STAMP_FORMAT)


def backup_folder(env: dict[str, str] | os._Environ[str] = os.environ) -> Path:
    """Where backups go: ``MEDICI_BACKUP_DIR`` (relative to the repository),
    else ``backups/`` in the repository."""
    return BASE_DIR / env.get("MEDICI_BACKUP_DIR", "backups")


def private_folder(folder: Path) -> Path:
    """``folder``, made when missing, readable by its owner only (0700)."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    os.chmod(folder, 0o700)
    return folder


@contextmanager
def private_draft(target: Path) -> Iterator[Path]:
    """An empty file of mode 0600 beside ``target`` to write the backup into;
    renamed to ``target`` when the block ends without error, deleted otherwise."""
    descriptor, name = tempfile.mkstemp(
        dir=target.parent, prefix=".draft-", suffix=target.suffix
    )
    os.close(descriptor)
    draft = Path(name)
    try:
        yield draft
        os.replace(draft, target)
    finally:
        draft.unlink(missing_ok=True)


def backup_sqlite(source: Path, folder: Path, *, auto: bool = False) -> Path:
    """Copy the SQLite database ``source`` into ``folder`` with the backup API."""
    if not source.exists():
        raise SystemExit(f"No database file {source}: nothing to back up")
    target = folder / f"{source.stem}-{stamp()}{'-auto' if auto else ''}.sqlite3"
    with private_draft(target) as draft:
        # Not opened read-only: a read-only connection to a WAL database fails
        # when its shared-memory file is missing. The backup only reads the source.
        src = sqlite3.connect(source, timeout=20)
        dst = sqlite3.connect(draft)
        try:
            src.backup(dst)
        finally:
            dst.close()
            src.close()
    return target


def pg_environment(database: Mapping[str, Any]) -> dict[str, str]:
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


def needs_program(name: str) -> None:
    """SystemExit naming Debian's package when the PostgreSQL program ``name``
    is not installed."""
    if shutil.which(name) is None:
        raise SystemExit(
            f"{name} is not installed (Debian: apt-get install postgresql-client)"
        )


def backup_postgres(
    database: Mapping[str, Any], folder: Path, *, auto: bool = False
) -> Path:
    """``pg_dump`` the PostgreSQL database into ``folder``."""
    needs_program("pg_dump")
    target = folder / f"{database['NAME']}-{stamp()}{'-auto' if auto else ''}.dump"
    with private_draft(target) as draft:
        done = subprocess.run(
            ["pg_dump", "--format=custom", "--file", str(draft)],
            env=pg_environment(database),
            check=False,
        )
        if done.returncode != 0:
            raise SystemExit(
                f"pg_dump failed (exit {done.returncode}): no backup written"
            )
    return target


def back_up(database: Mapping[str, Any], folder: Path, *, auto: bool = False) -> Path:
    """A backup of Django's ``database`` settings into the private ``folder``;
    SystemExit with the reason when it cannot be made."""
    private_folder(folder)
    engine = database["ENGINE"]
    if engine == "django.db.backends.sqlite3":
        return backup_sqlite(Path(database["NAME"]), folder, auto=auto)
    if engine == "django.db.backends.postgresql":
        return backup_postgres(database, folder, auto=auto)
    raise SystemExit(f"No backup method for {engine}")


def database_settings() -> Mapping[str, Any]:
    """settings.py's ``DATABASES["default"]`` (settings read, Django not set up)."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "medici_tourney.settings")
    from django.conf import settings

    return settings.DATABASES["default"]


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else backup_folder()
    target = back_up(database_settings(), folder)
    print(f"Backed up the database to {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
