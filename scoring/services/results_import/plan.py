"""The reading side of a results import: the saved state it decides on, and each
table of the file beside its saved version. Nothing here writes to the database
(``scoring.services.results_import.write`` writes).

Words (see also ``scoring.services.results_import.write``):
- *saved state*: the event's players and rounds, and the tables, seats and records
  of the rounds a file names, loaded in a few queries; its *fingerprint* changes
  when any of them does;
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

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from heats.core.message import Message
from heats.models import Event, Player, Round, Seat, Table
from heats.translate import translate
from scoring.core.places import TablePlaces
from scoring.core.results_csv import ResultRow, row_places
from scoring.services.results import seat_values
from scoring.services.rules_checks import score_findings

RoundKey = tuple[str, int]


@dataclass
class ImportSummary:
    """What an import did: counts of tables, new players, warnings and flags."""

    tables_created: int = 0
    tables_filled: int = 0
    tables_replaced: int = 0
    tables_unchanged: int = 0
    players_created: int = 0
    # Messages (heats.core.message): lines() writes them in the reader's language.
    warnings: list[str] = field(default_factory=list)
    unresolved_ties: list[str] = field(default_factory=list)
    rules_findings: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        """True when the import saved anything."""
        return bool(self.tables_created or self.tables_filled or self.tables_replaced)

    def lines(self) -> list[str]:
        """A short report, one line each, for a page or a command, in the active
        language."""
        counts = {
            "created": self.tables_created,
            "filled": self.tables_filled,
            "replaced": self.tables_replaced,
            "unchanged": self.tables_unchanged,
            "players": self.players_created,
        }
        if self.tables_filled:
            first = _(
                "%(created)s table(s) created, %(filled)s filled, %(replaced)s "
                "replaced, %(unchanged)s unchanged; %(players)s new player(s)."
            )
        else:
            first = _(
                "%(created)s table(s) created, %(replaced)s replaced, %(unchanged)s "
                "unchanged; %(players)s new player(s)."
            )
        out = [first % counts]
        out += [
            _("Warning: %(warning)s") % {"warning": translate(w)} for w in self.warnings
        ]
        out += [
            _("Unresolved tie for first: %(table)s") % {"table": translate(t)}
            for t in self.unresolved_ties
        ]
        out += [
            _("Rules check: %(line)s") % {"line": translate(t)}
            for t in self.rules_findings
        ]
        return out


@dataclass(frozen=True)
class DesiredRecord:
    """A record as the file wants it: seat, player, scores, place, declared winner,
    and its table's ``time_called`` day. The player may be new (not saved yet, no
    id)."""

    seat: int
    player: Player
    day1: int | None
    day2: int | None
    final: int
    place: int
    declared_winner: bool
    line: int
    time_called: int | None = None

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
        )
        for index, row in enumerate(rows, start=1)
    ]
    return records, places.unresolved_tie


class SavedState:
    """What is saved of ``event`` for the rounds ``keys`` (``(kind, number)``).

    ``players``: the event's players; ``rounds``: the saved rounds among ``keys``;
    ``tables``: by ``(kind, number, table number)``; ``seats``: table id -> seats
    in seat order (player and record loaded); ``seat_of``: ``(round key, player
    id)`` -> seat. ``fingerprint`` is taken at loading, before any plan changes
    a player object.
    """

    def __init__(self, event: Event, keys: set[RoundKey]) -> None:
        self.event = event
        self.keys = set(keys)
        self.players = list(event.players.all())
        self.rounds = {
            (r.kind, r.number): r
            for r in event.rounds.all()
            if (r.kind, r.number) in self.keys
        }
        rounds = {r.pk: key for key, r in self.rounds.items()}
        self.tables = {
            (*rounds[t.round_id], t.number): t
            for t in Table.objects.filter(round__in=self.rounds.values())
        }
        self.seats: dict[int, list[Seat]] = defaultdict(list)
        self.seat_of: dict[tuple[RoundKey, int], Seat] = {}
        loaded = Seat.objects.filter(round__in=self.rounds.values()).select_related(
            "player", "record", "table"
        )
        for seat in loaded.order_by("table_id", "number"):
            self.seats[seat.table_id].append(seat)
            self.seat_of[(rounds[seat.round_id], seat.player_id)] = seat
        self.fingerprint = self._fingerprint()

    @classmethod
    def load(cls, event: Event, keys: set[RoundKey]) -> SavedState:
        """Load the saved state (five queries)."""
        return cls(event, keys)

    def _fingerprint(self) -> tuple:
        def record(seat: Seat) -> tuple | None:
            if not hasattr(seat, "record"):
                return None
            r = seat.record
            return (r.day1, r.day2, r.final, r.place, r.declared_winner)

        seats = [s for table in self.seats.values() for s in table]
        return _fingerprint(
            [(p.pk, p.name_key, p.badge) for p in self.players],
            [(key, t.pk, t.time_called) for key, t in self.tables.items()],
            [(s.pk, s.table_id, s.number, s.player_id, record(s)) for s in seats],
        )

    @staticmethod
    def fingerprint_now(event: Event, keys: set[RoundKey]) -> tuple:
        """The fingerprint of what is saved now: equal to a loaded state's exactly
        when a plan made from it still holds. Three queries, no model objects, so
        it costs little under the import's locks."""
        rounds = {(r.pk): (r.kind, r.number) for r in event.rounds.all()}
        rounds = {pk: key for pk, key in rounds.items() if key in keys}
        tables = Table.objects.filter(round__in=rounds).values_list(
            "pk", "round_id", "number", "time_called"
        )
        seats = Seat.objects.filter(round__in=rounds).values_list(
            "pk",
            "table_id",
            "number",
            "player_id",
            "record__pk",
            "record__day1",
            "record__day2",
            "record__final",
            "record__place",
            "record__declared_winner",
        )
        return _fingerprint(
            list(event.players.values_list("pk", "name_key", "badge")),
            [((*rounds[r], n), pk, day) for pk, r, n, day in tables],
            [(*s[:4], tuple(s[5:]) if s[4] is not None else None) for s in seats],
        )

    def round(self, key: RoundKey) -> Round:
        """The saved round ``key``, else an unsaved one (for its label)."""
        saved = self.rounds.get(key)
        return saved or Round(event=self.event, kind=key[0], number=key[1])


def _fingerprint(players: list, tables: list, seats: list) -> tuple:
    """Players ``(id, name key, badge)``, tables ``((kind, round, number), id)``
    ``(…, time called)`` and seats ``(id, table id, number, player id, record
    values or None)``, in a
    canonical order."""
    return (tuple(sorted(players)), tuple(sorted(tables)), tuple(sorted(seats)))


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
        self.key = (*round_key, number)
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

    def saved_values(self) -> dict[str, dict]:
        return seat_values(self.saved.values())

    def fills(self) -> bool:
        """True when the table is saved (seated in the app) without any player
        record: the import fills it, replacing nothing."""
        return self.table is not None and not any(
            hasattr(seat, "record") for seat in self.saved.values()
        )

    def new_values(self) -> dict[str, dict]:
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
        return self.saved_values() == self.new_values()

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


def _given(values: dict | None) -> dict | None:
    """The values a file gives (places are derived from them, so left out)."""
    return None if values is None else {k: v for k, v in values.items() if k != "place"}


def _describe(values: dict | None) -> str:
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
