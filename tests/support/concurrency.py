"""Run one action in several threads at once, each on its own database connection.

Django gives every thread its own connection, so these threads contend for the
database as several GMs' browsers do: on PostgreSQL for row locks, on SQLite for
the file's write lock (the test database is a file, see ``tests/conftest.py``).
Tests using this need ``@pytest.mark.django_db(transaction=True)``: the threads see
only committed rows.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.db import connections
from django.test import Client


@dataclass
class Outcome:
    """What one thread's action gave: its value, or the exception it raised, and
    the seconds it took."""

    value: object = None
    error: Exception | None = None
    seconds: float = 0.0


def at_once(action: Callable[[int], object], count: int) -> list[Outcome]:
    """Call ``action(i)`` for i in 0..count-1, all threads released together;
    the outcomes in that order. Each thread closes its connection at its end."""
    barrier = threading.Barrier(count)
    outcomes = [Outcome() for _ in range(count)]

    def work(i: int) -> None:
        try:
            barrier.wait(timeout=60)
            start = time.monotonic()
            try:
                outcomes[i].value = action(i)
            finally:
                outcomes[i].seconds = time.monotonic() - start
        except Exception as exc:
            outcomes[i].error = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=work, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    assert not any(t.is_alive() for t in threads), "a thread is still running"
    return outcomes


def errors(outcomes: list[Outcome]) -> list[str]:
    """The exceptions raised, as text (empty when every action ran through)."""
    return [f"{type(o.error).__name__}: {o.error}" for o in outcomes if o.error]


def browsers(user, count: int) -> list[Client]:
    """``count`` test browsers logged in as ``user`` (one per thread of
    :func:`at_once`: a test client is not shared between threads)."""
    clients = []
    for _ in range(count):
        client = Client()
        client.force_login(user)
        clients.append(client)
    return clients
