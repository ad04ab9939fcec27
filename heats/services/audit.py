"""The audit log and the row locks every change takes.

Every change to an event is written to its audit log with who and when
(``log``). Every service that changes an event first locks the rows it changes
(``lock``), in one order so that two GMs never deadlock: the event, then its
rounds, then their tables, each by id.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db import models

from heats.models import (
    AuditEntry,
    Event,
)
from heats.permissions import Actor


def acting_user(user: Actor) -> User | None:
    """The user to record as having made a change: ``user`` when logged in, else
    None (an anonymous request, or the operator at the command line)."""
    return user if user is not None and user.is_authenticated else None


def log(event: Event, user: Actor, action: str, detail: str, **data: Any) -> AuditEntry:
    """Record one change to ``event`` in its audit log (user may be None: a command)."""
    return AuditEntry.objects.create(
        event=event,
        user=acting_user(user),
        action=action,
        detail=detail,
        data=data,
    )


def log_many(
    event: Event, user: Actor, action: str, details: list[str], **data: Any
) -> list[AuditEntry]:
    """Record several changes to ``event`` at once (one line each, e.g. one per
    player checked in), in one bulk insert plus one ordinary save.

    The last line is saved through ``log`` so that its ``post_save`` signal (which a
    bulk insert does not send) tells the public pages' cache of the new version.
    """
    if not details:
        return []
    who = acting_user(user)
    first = AuditEntry.objects.bulk_create(
        AuditEntry(event=event, user=who, action=action, detail=text, data=data)
        for text in details[:-1]
    )
    return [*first, log(event, user, action, details[-1], **data)]


def lock(obj: models.Model) -> None:
    """Hold ``obj``'s row lock until the transaction ends, and reload ``obj``.

    Every service that changes an event's heats, a round's check-ins and seats, or
    a table's results locks that row first, so two people's actions on it run one
    after the other and each decides on what the other saved (PostgreSQL:
    ``SELECT ... FOR NO KEY UPDATE``, which still lets other transactions insert
    rows that refer to it, such as audit entries; SQLite's IMMEDIATE transactions
    already run one writer at a time). Lock order, to never deadlock: event, then
    rounds, then tables, each by id. Raises ``DoesNotExist`` for a deleted row.
    """
    model = type(obj)
    # No ordering: a model's default ordering may join (and so lock) other tables.
    rows = model._default_manager.select_for_update(no_key=True, of=("self",))
    rows = rows.filter(pk=obj.pk).order_by()
    if not list(rows.values_list("pk", flat=True)):
        # Every concrete model has DoesNotExist; django-stubs knows it per model only.
        missing = model.DoesNotExist  # type: ignore[attr-defined]
        raise missing(f"{model.__name__} {obj.pk} no longer exists")
    obj.refresh_from_db()
