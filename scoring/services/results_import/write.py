"""Importing a results CSV (formats.md, Results CSV): plan first, then write briefly.

Words:
- *saved state*: what an import decides on: the event's players and rounds, and the
  tables, seats and records of the rounds the file names (:class:`SavedState`);
- *plan*: what the import would write, worked out from the file and a saved state
  (:class:`ImportPlan`), with every contradiction of a saved record;
- *table import*: one table of the file beside its saved version (:class:`TableImport`).

The file is read, checked and planned without any lock. Only then the import writes,
in one short transaction: it locks the event, the rounds and their tables (lock order
of ``heats.services.audit.lock``), loads the saved state again and, when anything
changed since the plan (a result saved meanwhile), plans again and re-checks the
contradictions, so nothing saved meanwhile is overwritten unseen or without its
history. Rows are written in bulk, so even a 10,000-row file holds SQLite's single
write lock briefly and a result saved during the import waits little.
"""

from __future__ import annotations

from collections import defaultdict
from typing import (
    Any,
)

from django.db import IntegrityError, transaction
from django.utils import translation
from django.utils.translation import gettext_noop

from heats import signals
from heats.core.errors import UserError
from heats.core.i18n import ngettext_noop
from heats.core.message import Message
from heats.models import (
    AuditAction,
    Entry,
    EntryStatus,
    Event,
    Round,
    Seat,
    Table,
)
from heats.permissions import (
    Actor,
)
from heats.services.audit import (
    acting_user,
    lock,
    log,
)
from heats.services.seating import lock_tables, mark_seated
from heats.translate import (
    localize,
)
from scoring.core import advancement
from scoring.core.medici.findings import blocking, joined, root_count
from scoring.core.results_csv import ParsedResults, parse_results_csv
from scoring.models import PlayerRecord, RecordHistory, TableCheck
from scoring.queries.result_check import seat_values
from scoring.queries.rules_findings import sheet_findings
from scoring.services.events import (
    new_event,
)
from scoring.services.result_status import update_result_status
from scoring.services.results_import.plan import (
    DesiredRecord,
    ImportPlan,
    TableImport,
    make_plan,
)
from scoring.services.results_import.saved import RoundKey, SavedState, TableKey
from scoring.services.results_import.summary import ImportSummary
from scoring.services.rules_checks import refresh_table_check

# Tries of the write when a player the plan would create was created meanwhile (a
# check-in to another round): each try plans again from what is saved.
WRITE_TRIES = 3


def import_results(
    event: Event,
    text: str,
    *,
    replace: bool = False,
    user: Actor = None,
    source: str = "CSV",
    parsed: ParsedResults | None = None,
) -> ImportSummary:
    """Import a results CSV (formats.md) into ``event``, all or nothing.

    Raises ``ResultsFileError`` (every problem with line and column) for an invalid
    file, and ``UserError`` listing every contradiction with saved records unless
    ``replace``; in both cases nothing is saved. Re-importing the same file changes
    nothing. Replaced values stay in ``RecordHistory``. Reads, checks and plans
    before it writes; the write is one short transaction (see the module's text).
    ``parsed`` is ``parse_results_csv(text)`` when the caller has it already (the
    command checks the file before it creates the event), so it is not read twice.
    """
    if parsed is None:
        try:
            parsed = parse_results_csv(text)
        except UserError as exc:
            raise localize(exc) from None
    keys = {(row.round_kind, row.round_number) for row in parsed.rows}
    plan = make_plan(event, parsed, SavedState.load(event, keys))
    plan.refuse(event, user, replace)
    for attempt in range(1, WRITE_TRIES + 1):
        try:
            with transaction.atomic():
                return _write(event, parsed, plan, replace, user, source)
        except IntegrityError:
            if attempt == WRITE_TRIES:
                raise
            plan = make_plan(event, parsed, SavedState.load(event, keys))
            plan.refuse(event, user, replace)
    raise AssertionError("unreachable")


def import_into_new_event(
    slug: str,
    name: str,
    rules: str,
    text: str,
    *,
    source: str = "CSV",
    parsed: ParsedResults | None = None,
) -> ImportSummary:
    """Create the event ``slug`` (``new_event``) and import ``text`` into it as
    :func:`import_results` does, in one transaction: an error, or the process
    killed, at any point leaves either no event or the event with every row.

    The write lock is held while the file is planned, but no one else can be
    saving results of an event that does not exist yet. UserError as
    ``new_event`` and ``import_results`` raise them.
    """
    with transaction.atomic():
        event = new_event(slug, name, rules)
        return import_results(event, text, source=source, parsed=parsed)


