"""The semi-final list the GM posts: overrides and publication.

Words (tournament.md, Advancement, 5 and 9):
- *override*: the GM's own semi-final size or players added to the list; the page
  always shows the recommendation beside it;
- *published list*: the list as the GM posted it; the public sees it until the GM
  publishes again. A score corrected afterwards recomputes the list; who gains or
  loses a seat is shown to the GM, who confirms by publishing the new list.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction

from heats import permissions
from heats.core.errors import UserError
from heats.models import Event, Player
from heats.services import log
from scoring.core import advancement
from scoring.models import PublishedList, SemiFinalOverride
from scoring.services import require_no_held_heats

# The parts of a list the public reads: who is on it, in call order, and why.
LIST_PARTS = ("qualifiers", "alternates", "next_alternates")


@dataclass(frozen=True)
class ListChanges:
    """Players who gain or lose a seat against the published list, in list order;
    ``revised``: players who keep their part of the list (seat or next
    alternate) but whose place in the call order or reason (a percentage) is no
    longer what was published."""

    gains: list[str]
    losses: list[str]
    revised: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.gains or self.losses or self.revised)


def _reasons(data: dict) -> dict[tuple[str, str], str]:
    """``{(part, player): reason}`` of a list's JSON (``Advancement.to_json``);
    an alternate's reason carries its call number ("alternate 9: ...")."""
    return {
        (part, row["player"]): row["reason"]
        for part in LIST_PARTS
        for row in data.get(part, [])
    }


def latest_published(event: Event) -> PublishedList | None:
    """The list the public sees, or None before the first publication."""
    return PublishedList.objects.filter(event=event).first()


def changes(published: PublishedList | None, result: advancement.Advancement):
    """Who gains or loses a seat if ``result`` replaced ``published``, and who
    keeps their part of the list with another reason or call number (``revised``):
    any of them means the published list is no longer the live one."""
    if published is None:
        return ListChanges([], [])
    old = published.qualifiers
    new = [q.player for q in result.qualifiers]
    gains = [p for p in new if p not in old]
    losses = [p for p in old if p not in new]
    before = _reasons(published.data)
    moved = set(gains) | set(losses)
    revised: list[str] = []
    for (part, player), reason in _reasons(result.to_json()).items():
        if player not in moved and player not in revised:
            if before.get((part, player)) != reason:
                revised.append(player)
    return ListChanges(gains=gains, losses=losses, revised=revised)


@transaction.atomic
def publish(event: Event, result: advancement.Advancement, user=None) -> PublishedList:
    """Publish ``result`` as the event's semi-final list; the old one stays as
    history. Logs who gains and loses a seat against the previous list.

    UserError while a heat table's results are being checked
    (``scoring.services.held_tables``): the list would make them public.
    """
    permissions.require(event, user, permissions.RUN_SEMI_FINAL)
    require_no_held_heats(event, "publishing the semi-final list")
    previous = latest_published(event)
    diff = changes(previous, result)
    published = PublishedList.objects.create(
        event=event,
        data=result.to_json(),
        published_by=user if getattr(user, "is_authenticated", False) else None,
    )
    detail = f"Published the semi-final list ({len(result.qualifiers)} players)"
    if diff:
        detail += (
            f"; gains a seat: {', '.join(diff.gains) or 'nobody'}; "
            f"loses a seat: {', '.join(diff.losses) or 'nobody'}"
        )
    log(event, user, "publish", detail, gains=diff.gains, losses=diff.losses)
    return published


@transaction.atomic
def set_override(
    event: Event, size: int | None, added: list[Player], user=None
) -> SemiFinalOverride:
    """Save the GM's semi-final size (None: recommended) and added players.

    UserError for a size the event has no layout for, or a player of another event.
    """
    permissions.require(event, user, permissions.RUN_SEMI_FINAL)
    layouts = event.semi_layout_map()
    if size is not None and size not in layouts:
        sizes = ", ".join(str(s) for s in sorted(layouts))
        raise UserError(f"No semi-final layout for {size} players (sizes: {sizes}).")
    if any(p.event_id != event.pk for p in added):
        raise UserError("Only players of this event can be added to its list.")
    override, _ = SemiFinalOverride.objects.get_or_create(event=event)
    override.size = size
    override.updated_by = user if getattr(user, "is_authenticated", False) else None
    override.save()
    override.added.set(added)
    names = ", ".join(str(p) for p in added) or "nobody"
    log(
        event,
        user,
        "override",
        f"Semi-final override: size {size or 'as recommended'}; added {names}",
    )
    return override
