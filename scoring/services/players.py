"""Correcting who a player is: a name typed wrong, and one person checked in twice.

Words:

rename
    Give a player record another display name (and badge). The player keeps every
    check-in, seat and result; only the name changes.
merge
    Two player records that are one person ("Jon Smith" in heat 1, "John Smith" in
    heat 2): the *duplicate*'s check-ins, seats (and so results), keep-apart pairs and
    places on the GM's semi-final and final choices move to the *kept* player, and
    the duplicate is deleted. Refused when both were seated in the same round: one
    person cannot have played two tables of one heat, so one of them is someone
    else.
player id
    Advancement and the published lists (``PublishedEntry``) know players by id,
    so a corrected name shows corrected everywhere at once and is never read as
    one player losing a seat and another gaining it (tournament.md, Advancement,
    9); a merge moves the duplicate's published places to the person kept.
    Warnings and reasons written at publication keep their words. Die rolls
    follow ``Player.draw_key``, set when the player was created (Advancement, 7):
    a corrected typo never re-rolls a tie-break.

Player counts (participants, the half cap) and a double winner counting once
(tournament.md, Advancement, 1-2) assume one record per person; merging restores
that. Both actions are the GM's (``permissions.CORRECT_PLAYERS``), lock the event
(lock order: event first), and are written to the audit log with the old and new
names.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction

from heats.core.errors import UserError
from heats.core.names import display_name
from heats.models import (
    AuditAction,
    Entry,
    EntryStatus,
    Event,
    KeepApart,
    Player,
    Seat,
    max_length,
    normalise_name,
)
from heats.permissions import (
    Actor,
)
from heats.services.audit import (
    lock,
    log,
)
from scoring import permissions
from scoring.models import (
    FinalFill,
    ListPart,
    PublishedEntry,
    PublishedList,
    SemiFinalOverride,
)
from scoring.services.result_status import update_result_status

NAME_MAX = max_length(Player, "name")
BADGE_MAX = max_length(Player, "badge")


def _lock_player(event: Event, player: Player) -> None:
    """Lock ``player``'s row; UserError when it is gone (merged or removed by
    another GM since the page was drawn) or belongs to another event."""
    try:
        lock(player)
    except Player.DoesNotExist:
        raise UserError(
            f"{player} is no longer a player record (merged or removed meanwhile): "
            "nothing changed."
        ) from None
    if player.event_id != event.pk:
        raise UserError("Unknown player.")


def _clash(event: Event, player: Player, name: str, badge: str) -> Player | None:
    """Another player the database would take for the same person."""
    others = Player.objects.filter(event=event).exclude(pk=player.pk)
    if badge:
        return others.filter(badge=badge).first()
    return others.filter(name_key=normalise_name(name), badge="").first()


@transaction.atomic
def rename_player(
    event: Event,
    player: Player,
    name: str,
    badge: str | None = None,
    user: Actor = None,
) -> Player:
    """Correct ``player``'s name (and badge, when ``badge`` is not None).

    ``name`` is tidied as at check-in (``heats.core.names.display_name``). Raises
    ``NotAllowed`` unless ``user`` may ``CORRECT_PLAYERS``; ``UserError`` for an
    empty or too long name or badge, or when another player already has that name
    (without badges) or that badge: merge them instead; or when ``player`` is
    no longer a record (merged meanwhile). Returns the player as saved.
    """
    permissions.require(event, user, permissions.CORRECT_PLAYERS)
    lock(event)
    _lock_player(event, player)
    new_name = display_name(name or "")
    new_badge = player.badge if badge is None else display_name(badge)
    if not new_name:
        raise UserError("The new name is empty.")
    if len(new_name) > NAME_MAX or len(new_badge) > BADGE_MAX:
        raise UserError(
            f"A name holds at most {NAME_MAX} characters and a badge {BADGE_MAX}."
        )
    if (new_name, new_badge) == (player.name, player.badge):
        raise UserError(f"{player} already has that name and badge: nothing changed.")
    clash = _clash(event, player, new_name, new_badge)
    if clash is not None:
        raise UserError(
            f"{clash} already has that {'badge' if new_badge else 'name'}: if they "
            f"are one person, merge {player} into {clash} instead."
        )
    old = str(player)
    player.name, player.badge = new_name, new_badge
    player.save()
    log(
        event,
        user,
        AuditAction.RENAME,
        f"Renamed {old} to {player}",
        player=player.pk,
        old=old,
        new=str(player),
    )
    return player


def _rounds_of(seats: Iterable[Seat]) -> dict[int, Seat]:
    return {seat.round_id: seat for seat in seats}


def _refuse_shared_rounds(kept: Player, duplicate: Player) -> None:
    """UserError naming the rounds where both were seated."""
    mine = _rounds_of(Seat.objects.filter(player=kept).select_related("table__round"))
    theirs = _rounds_of(
        Seat.objects.filter(player=duplicate).select_related("table__round")
    )
    both = sorted(set(mine) & set(theirs))
    if both:
        where = "; ".join(
            f"{mine[r].table.round.label}: {kept} at table {mine[r].table.number}, "
            f"{duplicate} at table {theirs[r].table.number}"
            for r in both
        )
        raise UserError(
            f"{kept} and {duplicate} were both seated in the same round ({where}): "
            "one person has one seat in a round, so they are two people."
        )


# A person checked in under two names is as present as their most present record.
PRESENCE: dict[str, int] = {
    EntryStatus.CHECKED_IN: 2,
    EntryStatus.LATE: 1,
    EntryStatus.ABSENT: 0,
}


def _move_entries(kept: Player, duplicate: Player) -> None:
    """The duplicate's check-ins go to ``kept``. In a round where both are checked
    in, the seated one's entry stays; when neither is seated, the more present one
    (checked in, then late, then absent; the kept one's on a par): a winner marked
    absent who checked in again under a new spelling is present."""
    seated = set(Seat.objects.filter(player=duplicate).values_list("round", flat=True))
    kept_seated = set(Seat.objects.filter(player=kept).values_list("round", flat=True))
    kept_entries = {e.round_id: e for e in Entry.objects.filter(player=kept)}
    for entry in Entry.objects.filter(player=duplicate):
        mine = kept_entries.get(entry.round_id)
        if mine is not None:
            more_present = PRESENCE.get(entry.status, 0) > PRESENCE.get(mine.status, 0)
            if entry.round_id in kept_seated or not (
                entry.round_id in seated or more_present
            ):
                entry.delete()
                continue
            mine.delete()
        entry.player = kept
        entry.save(update_fields=["player"])


def _move_pairs(event: Event, kept: Player, duplicate: Player) -> None:
    """Keep-apart pairs of the duplicate become the kept player's (no self-pairs,
    no pair twice)."""
    pairs = KeepApart.objects.filter(event=event)
    existing = {
        frozenset((a, b))
        for a, b in pairs.exclude(player_a=duplicate)
        .exclude(player_b=duplicate)
        .values_list("player_a", "player_b")
    }
    for pair in pairs.filter(player_a=duplicate) | pairs.filter(player_b=duplicate):
        other = (
            pair.player_b_id if pair.player_a_id == duplicate.pk else pair.player_a_id
        )
        if other == kept.pk or frozenset((kept.pk, other)) in existing:
            pair.delete()
            continue
        existing.add(frozenset((kept.pk, other)))
        pair.player_a_id, pair.player_b_id = kept.pk, other
        pair.save(update_fields=["player_a", "player_b"])


def _move_published(event: Event, kept: Player, duplicate: Player) -> int:
    """The duplicate's places on published lists become the kept player's: one
    row of the person per part of each list (the first in list order), and no
    next-alternate row once a qualifier. Returns the lists changed."""
    lists = 0
    for published in PublishedList.objects.filter(
        event=event, entries__player=duplicate
    ).distinct():
        entries = list(published.entries.filter(player__in=(kept, duplicate)))
        seated = any(e.part == ListPart.QUALIFIERS for e in entries)
        first: dict[str, PublishedEntry] = {}
        for entry in sorted(entries, key=lambda e: (e.part, e.position)):
            repeat = entry.part in first or (
                seated and entry.part == ListPart.NEXT_ALTERNATES
            )
            if repeat:
                entry.delete()
                continue
            first[entry.part] = entry
            if entry.player_id != kept.pk:
                entry.player = kept
                entry.save(update_fields=["player"])
        lists += 1
    return lists


def _move_choices(event: Event, kept: Player, duplicate: Player) -> None:
    """The GM's added semi-finalists and final fills name ``kept`` instead."""
    for model in (SemiFinalOverride, FinalFill):
        for choice in model.objects.filter(event=event, added=duplicate):
            choice.added.remove(duplicate)
            choice.added.add(kept)


