"""GM operations on table results: result entry per table, tie declarations and
level-1 rules checks. The semi-final and final rounds are in
``scoring.services.semi_final``.

Ties for first are declared in ``scoring.services.ties``.

Words (tournament.md, "Recording a table" and "Semi-final and final"):

seat scores
    What the paperwork of one seat says (:class:`SeatScores`): money after day 1
    and day 2 (optional) and the final florins.
tie for first
    Several players with the top final score. The GM declares the winner and why
    (``PlayerRecord.declared_winner`` + ``tie_reason``); until then every tied
    player counts as a winner (``scoring.core.places.table_places``).
dry run
    What saving would do, worked out and written nowhere (:class:`ResultCheck`):
    the entry form runs it as the GM types, and every save runs it first.

Every change is written to the event's audit log (``heats.services.audit.log``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from heats.core.errors import UserError
from heats.core.message import error_text
from heats.models import (
    AuditAction,
    ResultStatus,
    Seat,
    Table,
)
from heats.permissions import (
    Actor,
)
from heats.services.audit import (
    lock,
)
from heats.translate import translate
from scoring import permissions
from scoring.core.ids import PlayerId
from scoring.core.places import PlayerResult, TablePlaces, table_places
from scoring.permissions import require
from scoring.queries.corrections import Consequences, correction_consequences
from scoring.queries.event_results import HeatSeatRow
from scoring.queries.rules_findings import score_findings
from scoring.queries.seats import seat_record, table_seats
from scoring.services.result_log import keep_history, last_change, log_result
from scoring.services.result_records import (
    changes_record,
    keeps_declaration,
    write_records,
)
from scoring.services.rules_checks import refresh_table_check


@dataclass(frozen=True)
class SeatScores:
    """One seat's paperwork: ``seat`` number, florins after day 1 and day 2
    (``None`` when not recorded) and the final florins (all integers >= 0; a
    ``None`` final is a form still being filled: a dry run checks what is typed,
    a save refuses it)."""

    seat: int
    day1: int | None
    day2: int | None
    final: int | None


@dataclass(frozen=True)
class TableOutcome:
    """What saving a table gave: the places (keys are player ids as strings), the
    tied players' names while a tie for first is unresolved, and the level-1
    findings (``[{"day", "player", "message"}]``)."""

    table: Table
    places: TablePlaces
    tied: list[str]
    findings: list[dict[str, Any]]

    @property
    def unresolved_tie(self) -> bool:
        return bool(self.tied)


def seat_values(seats: Iterable[Seat]) -> dict[str, dict[str, Any]]:
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


def saved_values(seats: list[Seat]) -> dict[str, dict[str, Any]]:
    """:func:`seat_values` of the seats that have a record."""
    return seat_values([s for s in seats if seat_record(s)])


def _final(table: Table, scores: SeatScores) -> int:
    if scores.final is None:
        raise UserError(_every_final(table))
    return scores.final


def _every_final(table: Table) -> str:
    return _("Give the final florins of every seat of %(table)s.") % {"table": table}


def seat_places(
    seats: list[Seat], scores: dict[int, SeatScores], declared: set[int]
) -> TablePlaces:
    """The places of ``seats`` given ``scores`` by seat number, the players
    ``declared`` (ids) winning their tie for first; UserError for a final
    missing or results that cannot be a table's."""
    results = [
        PlayerResult(
            player=str(s.player_id),
            final=_final(s.table, scores[s.number]),
            day1=scores[s.number].day1,
            day2=scores[s.number].day2,
            declared_place=1 if s.player_id in declared else None,
        )
        for s in seats
    ]
    try:
        return table_places(results)
    except ValueError as exc:
        raise UserError(
            _("These results cannot be saved: %(problem)s.")
            % {"problem": translate(error_text(exc))}
        ) from None


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
            _(
                "%(change)s while this form was open: %(values)s. Your values were "
                "not saved; the form now shows the saved ones: enter yours again if "
                "they are the right ones."
            )
            % {"change": last_change(table), "values": values or _("no results")}
        )


