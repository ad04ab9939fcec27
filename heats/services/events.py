"""Events and rounds: creating an event with its settings, finding an event and a
round by what a URL or a command says.
"""

from __future__ import annotations

import re
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from heats.core.errors import UserError
from heats.core.layout import semi_layout_problems
from heats.core.names import display_name
from heats.core.paper import paper_for_zone
from heats.core.storable import text_problem
from heats.models import (
    AuditAction,
    Event,
    Round,
    default_time_zone,
    max_length,
    model_field,
)
from heats.permissions import Actor, require_login
from heats.queries.rounds import find_round, parse_round_code
from heats.services.audit import log
from heats.translate import listed, sentences

SLUG = re.compile(r"[-a-zA-Z0-9_]{1,50}")


# The settings a GM chooses when creating an event and changes on its Settings
# page (tournament.md, Heats; Advancement, 1; Event formats: the format, ``hmw``
# or ``hmo``; Advancement, 2: the tie-break order, ``bpa`` or ``margin-die``;
# Time), besides its name and rules.
EVENT_SETTINGS = (
    "format",
    "tiebreaks",
    "language",
    "heat_minutes",
    "first_mark_minutes",
    "second_mark_minutes",
    "call_minutes",
    "seat_after_minutes",
    "min_late_table",
    "seating_policy",
    "timer_seconds",
    "late_timer_seconds",
    "semi_layouts",
    "time_zone",
    "paper",
)


@transaction.atomic
def create_event(
    slug: str,
    name: str,
    rules: str = "wbc",
    user: Actor = None,
    *,
    gm: User | None = None,
    settings: dict[str, Any] | None = None,
) -> Event:
    """Create an event; ``gm`` (a user, or None) becomes its first GM. tournament.md,
    Words.

    ``settings`` maps names of :data:`EVENT_SETTINGS` to values (an
    ``EventFormat``, minutes, seconds, a ``SeatingPolicy``); the rest keep the
    model's WBC defaults (format ``hmw``). UserError when the
    slug is not a slug (letters, digits, ``-`` and ``_``), the name is blank or
    holds text the database cannot store (a NUL, a surrogate), the slug is taken
    (also by a request saving it at the same moment), or a setting is out of range
    (one problem per field). The rule set name is checked by the caller, the
    results app, which knows the rule sets. Anonymous users are refused
    (``permissions.require_login``).
    """
    require_login(user)
    name = tidy_name(name)
    problem = name_problem(name)
    if problem and name:  # too long or not storable: said before the slug
        raise UserError(problem)
    if not SLUG.fullmatch(slug or ""):
        raise UserError(
            _(
                "%(slug)s cannot be an event's short name: use letters, digits, "
                "'-' and '_' only (it appears in the event's web address)."
            )
            % {"slug": repr(slug)}
        )
    if problem:
        raise UserError(problem)
    if Event.objects.filter(slug=slug).exists():
        raise UserError(_("An event %(slug)s already exists.") % {"slug": repr(slug)})
    event = Event(slug=slug, name=name, rules=rules, **_settings(settings or {}))
    _insert(event)
    log(
        event,
        user,
        AuditAction.EVENT,
        f"Created event {name!r} ({rules} rules, format {event.format}, "
        f"tie-breakers {event.tiebreaks})",
    )
    if gm is not None:
        event.gms.add(gm)
        log(event, user, AuditAction.STAFF, f"{gm.get_username()} is a GM", gm=gm.pk)
    return event


def tidy_name(name: str) -> str:
    """An event's name as saved, tidied as a player's name is
    (``heats.core.names.display_name``): NFC, invisible characters (direction
    overrides among them) removed, runs of white space folded to one space. A
    name the database cannot store (a NUL, a surrogate) is left for
    :func:`name_problem` to refuse, naming it."""
    return " ".join(name.split()) if text_problem(name) else display_name(name)


def name_problem(name: str) -> str | None:
    """What is wrong with an event's name (tidied, :func:`tidy_name`), or None:
    blank, over 200 characters, or text the database cannot store (a NUL, a
    surrogate: ``heats.core.storable``, the rule of every way in)."""
    if len(name) > max_length(Event, "name"):
        return _("The event's name is too long (200 characters at most).")
    if not name:
        return _("The event needs a name.")
    problem = text_problem(name)
    if not problem:
        return None
    return _("The event's name: %(problem)s.") % {"problem": problem}


def _insert(event: Event) -> None:
    """Save the new ``event``; UserError when its slug was saved meanwhile ("New
    event" pressed twice: no row to lock yet, so the unique slug decides, and on
    PostgreSQL the second insert waits for the first to commit)."""
    try:
        with transaction.atomic():
            event.save()
    except IntegrityError:
        if not Event.objects.filter(slug=event.slug).exists():
            raise
        raise UserError(
            _("An event %(slug)s already exists.") % {"slug": repr(event.slug)}
        ) from None


def _settings(values: dict[str, Any]) -> dict[str, Any]:
    """``values`` checked (see :func:`settings_problems`); UserError listing every
    bad field. Without a ``paper``, the paper of the event's time zone
    (``heats.core.paper.paper_for_zone``: Letter in the Americas, else A4)."""
    if not values.get("paper"):
        zone = values.get("time_zone") or default_time_zone()
        values = {**values, "paper": paper_for_zone(zone)}
    problems = settings_problems(values)
    if problems:
        raise UserError(_("The event's settings are not right."), problems)
    return values


