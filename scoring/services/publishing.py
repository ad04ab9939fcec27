"""The semi-final list the GM posts: overrides and publication.

Words (tournament.md, Advancement, 5 and 9):
- *override*: the GM's own semi-final size or players added to the list; the page
  always shows the recommendation beside it;
- *published list*: the list as the GM posted it; the public sees it until the GM
  publishes again. A score corrected afterwards recomputes the list; who gains or
  loses a seat is shown to the GM, who confirms by publishing the new list;
- *automatic publication*: an event setting (off by default) with which a
  presence save or a change of results publishes the list again by itself,
  once it has been published.
"""

from __future__ import annotations

import json
from collections.abc import (
    Iterable,
)
from typing import (
    Any,
    cast,
)

from django.db import transaction
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from heats.core import message
from heats.core.errors import UserError
from heats.models import (
    AuditAction,
    Event,
    Player,
)
from heats.permissions import (
    Actor,
)
from heats.queries.versions import (
    Topic,
    require_current,
)
from heats.services.audit import (
    acting_user,
    lock,
    log,
)
from heats.translate import listed
from scoring import permissions
from scoring.core import advancement
from scoring.core.sizes import WINNERS_PRESENT
from scoring.models import (
    OVERRIDE_REASON_MAX,
    PublishedEntry,
    PublishedList,
    SemiFinalOverride,
    SemiListSettings,
)
from scoring.queries.event_results import event_advancement, require_no_held_heats
from scoring.queries.published import (
    FINISH,
    PARTS,
    _result_rows,
    auto_publish_on,
    changes,
    latest_published,
    list_state,
)


def _override_state(event: Event) -> dict[str, Any]:
    current = SemiFinalOverride.objects.filter(event=event).first()
    if current is None:
        return {"size": None, "added": []}
    added = sorted(current.added.values_list("pk", flat=True))
    size = WINNERS_PRESENT if current.winners_present else current.size
    return {"size": size, "added": added, "reason": current.reason}


OVERRIDE = Topic(_("the semi-final override"), _override_state, (AuditAction.OVERRIDE,))
"""The override as the semi-final page's override form shows it."""
SEMI_LIST = Topic(
    _("the semi-final list"), lambda event: list_state(event_advancement(event))
)
"""The live list the "Publish" button publishes (any change may move it)."""


@transaction.atomic
def publish(
    event: Event,
    result: advancement.Advancement | None = None,
    user: Actor = None,
    version: str | None = None,
) -> PublishedList | None:
    """Publish ``result`` (default: the live list, worked out under the event's
    lock) as the event's semi-final list; the old one stays as history. Logs who
    gains and loses a seat against the previous list.

    None, and nothing published, when ``result`` is the latest published list
    as it stands (entries and the rest of its data): "Publish" pressed twice, or
    by two GMs, publishes once; the event's lock orders the presses. UserError
    while a heat table's results are being checked
    (``scoring.queries.event_results.held_tables``): the list would make them public.
    ``StaleFormError`` when the live list is no longer the one the GM's page
    showed (``version``, from ``form_version(event, SEMI_LIST, ...)``).
    """
    permissions.require(event, user, permissions.RUN_SEMI_FINAL)
    lock(event)
    require_no_held_heats(event, "publishing the semi-final list")
    if result is None:
        result = event_advancement(event)
    require_current(event, SEMI_LIST, version, list_state(result))
    return _publish(event, result, user)


def _publish(
    event: Event, result: advancement.Advancement, user: Actor, how: str = ""
) -> PublishedList | None:
    """Save ``result`` as the event's published list (the caller holds the
    event's lock); None when it is the latest published list as it stands.
    ``how`` ends the audit line (" automatically")."""
    previous = latest_published(event)
    data = _list_data(result)
    entries = _entries(result)
    if previous is not None and _same(previous, data, entries):
        return None
    diff = changes(previous, result)
    published = PublishedList.objects.create(
        event=event, data=data, published_by=acting_user(user)
    )
    for entry in entries:
        entry.published_list = published
    PublishedEntry.objects.bulk_create(entries)
    detail = f"Published the semi-final list{how} ({len(result.qualifiers)} players)"
    if diff:
        detail += (
            f"; gains a seat: {', '.join(diff.gains) or 'nobody'}; "
            f"loses a seat: {', '.join(diff.losses) or 'nobody'}"
        )
    log(event, user, AuditAction.PUBLISH, detail, gains=diff.gains, losses=diff.losses)
    return published


AUTO_PUBLISH = Topic(
    _("the automatic publication of the semi-final list"),
    auto_publish_on,
    (AuditAction.AUTO_PUBLISH,),
)
"""The setting as the semi-final page's checkbox shows it."""


def publish_automatically(event: Event, user: Actor = None) -> PublishedList | None:
    """With the event's automatic publication on and a list published already,
    publish the live list again when it moved (logged "... automatically", as
    made by ``user``, whose change moved it); None otherwise, and while heat
    tables are being checked (``held_tables``: the list would make their
    results public; the GM publishes once they are checked). Call it inside a
    transaction; it locks the event. Never refuses: the GM's setting stands
    for the confirmation (no permission is asked of ``user``)."""
    if not auto_publish_on(event) or latest_published(event) is None:
        return None
    lock(event)
    try:
        require_no_held_heats(event, "publishing")
    except UserError:
        return None
    return _publish(event, event_advancement(event), user, " automatically")