def _lock_rounds(event: Event, keys: set[tuple[str, int]]) -> dict[RoundKey, Round]:
    """Lock the event, then the file's rounds (created when missing) and their
    tables, in ``heats.services.audit.lock``'s order; the rounds by key."""
    lock(event)
    rounds = {
        key: Round.objects.get_or_create(event=event, kind=key[0], number=key[1])[0]
        for key in sorted(keys)
    }
    locked = Round.objects.select_for_update(no_key=True).filter(
        pk__in=[r.pk for r in rounds.values()]
    )
    list(locked.order_by("pk").values_list("pk", flat=True))
    for rnd in sorted(rounds.values(), key=lambda r: r.pk):
        lock_tables(rnd)
    return rounds


def _write(
    event: Event,
    parsed: ParsedResults,
    plan: ImportPlan,
    replace: bool,
    user: Actor,
    source: str,
) -> ImportSummary:
    """Lock, plan again if the saved state changed since ``plan``, and write."""
    keys = set(plan.state.keys)
    rounds = _lock_rounds(event, keys)
    if SavedState.fingerprint_now(event, keys) != plan.state.fingerprint:
        plan = make_plan(event, parsed, SavedState.load(event, keys))
        plan.refuse(event, user, replace)
    changed = [item for item in plan.tables if not item.unchanged()]
    plan.directory.save_planned()
    summary = _summary(plan, changed, parsed.warnings)
    if changed:
        history = f"{source} import"
        summary.rules_findings = _write_tables(plan, changed, rounds, user, history)
        mark_seated(rounds.values())
        with translation.override(None):  # the audit log is written in English
            counts = summary.lines()[0]
        entry = log(
            event,
            user,
            AuditAction.IMPORT,
            f"Imported results ({source}): {counts}",
            tables=[item.label for item in plan.tables],
        )
        signals.results_imported.send(event, entry=entry)
    return summary


def _summary(
    plan: ImportPlan, changed: list[TableImport], warnings: list[str]
) -> ImportSummary:
    """What writing ``plan`` does (``changed``: its tables that change), the
    file's ``warnings`` and the badges given to earlier players among its
    warnings; the rules findings are added once the tables are written."""
    summary = ImportSummary(
        tables_created=sum(item.table is None for item in changed),
        tables_unchanged=len(plan.tables) - len(changed),
        players_created=len(plan.directory.created),
        warnings=list(warnings)
        + [
            Message(
                gettext_noop(
                    "badge %(badge)s now identifies the earlier player %(name)s"
                ),
                badge=p.badge,
                name=p.name,
            )
            for p in plan.directory.badged
        ],
        unresolved_ties=list(plan.unresolved),
    )
    summary.tables_filled = sum(item.fills() for item in changed)
    summary.tables_replaced = (
        len(changed) - summary.tables_created - summary.tables_filled
    )
    return summary


def _write_tables(
    plan: ImportPlan,
    changed: list[TableImport],
    rounds: dict[RoundKey, Round],
    user: Actor,
    source: str,
) -> list[str]:
    """Write the changed tables, their entries, seats, records, history rows and
    rules checks; the summary lines of the tables with rules findings."""
    _free_seats(plan.state, changed, user, source)
    tables = _save_tables(changed, rounds)
    _save_entries(changed, rounds)
    _save_seats_and_records(changed, tables, rounds)
    RecordHistory.objects.bulk_create(
        _history(tables[item.key], user, source, item.saved_values(), item.new_values())
        for item in changed
        if not item.fills()
        and item.table is not None
        and item.saved_values() != item.new_values()
    )
    lines = _save_checks(changed, tables)
    update_result_status(t.pk for t in tables.values())
    return lines


def _free_seats(
    state: SavedState, changed: list[TableImport], user: Actor, source: str
) -> None:
    """Delete the seats the import replaces: those of the replaced tables, and
    those of players it moves here from another table of the round. A table a
    player left (and the import does not replace) gets its places derived again,
    a history row and a new rules check."""
    replaced = {item.table.pk for item in changed if item.table is not None}
    moved = [seat for item in changed for seat in item.elsewhere]
    left = {s.table_id: s.table for s in moved if s.table_id not in replaced}
    Seat.objects.filter(pk__in=[s.pk for s in moved]).delete()
    Seat.objects.filter(table_id__in=replaced).delete()
    for pk, table in left.items():
        rederive_places(table)
        after = seat_values(table.seats.select_related("player", "record"))
        before = seat_values(state.seats.get(pk, []))
        RecordHistory.objects.bulk_create(
            [_history(table, user, source, before, after)]
        )
        refresh_table_check(table)


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


