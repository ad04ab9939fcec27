"""GM operations on table results: result entry per table, tie declarations and
level-1 rules checks. The semi-final and final rounds are in
``scoring.services.semi_final``.

Words (tournament.md, "Recording a table" and "Semi-final and final"):

seat scores
    What the paperwork of one seat says (:class:`SeatScores`): money after day 1
    and day 2 (optional) and the final florins.
tie for first
    Several players with the top final score. The GM declares the winner and why
    (``PlayerRecord.declared_winner`` + ``tie_reason``); until then every tied
    player counts as a winner (``scoring.core.places.table_places``).

Every change is written to the event's audit log (``heats.services.log``).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from heats import services as heat_services
from heats.core.errors import UserError
from heats.models import (
    AuditEntry,
    Player,
    Seat,
    Table,
)
from heats.services.audit import acting_user
from scoring import permissions
from scoring.core.places import PlayerResult, TablePlaces, table_places
from scoring.core.tiebreak import TieSuggestion, suggest_tie_winner
from scoring.models import PlayerRecord, RecordHistory
from scoring.permissions import require
from scoring.services.result_status import update_result_status
from scoring.services.rules_checks import refresh_table_check


@dataclass(frozen=True)
class SeatScores:
    """One seat's paperwork: ``seat`` number, florins after day 1 and day 2
    (``None`` when not recorded) and the final florins (all integers >= 0)."""

    seat: int
    day1: int | None
    day2: int | None
    final: int


@dataclass(frozen=True)
class TableOutcome:
    """What saving a table gave: the places (keys are player ids as strings), the
    tied players' names while a tie for first is unresolved, and the level-1
    findings (``[{"day", "player", "message"}]``)."""

    table: Table
    places: TablePlaces
    tied: list[str]
    findings: list[dict]

    @property
    def unresolved_tie(self) -> bool:
        return bool(self.tied)


def table_seats(table: Table) -> list[Seat]:
    """The table's seats in seat order, with players and records loaded."""
    return list(table.seats.select_related("player", "record").order_by("number"))


def seat_record(seat: Seat) -> PlayerRecord | None:
    """The seat's player record, None while it has no result."""
    return getattr(seat, "record", None)


def seat_values(seats) -> dict[str, dict]:
    """A table's values as the history keeps them: ``{seat number (text): {
    "player_id", "player" (the name then), ...PlayerRecord.values()}}``; a seat
    without a record has its number and player only. Keyed by seat, with the
    player's id and name inside (a renamed player stays the same row)."""
    return {
        str(s.number): {
            "player_id": s.player_id,
            "player": str(s.player),
            **(s.record.values() if seat_record(s) else {"seat": s.number}),
        }
        for s in seats
    }


def saved_values(seats: list[Seat]) -> dict[str, dict]:
    """:func:`seat_values` of the seats that have a record."""
    return seat_values([s for s in seats if seat_record(s)])


def _places(seats: list[Seat], scores: dict[int, SeatScores], declared: set[int]):
    results = [
        PlayerResult(
            player=str(s.player_id),
            final=scores[s.number].final,
            day1=scores[s.number].day1,
            day2=scores[s.number].day2,
            declared_place=1 if s.player_id in declared else None,
        )
        for s in seats
    ]
    try:
        return table_places(results)
    except ValueError as exc:
        raise UserError(f"These results cannot be saved: {exc}.") from None


