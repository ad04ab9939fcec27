"""Results services: import, advancement and standings, each one transaction.

Load rows, call the pure code (``importers``, ``advancement``, ``medici``), save inside
``transaction.atomic`` (STYLE.md). Management commands and pages share these.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db import transaction

from heats import permissions
from heats.errors import UserError
from heats.models import (
    Entry,
    EntryStatus,
    Event,
    Player,
    Round,
    RoundKind,
    Seat,
    Table,
)
from heats.permissions import NotAllowed, may, refusal, require
from heats.services import PlayerDirectory, create_event, log
from scoring import advancement
from scoring.checks import refresh_table_check
from scoring.importers import ResultRow, parse_results_csv, row_places
from scoring.medici.rulesets import RuleSetError, get_ruleset
from scoring.models import PlayerRecord, RecordHistory, SemiFinalOverride


def new_event(slug: str, name: str, rules: str = "wbc", user=None) -> Event:
    """Create an event whose rule set the rules engine knows (rules.md, Rule sets).

    UserError for an unknown rule set, a bad slug, a blank name or a taken slug.
    """
    try:
        get_ruleset(rules)
    except RuleSetError as exc:
        raise UserError(str(exc)) from None
    return create_event(slug, name, rules, user)


@dataclass
class ImportSummary:
    """What an import did: counts of tables, new players, warnings and flags."""

    tables_created: int = 0
    tables_replaced: int = 0
    tables_unchanged: int = 0
    players_created: int = 0
    warnings: list[str] = field(default_factory=list)
    unresolved_ties: list[str] = field(default_factory=list)
    rules_findings: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        """True when the import saved anything."""
        return bool(self.tables_created or self.tables_replaced)

    def lines(self) -> list[str]:
        """A short report, one line each, for a page or a command."""
        out = [
            f"{self.tables_created} table(s) created, {self.tables_replaced} replaced, "
            f"{self.tables_unchanged} unchanged; {self.players_created} new player(s)."
        ]
        out += [f"Warning: {w}" for w in self.warnings]
        out += [f"Unresolved tie for first: {t}" for t in self.unresolved_ties]
        out += [f"Rules check: {t}" for t in self.rules_findings]
        return out


@dataclass(frozen=True)
class DesiredRecord:
    """A record as the file wants it: seat, player, scores, place, declared winner."""

    seat: int
    player: Player
    day1: int | None
    day2: int | None
    final: int
    place: int
    declared_winner: bool
    line: int

    def values(self) -> dict[str, object]:
        """The same shape as ``PlayerRecord.values()``."""
        return {
            "seat": self.seat,
            "day1": self.day1,
            "day2": self.day2,
            "final": self.final,
            "place": self.place,
            "declared_winner": self.declared_winner,
        }


def desired_records(
    rows: list[ResultRow], players: dict[str, Player]
) -> tuple[list[DesiredRecord], bool]:
    """One table's rows -> records with places; second item: tie for first unresolved.

    Seats come from the file, or from file order when the file has none. Places follow
    the final scores (tournament.md, Recording a table), via ``row_places``.
    """
    places = row_places(rows)
    tie = sum(row.final == places.winner_final for row in rows) > 1
    records = [
        DesiredRecord(
            seat=row.seat if row.seat is not None else index,
            player=players[row.player_key],
            day1=row.day1,
            day2=row.day2,
            final=row.final,
            place=places.places[row.player_key],
            declared_winner=tie and places.winners == (row.player_key,),
            line=row.line,
        )
        for index, row in enumerate(rows, start=1)
    ]
    return records, places.unresolved_tie


def seat_values(seats) -> dict[str, dict]:
    """``{player label: PlayerRecord.values()}`` (a seat without record: its number).

    The label is ``str(player)``: the name, with the badge when there is one, so two
    players sharing a name stay apart in the history.
    """
    return {
        str(s.player): s.record.values() if hasattr(s, "record") else {"seat": s.number}
        for s in seats
    }


def rederive_places(table: Table) -> None:
    """Recompute the places of ``table`` from its saved records (after a player left
    it), keeping a GM's tie declaration while it still resolves a tie."""
    records = list(PlayerRecord.objects.filter(seat__table=table))
    if not records:
        return
    places = advancement.table_places(
        [
            advancement.PlayerResult(
                str(r.pk), r.final, r.day1, r.day2, 1 if r.declared_winner else None
            )
            for r in records
        ]
    )
    tie = sum(r.final == places.winner_final for r in records) > 1
    for r in records:
        r.place = places.places[str(r.pk)]
        r.declared_winner = tie and places.winners == (str(r.pk),)
        r.save(update_fields=["place", "declared_winner", "updated_at"])


