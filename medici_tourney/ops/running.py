"""Whether a server runs in this folder, for ``make restore``.

Every server started here (``make serve``, ``make run``) holds a shared lock on
``.running.lock`` in the repository for as long as it runs: the lock's file
descriptor is handed on to the server program (``exec``) and its workers, and
the lock goes when the last of them ends, however it ends. ``make restore``
takes the lock exclusively, so it refuses while a server runs here, and a server
started during a restore waits for it. This is not ``.serve.lock``, which a
starting server holds only while it migrates and collects static files.
Servers on other machines (several hosts on one PostgreSQL) cannot be seen.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[2]
RUNNING_LOCK = BASE_DIR / ".running.lock"


def hold_while_serving(path: Path | None = None) -> int:
    """Take the shared lock on ``path`` (default ``RUNNING_LOCK``), waiting while
    a restore runs, on a file descriptor this process's ``exec`` keeps; the
    descriptor."""
    descriptor = os.open(path or RUNNING_LOCK, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        print("Waiting for make restore to finish…", flush=True)
        fcntl.flock(descriptor, fcntl.LOCK_SH)
    os.set_inheritable(descriptor, True)
    return descriptor


def hold_while_restoring(path: Path | None = None) -> int | None:
    """Take the exclusive lock on ``path`` (default ``RUNNING_LOCK``) without
    waiting: the descriptor (close it when the restore is done), or None when a
    server runs here."""
    descriptor = os.open(path or RUNNING_LOCK, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(descriptor)
        return None
    return descriptor
