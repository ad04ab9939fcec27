"""One ``migrate`` at a time per database, whichever machine runs it.

Several hosts (or a host and an operator) started at once on one empty
PostgreSQL database would each find a migration unapplied and apply it: the
second dies on a duplicate table or row (UniqueViolation). ``migration_lock``
holds a PostgreSQL advisory lock (``pg_advisory_lock``, keyed by ``LOCK_KEY``, on
a connection of its own so no commit or reconnection inside ``migrate`` lets it
go) for the whole command: the next ``migrate`` waits, then finds everything
applied. Advisory locks belong to one database of the cluster, so other
databases on the same server are not held up. SQLite needs nothing: its writers
take the file's lock, and ``make serve`` in one folder takes turns on
``.serve.lock``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from django.db.backends.base.base import BaseDatabaseWrapper

# Any fixed 64-bit number, the same in every host: "medici m" in ASCII.
LOCK_KEY = 0x6D65646963692D6D


@contextmanager
def migration_lock(
    connection: BaseDatabaseWrapper, waiting: Callable[[], None] = lambda: None
) -> Iterator[None]:
    """Hold the database's migration lock meanwhile (PostgreSQL; nothing on other
    databases). ``waiting`` is called once when another holder makes this wait."""
    if connection.vendor != "postgresql":
        yield
        return
    holder = connection.copy()
    try:
        with holder.cursor() as cursor:
            cursor.execute("SELECT pg_try_advisory_lock(%s)", [LOCK_KEY])
            if not cursor.fetchone()[0]:
                waiting()
                cursor.execute("SELECT pg_advisory_lock(%s)", [LOCK_KEY])
        yield
        # Unlocked before closing: a closed session's locks go only when its
        # server process has ended, a moment after the close returns.
        with holder.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_unlock(%s)", [LOCK_KEY])
    finally:
        holder.close()  # also releases the lock when migrate failed
