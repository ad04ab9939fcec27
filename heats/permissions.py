"""Who may change an event: one decision per action, for pages, imports and commands.

Words (tournament.md, "What people see"):

GM
    One of the event's game masters (``Event.gms``), or a superuser: runs the event.
assistant
    An assistant GM (``Event.assistants``): checks players in (and, with the
    actions the results app adds, enters results); never seats.
action
    One kind of change (:class:`Action`): the role it needs and the words a refusal
    uses ("Only this event's GMs may seat a round.").
operator
    Whoever runs a management command on the machine (``user=None`` in a service):
    they hold the database itself, so every action is theirs.

The actions on the event's structure are here; those on results are the results
app's own (the same ``Action`` and ``require``). Every service that
changes an event calls :func:`require` with the user it acts for, so a page, an
import and a command meet the same decision; pages also call it first, so a
refusal is a 403 with the reason before any form is read.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from itertools import count
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.db.models.signals import m2m_changed

from heats.models import Event

# Whom a change is for: a ``User``, an ``AnonymousUser`` (a visitor not logged
# in), or None: the operator.
Actor = User | AnonymousUser | None


class Role(IntEnum):
    """A user's standing in one event, weakest first."""

    NONE = 0
    ASSISTANT = 1
    GM = 2


@dataclass(frozen=True)
class Action:
    """One kind of change to an event: the ``role`` it needs and ``what`` it is,
    as a refusal says it ("Only this event's GMs may <what>.")."""

    role: Role
    what: str


# Event staff (GMs and assistant GMs).
SEE_GM_PAGES = Action(Role.ASSISTANT, "see this event's GM pages")
CHECK_IN = Action(Role.ASSISTANT, "check players in")
# GMs only.
CREATE_HEAT = Action(Role.GM, "create heats")
SEAT = Action(Role.GM, "seat a round")
SWAP = Action(Role.GM, "swap players")
LATE_TABLE = Action(Role.GM, "form late tables")
LATE_SEAT = Action(Role.GM, "seat a late arrival at a table")
KEEP_APART = Action(Role.GM, "keep players apart")
START_CLOCK = Action(Role.GM, "start the heat clock")
MANAGE_STAFF = Action(Role.GM, "add and remove GMs and assistant GMs")
EDIT_SETTINGS = Action(Role.GM, "change the event's settings")
ARCHIVE_EVENT = Action(Role.GM, "archive or restore the event")
DELETE_EVENT = Action(Role.GM, "delete the event")
DELETE_HEAT = Action(Role.GM, "delete a heat")


class NotAllowed(PermissionDenied):
    """The user may not take the action; ``str()`` says who may (shown on the 403
    page and printed by commands)."""


# The attribute of a request's user holding its roles read so far:
# {event pk: (staff version, role)} (``remember_roles``).
ROLE_MEMO = "_medici_event_roles"
# Bumped by every change of an event's GMs or assistants in this process
# (``_staff_changed``): a role remembered before it is read again.
_staff_versions = count()
_staff_version = next(_staff_versions)


def remember_roles(user: Actor) -> None:
    """Let :func:`role_of` read ``user``'s role in each event once, for as long
    as this ``user`` object lives: the pages call it on ``request.user``, made
    anew for every request, so the page's own check and those of the services it
    calls (each still calls :func:`require`) cost one query per event, not one
    each. A change of an event's GMs or assistants (``Event.gms``,
    ``Event.assistants``) makes every remembered role be read again. Commands
    and other callers that never call it read the role at every check."""
    if (
        getattr(user, "is_authenticated", False)
        and getattr(user, ROLE_MEMO, None) is None
    ):
        setattr(user, ROLE_MEMO, {})


def role_of(event: Event, user: User | AnonymousUser) -> Role:
    """``user``'s role in ``event`` (superusers are GMs of every event).

    ``user`` is a Django user or ``AnonymousUser``; ``None`` (a command) is not
    accepted here: see :func:`may`. One or two queries (the GMs, then the
    assistants), none for a role remembered (:func:`remember_roles`).
    """
    if not user.is_authenticated:
        return Role.NONE
    if user.is_superuser:
        return Role.GM
    memo: dict[int, tuple[int, Role]] | None = getattr(user, ROLE_MEMO, None)
    if memo is None:
        return _read_role(event, user)
    version, role = memo.get(event.pk, (None, Role.NONE))
    if version != _staff_version:
        role = _read_role(event, user)
        memo[event.pk] = (_staff_version, role)
    return role


def _read_role(event: Event, user: User) -> Role:
    if event.gms.filter(pk=user.pk).exists():
        return Role.GM
    if event.assistants.filter(pk=user.pk).exists():
        return Role.ASSISTANT
    return Role.NONE


def _staff_changed(sender: object, action: str, **kwargs: Any) -> None:
    """Forget the roles remembered (:func:`remember_roles`) once an event's GMs
    or assistants change."""
    global _staff_version
    if action.startswith("post_"):
        _staff_version = next(_staff_versions)


m2m_changed.connect(_staff_changed, sender=Event.gms.through, dispatch_uid="roles-gms")
m2m_changed.connect(
    _staff_changed, sender=Event.assistants.through, dispatch_uid="roles-assistants"
)


def may(event: Event, user: Actor, action: Action) -> bool:
    """True when ``user`` may take ``action`` in ``event``; ``user=None`` is the
    operator at the command line, who may do anything."""
    return user is None or role_of(event, user) >= action.role


def refusal(event: Event, user: Actor, action: Action) -> str:
    """The sentence a refused user reads: who may take the action, and what to do."""
    who = "GMs" if action.role == Role.GM else "GMs and assistant GMs"
    text = f"Only the {who} of {event.name} may {action.what}."
    if not getattr(user, "is_authenticated", False):
        text += " Log in first."
    return text


def require(event: Event, user: Actor, action: Action) -> None:
    """Raise :class:`NotAllowed` (a ``PermissionDenied``: 403 on a page) with the
    reason unless ``user`` may take ``action`` in ``event``."""
    if not may(event, user, action):
        raise NotAllowed(refusal(event, user, action))


def require_login(user: Actor) -> None:
    """Raise :class:`NotAllowed` unless ``user`` is logged in (or is the operator,
    ``None``): any user may create an event and so become its GM, anonymous
    visitors may not."""
    if user is not None and not getattr(user, "is_authenticated", False):
        raise NotAllowed("Log in to create an event.")
