"""Check-in: new heats, checking players in (typed, found, pasted), undo, search.

tournament.md, Heats: players check in; the count and the layout it gives are
always visible.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from heats import permissions
from heats.core.cells import restore
from heats.core.errors import UserError
from heats.core.names import display_name, search_forms
from heats.core.rounds import MAX_HEAT
from heats.core.storable import text_problem
from heats.models import (
    AuditAction,
    Entry,
    EntryStatus,
    Event,
    Player,
    Round,
    RoundKind,
    max_length,
    normalise_name,
)
from heats.permissions import (
    Actor,
)
from heats.queries.events import next_heat_number
from heats.queries.players import named
from heats.services.audit import (
    lock,
    log,
    log_many,
)
from heats.services.checkin_identity import (
    DeskLine,
    or_list,
    pasted_player,
    typed_player,
)
from heats.services.players import PlayerDirectory
from heats.translate import listed

# Tries of a check-in's player insert when another check-in saved one of its new
# players meanwhile: each try reads the players again.
PLAYER_TRIES = 3
# Rows of a check-in that reads only the players they can meet (``_directory``),
# not the whole event: a typed name at an event of 1,000 players.
FEW_ROWS = 20


@transaction.atomic
def open_heat(
    event: Event, number: int | None, user: Actor = None
) -> tuple[Round, bool]:
    """Create the event's next heat; ``(heat, True)``.

    "New heat" pressed twice, or by two GMs, opens one heat, whatever the page
    posted: under the event's lock, a heat that already exists is returned as
    ``(heat, False)`` and nothing is created when it is

    - heat ``number``, the heat the GM's page expected to create (its
      ``next_heat_number`` when drawn; None when a client sent none), or
    - the event's last heat while it is unused (nobody checked in, not seated,
      no clock started): a next heat waits until the last one has players.

    Raises NotAllowed unless ``user`` may create heats (permissions.CREATE_HEAT).
    """
    permissions.require(event, user, permissions.CREATE_HEAT)
    lock(event)
    heats = event.rounds.filter(kind=RoundKind.HEAT)
    existing = heats.filter(number=number).first() if number is not None else None
    if existing is None:
        existing = heats.order_by("-number").first()
        if existing is not None and not _unused(existing):
            existing = None
    if existing is not None:
        return existing, False
    return _create_heat(event, user), True


def _unused(rnd: Round) -> bool:
    """True while nobody is checked in to ``rnd`` and it was neither seated nor
    started: a "New heat" that made it made nothing a GM has used yet."""
    if rnd.seated_at or rnd.start_time:
        return False
    return not rnd.entries.exists() and not rnd.tables.exists()


def _create_heat(event: Event, user: Actor) -> Round:
    """Save and log the event's next heat (the caller holds the event's lock).
    UserError past heat ``MAX_HEAT`` (999: any number a convention runs,
    tournament.md, Event formats)."""
    number = next_heat_number(event)
    if number > MAX_HEAT:
        raise UserError(
            _("%(event)s has %(count)s heats: no more can be added.")
            % {"event": event.name, "count": MAX_HEAT}
        )
    rnd = Round.objects.create(event=event, kind=RoundKind.HEAT, number=number)
    log(event, user, AuditAction.ROUND, f"Created {rnd.label}", round=rnd.code)
    return rnd


@transaction.atomic
def create_heat(event: Event, user: Actor = None) -> Round:
    """Create the event's next heat (one more than the highest heat number),
    even after an unused one (a command's or a test's; the GM's button is
    :func:`open_heat`). NotAllowed unless ``user`` may create heats."""
    permissions.require(event, user, permissions.CREATE_HEAT)
    lock(event)
    return _create_heat(event, user)


def parse_name_list(text: str) -> list[tuple[str, str]]:
    """Pasted lines -> ``[(name, badge)]``: one name a line, ``Name, badge`` allowed.

    Blank lines are skipped; a line listed twice counts once. Names are display
    names (``heats.core.names``: NFC, invisible characters removed); a name copied from
    one of the app's CSV exports loses the apostrophe the export put before it
    (``heats.core.cells.restore``: "'-2" is "-2").
    """
    return [row for _line, row in numbered_name_list(text)]


def numbered_name_list(text: str) -> list[tuple[int, tuple[str, str]]]:
    """:func:`parse_name_list`'s rows, each with its line number in ``text``
    (1-based; a line listed twice: its first), for an error to name the line."""
    rows: dict[tuple[str, str], int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        name, _comma, badge = line.partition(",")
        row = (display_name(restore(name.strip())), badge.strip(" ,#\t"))
        if row[0]:
            rows.setdefault(row, number)
    return [(number, row) for row, number in rows.items()]


@dataclass
class CheckInReport:
    """What a check-in did: entries made (``late`` ones wait for a late table),
    players created on the spot, and players already checked in."""

    checked_in: list[Player] = field(default_factory=list)
    late: list[Player] = field(default_factory=list)
    created: list[Player] = field(default_factory=list)
    already: list[Player] = field(default_factory=list)
    similar: dict[str, list[str]] = field(default_factory=dict)

    def lines(self) -> list[str]:
        """One line per non-empty group, for a message or the console (in the
        reader's language)."""
        groups = [
            (_("Checked in: %(names)s"), self.checked_in),
            (_("Late, waiting for a late table: %(names)s"), self.late),
            (_("New players: %(names)s"), self.created),
            (_("Already checked in: %(names)s"), self.already),
        ]
        lines = [
            text % {"names": listed(players)} for text, players in groups if players
        ]
        lines += [
            _("New player “%(new)s”: did you mean %(old)s? If so, undo it.")
            % {"new": new, "old": or_list(old)}
            for new, old in self.similar.items()
        ]
        return lines


def similar_names(
    directory: PlayerDirectory, players: list[Player]
) -> dict[str, list[str]]:
    """For new players whose name starts another player's name as people type
    names ("Eden T" and "Eden Tamsin"; "Grossmann" and "Größmann",
    ``heats.core.names.search_forms``): ``{new name: [up to three existing
    names]}``, to catch a half-typed or differently spelled name; a new player
    with a badge is never taken for another player with a badge. Read from
    ``directory`` (the event's players, loaded once)."""
    everyone = [p for same in directory.by_name.values() for p in same]
    index = sorted(
        (form, n) for n, p in enumerate(everyone) for form in search_forms(p.name)
    )
    forms = [form for form, _n in index]
    found: dict[str, list[str]] = {}
    for player in players:
        others: dict[int, Player] = {}
        for typed in search_forms(player.name):
            at = bisect.bisect_left(forms, typed)
            while at < len(forms) and forms[at].startswith(typed):
                n = index[at][1]
                # Two badges tell two players apart (a badge is its player).
                if everyone[n] is not player and not (
                    player.badge and everyone[n].badge
                ):
                    others[n] = everyone[n]
                at += 1
        ordered = sorted(others.values(), key=_directory_order)
        names = [str(p) for p in ordered[:3]]
        if names:
            found[player.name] = names
    return found


def _directory_order(player: Player) -> tuple[str, str]:
    """Player's own ordering (``Meta.ordering``), for lists made in memory."""
    return player.name_key, player.badge


def _check_lengths(rows: list[tuple[str, str]]) -> None:
    """UserError listing every name or badge longer than a player holds, or
    holding text the database cannot store (a NUL, a surrogate)."""
    names = max_length(Player, "name")
    badges = max_length(Player, "badge")
    problems = [
        _("line %(line)s: the name is longer than %(most)s characters")
        % {"line": n, "most": names}
        for n, (name, _badge) in enumerate(rows, 1)
        if len(display_name(name)) > names  # as stored: NFC may lengthen it
    ]
    problems += [
        _("line %(line)s: the badge is longer than %(most)s characters")
        % {"line": n, "most": badges}
        for n, (_name, badge) in enumerate(rows, 1)
        if len(display_name(badge)) > badges
    ]
    unstorable = (
        _("line %(line)s: the name: %(problem)s"),
        _("line %(line)s: the badge: %(problem)s"),
    )
    problems += [  # heats.core.storable: what PostgreSQL cannot store
        pattern % {"line": n, "problem": problem}
        for n, row in enumerate(rows, 1)
        for pattern, text in zip(unstorable, row, strict=True)
        if (problem := text_problem(text))
    ]
    if problems:
        raise UserError(_("Nothing was checked in."), problems)


def _open_for_check_in(rnd: Round, user: Actor) -> None:
    """NotAllowed unless ``user`` may check players in; UserError for a
    semi-final or a final (their players are not checked in here)."""
    permissions.require(rnd.event, user, permissions.CHECK_IN)
    if rnd.kind == RoundKind.FINAL:
        raise UserError(
            _("The final is seated from the semi-final winners only: no check-in.")
        )
    if rnd.kind == RoundKind.SEMI:
        raise UserError(_("Check qualifiers in on the semi-final page."))


@transaction.atomic
def check_in(
    rnd: Round,
    rows: list[tuple[str, str]],
    user: Actor = None,
    lines: Sequence[int] = (),
) -> CheckInReport:
    """Check pasted ``(name, badge)`` rows in to ``rnd`` (a pasted list, the
    ``checkin`` command): who each row is follows the desk's rule
    (``checkin_identity.pasted_player``); unknown names and unknown badges become
    new players, an existing player is never given a badge.

    Before the round is seated an entry is "in"; after it, "late" (tournament.md,
    Heats, Late arrivals). An absent entry is checked in again. The round is locked
    and read again first (``core.lock``), so a check-in made while the round is
    being seated waits for it and counts as late. Raises UserError for a name
    shared by several players and no badge, or a badge of someone else; then
    nothing is saved, and the error says so and names the row's line
    (``lines``: each row's line number in the pasted text, else its position,
    as :func:`numbered_name_list` gives). New names that start existing ones are
    reported (``similar``).

    A constant number of statements whatever the number of rows: the players and
    the round's entries are read once, new players, entries and audit lines are
    inserted in bulk. A player another check-in saved meanwhile (PostgreSQL) makes
    the insert fail; then the players are read again and the rows matched again.
    """
    _open_for_check_in(rnd, user)
    _check_lengths(rows)
    lock(rnd)
    return _check_in_found(
        rnd, rows, user, lambda found: _pasted_players(found, rows, lines)
    )


def _pasted_players(
    directory: PlayerDirectory, rows: list[tuple[str, str]], lines: Sequence[int]
) -> list[Player]:
    """The player of each pasted row (``checkin_identity.pasted_player``). A
    row's UserError stops them all: the error says that none was checked in,
    names the row's line (``lines``, else its position) and keeps the row's
    own message and candidates below."""
    players = []
    for index, row in enumerate(rows):
        try:
            players.append(pasted_player(directory, *row))
        except UserError as exc:
            line = lines[index] if index < len(lines) else index + 1
            fields = {"count": len(rows), "line": line}
            raise UserError(
                ngettext(
                    "Nothing was saved: the %(count)s name pasted was not checked "
                    "in. Line %(line)s needs a fix (below); the pasted list is "
                    "kept: fix that line and press “Check in all” again.",
                    "Nothing was saved: none of the %(count)s names pasted was "
                    "checked in. Line %(line)s needs a fix (below); the pasted "
                    "list is kept: fix that line and press “Check in all” again.",
                    len(rows),
                )
                % fields,
                [_("line %(line)s: %(message)s") % {**fields, "message": exc.message}]
                + exc.problems,
            ) from exc
    return players


@transaction.atomic
def check_in_typed(rnd: Round, line: DeskLine, user: Actor = None) -> CheckInReport:
    """Check one typed ``line`` in to ``rnd`` (the round page's check-in form),
    as :func:`check_in` does a row; who it is follows the desk's rule
    (``checkin_identity.typed_player``). Raises ``SamePersonError`` (a UserError) when
    the name matches players and the GM said nothing else: the question, nothing
    saved; UserError for a badge of someone else, or a new name that is part of
    existing names without "New player" ticked."""
    _open_for_check_in(rnd, user)
    row = (line.name, line.badge)
    _check_lengths([row])
    lock(rnd)

    return _check_in_found(
        rnd, [row], user, lambda found: [typed_player(found, line, rnd.pk)]
    )


def _check_in_found(
    rnd: Round,
    rows: list[tuple[str, str]],
    user: Actor,
    find: Callable[[PlayerDirectory], list[Player]],
) -> CheckInReport:
    """Check in the players ``find`` gives for ``rows`` (the round locked): new
    ones saved first, read and matched again when another check-in saved one
    meanwhile (``PLAYER_TRIES``); then the entries, the report, the audit."""
    for attempt in range(1, PLAYER_TRIES + 1):
        directory = _directory(rnd.event, rows)
        players = find(directory)
        try:
            with transaction.atomic():
                directory.save_planned()
            break
        except IntegrityError:
            if attempt == PLAYER_TRIES:
                raise
    report = _save_entries(rnd, players)
    report.created = list(directory.created)
    report.similar = similar_names(directory, report.created)
    log_many(
        rnd.event,
        user,
        AuditAction.CHECK_IN,
        [f"{p} checked in to {rnd.label}" for p in report.checked_in + report.late],
    )
    return report


def _directory(event: Event, rows: list[tuple[str, str]]) -> PlayerDirectory:
    """The players a check-in of ``rows`` can meet, unsaved changes planned: for a
    few rows (a typed name, a short list) only those whose name a row's finds as
    people type names (its exact player, the near misses and similar names of
    ``checkin_identity`` and ``similar_names``; ``heats.queries.players.named``)
    or whose badge a row gives (two queries); for more, every player of the
    event (one query)."""
    if len(rows) > FEW_ROWS:
        return PlayerDirectory(event, saving=False)
    texts = [name for name, _badge in rows if normalise_name(name)]
    near = Q(pk__in=named(event, texts)) if texts else Q(pk__in=[])
    for name, badge in rows:
        for typed in {badge.strip(), name.strip().removeprefix("#")} - {""}:
            near |= Q(badge=typed)
    return PlayerDirectory(event, list(event.players.filter(near)), saving=False)


def _save_entries(rnd: Round, players: list[Player]) -> CheckInReport:
    """Check ``players`` in to the locked ``rnd``: new entries in one bulk insert,
    absent ones back in one update; a player listed twice or already in (or late)
    goes to ``already``. Three statements."""
    status = EntryStatus.LATE if rnd.seated_at else EntryStatus.CHECKED_IN
    saved = dict(rnd.entries.values_list("player_id", "status"))
    report = CheckInReport()
    new: list[int] = []  # player ids
    back: list[int] = []
    for player in players:
        if saved.get(player.pk, EntryStatus.ABSENT) != EntryStatus.ABSENT:
            report.already.append(player)
            continue
        (back if player.pk in saved else new).append(player.pk)
        saved[player.pk] = status
        (report.late if status == EntryStatus.LATE else report.checked_in).append(
            player
        )
    Entry.objects.bulk_create(
        Entry(round=rnd, player_id=pk, status=status) for pk in new
    )
    if back:
        rnd.entries.filter(player_id__in=back).update(status=status)
    return report


# --- seating -----------------------------------------------------------------------
