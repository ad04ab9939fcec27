"""Automatic backups while ``make serve`` or ``make run`` serves: a process beside
the server that backs the database up every few minutes and keeps the last few.

    python -m medici_tourney.ops.backup_loop --parent PID

Words:
interval
    ``MEDICI_BACKUP_MINUTES`` (default 5; decimals allowed; 0: no automatic
    backups) between two backups.
kept
    ``MEDICI_BACKUP_KEEP`` (default 48: four hours at the default interval) of
    the newest automatic backups (``…-auto.sqlite3`` / ``…-auto.dump``) stay;
    older ones are deleted. ``make backup``'s files are never deleted.
parent
    The server process (gunicorn's arbiter, or runserver's autoreloader): the
    loop ends within a second of it ending.

One loop per backup folder: the loop holds a lock on ``.loop.lock`` in it, so a
second server in the same folder (or several workers) never doubles the backups;
the second server's loop waits and takes over when the first one stops. The loop
ignores Ctrl-C (it ends with its server instead, and a backup is never cut off
halfway by the terminal); a failed backup is reported and tried again at the
next interval. Files are private and written whole (``medici_tourney.ops.backup``).
"""

from __future__ import annotations

import argparse
import fcntl
import os
import signal
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from medici_tourney.ops import backup

DEFAULT_MINUTES = "5"
DEFAULT_KEEP = "48"


class Stopped(BaseException):
    """SIGTERM: raised out of whatever the loop does (a backup's draft is then
    deleted by its ``finally``), and not caught as a failed backup."""


def _stop(*_: object) -> None:
    raise Stopped


def loop_settings(env: dict[str, str]) -> tuple[float, int]:
    """(interval in minutes, backups kept) from the environment (see module doc);
    SystemExit naming the variable when one is not a number in range."""
    raw = env.get("MEDICI_BACKUP_MINUTES") or DEFAULT_MINUTES
    try:
        minutes = float(raw)
    except ValueError:
        minutes = -1.0
    if not 0 <= minutes < 10_000:
        raise SystemExit(
            f"MEDICI_BACKUP_MINUTES must be a number of minutes (0: no automatic "
            f"backups), not {raw!r}"
        )
    raw = env.get("MEDICI_BACKUP_KEEP") or DEFAULT_KEEP
    if not raw.isdigit() or int(raw) < 1:
        raise SystemExit(
            f"MEDICI_BACKUP_KEEP must be a whole number of backups, at least 1, "
            f"not {raw!r}"
        )
    return minutes, int(raw)


def to_prune(names: list[str], keep: int) -> list[str]:
    """The automatic backups among the file ``names`` beyond the newest ``keep``
    (by the time in the name), oldest first; other files are never listed."""
    automatic = sorted(
        (match["stamp"], name)
        for name in names
        if (match := backup.BACKUP_NAME.match(name)) and match["auto"]
    )
    return [name for _, name in automatic[: max(0, len(automatic) - keep)]]


def back_up_and_prune(
    database: Mapping[str, Any], folder: Path, keep: int
) -> Path | None:
    """One automatic backup, then the old ones pruned; the file, or None (the
    reason printed) when the backup failed."""
    try:
        made = backup.back_up(database, folder, auto=True)
    except (SystemExit, Exception) as error:  # any failure: try again later
        print(f"Automatic backup failed, tried again later: {error}", flush=True)
        return None
    for name in to_prune([p.name for p in folder.iterdir()], keep):
        (folder / name).unlink(missing_ok=True)
    return made


def alive(parent: int) -> bool:
    """Whether the server this loop serves still runs (this process was not
    handed to another parent)."""
    return os.getppid() == parent


def wait_for_turn(lock: int, parent: int) -> bool:
    """Take the folder's loop lock, trying every second while ``parent`` lives;
    whether it was taken."""
    while alive(parent):
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            time.sleep(1)
    return False


def run(parent: int, minutes: float, keep: int, folder: Path) -> None:
    """Back up every ``minutes`` while ``parent`` lives (see module doc)."""
    database = backup.database_settings()
    backup.private_folder(folder)
    lock = os.open(folder / ".loop.lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        if not wait_for_turn(lock, parent):
            return
        due = time.monotonic() + minutes * 60
        while alive(parent):
            if time.monotonic() >= due:
                made = back_up_and_prune(database, folder, keep)
                if made is not None:
                    print(f"Automatic backup: {made}", flush=True)
                due = time.monotonic() + minutes * 60
            time.sleep(min(1.0, minutes * 60))
    finally:
        os.close(lock)  # the next server's loop takes over


def start_beside(env: dict[str, str], cwd: Path) -> subprocess.Popen[bytes] | None:
    """Start the loop for this process, the server to be (call it just before
    ``exec``-ing the server, which keeps this process's id); None when
    ``MEDICI_BACKUP_MINUTES`` is 0. SystemExit when the settings are wrong."""
    minutes, keep = loop_settings(env)
    if minutes == 0:
        return None
    print(
        f"Automatic backups every {minutes:g} minutes into {backup.backup_folder(env)}"
        f" (the last {keep} kept; MEDICI_BACKUP_MINUTES=0 turns them off).",
        flush=True,
    )
    return subprocess.Popen(
        [sys.executable, "-m", "medici_tourney.ops.backup_loop"]
        + ["--parent", str(os.getpid())],
        env=env,
        cwd=cwd,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parent", type=int, required=True)
    args = parser.parse_args(argv)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _stop)
    minutes, keep = loop_settings(dict(os.environ))
    try:
        run(args.parent, minutes, keep, backup.backup_folder())
    except Stopped:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
