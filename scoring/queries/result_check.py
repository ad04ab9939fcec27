"""A table's results checked before they are saved, written nowhere (the dry
run): the seats' paperwork as typed, the places it gives, the level-1 findings
and what a correction would change. The save itself is
``scoring.services.results.save_table_results``, which runs this check first.

Words (tournament.md, "Recording a table"):

seat scores
    What the paperwork of one seat says (:class:`SeatScores`): money after day 1
    and day 2 (optional) and the final florins.
dry run
    What saving would do, worked out and written nowhere (:class:`ResultCheck`):
    the entry form runs it as the GM types, and every save runs it first.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from heats.core.errors import UserError
from heats.core.message import error_text
from heats.models import AuditAction, AuditEntry, ResultStatus, Seat, Table
from heats.permissions import Actor
from heats.translate import listed, translate
from scoring import permissions
from scoring.core.ids import PlayerId
from scoring.core.medici.findings import FindingGroup, root_first
from scoring.core.places import PlayerResult, TablePlaces, table_places
from scoring.permissions import require
from scoring.queries.corrections import Consequences, correction_consequences
from scoring.queries.event_results import HeatSeatRow
from scoring.queries.rules_findings import score_findings
from scoring.queries.seats import seat_record, table_seats


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
        raise UserError(every_final(table))
    return scores.final


def every_final(table: Table) -> str:
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
        values = listed(
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


# The values of a seat, in the order of a rules-check row after the name.
DAYS = ("day1", "day2", "final")


@dataclass(frozen=True)
class ResultCheck:
    """The dry run of a table's results: what saving ``scores`` (by seat number)
    would do, written nowhere. ``findings``: the level-1 findings on the scores as
    typed (``rules_findings.score_findings``; a blank final leaves out the checks
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

    def seat_groups(self) -> dict[int, list[FindingGroup]]:
        """Seat number -> its findings (:meth:`seat_findings`) root first, each
        root with the findings that follow from it (``findings.root_first``)."""
        return {
            s.number: root_first(self.findings, self._naming({s.player.name}))
            for s in self.seats
        }

    def table_groups(self) -> list[FindingGroup]:
        """The table's findings (:meth:`table_findings`) root first."""
        names = {s.player.name for s in self.seats}
        shown = [i for i in range(len(self.findings)) if i not in self._naming(names)]
        return root_first(self.findings, shown)

    def _naming(self, names: set[str]) -> list[int]:
        return [i for i, f in enumerate(self.findings) if f["player"] in names]

    def tied(self) -> list[str]:
        """The names tied for first while no GM has declared a winner."""
        if self.places is None or not self.places.unresolved_tie:
            return []
        names: dict[PlayerId, str] = {
            str(s.player_id): s.player.name for s in self.seats
        }
        return [names[key] for key in self.places.winners]


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


def last_change(table: Table) -> str:
    """Who last changed ``table``'s results and when ("ann saved this table at
    14:03:07"), from the audit log (result entry, tie declarations) or the record
    history (imports)."""
    logged = AuditEntry.objects.filter(
        event_id=table.round.event_id,
        action__in=(AuditAction.RESULT, AuditAction.TIE),
        data__round=table.round.code,
        data__table=table.number,
    )
    found = [
        logged.select_related("user").order_by("-at", "-pk").first(),
        table.history.select_related("user").order_by("-at", "-pk").first(),
    ]
    latest = max((f for f in found if f), key=lambda f: f.at, default=None)
    if latest is None:
        return _("Someone saved this table")
    at = date_format(timezone.localtime(latest.at), "H:i:s")
    if latest.user is None:
        return _("A command or an import saved this table at %(time)s") % {"time": at}
    # Translators: "user" is a login name, e.g. "ann saved this table at 14:03:07".
    return _("%(user)s saved this table at %(time)s") % {
        "user": latest.user.get_username(),
        "time": at,
    }


def changes_record(seat: Seat, scores: SeatScores) -> bool:
    """True when ``scores`` differ from the seat's saved record (a correction)."""
    record = seat_record(seat)
    if record is None:
        return False
    return (record.day1, record.day2, record.final) != (
        scores.day1,
        scores.day2,
        scores.final,
    )


def keeps_declaration(places: TablePlaces, player_id: int) -> bool:
    """True when ``player_id`` is the declared winner of a tie still standing."""
    return len(_top(places)) > 1 and places.winners == (str(player_id),)


def _top(places: TablePlaces) -> list[PlayerId]:
    """Player keys with the top final score (tied for first, declared or not)."""
    return [r.player for r in places.records if r.final == places.winner_final]
