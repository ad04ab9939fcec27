"""Event basics: the audit log, events, rounds, the player directory, absences.

Views and management commands are thin wrappers over these services (STYLE.md);
every change is written to the event's audit log with who and when.
"""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction

from heats.core.errors import UserError
from heats.core.rounds import RoundCode, RoundCodeError
from heats.models import (
    AuditEntry,
    Entry,
    EntryStatus,
    Event,
    Player,
    Round,
    assign_draw_keys,
    normalise_name,
)
from heats.permissions import require_login

SLUG = re.compile(r"[-a-zA-Z0-9_]{1,50}")


def log(event: Event, user, action: str, detail: str, **data) -> AuditEntry:
    """Record one change to ``event`` in its audit log (user may be None: a command)."""
    return AuditEntry.objects.create(
        event=event,
        user=user if getattr(user, "is_authenticated", False) else None,
        action=action,
        detail=detail,
        data=data,
    )


def log_many(
    event: Event, user, action: str, details: list[str], **data
) -> list[AuditEntry]:
    """Record several changes to ``event`` at once (one line each, e.g. one per
    player checked in), in one bulk insert plus one ordinary save.

    The last line is saved through ``log`` so that its ``post_save`` signal (which a
    bulk insert does not send) tells the public pages' cache of the new version.
    """
    if not details:
        return []
    who = user if getattr(user, "is_authenticated", False) else None
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
    rows = model.objects.select_for_update(no_key=True, of=("self",))
    rows = rows.filter(pk=obj.pk).order_by()
    if not list(rows.values_list("pk", flat=True)):
        raise model.DoesNotExist(f"{model.__name__} {obj.pk} no longer exists")
    obj.refresh_from_db()


def get_event(slug: str) -> Event:
    """The event with ``slug``; UserError naming the known events if there is none."""
    try:
        return Event.objects.get(slug=slug)
    except Event.DoesNotExist:
        known = ", ".join(Event.objects.values_list("slug", flat=True)) or "none yet"
        raise UserError(f"No event {slug!r} (known events: {known}).") from None


# The heat settings a GM may choose when creating an event (tournament.md, Heats).
EVENT_SETTINGS = (
    "heat_minutes",
    "first_mark_minutes",
    "second_mark_minutes",
    "call_minutes",
    "seat_after_minutes",
    "min_late_table",
    "seating_policy",
    "timer_seconds",
    "late_timer_seconds",
)


@transaction.atomic
def create_event(
    slug: str,
    name: str,
    rules: str = "wbc",
    user=None,
    *,
    gm=None,
    settings: dict | None = None,
) -> Event:
    """Create an event; ``gm`` (a user, or None) becomes its first GM. tournament.md,
    Words.

    ``settings`` maps names of :data:`EVENT_SETTINGS` to values (minutes, seconds,
    a ``SeatingPolicy``); the rest keep the model's WBC defaults. UserError when the
    slug is not a slug (letters, digits, ``-`` and ``_``), the name is blank, the
    slug is taken, or a setting is out of range (one problem per field). The rule
    set name is checked by the caller, the results app, which knows the rule
    sets. Anonymous users are refused (``permissions.require_login``).
    """
    require_login(user)
    name = " ".join(name.split())
    if len(name) > Event._meta.get_field("name").max_length:
        raise UserError("The event's name is too long (200 characters at most).")
    if not SLUG.fullmatch(slug or ""):
        raise UserError(
            f"{slug!r} cannot be an event's short name: use letters, digits, "
            "'-' and '_' only (it appears in the event's web address)."
        )
    if not name:
        raise UserError("The event needs a name.")
    if Event.objects.filter(slug=slug).exists():
        raise UserError(f"An event {slug!r} already exists.")
    event = Event(slug=slug, name=name, rules=rules, **_settings(settings or {}))
    event.save()
    log(event, user, "event", f"Created event {name!r} ({rules} rules)")
    if gm is not None:
        event.gms.add(gm)
        log(event, user, "staff", f"{gm.get_username()} is a GM", gm=gm.pk)
    return event


def _settings(values: dict) -> dict:
    """``values`` checked (see :func:`settings_problems`); UserError listing every
    bad field."""
    problems = settings_problems(values)
    if problems:
        raise UserError("The event's settings are not right.", problems)
    return values


def settings_problems(values: dict) -> list[str]:
    """What is wrong with heat settings ``values`` (missing ones take the model's
    defaults), one line per field: types and ranges of the Event model's fields,
    a late table of 4–6 players (tournament.md, Late arrivals), and the clock marks
    in order: first < second < time called <= heat length (tournament.md, Heats)."""
    unknown = sorted(set(values) - set(EVENT_SETTINGS))
    if unknown:
        return [f"Unknown event settings: {', '.join(unknown)}."]
    event = Event(slug="x", name="x", **values)
    try:
        event.full_clean(validate_unique=False, validate_constraints=False)
    except ValidationError as exc:
        return [f"{_label(f)}: {' '.join(m)}" for f, m in exc.message_dict.items()]
    problems = []
    if not 4 <= event.min_late_table <= 6:
        problems.append(f"{_label('min_late_table')}: 4, 5 or 6 players.")
    marks = (
        event.first_mark_minutes,
        event.second_mark_minutes,
        event.call_minutes,
        event.heat_minutes,
    )
    if not marks[0] < marks[1] < marks[2] <= marks[3]:
        problems.append(
            "Clock marks: the first mark comes before the second, the second "
            "before time is called, and time is called at most at the heat's end "
            f"(given {marks[0]}, {marks[1]}, {marks[2]} and {marks[3]} minutes)."
        )
    return problems