def lock_table(table: Table) -> None:
    """Lock ``table`` for the transaction and read it again (``heats.services.
    lock``); UserError when it is gone (its round was seated again meanwhile).
    A round already loaded on ``table`` stays (a table never changes rounds):
    not read again."""
    rnd = table.round if Table.round.is_cached(table) else None
    try:
        lock(table)
    except Table.DoesNotExist:
        raise UserError(
            _(
                "%(table)s no longer exists: its round was seated again. Open the "
                "round's page for its new tables."
            )
            % {"table": table}
        ) from None
    if rnd is not None and rnd.pk == table.round_id:
        table.round = rnd


# The values of a seat, in the order of a rules-check row after the name.
DAYS = ("day1", "day2", "final")


@dataclass(frozen=True)
class ResultCheck:
    """The dry run of a table's results: what saving ``scores`` (by seat number)
    would do, written nowhere. ``findings``: the level-1 findings on the scores as
    typed (``rules_checks.score_findings``; a blank final leaves out the checks
    needing it); ``places``: None while a final is blank; ``consequences``: what
    a correction changes once the semi-final is seated (``corrections``);
    ``seats``: the seats as read."""

    seats: list[Seat]
    scores: dict[int, SeatScores]
    findings: list[dict[str, Any]]
    places: TablePlaces | None
    consequences: Consequences | None

    def seat_findings(self) -> dict[int, list[dict[str, Any]]]:
        """Seat number -> the findings naming its player (by name, as the rows
        checked name them)."""
        return {
            s.number: [f for f in self.findings if f["player"] == s.player.name]
            for s in self.seats
        }

    def table_findings(self) -> list[dict[str, Any]]:
        """The findings naming no player of the table (the table's totals)."""
        names = {s.player.name for s in self.seats}
        return [f for f in self.findings if f["player"] not in names]

    def tied(self) -> list[str]:
        """The names tied for first while no GM has declared a winner."""
        if self.places is None or not self.places.unresolved_tie:
            return []
        names: dict[PlayerId, str] = {
            str(s.player_id): s.player.name for s in self.seats
        }
        return [names[key] for key in self.places.winners]


class UnconfirmedCorrectionError(UserError):
    """A correction whose ``consequences`` (``corrections.Consequences``) the GM
    has not confirmed: nothing was saved."""

    def __init__(self, consequences: Consequences) -> None:
        self.consequences = consequences
        if consequences.semi == "played":
            text = _(
                "This correction changes %(table)s's winner or the semi-final list "
                "after the semi-final was played: nothing is saved until you "
                "confirm it."
            )
        else:
            text = _(
                "This correction changes %(table)s's winner or the semi-final list "
                "after the semi-final was seated: nothing is saved until you "
                "confirm it."
            )
        super().__init__(text % {"table": consequences.table})


def check_table_results(
    table: Table,
    scores: list[SeatScores],
    user: Actor = None,
    *,
    version: str | None = None,
    time_called: int | None = None,
) -> ResultCheck:
    """The dry run of :func:`save_table_results` with the same arguments (and
    the same errors: ``StaleResultsError``, UserError, NotAllowed), which every
    save runs first; nothing is written. A final may be ``None`` (a form being
    filled): the scores typed are checked, places and consequences wait.
    Source: tournament.md, Recording a table; rules.md, Verifying, 1.
    """
    seats = table_seats(table)
    by_seat = _checked_scores(table, seats, scores, user, version, time_called)
    rows = [
        (s.player.name, *(getattr(by_seat[s.number], d) for d in DAYS)) for s in seats
    ]
    findings = score_findings(table.round.event.rules, rows, time_called)
    if any(score.final is None for score in scores):
        return ResultCheck(seats, by_seat, findings, None, None)
    declared = {
        s.player_id for s in seats if seat_record(s) and s.record.declared_winner
    }
    places = seat_places(seats, by_seat, declared)
    consequences = None
    if any(seat_record(s) for s in seats):
        new_rows = _heat_rows(table, seats, by_seat, places, time_called)
        consequences = correction_consequences(table, new_rows)
    return ResultCheck(seats, by_seat, findings, places, consequences)


