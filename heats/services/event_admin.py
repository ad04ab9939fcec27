"""An event's upkeep by its GMs: its settings changed, the event archived and
restored, an empty heat deleted.

Words:

settings
    Everything a GM chose when creating the event but its short name: its name,
    rule set and :data:`~heats.services.events.EVENT_SETTINGS` (heat length and
    marks, seating policy, late-table minimum, timers, semi layouts, time zone).
    Checked as on creation (``events.settings_problems``, ``events.name_problem``);
    each change is one audit entry with the old and the new value.
archived
    Left off the public list of events (``Event.archived``); the event's pages
    still answer and say so, and its GMs restore it from its Settings page.
empty heat
    A heat nobody is checked in to, without tables or seats: one "New heat"
    too many, which a GM may delete.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from heats import permissions
from heats.core.errors import UserError
from heats.core.layout import format_semi_layouts
from heats.models import (
    AuditAction,
    Event,
    Round,
    RoundKind,
    model_field,
)
from heats.permissions import (
    Actor,
)
from heats.queries.versions import (
    Topic,
    require_current,
)
from heats.services.audit import lock, log
from heats.services.events import (
    EVENT_SETTINGS,
    SETTING_LABELS,
    name_problem,
    settings_problems,
    tidy_name,
)
from heats.translate import listed

EDITABLE = ("name", "rules", *EVENT_SETTINGS)
"""The fields the Settings page changes, in the order it shows them."""


def settings_of(event: Event) -> dict[str, Any]:
    """The event's settings as the Settings page shows them: ``{field: value}``
    for every name of :data:`EDITABLE` (JSON-ready)."""
    return {name: getattr(event, name) for name in EDITABLE}


SETTINGS = Topic(
    gettext_lazy("the event's settings"), settings_of, (AuditAction.SETTINGS,)
)
"""The settings as the Settings page's form shows them (``versions``)."""


@transaction.atomic
def update_settings(
    event: Event,
    values: dict[str, Any],
    user: Actor = None,
    version: str | None = None,
) -> list[str]:
    """Change the settings of ``event`` to ``values`` (``{field: value}``, names
    of :data:`EDITABLE`; missing ones stay); returns one line per change, "Heat
    minutes: 55 → 60" (in the reader's language), each also an audit entry
    (action ``"settings"``, with ``field``, ``old`` and ``new``; in English, as
    every audit entry). Nothing changed: an empty list.

    UserError listing every problem, checked as on creation (a blank or
    unstorable name, a setting out of range, clock marks out of order, a bad
    semi layout or time zone); the rule set's name is checked by the caller,
    the results app, which knows the rule sets. ``StaleFormError`` when the
    settings changed since ``version`` (``form_version(event, SETTINGS)``);
    ``NotAllowed`` unless ``user`` is a GM.
    """
    permissions.require(event, user, permissions.EDIT_SETTINGS)
    lock(event)
    before = settings_of(event)
    require_current(event, SETTINGS, version, before)
    after = _checked({**before, **values})
    changed = [name for name in EDITABLE if after[name] != before[name]]
    if not changed:
        return []
    for name in changed:
        setattr(event, name, after[name])
    event.save(update_fields=changed)
    lines = []
    for name in changed:
        old, new = _shown(name, before[name]), _shown(name, after[name])
        line = f"{_label(name)}: {old} → {new}"
        log(
            event,
            user,
            AuditAction.SETTINGS,
            line,
            field=name,
            old=before[name],
            new=after[name],
        )
        lines.append(
            _("%(field)s: %(old)s → %(new)s")
            % {"field": SETTING_LABELS[name], "old": old, "new": new}
        )
    return lines


def _checked(values: dict[str, Any]) -> dict[str, Any]:
    """``values`` with the name tidied; UserError listing every problem."""
    unknown = sorted(set(values) - set(EDITABLE))
    if unknown:
        raise UserError(
            _("Unknown event settings: %(names)s.") % {"names": listed(unknown)}
        )
    values = {**values, "name": tidy_name(str(values["name"]))}
    problem = name_problem(values["name"])
    problems = [problem] if problem else []
    problems += settings_problems({n: values[n] for n in EVENT_SETTINGS})
    if problems:
        raise UserError(_("The event's settings were not changed."), problems)
    return values


def _label(name: str) -> str:
    """A setting's name as the audit log says it (English)."""
    if name == "semi_layouts":
        return "Semi-final layouts"
    return str(model_field(Event, name).verbose_name).capitalize()


def _shown(name: str, value: object) -> str:
    """A setting's value as the audit log says it."""
    if name == "semi_layouts" and isinstance(value, dict):
        layouts = {int(size): tables for size, tables in value.items()}
        return format_semi_layouts(layouts).replace("\n", "; ")
    return str(value)


@transaction.atomic
def set_archived(event: Event, archived: bool, user: Actor = None) -> bool:
    """Archive ``event`` (``archived=True``: off the public list of events) or
    restore it; True when that changed it, False when it already was so (a
    second press). Logged (action ``"archive"``). ``NotAllowed`` unless
    ``user`` is a GM of the event."""
    permissions.require(event, user, permissions.ARCHIVE_EVENT)
    lock(event)
    if event.archived == archived:
        return False
    event.archived = archived
    event.save(update_fields=["archived"])
    what = "Archived the event" if archived else "Restored the event"
    log(event, user, AuditAction.ARCHIVE, what, archived=archived)
    return True


@transaction.atomic
def delete_heat(rnd: Round, user: Actor = None) -> None:
    """Delete the heat ``rnd`` while nobody is checked in to it and it has no
    table or seat (a heat created by mistake); logged (action ``"round"``).

    UserError for the semi-final or final, or a heat with entries (checked in,
    late or absent), tables or seats: undo its check-ins first. ``NotAllowed``
    unless ``user`` is a GM of the event.
    """
    event = rnd.event
    permissions.require(event, user, permissions.DELETE_HEAT)
    lock(event)
    lock(rnd)
    if rnd.kind != RoundKind.HEAT:
        # One whole sentence per round kind: "the %(round)s" would need the
        # word lower-cased in English and an article in German and French.
        raise UserError(
            _("Only a heat can be deleted, not the semi-final.")
            if rnd.kind == RoundKind.SEMI
            else _("Only a heat can be deleted, not the final.")
        )
    entries = rnd.entries.count()
    if entries:
        raise UserError(
            ngettext(
                "%(round)s was not deleted: %(count)s player is checked in to it "
                "(or marked late or absent). Only a heat nobody is checked in to "
                "can be deleted.",
                "%(round)s was not deleted: %(count)s players are checked in to it "
                "(or marked late or absent). Only a heat nobody is checked in to "
                "can be deleted.",
                entries,
            )
            % {"round": rnd.label, "count": entries}
        )
    if rnd.tables.exists() or rnd.seats.exists():
        raise UserError(
            _("%(round)s was not deleted: it has tables.") % {"round": rnd.label}
        )
    label = rnd.label
    rnd.delete()
    log(event, user, AuditAction.ROUND, f"Deleted {label}", round=rnd.code)