class _TableImport:
    """Compares one table of the file with what is saved, and saves it if asked."""

    def __init__(self, rnd: Round, number: int, records: list[DesiredRecord]) -> None:
        self.round = rnd
        self.number = number
        self.records = sorted(records, key=lambda r: r.seat)
        self.table = Table.objects.filter(round=rnd, number=number).first()
        self.saved = {}
        if self.table is not None:
            seats = self.table.seats.select_related("player", "record")
            self.saved = {s.player_id: s for s in seats}

    @property
    def label(self) -> str:
        return f"{self.round.label} table {self.number}"

    def saved_values(self) -> dict[str, dict]:
        return seat_values(self.saved.values())

    def new_values(self) -> dict[str, dict]:
        return {str(r.player): r.values() for r in self.records}

    def unchanged(self) -> bool:
        if self.table is None or len(self.saved) != len(self.records):
            return False
        return self.saved_values() == self.new_values()

    def _elsewhere(self):
        return (
            Seat.objects.filter(
                round=self.round, player__in=[r.player for r in self.records]
            )
            .exclude(table__number=self.number)
            .select_related("table", "player", "record")
        )

    def conflicts(self) -> list[str]:
        """One message per line of the file that contradicts a saved record, and
        one per saved player the file leaves out of the table."""
        problems = []
        for seat in self._elsewhere():
            line = next(r.line for r in self.records if r.player == seat.player)
            problems.append(
                f"line {line}: {seat.player} is saved at table {seat.table.number} "
                f"of {self.round.label}, not table {self.number}"
            )
        if self.table is None or self.unchanged():
            return problems
        saved = self.saved_values()
        for record in self.records:
            old = saved.get(str(record.player))
            if old is not None and _given(old) != _given(record.values()):
                problems.append(
                    f"line {record.line}: {self.label}: saved record for "
                    f"{record.player} is {_describe(old)}; the file says "
                    f"{_describe(record.values())}"
                )
        kept = {str(r.player) for r in self.records}
        problems += [
            f"line {self.records[0].line}: {self.label}: saved record for {name} "
            f"({_describe(values)}) is not in the file"
            for name, values in saved.items()
            if name not in kept
        ]
        return problems

    def save(self, user, source: str) -> None:
        """Replace the table's seats and records; keep the old values in the history.

        A player moved here from another table of the round leaves that table, whose
        places are derived again and whose old values are kept too.
        """
        for seat in self._elsewhere():
            other = seat.table
            before = seat_values(other.seats.select_related("player", "record"))
            seat.delete()
            rederive_places(other)
            after = seat_values(other.seats.select_related("player", "record"))
            _history(other, user, source, before, after)
            refresh_table_check(other)
        old = self.saved_values()
        if self.table is None:
            self.table = Table.objects.create(round=self.round, number=self.number)
        else:
            self.table.seats.all().delete()
        for r in self.records:
            # A player with a result played the round: checked in, whatever the
            # check-in desk recorded (tournament.md, Words: entry).
            Entry.objects.update_or_create(
                round=self.round,
                player=r.player,
                defaults={"status": EntryStatus.CHECKED_IN},
            )
            seat = Seat.objects.create(table=self.table, number=r.seat, player=r.player)
            PlayerRecord.objects.create(
                seat=seat,
                day1=r.day1,
                day2=r.day2,
                final=r.final,
                place=r.place,
                declared_winner=r.declared_winner,
                tie_reason="place given in the results file"
                if r.declared_winner
                else "",
            )
        _history(self.table, user, source, old, self.new_values())


def _history(table: Table, user, source: str, old: dict, new: dict) -> None:
    if old and old != new:
        RecordHistory.objects.create(
            table=table,
            user=user if getattr(user, "is_authenticated", False) else None,
            source=source,
            old=old,
            new=new,
        )


def _given(values: dict | None) -> dict | None:
    """The values a file gives (places are derived from them, so left out)."""
    return None if values is None else {k: v for k, v in values.items() if k != "place"}