def _checked_scores(
    table: Table,
    seats: list[Seat],
    scores: list[SeatScores],
    user: Actor,
    version: str | None,
    time_called: int | None,
) -> dict[int, SeatScores]:
    """``scores`` by seat number once the save may go ahead: the form was drawn
    from the saved table (``version``), every seat has one result, the day time
    was called is a day, and ``user`` may enter (or correct) results."""
    event = table.round.event
    require(event, user, permissions.ENTER_RESULTS)
    if version is not None and version != table_version(seats):
        raise StaleResultsError(table, seats)
    by_seat = {s.seat: s for s in scores}
    if sorted(by_seat) != [s.number for s in seats] or len(by_seat) != len(scores):
        raise UserError(
            _("Give one result for each seat of %(table)s.") % {"table": table}
        )
    check_time_called(time_called)
    recorded = any(seat_record(s) for s in seats)
    if any(changes_record(s, by_seat[s.number]) for s in seats) or (
        recorded and table.time_called != time_called
    ):
        require(event, user, permissions.CORRECT_RESULTS)
    return by_seat


def _heat_rows(
    table: Table,
    seats: list[Seat],
    by_seat: dict[int, SeatScores],
    places: TablePlaces,
    time_called: int | None,
) -> list[HeatSeatRow]:
    """The table's seats as ``heat_seat_rows`` would read them once saved."""
    rows: list[HeatSeatRow] = []
    for s in seats:
        score, key = by_seat[s.number], str(s.player_id)
        rows.append(
            (
                table.round.number,
                table.number,
                s.number,
                s.player_id,
                score.final,
                score.day1,
                score.day2,
                places.places[key],
                keeps_declaration(places, s.player_id),
                time_called,
            )
        )
    return rows


@transaction.atomic
def save_table_results(
    table: Table,
    scores: list[SeatScores],
    user: Actor = None,
    source: str = "result entry",
    *,
    version: str | None = None,
    time_called: int | None = None,
    confirmed: str | None = None,
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
    each history row's old values are exactly the previous save's; then the dry
    run (:func:`check_table_results`) decides, and raises its errors: ``version``
    is the ``table_version`` the entry form showed: a table changed since raises
    ``StaleResultsError`` (nothing is saved). Raises UserError when ``scores`` does
    not give every seat exactly one final or ``time_called`` is not a day 1-3;
    ``UnconfirmedCorrectionError`` for a correction with consequences after the
    semi-final is seated whose ``key`` is not ``confirmed`` (tournament.md,
    Advancement, 9);
    NotAllowed unless ``user`` may enter results, or, when a saved score or the
    saved day time was called changes, change saved results (``heats.permissions``).
    Source: tournament.md, Recording a table.
    """
    require(table.round.event, user, permissions.ENTER_RESULTS)
    lock_table(table)
    check = check_table_results(
        table, scores, user, version=version, time_called=time_called
    )
    if check.places is None:
        raise UserError(_every_final(table))
    if check.consequences and check.consequences.key != confirmed:
        raise UnconfirmedCorrectionError(check.consequences)
    seats, by_seat, places = check.seats, check.scores, check.places
    old = saved_values(seats)
    if table.time_called != time_called:
        table.time_called = time_called
        table.save(update_fields=["time_called"])
    write_records(seats, by_seat, places)
    keep_history(table, user, source, old, saved_values(seats))
    findings = refresh_table_check(table, level1=check.findings).findings
    log_result(
        table, user, seats, AuditAction.RESULT, "Corrected" if old else "Results", old
    )
    names: dict[PlayerId, str] = {str(s.player_id): s.player.name for s in seats}
    tied = [names[k] for k in places.winners] if places.unresolved_tie else []
    return TableOutcome(table, places, tied, findings)


def next_owed_table(table: Table) -> int | None:
    """The number of the next table of ``table``'s round that still owes results
    (``Table.result_status``), counting on from ``table`` and wrapping round to
    table 1; None when no other table owes any."""
    owed = list(
        table.round.tables.filter(result_status=ResultStatus.OWED)
        .exclude(pk=table.pk)
        .order_by("number")
        .values_list("number", flat=True)
    )
    later = [n for n in owed if n > table.number]
    found = later or owed
    return found[0] if found else None


def check_time_called(day: int | None) -> None:
    """UserError unless ``day`` is ``None`` or a day of the game, 1-3 (rules.md,
    A trading day: "the game ends after day 3 (or when time is called)")."""
    if day is not None and day not in (1, 2, 3):
        raise UserError(
            _("Time can be called on day 1, 2 or 3, not on day %(day)s.") % {"day": day}
        )
