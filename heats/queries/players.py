"""Players of an event found: the GM lists' search box, the check-in
type-ahead, and the finder that knows a player by badge or name. Players are
created (and absences marked) by ``heats.services.players``.
"""

from __future__ import annotations

from django.db.models import Q

from heats.core.names import display_name, search_rank
from heats.models import Event, Player, normalise_name


def search_filter(event: Event, query: str, via: str = "") -> Q | None:
    """The filter of a GM list's search box: ``event``'s players whose name
    ``query`` finds as people type names (``named``: "grossmann" finds Größmann)
    or whose badge starts with it ("#12" finds badge 1204); None for an empty
    query. ``via`` is the path to the player from the rows filtered ("player__"
    for entries)."""
    text = display_name(query)
    key, badge = normalise_name(text), text.removeprefix("#").strip()
    if not key and not badge:
        return None
    found = Q(**{f"{via}pk__in": named(event, [text])}) if key else Q(pk__in=[])
    if badge:
        found |= Q(**{f"{via}badge__startswith": badge})
    return found


def named(event: Event, texts: list[str]) -> list[int]:
    """The ids of ``event``'s players whose name one of ``texts`` finds as people
    type names (accents, "ß" and umlauts spelled out ignored:
    ``heats.core.names.search_rank``); one query, compared in Python as
    :func:`search_players` does."""
    rows = event.players.values_list("pk", "name")
    return [
        pk
        for pk, name in rows
        if any(search_rank(text, name) is not None for text in texts)
    ]


def search_players(event: Event, query: str, limit: int = 12) -> list[Player]:
    """Players whose name matches ``query`` as people type names (accents, "ß"
    and umlauts spelled out ignored: ``heats.core.names.search_forms``) or whose
    badge starts with it; the badge itself first, then names that start with
    it; for the check-in type-ahead.

    Compared in Python over the event's names, not in the database: the search
    forms are no stored column, and an event's thousand names are folded once
    (``search_forms`` remembers them) and compared in a few milliseconds."""
    text = display_name(query)
    badge = text.removeprefix("#")
    if not normalise_name(text):
        return []
    ranked = []
    rows = event.players.values_list("pk", "name", "name_key", "badge")
    for pk, name, key, player_badge in rows:
        rank = search_rank(text, name)
        if rank is not None or player_badge.startswith(badge):
            ranked.append(((player_badge != badge, rank != 0, key), pk))
    ids = [pk for _, pk in sorted(ranked)[:limit]]
    players = Player.objects.in_bulk(ids)
    return [players[pk] for pk in ids]


class PlayerFinder:
    """Finds an event's players by badge or name.

    A row with a badge is that badge's player; a row without one is the badge-less
    player of that name, else the only player of that name (formats.md, Results CSV).
    ``players`` (default: the event's, loaded) are the players to search.
    """

    def __init__(self, event: Event, players: list[Player] | None = None) -> None:
        self.event = event
        self.by_badge: dict[str, Player] = {}
        self.by_name: dict[str, list[Player]] = {}
        for player in event.players.all() if players is None else players:
            self._remember(player)

    def _remember(self, player: Player) -> None:
        if player.badge:
            self.by_badge[player.badge] = player
        self.by_name.setdefault(player.name_key, []).append(player)

    def find(self, name: str, badge: str = "") -> Player | None:
        """The existing player for ``name``/``badge``, or None."""
        if badge:
            return self.by_badge.get(display_name(badge))
        same_name = self.by_name.get(normalise_name(name), [])
        plain = [p for p in same_name if not p.badge]
        if plain:
            return plain[0]
        return same_name[0] if len(same_name) == 1 else None
