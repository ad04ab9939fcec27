"""The semi-final list as published, read: the list the public sees, shaped as
the live one, and what changed since (``ListChanges``); the list and the
automatic publication as the GM's forms show them (their form versions). Its words are
``scoring.services.publishing``'s, which publishes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from heats.models import Event
from scoring.core import advancement
from scoring.models import ListPart, PublishedList, SemiListSettings

# The parts of a list the public reads: who is on it, in call order, and why.
LIST_PARTS = ("qualifiers", "alternates", "next_alternates")
# Every part stored as rows (``PublishedEntry``); alternates carry their finish.
PARTS = tuple(ListPart.values)
FINISH = ("percent", "heat", "table", "place")


@dataclass(frozen=True)
class ListChanges:
    """Players who gain or lose a seat against the published list, in list order;
    ``revised``: players who keep their part of the list (seat or next
    alternate) but whose place in the call order or reason (a percentage) is no
    longer what was published; ``joined``: players not on the published list at
    all who are next alternates now. Names, for display."""

    gains: list[str]
    losses: list[str]
    revised: list[str] = field(default_factory=list)
    joined: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.gains or self.losses or self.revised or self.joined)


def latest_published(event: Event) -> PublishedList | None:
    """The list the public sees (its entries loaded), or None before the first
    publication."""
    return PublishedList.objects.filter(event=event).prefetch_related("entries").first()


def _result_rows(result: advancement.Advancement) -> dict[str, list[dict[str, Any]]]:
    """Each part of ``result`` as rows ``{"player_id", "reason", ...finish}``."""
    rows: dict[str, list[dict[str, Any]]] = {}
    for part in PARTS:
        if part == ListPart.DOUBLE_WINNERS:
            rows[part] = [{"player_id": p, "reason": ""} for p in result.double_winners]
            continue
        rows[part] = [
            {k: v for k, v in item.to_json(with_ids=True).items() if k != "player"}
            for item in getattr(result, part)
        ]
    return rows


def _entry_rows(published: PublishedList) -> dict[str, list[dict[str, Any]]]:
    """Each part of ``published`` as rows shaped as :func:`_result_rows`."""
    rows: dict[str, list[dict[str, Any]]] = {part: [] for part in PARTS}
    for entry in sorted(published.entries.all(), key=lambda e: e.position):
        row = {"player_id": entry.player_id, "reason": entry.reason}
        if entry.part in ("alternates", "next_alternates"):
            row.update({k: getattr(entry, k) for k in FINISH})
        rows[entry.part].append(row)
    return rows


def published_json(
    published: PublishedList, names: Mapping[int, str]
) -> dict[str, Any]:
    """``published`` shaped as ``Advancement.to_json()``, players named by
    ``names`` (id -> name shown: ``scoring.services.player_names``), so a name
    corrected since shows corrected."""
    rows = _entry_rows(published)
    data = {k: v for k, v in published.data.items() if k not in PARTS}
    for part in PARTS:
        if part == ListPart.DOUBLE_WINNERS:
            ids = [row["player_id"] for row in rows[part]]
            data[part] = [names.get(pk, "?") for pk in ids]
            data["double_winner_ids"] = ids
        else:
            data[part] = [
                {"player": names.get(row["player_id"], "?"), **row}
                for row in rows[part]
            ]
    return data


def _reasons(rows: dict[str, list[dict[str, Any]]]) -> dict[tuple[str, int], str]:
    """``{(part, player id): reason}`` of the public parts; an alternate's reason
    carries its call number ("alternate 9: ...")."""
    return {
        (part, row["player_id"]): row["reason"]
        for part in LIST_PARTS
        for row in rows.get(part, [])
    }


def changes(
    published: PublishedList | None,
    result: advancement.Advancement,
    names: Mapping[int, str] | None = None,
) -> ListChanges:
    """Who gains or loses a seat if ``result`` replaced ``published``, and who
    keeps their part of the list with another reason or call number (``revised``):
    any of them means the published list is no longer the live one. Players are
    compared by id; ``names`` (default ``result``'s) names them."""
    if published is None:
        return ListChanges([], [])
    before_rows, after_rows = _entry_rows(published), _result_rows(result)
    old = [row["player_id"] for row in before_rows["qualifiers"]]
    new = [row["player_id"] for row in after_rows["qualifiers"]]
    gains = [p for p in new if p not in old]
    losses = [p for p in old if p not in new]
    before = _reasons(before_rows)
    listed_before = {player for _, player in before}
    moved = set(gains) | set(losses)
    revised: list[int] = []
    joined: list[int] = []
    for (part, player), reason in _reasons(after_rows).items():
        if player in moved or player in revised or player in joined:
            continue
        if player not in listed_before:
            joined.append(player)
        elif before.get((part, player)) != reason:
            revised.append(player)

    def named(ids: list[int]) -> list[str]:
        return [(names or {}).get(pk) or result.name(pk) for pk in ids]

    return ListChanges(
        gains=named(gains),
        losses=named(losses),
        revised=named(revised),
        joined=named(joined),
    )


def list_state(result: advancement.Advancement) -> dict[str, Any]:
    """The semi-final list as the GM's page shows it (players by id), for its
    form version (``heats.queries.versions``)."""
    return result.to_json(with_ids=True)


def auto_publish_on(event: Event) -> bool:
    """True when the event publishes its semi-final list automatically
    (``SemiListSettings.auto_publish``; off without a row)."""
    return SemiListSettings.objects.filter(event=event, auto_publish=True).exists()
