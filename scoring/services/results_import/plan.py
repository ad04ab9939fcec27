"""The plan of a results import: each table of the file beside its saved
version (``scoring.services.results_import.saved``), every contradiction and
the rights the changes need, worked out before anything is written. Nothing
here writes to the database (``scoring.services.results_import.write`` writes).

Words (see also ``scoring.services.results_import.write``):
- *plan*: what the import would write, worked out from the file and a saved
  state (:class:`ImportPlan`), with every contradiction of a saved record;
- *table import*: one table of the file beside its saved version
  (:class:`TableImport`);
- *desired record*: a record as the file wants it;
- *contradiction*: a line of the file whose values differ from a saved record, a
  saved player the file leaves out of a table, another player than the saved one
  at a seat, or a player the file seats at another seat or table than the saved
  one (formats.md, Results CSV). A seat without a player record (seated in the
  app, no result yet) is not a saved record: the file fills it.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from heats.core.errors import UserError
from heats.core.message import SEMICOLON, Message
from heats.core.names import display_name
from heats.models import Event, Player, Seat
from heats.permissions import Actor
from heats.services.players import PlayerDirectory
from heats.translate import listed, translate
from scoring import permissions
from scoring.core.places import TablePlaces
from scoring.core.results_csv import ParsedResults, ResultRow, row_places
from scoring.permissions import NotAllowed, may, refusal, require
from scoring.queries.result_check import seat_values
from scoring.queries.rules_findings import score_findings
from scoring.queries.seats import seat_record
from scoring.services.results_import.saved import RoundKey, SavedState, TableKey


@dataclass(frozen=True)
class DesiredRecord:
    """A record as the file wants it: seat, player, scores, place, declared winner
    (with the GM's ``tie_reason``), and its table's ``time_called`` day. The
    player may be new (not saved yet, no id)."""

    seat: int
    player: Player
    day1: int | None
    day2: int | None
    final: int
    place: int
    declared_winner: bool
    line: int
    time_called: int | None = None
    tie_reason: str = ""

    def values(self) -> dict[str, object]:
        """The same shape as ``PlayerRecord.values()``."""
        return {
            "seat": self.seat,
            "day1": self.day1,
            "day2": self.day2,
            "final": self.final,
            "place": self.place,
            "declared_winner": self.declared_winner,
            "time_called": self.time_called,
        }


def desired_records(
    rows: list[ResultRow],
    players: dict[str, Player],
    places: TablePlaces | None = None,
) -> tuple[list[DesiredRecord], bool]:
    """One table's rows -> records with places; second item: tie for first unresolved.

    Seats come from the file, or from file order when the file has none. Places follow
    the final scores (tournament.md, Recording a table), via ``row_places``;
    ``places``: those the file's check worked out (``ParsedResults.places``).
    """
    if places is None:
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
            time_called=row.time_called,
            tie_reason=row.tie_reason,
        )
        for index, row in enumerate(rows, start=1)
    ]
    return records, places.unresolved_tie


class TableImport:
    """One table of the file (``records``) beside its saved version in ``state``.

    ``elsewhere``: the saved seats of its players at other tables of the round;
    ``time_called``: the day the file says time was called (``None``: played
    out); ``findings``: the level-1 rules findings on the file's scores (rules.md,
    Verifying, 1) under the rule set ``rules``.
    """

    def __init__(
        self,
        state: SavedState,
        round_key: RoundKey,
        number: int,
        records: list[DesiredRecord],
        rules: str,
    ) -> None:
        self.state = state
        self.round_key = round_key
        self.round = state.round(round_key)
        self.number = number
        self.key: TableKey = (*round_key, number)
        self.records = sorted(records, key=lambda r: r.seat)
        self.table = state.tables.get(self.key)
        seats = state.seats.get(self.table.pk, []) if self.table else []
        self.saved = {s.player_id: s for s in seats}
        found = (state.seat_of.get((round_key, r.player.pk)) for r in self.records)
        self.elsewhere = [s for s in found if s and s.table.number != number]
        self.time_called = self.records[0].time_called if self.records else None
        self.findings = score_findings(
            rules,
            [(r.player.name, r.day1, r.day2, r.final) for r in self.records],
            self.time_called,
        )

    @property
    def label(self) -> str:
        """ "Heat 2 table 3" (a message, heats.core.message)."""
        return Message(
            gettext_noop("%(round)s table %(table)s"),
            round=self.round.label,
            table=self.number,
        )

    def saved_values(self) -> dict[str, dict[str, Any]]:
        return seat_values(self.saved.values())

    def fills(self) -> bool:
        """True when the table is saved (seated in the app) without any player
        record: the import fills it, replacing nothing."""
        return self.table is not None and not any(
            hasattr(seat, "record") for seat in self.saved.values()
        )

    def new_values(self) -> dict[str, dict[str, Any]]:
        """The file's values keyed as the history keeps them (``seat_values``)."""
        return {
            str(r.seat): {
                "player_id": r.player.pk,
                "player": str(r.player),
                **r.values(),
            }
            for r in self.records
        }

    def unchanged(self) -> bool:
        if self.table is None or len(self.saved) != len(self.records):
            return False
        return self.saved_values() == self.new_values() and self._same_reasons()

    def _same_reasons(self) -> bool:
        """Whether the file's tie reasons are the saved ones, the saved read as
        the file's reader reads a reason (``display_name``: the tie form keeps
        the GM's spaces), so a reworded reason is written."""
        saved = {
            s.player_id: display_name(record.tie_reason)
            for s in self.saved.values()
            if (record := seat_record(s))
        }
        return all(saved.get(r.player.pk, "") == r.tie_reason for r in self.records)

    def conflicts(self) -> list[str]:
        """One message per line of the file that contradicts what is saved, and
        one per saved player the file leaves out of the table.

        A seat the app made without a player record is not a saved record: a
        line giving its player at its seat fills it. A line contradicts when it
        gives a saved record other values, puts its player at another seat than
        the saved one, or puts another player at a saved seat (formats.md,
        Results CSV).
        """
        problems = [self._elsewhere(seat) for seat in self.elsewhere]
        if self.table is None or self.unchanged():
            return problems
        by_number = {s.number: s for s in self.saved.values()}
        displaced = set()
        for record in sorted(self.records, key=lambda r: r.line):
            seat = self.saved.get(record.player.pk)
            if seat is None:
                taken = by_number.get(record.seat)
                displaced.add(taken.player_id if taken else None)
                problems.append(self._newcomer(record, taken))
            elif hasattr(seat, "record"):
                problems += self._changed(record, seat)
            elif seat.number != record.seat:
                problems.append(
                    _(
                        "line %(line)s: %(table)s: %(player)s is seated at seat "
                        "%(seat)s; the file says seat %(file_seat)s"
                    )
                    % {
                        "line": record.line,
                        "table": translate(self.label),
                        "player": record.player,
                        "seat": seat.number,
                        "file_seat": record.seat,
                    }
                )
        kept = {r.player.pk for r in self.records} | displaced
        problems += [
            self._left_out(seat) for pk, seat in self.saved.items() if pk not in kept
        ]
        return problems

    def _elsewhere(self, seat: Seat) -> str:
        line = next(r.line for r in self.records if r.player.pk == seat.player_id)
        return _(
            "line %(line)s: %(player)s is saved at table %(saved)s of %(round)s, "
            "not table %(table)s"
        ) % {
            "line": line,
            "player": seat.player,
            "saved": seat.table.number,
            "round": self.round.label,
            "table": self.number,
        }

    def _newcomer(self, record: DesiredRecord, taken: Seat | None) -> str:
        fields = {
            "line": record.line,
            "table": translate(self.label),
            "player": record.player,
        }
        if taken is None:
            return (
                _("line %(line)s: %(table)s: %(player)s has no seat at this table")
                % fields
            )
        return _(
            "line %(line)s: %(table)s: seat %(seat)s is %(taken)s's; the file puts "
            "%(player)s there"
        ) % {**fields, "seat": record.seat, "taken": taken.player}

    def _changed(self, record: DesiredRecord, seat: Seat) -> list[str]:
        old = seat.record.values()
        if _given(old) == _given(record.values()):
            return []
        return [
            _(
                "line %(line)s: %(table)s: saved record for %(player)s is "
                "%(saved)s; the file says %(file)s"
            )
            % {
                "line": record.line,
                "table": translate(self.label),
                "player": record.player,
                "saved": _describe(old),
                "file": _describe(record.values()),
            }
        ]

    def _left_out(self, seat: Seat) -> str:
        fields = {
            "line": self.records[0].line,
            "table": translate(self.label),
            "player": seat.player,
        }
        if hasattr(seat, "record"):
            return _(
                "line %(line)s: %(table)s: saved record for %(player)s (%(values)s) "
                "is not in the file"
            ) % {**fields, "values": _describe(seat.record.values())}
        return _(
            "line %(line)s: %(table)s: %(player)s is seated at seat %(seat)s and "
            "not in the file"
        ) % {**fields, "seat": seat.number}