def publish_after_results(table_ids: Iterable[int]) -> None:
    """Publish automatically (``publish_automatically``) the lists of the events
    whose tables ``table_ids`` had their results changed, each in a transaction
    of its own: ``scoring.services.result_status`` calls it once the
    transaction that wrote the results is committed (the event's lock comes
    before the tables' in the lock order, so it cannot be taken inside)."""
    events = Event.objects.filter(
        rounds__tables__pk__in=list(table_ids),
        semi_list_settings__auto_publish=True,
    ).distinct()
    for event in events:
        with transaction.atomic():
            publish_automatically(event)


@transaction.atomic
def set_auto_publish(
    event: Event, on: bool, user: Actor = None, version: str | None = None
) -> bool:
    """Turn the event's automatic publication of the semi-final list on or off;
    True when it changed (logged "auto-publish"). ``StaleFormError`` when
    another GM changed it since ``version`` (``form_version(event,
    AUTO_PUBLISH)``); NotAllowed unless ``user`` may publish the list (GMs)."""
    permissions.require(event, user, permissions.RUN_SEMI_FINAL)
    lock(event)
    require_current(event, AUTO_PUBLISH, version)
    row, _ = SemiListSettings.objects.get_or_create(event=event)
    if row.auto_publish == on:
        return False
    row.auto_publish = on
    row.updated_by = acting_user(user)
    row.save()
    log(
        event,
        user,
        AuditAction.AUTO_PUBLISH,
        "Automatic publication of the semi-final list "
        + ("on: presence saves and result changes publish it again" if on else "off"),
    )
    return True


def _list_data(result: advancement.Advancement) -> dict[str, Any]:
    """What ``PublishedList.data`` keeps of ``result``: all but its parts, as
    JSON reads it back (lists, not tuples; the warnings messages, stored as
    data: ``heats.core.message``)."""
    data = result.to_json()
    kept = {k: v for k, v in data.items() if k not in PARTS + ("double_winner_ids",)}
    read_back: dict[str, Any] = message.load(json.loads(json.dumps(message.dump(kept))))
    return read_back


def _entries(result: advancement.Advancement) -> list[PublishedEntry]:
    """``result``'s rows as unsaved ``PublishedEntry`` (no list yet)."""
    return [
        PublishedEntry(
            part=part,
            position=position,
            player_id=row["player_id"],
            reason=row["reason"],
            **{k: row.get(k) for k in FINISH},
        )
        for part, rows in _result_rows(result).items()
        for position, row in enumerate(rows, start=1)
    ]


def _entry_key(entry: PublishedEntry) -> tuple[Any, ...]:
    fields = ("part", "position", "player_id", "reason", *FINISH)
    return tuple(getattr(entry, name) for name in fields)


def _same(
    published: PublishedList, data: dict[str, Any], entries: list[PublishedEntry]
) -> bool:
    """True when ``published`` holds ``data`` and ``entries`` (``_list_data``,
    ``_entries``): publishing them again would change nothing."""
    saved = sorted(map(_entry_key, published.entries.all()))
    return published.data == data and saved == sorted(map(_entry_key, entries))


@transaction.atomic
def set_override(
    event: Event,
    size: int | str | None,
    added: list[Player],
    user: Actor = None,
    version: str | None = None,
    reason: str = "",
) -> SemiFinalOverride:
    """Save the GM's semi-final size (None: recommended; a layout's size; or
    ``WINNERS_PRESENT``, the winners present only, no alternate called: WBC
    2017's "24 to compete in five semifinal games"), the GM's ``reason`` for it
    (logged; shown on the list for the winners present) and added players.

    UserError for a size the event has no layout for, the winners present
    without a reason, a reason over 200 characters, or a player of another
    event; ``StaleFormError`` when the override changed since ``version`` (the
    form's ``form_version(event, OVERRIDE)``): another GM's change is never
    silently replaced.
    """
    permissions.require(event, user, permissions.RUN_SEMI_FINAL)
    lock(event)
    require_current(event, OVERRIDE, version)
    reason = reason.strip()
    _check_size(event, size, reason)
    if any(p.event_id != event.pk for p in added):
        raise UserError(gettext("Only players of this event can be added to its list."))
    override, _ = SemiFinalOverride.objects.get_or_create(event=event)
    override.winners_present = size == WINNERS_PRESENT
    override.size = None if override.winners_present else cast("int | None", size)
    override.reason = reason
    override.updated_by = acting_user(user)
    override.save()
    override.added.set(added)
    names = ", ".join(str(p) for p in added) or "nobody"
    shown = "the winners present" if override.winners_present else size
    detail = f"Semi-final override: size {shown or 'as recommended'}; added {names}"
    log(
        event,
        user,
        AuditAction.OVERRIDE,
        detail + (f"; reason: {reason}" if reason else ""),
    )
    return override


def _check_size(event: Event, size: int | str | None, reason: str) -> None:
    """UserError for a ``size`` ``set_override`` cannot save: no layout of that
    size, the winners present with no ``reason`` (the list shows why the GM
    called no alternate), a reason too long to keep."""
    if len(reason) > OVERRIDE_REASON_MAX:
        raise UserError(
            gettext("Reason: at most %(count)s characters, not %(length)s.")
            % {"count": OVERRIDE_REASON_MAX, "length": len(reason)}
        )
    if size == WINNERS_PRESENT:
        if not reason:
            raise UserError(
                gettext(
                    "Reason: say why the semi-final seats only the winners "
                    "present (no alternate is called); the list shows it."
                )
            )
        return
    layouts = event.semi_layout_map()
    if size is not None and size not in layouts:
        sizes = listed([*sorted(layouts), gettext("the winners present")])
        raise UserError(
            gettext("No semi-final layout for %(size)s players (sizes: %(sizes)s).")
            % {"size": size, "sizes": sizes}
        )