def settings_problems(values: dict[str, Any]) -> list[str]:
    """What is wrong with settings ``values`` (names of :data:`EVENT_SETTINGS`;
    missing ones take the model's defaults), one line per field: types, ranges
    and choices of the Event model's fields (a format of ``EventFormat``, a heat
    of at most 120 minutes: tournament.md, Event formats), a known time zone, a
    late table of 4–6 players (tournament.md, Late arrivals), the clock marks in
    order: first < second < time called <= heat length (tournament.md, Heats),
    and semi layouts as ``{"25": [5, 5, 5, 5, 5], ...}`` whose tables of 4–6
    seat their size (``heats.core.layout.semi_layout_problems``). The event
    creation form, the Settings page and ``create_event`` all check with this."""
    unknown = sorted(set(values) - set(EVENT_SETTINGS))
    if unknown:
        return [_("Unknown event settings: %(names)s.") % {"names": listed(unknown)}]
    event = Event(slug="x", name="x", **values)
    problems: list[str] = []
    bad: set[str] = set()
    try:
        event.full_clean(validate_unique=False, validate_constraints=False)
    except ValidationError as exc:
        bad = set(exc.message_dict)
        problems = [
            _("%(field)s: %(problem)s") % {"field": _label(f), "problem": sentences(m)}
            for f, m in exc.message_dict.items()
        ]
    if "semi_layouts" not in bad:
        problems += _layout_problems(event.semi_layouts)
    if "min_late_table" not in bad and not 4 <= event.min_late_table <= 6:
        problems.append(
            _("%(field)s: 4, 5 or 6 players.") % {"field": _label("min_late_table")}
        )
    if not bad & set(MARKS):
        problems += _marks_problems([getattr(event, name) for name in MARKS])
    for name in ("timer_seconds", "late_timer_seconds"):
        if name not in bad and not 1 <= getattr(event, name) <= TIMER_MAX_SECONDS:
            problems.append(
                _("%(field)s: 1 to %(most)s seconds.")
                % {"field": _label(name), "most": TIMER_MAX_SECONDS}
            )
    if not bad & {"seat_after_minutes", "heat_minutes"} and not (
        0 <= event.seat_after_minutes <= event.heat_minutes
    ):
        problems.append(
            _("%(field)s: at most the heat's length (%(minutes)s minutes).")
            % {"field": _label("seat_after_minutes"), "minutes": event.heat_minutes}
        )
    return problems


# The slow-player timers run for minutes (tournament.md, Heats, Timer rule): an
# hour is far more than any table needs, and within what the database stores.
TIMER_MAX_SECONDS = 3600


# The clock marks in the order they come (tournament.md, Heats).
MARKS = ("first_mark_minutes", "second_mark_minutes", "call_minutes", "heat_minutes")


def _marks_problems(marks: list[int]) -> list[str]:
    if marks[0] < marks[1] < marks[2] <= marks[3]:
        return []
    return [
        _(
            "Clock marks: the first mark comes before the second, the second "
            "before time is called, and time is called at most at the heat's end "
            "(given %(first)s, %(second)s, %(call)s and %(end)s minutes)."
        )
        % {"first": marks[0], "second": marks[1], "call": marks[2], "end": marks[3]}
    ]


def _layout_problems(value: object) -> list[str]:
    """Problems of ``semi_layouts`` as JSON, each starting "Semi-final layouts"."""
    lead = _label("semi_layouts")
    if not isinstance(value, dict) or not all(
        isinstance(k, str) and k.isdecimal() and len(k) < 6 for k in value
    ):
        return [
            _("%(field)s: sizes (numbers of players) to lists of table sizes.")
            % {"field": lead}
        ]
    layouts = {}
    for size, tables in value.items():
        if not isinstance(tables, list) or not all(type(t) is int for t in tables):
            return [
                _("%(field)s: %(size)s players: a list of table sizes.")
                % {"field": lead, "size": size}
            ]
        layouts[int(size)] = tables
    return [
        _("%(field)s: %(problem)s") % {"field": lead, "problem": p}
        for p in semi_layout_problems(layouts)
    ]


# The Event fields' names as forms and messages show them, in the reader's
# language (the model's verbose names stay English: no migration).
SETTING_LABELS = {
    "name": gettext_lazy("Name"),
    "slug": gettext_lazy("Short name"),
    "rules": gettext_lazy("Rule set"),
    "format": gettext_lazy("Format"),
    "tiebreaks": gettext_lazy("Tie-breakers"),
    "language": gettext_lazy("Language"),
    "heat_minutes": gettext_lazy("Heat minutes"),
    "first_mark_minutes": gettext_lazy("First mark minutes"),
    "second_mark_minutes": gettext_lazy("Second mark minutes"),
    "call_minutes": gettext_lazy("Time called at (minutes)"),
    "seat_after_minutes": gettext_lazy("Seat after minutes"),
    "min_late_table": gettext_lazy("Min late table"),
    "seating_policy": gettext_lazy("Seating policy"),
    "timer_seconds": gettext_lazy("Timer seconds"),
    "late_timer_seconds": gettext_lazy("Late timer seconds"),
    "semi_layouts": gettext_lazy("Semi-final layouts"),
    "time_zone": gettext_lazy("Time zone"),
    "paper": gettext_lazy("Paper"),
}


def _label(field: str) -> str:
    if field in SETTING_LABELS:
        return str(SETTING_LABELS[field])
    return str(model_field(Event, field).verbose_name).capitalize()


def get_round(event: Event, code: str, *, create: bool = False) -> Round:
    """The round of ``event`` written as ``code`` ("2", "semi", "final").

    With ``create`` a missing round is created; otherwise UserError.
    """
    if not create:
        return find_round(event, code)
    kind, number = parse_round_code(code)
    return Round.objects.get_or_create(event=event, kind=kind, number=number)[0]