def _given(values: dict[str, Any] | None) -> dict[str, Any] | None:
    """The values a file gives (places are derived from them, so left out)."""
    return None if values is None else {k: v for k, v in values.items() if k != "place"}


def _describe(values: dict[str, Any] | None) -> str:
    if not values:
        return _("absent")
    scores = "/".join(
        "–" if values.get(k) is None else str(values[k])
        for k in ("day1", "day2", "final")
    )
    called = values.get("time_called")
    fields = {"seat": values.get("seat"), "scores": scores, "day": called}
    if called:
        # Translators: "scores" are florins after day 1/day 2/final, e.g. 40/80/120.
        return _("seat %(seat)s, %(scores)s, time called on day %(day)s") % fields
    return _("seat %(seat)s, %(scores)s") % fields


@dataclass
class ImportPlan:
    """What an import would write, from the file and ``state``."""

    state: SavedState
    directory: PlayerDirectory
    tables: list[TableImport]
    unresolved: list[str] = field(default_factory=list)
    conflicts: list[str] = field(default_factory=list)

    def refuse(self, event: Event, user: Actor, replace: bool) -> None:
        """Refuse the plan, saving nothing: NotAllowed for a change ``user`` may
        not make (:meth:`require_rights`), then UserError listing every
        contradiction of a saved record, unless ``replace``."""
        self.require_rights(event, user, replaced=self.conflicts if replace else [])
        if self.conflicts and not replace:
            raise UserError(
                ngettext(
                    "The file contradicts %(count)s saved record; nothing was "
                    "saved. To overwrite it, import again with --replace (on the "
                    "page: tick Replace); the old value is kept in the history.",
                    "The file contradicts %(count)s saved records; nothing was "
                    "saved. To overwrite them, import again with --replace (on the "
                    "page: tick Replace); the old values are kept in the history.",
                    len(self.conflicts),
                )
                % {"count": len(self.conflicts)},
                self.conflicts,
            )

    def require_rights(self, event: Event, user: Actor, *, replaced: list[str]) -> None:
        """One decision per change the file makes (``heats.permissions``):
        entering results needs event staff; a table the app has not seated (the
        file seats it), a ``place`` that declares a tie's winner and replacing
        saved records (``replaced``) need a GM. Raises NotAllowed naming every
        refused change."""
        require(event, user, permissions.IMPORT_RESULTS)
        changed = [item for item in self.tables if not item.unchanged()]
        needs = [
            (
                permissions.SEAT,
                _("The file has tables the app has not seated: %(which)s."),
                [i.label for i in changed if i.table is None],
            ),
            (
                permissions.DECLARE_TIE,
                _("The file has a place declaring the winner of a tie: %(which)s."),
                [i.label for i in changed if any(r.declared_winner for r in i.records)],
            ),
            (
                permissions.CORRECT_RESULTS,
                _("The file has values that replace saved results: %(which)s."),
                replaced,
            ),
        ]
        refused = [
            f"{refusal(event, user, action)} "
            + what % {"which": listed(labels, SEMICOLON)}
            for action, what, labels in needs
            if labels and not may(event, user, action)
        ]
        if refused:
            raise NotAllowed("\n".join(refused))