@transaction.atomic
def merge_players(
    event: Event, kept: Player, duplicate: Player, user: Actor = None
) -> Player:
    """Make ``duplicate`` part of ``kept`` (see "merge") and delete it.

    ``kept`` keeps its name; it takes the duplicate's badge when it has none.
    Raises ``NotAllowed`` unless ``user`` may ``CORRECT_PLAYERS``; ``UserError``
    when both are the same record, belong to another event, are no longer
    records (another GM merged one of them meanwhile), or were seated in the
    same round. Returns ``kept`` as saved.
    """
    permissions.require(event, user, permissions.CORRECT_PLAYERS)
    lock(event)
    if kept.pk == duplicate.pk:
        raise UserError("Choose two different players to merge.")
    for player in sorted((kept, duplicate), key=lambda p: p.pk):
        _lock_player(event, player)
    _refuse_shared_rounds(kept, duplicate)
    gone = str(duplicate)
    rounds = duplicate.entries.count()
    _move_entries(kept, duplicate)
    Seat.objects.filter(player=duplicate).update(player=kept)
    _move_pairs(event, kept, duplicate)
    _move_choices(event, kept, duplicate)
    lists = _move_published(event, kept, duplicate)
    update_result_status(
        Seat.objects.filter(player=kept).values_list("table_id", flat=True)
    )
    badge = duplicate.badge
    duplicate.delete()
    if not kept.badge and badge:
        kept.badge = badge
        kept.save()
    log(
        event,
        user,
        AuditAction.MERGE,
        f"Merged {gone} into {kept} ({rounds} round(s) moved)"
        + (f"; published lists updated: {lists}" if lists else ""),
        player=kept.pk,
        merged=gone,
    )
    return kept