def _describe(values: dict | None) -> str:
    if not values:
        return "absent"
    scores = "/".join(
        "–" if values.get(k) is None else str(values[k])
        for k in ("day1", "day2", "final")
    )
    return f"seat {values.get('seat')}, {scores}"


def _group_tables(rows: list[ResultRow]) -> dict[tuple[str, int, int], list[ResultRow]]:
    tables: dict[tuple[str, int, int], list[ResultRow]] = defaultdict(list)
    for row in rows:
        tables[(row.round_kind, row.round_number, row.table)].append(row)
    return tables


def _check_one_seat_per_round(rows: list[ResultRow], players: dict[str, Player]):
    """UserError when rows the file tells apart are one saved player in one round
    (e.g. a badge on one row, only the name on another, matching a saved player)."""
    seen: dict[tuple, ResultRow] = {}
    problems = []
    for row in rows:
        first = seen.setdefault((row.round_code, players[row.player_key].pk), row)
        if first is not row:
            problems.append(
                f"line {row.line}: {row.player} is the saved player "
                f"{players[row.player_key]}, already at line {first.line} of the "
                "same round"
            )
    if problems:
        raise UserError("The file seats one player twice in a round.", problems)


def require_import_rights(
    event: Event, user, imports: list[_TableImport], *, replaced: list[str]
) -> None:
    """One decision per change a file makes (``heats.permissions``): entering
    results needs event staff; a table the app has not seated (the file seats
    it), a ``place`` that declares a tie's winner and replacing saved records need
    a GM. Raises NotAllowed naming every refused change; nothing is saved."""
    require(event, user, permissions.IMPORT_RESULTS)
    changed = [item for item in imports if not item.unchanged()]
    needs = [
        (
            permissions.SEAT,
            "tables the app has not seated",
            [i.label for i in changed if i.table is None],
        ),
        (
            permissions.DECLARE_TIE,
            "a place declaring the winner of a tie",
            [i.label for i in changed if any(r.declared_winner for r in i.records)],
        ),
        (
            permissions.CORRECT_RESULTS,
            "values that replace saved results",
            replaced,
        ),
    ]
    refused = [
        f"{refusal(event, user, action)} The file has {what}: {'; '.join(labels)}."
        for action, what, labels in needs
        if labels and not may(event, user, action)
    ]
    if refused:
        raise NotAllowed("\n".join(refused))


@transaction.atomic
def import_results(
    event: Event, text: str, *, replace: bool = False, user=None, source: str = "CSV"
) -> ImportSummary:
    """Import a results CSV (formats.md) into ``event``, all or nothing.

    Raises ``ResultsFileError`` (every problem with line and column) for an invalid
    file, and ``UserError`` listing every contradiction with saved records unless
    ``replace``; in both cases nothing is saved. Re-importing the same file changes
    nothing. Replaced values stay in ``RecordHistory``.
    """
    parsed = parse_results_csv(text)
    summary = ImportSummary(warnings=list(parsed.warnings))
    directory = PlayerDirectory(event)
    players = {
        row.player_key: directory.get_or_create(row.player, row.badge)
        for row in parsed.rows
    }
    _check_one_seat_per_round(parsed.rows, players)
    imports = []
    for (kind, number, table), rows in _group_tables(parsed.rows).items():
        rnd = Round.objects.get_or_create(event=event, kind=kind, number=number)[0]
        records, unresolved = desired_records(rows, players)
        if unresolved:
            summary.unresolved_ties.append(f"{rnd.label} table {table}")
        imports.append(_TableImport(rnd, table, records))
    conflicts = [
        p for item in imports if not item.unchanged() for p in item.conflicts()
    ]
    require_import_rights(event, user, imports, replaced=conflicts if replace else [])
    if conflicts and not replace:
        raise UserError(
            f"The file contradicts {len(conflicts)} saved record(s); "
            "nothing was saved. "
            "To overwrite them, import again with --replace (on the page: tick "
            "Replace); the old values are kept in the history.",
            conflicts,
        )
    for item in imports:
        if item.unchanged():
            summary.tables_unchanged += 1
            continue
        created = item.table is None
        item.save(user, f"{source} import")
        check = refresh_table_check(item.table)
        if check.findings:
            summary.rules_findings.append(
                f"{item.label}: {len(check.findings)} finding(s) to acknowledge"
            )
        if created:
            summary.tables_created += 1
        else:
            summary.tables_replaced += 1
    summary.players_created = len(directory.created)
    summary.warnings += [
        f"badge {p.badge} now identifies the earlier player {p.name}"
        for p in directory.badged
    ]
    if summary.changed:
        log(
            event,
            user,
            "import",
            f"Imported results ({source}): {summary.lines()[0]}",
            tables=[i.label for i in imports],
        )
    return summary