def _group_tables(rows: list[ResultRow]) -> dict[tuple[str, int, int], list[ResultRow]]:
    tables: dict[tuple[str, int, int], list[ResultRow]] = defaultdict(list)
    for row in rows:
        tables[(row.round_kind, row.round_number, row.table)].append(row)
    return tables


def _check_one_seat_per_round(
    rows: list[ResultRow], players: dict[str, Player]
) -> None:
    """UserError when rows the file tells apart are one saved player in one round
    (e.g. a badge on one row, only the name on another, matching a saved player)."""
    seen: dict[tuple[Any, ...], ResultRow] = {}
    problems = []
    for row in rows:
        # One Player object per person in the directory; new ones have no id yet.
        first = seen.setdefault((row.round_code, id(players[row.player_key])), row)
        if first is not row:
            problems.append(
                _(
                    "line %(line)s: %(player)s is the saved player %(saved)s, "
                    "already at line %(first)s of the same round"
                )
                % {
                    "line": row.line,
                    "player": row.player,
                    "saved": players[row.player_key],
                    "first": first.line,
                }
            )
    if problems:
        raise UserError(_("The file seats one player twice in a round."), problems)


def make_plan(event: Event, parsed: ParsedResults, state: SavedState) -> ImportPlan:
    """Plan the import of ``parsed`` over ``state``; nothing is saved (new players
    and badges stay unsaved in the plan's directory). UserError when the file seats
    one saved player twice in a round."""
    directory = PlayerDirectory(event, state.players, saving=False)
    players = {
        row.player_key: directory.get_or_create(row.player, row.badge)
        for row in parsed.rows
    }
    _check_one_seat_per_round(parsed.rows, players)
    plan = ImportPlan(state, directory, [])
    for key, rows in _group_tables(parsed.rows).items():
        kind, number, table = key
        records, unresolved = desired_records(rows, players, parsed.places.get(key))
        item = TableImport(state, (kind, number), table, records, event.rules)
        if unresolved:
            plan.unresolved.append(item.label)
        plan.tables.append(item)
    plan.conflicts = [
        p for item in plan.tables if not item.unchanged() for p in item.conflicts()
    ]
    return plan
