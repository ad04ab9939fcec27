"""Results services: new events, advancement and standings; the import lives in
``scoring.result_import`` (importable from here too).

Load rows, call the pure code (``importers``, ``advancement``, ``medici``), save inside
``transaction.atomic`` (STYLE.md). Management commands and pages share these.
"""

from __future__ import annotations

from collections import defaultdict

from heats.errors import UserError
from heats.models import Event, RoundKind, Seat
from heats.services import PlayerDirectory, create_event
from scoring import advancement
from scoring.medici.rulesets import RuleSetError, get_ruleset
from scoring.models import PlayerRecord, SemiFinalOverride
from scoring.result_import import ImportSummary, import_results  # noqa: F401


def new_event(slug: str, name: str, rules: str = "wbc", user=None) -> Event:
    """Create an event whose rule set the rules engine knows (rules.md, Rule sets).

    UserError for an unknown rule set, a bad slug, a blank name or a taken slug.
    """
    try:
        get_ruleset(rules)
    except RuleSetError as exc:
        raise UserError(str(exc)) from None
    return create_event(slug, name, rules, user)


def player_keys(event: Event) -> dict[int, str]:
    """Player id -> the key advancement and pages use: the name, unique in the event.

    Two players sharing a name are told apart by badge: "Ann Lee (#1204)".
    """
    players = list(event.players.all())
    counts: dict[str, int] = defaultdict(int)
    for player in players:
        counts[player.name_key] += 1
    return {p.pk: (str(p) if counts[p.name_key] > 1 else p.name) for p in players}


def resolve_absent(event: Event, names: list[str]) -> set[int]:
    """Player ids for absent names (or ``#badge``); UserError names unknowns."""
    directory = PlayerDirectory(event)
    found, unknown = set(), []
    for name in (n.strip() for n in names):
        if not name:
            continue
        badge = name[1:] if name.startswith("#") else ""
        player = directory.find("" if badge else name, badge)
        if player is None:
            unknown.append(name)
        else:
            found.add(player.pk)
    if unknown:
        raise UserError(
            f"{len(unknown)} absent name(s) match no player of {event.slug}.",
            [f"unknown player: {n!r}" for n in unknown],
        )
    return found


def heat_tables(
    event: Event, keys: dict[int, str] | None = None
) -> tuple[list[advancement.HeatTable], list[tuple[int, int]], set[str]]:
    """The heat tables as plain data, the (heat, table) pairs with no result, and
    the players seated at those (they count as participants already).

    A table counts as missing until every seat has a record (tournament.md,
    Advancement, 8: "provisional").
    """
    keys = keys or player_keys(event)
    seats = (
        Seat.objects.filter(round__event=event, round__kind=RoundKind.HEAT)
        .select_related("table", "round", "record")
        .order_by("round__number", "table__number", "number")
    )
    grouped: dict[tuple[int, int], list[Seat]] = defaultdict(list)
    for seat in seats:
        grouped[(seat.round.number, seat.table.number)].append(seat)
    tables, missing, pending = [], [], set()
    for (heat, number), table_seats in grouped.items():
        if not all(hasattr(s, "record") for s in table_seats):
            missing.append((heat, number))
            pending.update(keys[s.player_id] for s in table_seats)
            continue
        records = tuple(
            _player_result(keys[s.player_id], s.record) for s in table_seats
        )
        tables.append(advancement.HeatTable(heat=heat, table=number, records=records))
    return tables, missing, pending


def _player_result(key: str, record: PlayerRecord) -> advancement.PlayerResult:
    return advancement.PlayerResult(
        player=key,
        final=record.final,
        day1=record.day1,
        day2=record.day2,
        declared_place=1 if record.declared_winner else None,
    )


def absent_ids(event: Event) -> set[int]:
    """Players marked absent from the semi-final (tournament.md, Advancement, 9)."""
    return set(
        event.players.filter(
            entries__round__kind=RoundKind.SEMI, entries__status="absent"
        ).values_list("pk", flat=True)
    )


def event_advancement(
    event: Event,
    extra_absent: list[str] | None = None,
    *,
    override: bool = True,
    keys: dict[int, str] | None = None,
) -> advancement.Advancement:
    """The semi-final list for ``event`` (tournament.md, Advancement).

    Absent players are those marked absent from the semi-final plus ``extra_absent``
    (names or ``#badge``; UserError for unknown names). With ``override`` the GM's
    size and added players (``SemiFinalOverride``) apply; without, the plain
    recommendation. ``keys`` (``player_keys(event)``) saves loading them again.
    Nothing is saved.
    """
    keys = keys or player_keys(event)
    absent = absent_ids(event) | resolve_absent(event, extra_absent or [])
    tables, missing, pending = heat_tables(event, keys)
    gm = SemiFinalOverride.objects.filter(event=event).first() if override else None
    try:
        settings = advancement.AdvancementSettings(
            layouts=event.semi_layout_map(),
            seed=event.seed,
            forced_size=gm.size if gm else None,
        )
    except ValueError as exc:
        raise UserError(f"The event's semi-final settings are wrong: {exc}") from exc
    try:
        return advancement.advance(
            tables,
            absent={keys[pk] for pk in absent},
            settings=settings,
            missing_tables=missing,
            pending_players=pending,
            added=[keys[p.pk] for p in gm.added.all()] if gm else (),
        )
    except ValueError as exc:
        raise UserError(f"The advancement cannot be worked out: {exc}") from exc
