"""Who a check-in line is: the one identity rule of the check-in desk.

Words:

typed line
    One player typed at the round page (``DeskLine``): the name (or a badge
    number alone), the badge field, the player a suggestion was picked for (its
    id), and whether "New player" is ticked.
pasted line
    ``Name`` or ``Name, badge`` from a pasted list or the ``checkin`` command.
namesakes
    Players of the event whose names are the same once normalised (their name
    keys, ``heats.core.names``).
question
    ``SamePersonError`` (a UserError the page answers with the question, not an
    error message): a typed name that matches players of the event, with neither
    a pick, a badge nor "New player": the GM answers "the same person (#badge,
    heats played)" or "a new player"; the page never guesses.

The rule, typed and pasted alike: a badge identifies a player. A typed badge
is always obeyed: it belongs to a player of the same name (that player), to
someone of another name (refused, naming who has it), or to nobody (a new player
with that badge, even beside namesakes: an existing player is never given a
badge here). "New player" is always obeyed. Several namesakes and no badge are
never resolved to the first: the GM chooses.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from heats.core.errors import UserError
from heats.core.names import search_rank
from heats.models import Entry, EntryStatus, Player, RoundKind, normalise_name
from heats.services.players import PlayerDirectory
from heats.translate import listed


@dataclass(frozen=True)
class DeskLine:
    """A typed line (see the module's words): ``name``, ``badge`` ("" for none),
    ``player_id`` (the suggestion picked, None when typed) and ``new`` ("New
    player" ticked)."""

    name: str
    badge: str = ""
    player_id: int | None = None
    new: bool = False


@dataclass(frozen=True)
class Candidate:
    """A namesake the question offers: id, name, badge ("" for none), the
    numbers of the heats the player was checked in to (absences left out), and
    ``here``: checked in to the round of the question already, so not the
    person at the desk (the page offers that answer disabled)."""

    player_id: int
    name: str
    badge: str
    heats: tuple[int, ...]
    here: bool = False  # checked in to the round asked about already

    def __str__(self) -> str:
        """ "Ann Lee (#1204), heats 1, 2", in the reader's language."""
        badge = (
            _("%(name)s (#%(badge)s)") if self.badge else _("%(name)s (no badge)")
        ) % {"name": self.name, "badge": self.badge}
        if not self.heats:
            return _("%(player)s, no heat yet") % {"player": badge}
        played = ngettext(
            "%(player)s, heat %(heats)s", "%(player)s, heats %(heats)s", len(self.heats)
        )
        return played % {"player": badge, "heats": listed(self.heats)}


class SamePersonError(UserError):
    """The question (see the module's words): ``line`` as typed, ``candidates``
    the namesakes it matches, by name key then badge."""

    def __init__(self, line: DeskLine, candidates: list[Candidate]) -> None:
        self.line = line
        self.candidates = candidates
        super().__init__(
            _(
                "“%(name)s” is already a player of this event: the same person "
                "or a new player?"
            )
            % {"name": line.name},
            [str(c) for c in candidates],
        )


def candidates(players: list[Player], round_id: int | None = None) -> list[Candidate]:
    """``players`` (saved) as the question lists them, each with the heats they
    were checked in to and whether round ``round_id`` has them already: one
    query."""
    heats: dict[int, list[int]] = {p.pk: [] for p in players}
    here: set[int] = set()
    rows = (
        Entry.objects.filter(player_id__in=list(heats))
        .exclude(status=EntryStatus.ABSENT)
        .order_by("round__number")
        .values_list("player_id", "round_id", "round__kind", "round__number")
    )
    for pk, entry_round, kind, number in rows:
        if kind == RoundKind.HEAT:
            heats[pk].append(number)
        if entry_round == round_id:
            here.add(pk)
    ordered = sorted(players, key=lambda p: (p.name_key, p.badge))
    return [
        Candidate(p.pk, p.name, p.badge, tuple(heats[p.pk]), p.pk in here)
        for p in ordered
    ]


def typed_player(
    directory: PlayerDirectory, line: DeskLine, round_id: int | None = None
) -> Player:
    """The player of a typed ``line`` (the module's rule), planned in
    ``directory`` when new. Raises ``SamePersonError`` for a name matching players
    and nothing else said, UserError for a badge of someone else, a pick whose
    badge is not the one typed, or a second player of a name without a badge.
    ``round_id``: the round checked in to, for the question's ``here``."""
    if line.player_id is not None:
        return _picked(directory, line, line.player_id)
    if line.badge:
        return _badged(directory, line.name, line.badge)
    key = normalise_name(line.name)
    same = [p for p in directory.by_name.get(key, []) if p.pk is not None]
    if line.new:
        return _new_without_badge(directory, line.name)
    typed = line.name.strip().removeprefix("#")
    if typed in directory.by_badge:
        return directory.by_badge[typed]
    if same:
        raise SamePersonError(line, candidates(same, round_id))
    refuse_near_misses(directory, line.name)
    return directory.get_or_create(line.name)


def pasted_player(directory: PlayerDirectory, name: str, badge: str) -> Player:
    """The player of a pasted line (the module's rule): a known badge's player, a
    new player for an unknown badge, the only player of a name given alone, a
    new one when nobody has it. UserError for a badge of someone else, or a name
    alone shared by several players (each listed with badge and heats)."""
    if badge:
        return _badged(directory, name, badge)
    typed = name.strip().removeprefix("#")
    if typed in directory.by_badge:
        return directory.by_badge[typed]
    same = directory.by_name.get(normalise_name(name), [])
    if len(same) > 1:
        raise UserError(
            _(
                "Several players are called %(name)s: give a badge, or check "
                "them in one by one."
            )
            % {"name": repr(name)},
            [str(c) for c in candidates([p for p in same if p.pk is not None])],
        )
    return same[0] if same else directory.get_or_create(name)


def _picked(directory: PlayerDirectory, line: DeskLine, player_id: int) -> Player:
    """The player picked from the suggestions (``player_id``, the line's): one of
    the event's; a badge typed beside the pick must be theirs."""
    player = directory.event.players.filter(pk=player_id).first()
    if player is None:
        raise UserError(_("Unknown player."))
    if line.badge and line.badge != player.badge:
        raise UserError(
            _(
                "%(player)s was picked, but badge %(badge)s is not theirs: clear the "
                "badge, or tick “New player”."
            )
            % {"player": player, "badge": line.badge}
        )
    return player


def _badged(directory: PlayerDirectory, name: str, badge: str) -> Player:
    """The player of a typed or pasted badge: its owner when the names agree (or
    the name is the badge number itself), a new player when nobody has it."""
    badge = badge.strip()
    owner = directory.by_badge.get(badge)
    if owner is None:
        return directory.new(name, badge)
    same_name = owner.name_key == normalise_name(name)
    if not same_name and name.strip().removeprefix("#") != badge:
        raise UserError(
            _("Badge %(badge)s belongs to %(owner)s, not %(name)s.")
            % {"badge": badge, "owner": owner.name, "name": repr(name)}
        )
    return owner


def _new_without_badge(directory: PlayerDirectory, name: str) -> Player:
    """A new player without a badge; UserError when the event has one of that
    name without a badge already (a name alone could not tell them apart)."""
    plain = [p for p in directory.by_name.get(normalise_name(name), []) if not p.badge]
    if plain:
        raise UserError(
            _(
                "%(name)s, without a badge, is already a player of this event: type "
                "the new player's badge to tell them apart."
            )
            % {"name": plain[0].name}
        )
    return directory.new(name, "")


def refuse_near_misses(directory: PlayerDirectory, name: str) -> None:
    """UserError naming up to three players whose name ``name`` finds as the
    type-ahead does (``heats.core.names.search_rank``: "grossmann" finds
    Größmann), those starting with it first; nothing when none does."""
    ranked = [
        (rank, p.name_key, n, p)
        for n, p in enumerate(
            p for players in directory.by_name.values() for p in players
        )
        if (rank := search_rank(name, p.name)) is not None
    ]
    near = [p for *_order, p in sorted(ranked)]
    if near:
        raise UserError(
            _("Nothing was checked in: no player is called “%(name)s”.")
            % {"name": name},
            [
                _("Did you mean %(names)s? Pick from the list.")
                % {"names": or_list([str(p) for p in near[:3]])},
                _("Or tick “New player” to add “%(name)s”.") % {"name": name},
            ],
        )


def or_list(names: list[str]) -> str:
    """ "Ann or Bo or Cy", in the reader's language."""
    return _(" or ").join(names)
