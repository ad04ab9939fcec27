"""Form versions: a GM form that edits shared state carries the version of the
state it was drawn from, and a save made from a page drawn before someone else's
change is refused, naming that change (issue: two GMs, one stale page).

A ``Topic`` is one piece of shared state a form edits (the semi-final override,
the published list, the staff, the keep-apart pairs…): its ``state(event)`` is
what the form shows, as JSON-ready data. ``form_version`` is that state's
fingerprint plus the id of the event's latest audit entry when the page was
drawn: ``"3f2a…-1207"``. ``require_current`` runs inside the saving transaction,
after the event's row lock (``audit.lock``), so two saves from one page are
decided one after the other: the first goes through, the second finds the state
changed and is refused with the audit entries made since the page was drawn.

Result entry has its own version of a table (in the results app). A version
of ``None`` is not checked: no page was drawn (a management command, a service
called from code). A form posted without its version (``""``: a client that
left the hidden field out, a page of an older release) is refused as stale
(``MissingVersionError``): what it was drawn from cannot be told, so it is not
saved over what others changed. Views pass ``heats.views.common.posted_version``
or the form's cleaned ``version`` field, never ``None``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.functional import Promise
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from heats.core.errors import UserError
from heats.models import AuditEntry, Event

SHOWN_CHANGES = 3  # audit entries named in a refusal, the latest first


@dataclass(frozen=True)
class Topic:
    """One piece of an event's shared state that GM forms edit.

    ``name`` reads in a sentence ("the semi-final override"; a ``gettext_lazy``
    string, so the refusal says it in the reader's language); ``state`` returns
    what the form shows, as JSON-ready data (lists, dicts, str, int, None);
    ``actions`` are the audit actions that change it (empty: any action).
    """

    name: str | Promise
    state: Callable[[Event], object]
    actions: tuple[str, ...] = ()


def fingerprint(state: object) -> str:
    """16 hex digits that change with any change of ``state`` (JSON-ready data)."""
    text = json.dumps(state, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _latest_entry(event: Event) -> int:
    latest = AuditEntry.objects.filter(event=event).order_by("-pk").first()
    return latest.pk if latest else 0


def form_version(event: Event, topic: Topic, state: object = None) -> str:
    """The version a form of ``topic`` carries: ``"<fingerprint>-<audit id>"``.
    ``state``: ``topic.state(event)`` when the page already has it."""
    shown = topic.state(event) if state is None else state
    return f"{fingerprint(shown)}-{_latest_entry(event)}"


class StaleFormError(UserError):
    """A save from a page drawn before someone else changed the same state:
    nothing was saved. The message names the changes made since (who, when,
    what; from the audit log)."""

    def __init__(self, event: Event, topic: Topic, seen: int) -> None:
        since = AuditEntry.objects.filter(event=event, pk__gt=seen)
        if topic.actions:
            since = since.filter(action__in=topic.actions)
        entries = list(
            since.select_related("user").order_by("-pk")[: SHOWN_CHANGES + 1]
        )
        lines = [_describe(e, event) for e in entries[:SHOWN_CHANGES]]
        if len(entries) > SHOWN_CHANGES:
            lines.append(_("and earlier changes (see the audit log)"))
        super().__init__(
            _(
                "%(what)s changed while this page was open. Nothing was saved: the "
                "page now shows it as it is; make your change again if it is still "
                "right."
            )
            % {"what": capfirst(str(topic.name))},
            lines or [_("(the change is not in the audit log)")],
        )


class MissingVersionError(StaleFormError):
    """A form posted without the version of the page it was drawn from: nothing
    was saved, as for a stale page (it may have been drawn before any change)."""

    def __init__(self, topic: Topic) -> None:
        UserError.__init__(
            self,
            _(
                "The form sent no version of %(what)s, so whether someone changed "
                "it since the page was drawn cannot be told. Nothing was saved: "
                "the page now shows it as it is; make your change again if it is "
                "still right."
            )
            % {"what": topic.name},
        )


def _describe(entry: AuditEntry, event: Event) -> str:
    who = entry.user.get_username() if entry.user else _("a command or an import")
    at = timezone.localtime(entry.at, event.zone)
    return _("%(who)s at %(time)s: %(detail)s") % {
        "who": who,
        "time": date_format(at, "H:i:s"),
        "detail": entry.detail,
    }


def require_current(
    event: Event, topic: Topic, version: str | None, state: object = None
) -> None:
    """Refuse a save made from a stale page: ``StaleFormError`` when ``version``
    (from ``form_version``) is not the version of ``topic``'s state now. Call it
    inside the transaction after locking ``event``; ``state``: the state now
    when the caller already has it. ``None`` (no page: a command) is not
    checked; ``""`` (a form sent without its version) raises
    ``MissingVersionError``."""
    if version is None:
        return
    if not version:
        raise MissingVersionError(topic)
    shown, _dash, seen = version.partition("-")
    now = topic.state(event) if state is None else state
    if shown == fingerprint(now):
        return
    try:
        since = int(seen)
    except ValueError:
        since = 0
    raise StaleFormError(event, topic, since)