def player_keys(event: Event) -> dict[int, str]:
    """Player id -> the key advancement and pages use: the name, unique in the event.

    Two players sharing a name are told apart by badge: "Ann Lee (#1204)".
    """
    players = list(event.players.values_list("pk", "name", "name_key", "badge"))
    counts: dict[str, int] = defaultdict(int)
    for _, _, key, _ in players:
        counts[key] += 1
    return {
        pk: (f"{name} (#{badge})" if badge and counts[key] > 1 else name)
        for pk, name, key, badge in players
    }


def resolve_absent(event: Event, names: list[str]) -> set[int]:
    """Player ids for absent names (or ``#badge``); UserError names unknowns."""
    if not any(n.strip() for n in names):
        return set()  # the directory loads every player: not for nothing
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


# One heat seat as ``heat_seat_rows`` loads it: heat, table, seat, player id, then
# the record's final, day 1, day 2, place and declared winner (all None without one).
HeatSeatRow = tuple[
    int,
    int,
    int,
    int,
    "int | None",
    "int | None",
    "int | None",
    "int | None",
    "bool | None",
]


def heat_seat_rows(event: Event) -> list[HeatSeatRow]:
    """Every heat seat of ``event`` with its record, as plain tuples (one query, no
    model instances: the standings of a 1,000-player event load 3,000 of them), in
    heat, table and seat order."""
    return list(
        Seat.objects.filter(round__event=event, round__kind=RoundKind.HEAT)
        .order_by("round__number", "table__number", "number")
        .values_list(
            "round__number",
            "table__number",
            "number",
            "player_id",
            "record__final",
            "record__day1",
            "record__day2",
            "record__place",
            "record__declared_winner",
        )
    )


def heat_tables(
    event: Event,
    keys: dict[int, str] | None = None,
    rows: list[HeatSeatRow] | None = None,
) -> tuple[list[advancement.HeatTable], list[tuple[int, int]], set[str]]:
    """The heat tables as plain data, the (heat, table) pairs with no result, and
    the players seated at those (they count as participants already).

    A table counts as missing until every seat has a record (tournament.md,
    Advancement, 8: "provisional"). ``rows`` (``heat_seat_rows``) saves loading
    them again.
    """
    keys = keys or player_keys(event)
    grouped: dict[tuple[int, int], list[HeatSeatRow]] = defaultdict(list)
    for row in heat_seat_rows(event) if rows is None else rows:
        grouped[(row[0], row[1])].append(row)
    tables, missing, pending = [], [], set()
    for (heat, number), table_rows in grouped.items():
        if any(row[4] is None for row in table_rows):
            missing.append((heat, number))
            pending.update(keys[row[3]] for row in table_rows)
            continue
        records = tuple(
            advancement.PlayerResult(
                player=keys[player],
                final=final,
                day1=day1,
                day2=day2,
                declared_place=1 if declared else None,
            )
            for _, _, _, player, final, day1, day2, _, declared in table_rows
        )
        tables.append(advancement.HeatTable(heat=heat, table=number, records=records))
    return tables, missing, pending


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
    rows: list[HeatSeatRow] | None = None,
) -> advancement.Advancement:
    """The semi-final list for ``event`` (tournament.md, Advancement).

    Absent players are those marked absent from the semi-final plus ``extra_absent``
    (names or ``#badge``; UserError for unknown names). With ``override`` the GM's
    size and added players (``SemiFinalOverride``) apply; without, the plain
    recommendation. ``keys`` (``player_keys(event)``) and ``rows``
    (``heat_seat_rows(event)``) save loading them again. Nothing is saved.
    """
    keys = keys or player_keys(event)
    absent = absent_ids(event) | resolve_absent(event, extra_absent or [])
    tables, missing, pending = heat_tables(event, keys, rows)
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