def _save_tables(
    changed: list[TableImport], rounds: dict[RoundKey, Round]
) -> dict[TableKey, Table]:
    """The tables written, by ``TableImport.key``, with the day time was called
    that the file gives; new ones created in bulk."""
    tables = {item.key: item.table for item in changed if item.table is not None}
    called = [(item.table, item) for item in changed if item.table is not None]
    for table, item in called:
        table.time_called = item.time_called
    Table.objects.bulk_update([table for table, _item in called], ["time_called"])
    new = {
        item.key: Table(
            round=rounds[item.round_key],
            number=item.number,
            time_called=item.time_called,
        )
        for item in changed
        if item.table is None
    }
    Table.objects.bulk_create(new.values())
    if any(t.pk is None for t in new.values()):
        saved = {
            (t.round_id, t.number): t
            for t in Table.objects.filter(round__in=rounds.values())
        }
        new = {key: saved[(t.round_id, t.number)] for key, t in new.items()}
    return {**tables, **new}


def _save_entries(changed: list[TableImport], rounds: dict[RoundKey, Round]) -> None:
    """A player with a result played the round: checked in, whatever the check-in
    desk recorded (tournament.md, Words: entry). Only missing entries are created
    and only others changed (a re-import writes none)."""
    wanted = {
        (rounds[item.round_key].pk, r.player.pk)
        for item in changed
        for r in item.records
    }
    saved = dict(
        ((round_id, player_id), status)
        for round_id, player_id, status in Entry.objects.filter(
            round__in={rounds[item.round_key] for item in changed}
        ).values_list("round_id", "player_id", "status")
    )
    Entry.objects.bulk_create(
        Entry(round_id=rnd, player_id=player)
        for rnd, player in sorted(wanted)
        if (rnd, player) not in saved
    )
    others: dict[int, list[int]] = defaultdict(list)
    for rnd, player in wanted:
        if saved.get((rnd, player), EntryStatus.CHECKED_IN) != EntryStatus.CHECKED_IN:
            others[rnd].append(player)
    for rnd, players in others.items():
        Entry.objects.filter(round_id=rnd, player_id__in=players).update(
            status=EntryStatus.CHECKED_IN
        )


def _save_seats_and_records(
    changed: list[TableImport],
    tables: dict[TableKey, Table],
    rounds: dict[RoundKey, Round],
) -> None:
    seats = [
        Seat(
            table=tables[item.key],
            round=rounds[item.round_key],
            number=r.seat,
            player_id=r.player.pk,
        )
        for item in changed
        for r in item.records
    ]
    Seat.objects.bulk_create(seats)
    if any(s.pk is None for s in seats):
        ids = dict(
            ((table, number), pk)
            for pk, table, number in Seat.objects.filter(
                round__in=rounds.values()
            ).values_list("pk", "table_id", "number")
        )
        for seat in seats:
            seat.pk = ids[(seat.table_id, seat.number)]
    records = (r for item in changed for r in item.records)
    PlayerRecord.objects.bulk_create(
        _record(seat, r) for seat, r in zip(seats, records, strict=True)
    )


def _record(seat: Seat, r: DesiredRecord) -> PlayerRecord:
    return PlayerRecord(
        seat_id=seat.pk,
        day1=r.day1,
        day2=r.day2,
        final=r.final,
        place=r.place,
        declared_winner=r.declared_winner,
        tie_reason=r.tie_reason if r.declared_winner else "",
    )


def _history(
    table: Table, user: Actor, source: str, old: dict[str, Any], new: dict[str, Any]
) -> RecordHistory:
    return RecordHistory(
        table=table,
        user=acting_user(user),
        source=source,
        old=old,
        new=new,
    )


def _save_checks(
    changed: list[TableImport], tables: dict[TableKey, Table]
) -> list[str]:
    """Save the level-1 findings of every written table (and its newest
    scoresheet's) as ``refresh_table_check`` does, in bulk; the summary lines of
    the tables with findings."""
    written = {item.key: tables[item.key] for item in changed}
    ids = [t.pk for t in written.values()]
    checks = {c.table_id: c for c in TableCheck.objects.filter(table_id__in=ids)}
    with_sheets = set(
        Table.objects.filter(pk__in=ids, scoresheets__isnull=False).values_list(
            "pk", flat=True
        )
    )
    new: list[TableCheck] = []
    renewed: list[int] = []
    lines: list[str] = []
    for item in changed:
        table = written[item.key]
        findings = joined(
            item.findings, sheet_findings(table) if table.pk in with_sheets else []
        )
        check = checks.get(table.pk)
        if check is None:
            new.append(TableCheck(table=table, findings=findings))
        elif check.findings != findings:
            # Changed findings need a new acknowledgement: a new check, in bulk.
            renewed.append(check.pk)
            new.append(TableCheck(table=table, findings=findings))
        if blocking(findings):
            lines.append(
                Message.plural(
                    ngettext_noop(
                        "%(table)s: %(count)s finding to acknowledge",
                        "%(table)s: %(count)s findings to acknowledge",
                    ),
                    "count",
                    table=item.label,
                    count=root_count(findings),
                )
            )
    TableCheck.objects.filter(pk__in=renewed).delete()
    TableCheck.objects.bulk_create(new)
    return lines