def table_version(seats: list[Seat]) -> str:
    """A fingerprint of what a result form shows of a table: who sits in which
    seat and the saved values (16 hex digits; changes with any save or swap)."""
    shown = [
        [s.number, s.player_id, s.record.values() if seat_record(s) else None]
        for s in seats
    ]
    text = json.dumps(shown, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class StaleResultsError(UserError):
    """A save made from a form drawn before someone else saved the table (or
    swapped a player at it): refused, with who saved what. ``seats`` are the
    table's seats as saved now."""

    def __init__(self, table: Table, seats: list[Seat]) -> None:
        self.seats = seats
        values = ", ".join(
            f"{s.player.name} {s.record.final}" for s in seats if seat_record(s)
        )
        super().__init__(
            f"{last_change(table)} while this form was open: "
            f"{values or 'no results'}. Your values were not saved; the form now "
            "shows the saved ones: enter yours again if they are the right ones."
        )


def last_change(table: Table) -> str:
    """Who last changed ``table``'s results and when ("ann saved this table at
    14:03:07"), from the audit log (result entry, tie declarations) or the record
    history (imports)."""
    logged = AuditEntry.objects.filter(
        event_id=table.round.event_id,
        action__in=("result", "tie"),
        data__round=table.round.code,
        data__table=table.number,
    )
    found = [
        logged.select_related("user").order_by("-at", "-pk").first(),
        table.history.select_related("user").order_by("-at", "-pk").first(),
    ]
    latest = max((f for f in found if f), key=lambda f: f.at, default=None)
    if latest is None:
        return "Someone saved this table"
    who = latest.user.get_username() if latest.user else "A command or an import"
    return f"{who} saved this table at {timezone.localtime(latest.at):%H:%M:%S}"


def lock_table(table: Table) -> None:
    """Lock ``table`` for the transaction (``heats.services.lock``); UserError
    when it is gone (its round was seated again meanwhile)."""
    try:
        heat_services.lock(table)
    except Table.DoesNotExist:
        raise UserError(
            f"{table} no longer exists: its round was seated again. Open the "
            "round's page for its new tables."
        ) from None


@transaction.atomic
def save_table_results(
    table: Table,
    scores: list[SeatScores],
    user=None,
    source: str = "result entry",
    *,
    version: str | None = None,
    time_called: int | None = None,
) -> TableOutcome:
    """Save one table's results with places from ``scoring.core.places.table_places``.

    ``time_called`` is the day (1-3) time was called at the table, ``None`` for a
    game played out: saved on the table, the scores kept as recorded (tournament.md,
    Heats, the clock) and checked as a game that ended that day.

    A GM's earlier tie declaration stays while that player is still tied for first.
    Replaced values (the day time was called too) are kept in ``RecordHistory``
    and the audit log; the level-1 rules findings are
    stored in ``TableCheck`` by ``rules_checks.refresh_table_check`` (changed
    findings need the GM's acknowledgement again, on the table page).
    The table is locked first (``lock_table``) and read again under the lock, so
    each history row's old values are exactly the previous save's. ``version`` is
    the ``table_version`` the entry form showed: a table changed since raises
    ``StaleResultsError`` (nothing is saved). Raises UserError when ``scores`` does
    not give every seat exactly once or ``time_called`` is not a day 1-3;
    NotAllowed unless ``user`` may enter results, or, when a saved score or the
    saved day time was called changes, change saved results (``heats.permissions``).
    Source: tournament.md, Recording a table.
    """
    event = table.round.event
    require(event, user, permissions.ENTER_RESULTS)
    lock_table(table)
    seats = table_seats(table)
    if version is not None and version != table_version(seats):
        raise StaleResultsError(table, seats)
    by_seat = {s.seat: s for s in scores}
    if sorted(by_seat) != [s.number for s in seats] or len(by_seat) != len(scores):
        raise UserError(f"Give one result for each seat of {table}.")
    check_time_called(time_called)
    recorded = any(seat_record(s) for s in seats)
    if any(_changes_record(s, by_seat[s.number]) for s in seats) or (
        recorded and table.time_called != time_called
    ):
        require(event, user, permissions.CORRECT_RESULTS)
    old = saved_values(seats)
    if table.time_called != time_called:
        table.time_called = time_called
        table.save(update_fields=["time_called"])
    declared = {
        s.player_id for s in seats if seat_record(s) and s.record.declared_winner
    }
    places = _places(seats, by_seat, declared)
    tie = len(_top(places)) > 1
    for s in seats:
        keep = tie and places.winners == (str(s.player_id),)
        _write_record(s, by_seat[s.number], places.places[str(s.player_id)], keep)
    seats = table_seats(table)
    _keep_history(table, user, source, old, saved_values(seats))
    findings = refresh_table_check(table).findings
    log_result(table, user, seats, "result", "Corrected" if old else "Results", old)
    names = {str(s.player_id): s.player.name for s in seats}
    tied = [names[k] for k in places.winners] if places.unresolved_tie else []
    return TableOutcome(table, places, tied, findings)


def check_time_called(day: int | None) -> None:
    """UserError unless ``day`` is ``None`` or a day of the game, 1-3 (rules.md,
    A trading day: "the game ends after day 3 (or when time is called)")."""
    if day is not None and day not in (1, 2, 3):
        raise UserError(f"Time can be called on day 1, 2 or 3, not on day {day}.")


def _changes_record(seat: Seat, scores: SeatScores) -> bool:
    """True when ``scores`` differ from the seat's saved record (a correction)."""
    record = seat_record(seat)
    if record is None:
        return False
    return (record.day1, record.day2, record.final) != (
        scores.day1,
        scores.day2,
        scores.final,
    )


def _top(places: TablePlaces) -> list[str]:
    """Player keys with the top final score (tied for first, declared or not)."""
    return [r.player for r in places.records if r.final == places.winner_final]


def _write_record(seat: Seat, scores: SeatScores, place: int, declared: bool) -> None:
    old = seat_record(seat)
    PlayerRecord.objects.update_or_create(
        seat=seat,
        defaults={
            "day1": scores.day1,
            "day2": scores.day2,
            "final": scores.final,
            "place": place,
            "declared_winner": declared,
            "tie_reason": old.tie_reason if declared and old else "",
        },
    )


def _keep_history(table: Table, user, source: str, old: dict, new: dict) -> None:
    if old and old != new:
        RecordHistory.objects.create(
            table=table, user=acting_user(user), source=source, old=old, new=new
        )


def log_result(
    table: Table, user, seats: list[Seat], action: str, what: str, old=None
) -> None:
    """Audit one table's results: "Results Heat 2 table 3: Ann 98, Ben 77 ...";
    a correction names the old final: "Corrected ...: Ann 98 (was 89), ..."; a
    time-called game ends with "; time called on day 2" (and "(was played out)"
    when that changed)."""
    old = old or {}

    def score(s: Seat) -> str:
        before = old.get(str(s.number), {}).get("final")
        was = f" (was {before})" if before not in (None, s.record.final) else ""
        return f"{s.player.name} {s.record.final}{was}"

    scores = ", ".join(score(s) for s in seats) + _time_called_note(table, old)
    heat_services.log(
        table.round.event,
        user,
        action,
        f"{what} {table.round.label} table {table.number}: {scores}",
        round=table.round.code,
        table=table.number,
        time_called=table.time_called,
    )


def _time_called_note(table: Table, old: dict) -> str:
    """ "; time called on day 2", with "(was ...)" when a saved result said else."""
    before = [v.get("time_called") for v in old.values()]
    now = table.time_called
    note = f"; time called on day {now}" if now else ""
    if before and before[0] != now:
        was = f"time called on day {before[0]}" if before[0] else "played out"
        note = f"{note or '; played out'} (was {was})"
    return note


@transaction.atomic
def declare_winner(table: Table, player: Player, reason: str, user=None) -> TablePlaces:
    """The GM resolves a tie for first: ``player`` wins, for ``reason``.

    The other tied players share place 2 (``scoring.core.places``). The old values stay
    in ``RecordHistory``. Raises UserError when the table has no results, no tie
    for first, ``player`` is not tied for first, or ``reason`` is empty;
    NotAllowed unless ``user`` may declare tie winners.
    Source: tournament.md, Recording a table.
    """
    require(table.round.event, user, permissions.DECLARE_TIE)
    lock_table(table)
    seats = table_seats(table)
    if not seats or not all(seat_record(s) for s in seats):
        raise UserError(f"{table} has no results yet.")
    top = max(s.record.final for s in seats)
    tied = [s for s in seats if s.record.final == top]
    if len(tied) < 2:
        raise UserError(f"There is no tie for first at {table}.")
    if player.pk not in {s.player_id for s in tied}:
        raise UserError(f"{player} is not tied for first at {table}.")
    if not reason.strip():
        raise UserError("Say why this player wins the tie.")
    old = saved_values(seats)
    scores = {
        s.number: SeatScores(s.number, s.record.day1, s.record.day2, s.record.final)
        for s in seats
    }
    places = _places(seats, scores, {player.pk})
    for s in seats:
        s.record.place = places.places[str(s.player_id)]
        s.record.declared_winner = s.player_id == player.pk
        s.record.tie_reason = reason.strip() if s.record.declared_winner else ""
        s.record.save(update_fields=["place", "declared_winner", "tie_reason"])
    _keep_history(table, user, "tie declaration", old, saved_values(seats))
    update_result_status([table.pk])
    heat_services.log(
        table.round.event,
        user,
        "tie",
        f"Declared {player} the winner of the tie for first at {table}: {reason}",
        round=table.round.code,
        table=table.number,
    )
    return places


def tie_suggestion(table: Table) -> TieSuggestion | None:
    """What the recorded day scores say about ``table``'s tie for first
    (``scoring.core.tiebreak``); None without a tie."""
    seats = [s for s in table_seats(table) if seat_record(s)]
    if not seats:
        return None
    top = max(s.record.final for s in seats)
    tied = [s for s in seats if s.record.final == top]
    if len(tied) < 2:
        return None
    records = [
        PlayerResult(str(s.player_id), s.record.final, s.record.day1, s.record.day2)
        for s in tied
    ]
    return suggest_tie_winner(records, {str(s.player_id): s.player.name for s in tied})


def tied_players(table: Table) -> list[Player]:
    """Players sharing the top final score at ``table`` (empty without a tie)."""
    seats = [s for s in table_seats(table) if seat_record(s)]
    if not seats:
        return []
    top = max(s.record.final for s in seats)
    tied = [s.player for s in seats if s.record.final == top]
    return tied if len(tied) > 1 else []
