"""Results services for the event itself: a new event whose rule set the rules
engine knows (``new_event``), its settings changed (``edit_event``) and its
deletion (``remove_event``).

Load rows, call the pure code, save inside ``transaction.atomic``
(docs/architecture.md). Management commands and pages share these.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from heats.core.errors import UserError
from heats.models import Event
from heats.permissions import Actor
from heats.services.audit import lock
from heats.services.event_admin import update_settings
from heats.services.events import create_event
from scoring.core.medici.rulesets import RuleSetError, get_ruleset
from scoring.models import SemiFinalOverride
from scoring.permissions import DELETE_EVENT, EDIT_SETTINGS, require
from scoring.services.transfer import delete_event

logger = logging.getLogger(__name__)


def new_event(
    slug: str, name: str, rules: str = "wbc", user: Actor = None, **options: Any
) -> Event:
    """Create an event whose rule set the rules engine knows (rules.md, Rule sets);
    ``options`` (``gm``, ``settings``) as for ``heats.services.create_event``.

    UserError for an unknown rule set, a bad slug, a blank name, a taken slug or
    bad settings.
    """
    try:
        get_ruleset(rules)
    except RuleSetError as exc:
        raise UserError(str(exc)) from None
    return create_event(slug, name, rules, user, **options)


def edit_event(
    event: Event, values: dict[str, Any], user: Actor = None, version: str | None = None
) -> list[str]:
    """Change the settings of ``event`` (``heats.services.update_settings``;
    returns its lines), once the rule set is one the rules engine knows and the
    GM's semi-final override keeps a layout of its size.

    UserError for an unknown rule set, a semi layout removed while the override
    uses its size, or as ``update_settings``; ``NotAllowed`` unless ``user`` is
    a GM of the event.
    """
    require(event, user, EDIT_SETTINGS)
    with transaction.atomic():
        lock(event)
        if "rules" in values:
            try:
                get_ruleset(values["rules"])
            except RuleSetError as exc:
                raise UserError(str(exc)) from None
        override = SemiFinalOverride.objects.filter(event=event).first()
        layouts = values.get("semi_layouts")
        if override and override.size and layouts is not None:
            if str(override.size) not in layouts:
                raise UserError(
                    "The event's settings were not changed.",
                    [
                        f"Semi-final layouts: the semi-final override uses "
                        f"{override.size} players; keep that layout, or change "
                        "the override first."
                    ],
                )
        return update_settings(event, values, user, version)


class EventGoneError(UserError):
    """The event to delete is no longer there: another press (or another GM)
    deleted it first. Nothing to do; the message says so."""

    def __init__(self, slug: str) -> None:
        super().__init__(
            gettext("The event %(slug)s was deleted already: nothing more to delete.")
            % {"slug": slug}
        )


def remove_event(event: Event, typed_slug: str, user: Actor = None) -> str:
    """Delete ``event`` and everything of it (rounds, players, results, its
    audit log too) once ``typed_slug`` is its short name; returns its name.
    For a test event: nothing of it can be restored.

    UserError when ``typed_slug`` is not the slug (nothing deleted);
    ``EventGoneError`` when another press deleted it first (decided under the event's
    row lock); ``NotAllowed`` unless ``user`` is a GM of the event.
    """
    require(event, user, DELETE_EVENT)
    if typed_slug.strip() != event.slug:
        raise UserError(
            f"Nothing was deleted: type the event's short name, {event.slug}, "
            "to confirm."
        )
    with transaction.atomic():
        try:
            lock(event)
        except Event.DoesNotExist:
            raise EventGoneError(event.slug) from None
        name = event.name
        delete_event(event)
    logger.info("Event %s (%r) deleted by %s", event.slug, name, user)
    return name