def _label(field: str) -> str:
    return str(Event._meta.get_field(field).verbose_name).capitalize()


def parse_round_code(code: str) -> tuple[str, int]:
    """``"2"`` -> ``("heat", 2)``; ``"semi"``/``"final"`` -> ``(kind, 1)``.

    Raises UserError for anything else.
    """
    try:
        parsed = RoundCode.parse(code)
    except RoundCodeError:
        raise UserError(
            f"Unknown round {code!r}: give a heat number, 'semi' or 'final'."
        ) from None
    return parsed.kind, parsed.number


def get_round(event: Event, code: str, *, create: bool = False) -> Round:
    """The round of ``event`` written as ``code`` ("2", "semi", "final").

    With ``create`` a missing round is created; otherwise UserError.
    """
    kind, number = parse_round_code(code)
    if create:
        return Round.objects.get_or_create(event=event, kind=kind, number=number)[0]
    try:
        return Round.objects.get(event=event, kind=kind, number=number)
    except Round.DoesNotExist:
        raise UserError(f"{event.slug} has no round {code!r} yet.") from None


class PlayerDirectory:
    """Finds an event's players by badge or name, and creates new ones on demand.

    A row with a badge is that badge's player; a row without one is the badge-less
    player of that name, else the only player of that name (formats.md, Results CSV).
    ``players`` (default: the event's, loaded) are the players to search; with
    ``saving=False`` new players and new badges stay unsaved (in ``created`` and
    ``badged``), for an import that plans before it writes.
    """

    def __init__(
        self, event: Event, players: list[Player] | None = None, *, saving=True
    ) -> None:
        self.event = event
        self.saving = saving
        self.by_badge: dict[str, Player] = {}
        self.by_name: dict[str, list[Player]] = {}
        self.created: list[Player] = []
        self.badged: list[Player] = []
        for player in event.players.all() if players is None else players:
            self._remember(player)

    def _remember(self, player: Player) -> None:
        if player.badge:
            self.by_badge[player.badge] = player
        self.by_name.setdefault(player.name_key, []).append(player)

    def find(self, name: str, badge: str = "") -> Player | None:
        """The existing player for ``name``/``badge``, or None."""
        if badge:
            return self.by_badge.get(badge.strip())
        same_name = self.by_name.get(normalise_name(name), [])
        plain = [p for p in same_name if not p.badge]
        if plain:
            return plain[0]
        return same_name[0] if len(same_name) == 1 else None

    def get_or_create(self, name: str, badge: str = "") -> Player:
        """The player for ``name``/``badge``, created (and remembered) if new.

        A new badge whose name matches exactly one player without a badge goes to
        that player (recorded in ``badged``), so the order in which a person's
        results arrive never makes two players of one.
        """
        player = self.find(name, badge)
        if player is None and badge:
            plain = [
                p for p in self.by_name.get(normalise_name(name), []) if not p.badge
            ]
            if len(plain) == 1:
                player = plain[0]
                player.badge = badge.strip()
                if self.saving:
                    player.save(update_fields=["badge"])
                self.by_badge[player.badge] = player
                self.badged.append(player)
        if player is None:
            player = self._create(name, badge)
        return player

    def save_planned(self) -> None:
        """Save the new badges (``badged``) and new players (``created``) a
        directory made with ``saving=False``: two statements whatever their number
        (SQLite splits a long bulk insert into batches). Raises IntegrityError when
        another transaction saved one of them meanwhile; the caller plans again.
        """
        badged = [p for p in self.badged if p.pk is not None]
        if badged:
            Player.objects.bulk_update(badged, ["badge"])
        assign_draw_keys(self.event.pk, self.created)
        Player.objects.bulk_create(self.created)
        if any(p.pk is None for p in self.created):
            # A database that does not return ids from a bulk insert.
            saved = {
                (p.badge, p.name_key if not p.badge else ""): p
                for p in self.event.players.all()
            }
            for player in self.created:
                found = saved[
                    (player.badge, player.name_key if not player.badge else "")
                ]
                player.pk, player._state.adding = found.pk, False

    def _create(self, name: str, badge: str) -> Player:
        """A new player, or the one saved meanwhile by another transaction (a
        check-in to another round, an import) under the same name or badge."""
        player = Player(event=self.event, name=" ".join(name.split()), badge=badge)
        player.badge, player.name_key = badge.strip(), normalise_name(name)
        if self.saving:
            try:
                with transaction.atomic():
                    player.save()
            except IntegrityError:
                same = self.event.players.filter(badge=player.badge)
                if not player.badge:
                    same = same.filter(name_key=player.name_key)
                player = same.get()
                self._remember(player)
                return player
        self._remember(player)
        self.created.append(player)
        return player


@transaction.atomic
def mark_absent(rnd: Round, player: Player, user=None) -> Entry:
    """Mark ``player`` absent from ``rnd``, never deleted (tournament.md, Adv., 9).

    Idempotent: an entry already absent is returned unchanged.
    """
    lock(rnd)
    entry, created = Entry.objects.get_or_create(
        round=rnd, player=player, defaults={"status": EntryStatus.ABSENT}
    )
    if not created and entry.status != EntryStatus.ABSENT:
        entry.status = EntryStatus.ABSENT
        entry.save(update_fields=["status"])
        created = True
    if created:
        log(rnd.event, user, "absent", f"{player} marked absent from {rnd.label}")
    return entry


# --- heats and check-in ------------------------------------------------------------
