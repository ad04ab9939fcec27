"""Reading the results CSV (formats.md, "Results CSV") into checked rows.

Words:
- *row*: one line of the file, one player record; ``line`` is its 1-based line number
  in the file (the header is line 1);
- *round code*: ``1``, ``2``... for heats, ``semi`` or ``final``;
- *player key*: the badge when given, else the normalised name (formats.md).

Parsing is pure (no database): every problem of the file is collected with its line
and column, and ``ResultsFileError`` lists them all. Saving is
``scoring.services.imports``' work.
"""

from __future__ import annotations

import csv
import io
import re
from collections import defaultdict
from dataclasses import dataclass, replace

from heats.cells import restore
from heats.errors import LineProblem, UserError
from heats.models import Player, RoundKind, normalise_name
from heats.names import display_name
from scoring.csvfile import SHOWN, read_header, records, shown
from scoring.places import PlayerResult, TablePlaces, table_places

REQUIRED = ("heat", "table", "player", "final")
OPTIONAL = ("seat", "badge", "day1", "day2", "place", "time_called")
# A game has three days; time may be called on any of them (rules.md, A trading day).
DAYS = ("1", "2", "3")
TIE_HINT = " (a tie for first is resolved by place 1 on the declared winner)"
MAX_HEAT = 99
MIN_SEATS = 4
MAX_SEATS = 6
WHOLE = re.compile(r"[+-]?[0-9]+")
# Far above any real value: a Medici game ends near 100-200 florins.
MAXIMUM = {"florins": 99_999, "table": 999, "seat": 999, "place": 6}
# What a number cell holds, for "'x' is not a whole number of florins" and
# "1000 is above 999, too large for a table number".
NOUN = {"florins": "florins", "table": "a table number", "seat": "a seat number"}
NOUN["place"] = "a place"


class ResultsFileError(UserError):
    """The results file is not valid; ``line_problems`` holds every problem found."""

    def __init__(self, line_problems: list[LineProblem]) -> None:
        self.line_problems = sorted(line_problems)
        super().__init__(
            f"The results file has {len(self.line_problems)} problem(s); "
            "nothing was saved.",
            [str(p) for p in self.line_problems],
        )


@dataclass(frozen=True)
class ResultRow:
    """One valid row of the results CSV; scores in florins."""

    line: int
    round_kind: str
    round_number: int
    table: int
    seat: int | None
    player: str
    badge: str
    day1: int | None
    day2: int | None
    final: int
    place: int | None
    player_key: str = ""
    time_called: int | None = None

    @property
    def own_key(self) -> str:
        """This row's identity on its own: badge when given, else the name key."""
        return f"#{self.badge}" if self.badge else normalise_name(self.player)

    @property
    def round_label(self) -> str:
        """The round for messages: "heat 2", "semi", "final"."""
        return (
            f"heat {self.round_number}"
            if self.round_kind == RoundKind.HEAT
            else self.round_kind
        )

    @property
    def round_code(self) -> str:
        """The round as written in the CSV: "2", "semi", "final"."""
        return (
            str(self.round_number)
            if self.round_kind == RoundKind.HEAT
            else self.round_kind
        )


@dataclass(frozen=True)
class ParsedResults:
    """A valid results file: rows in file order and warnings (e.g. extra columns)."""

    rows: list[ResultRow]
    warnings: list[str]


def parse_round(value: str) -> tuple[str, int]:
    """``"2"`` -> ``("heat", 2)``, ``"semi"`` -> ``("semi", 1)``; ValueError if unknown.

    formats.md: heat number 1-based, or ``semi`` / ``final``.
    """
    text = value.strip().lower()
    if text in {"semi", "semi-final", "semifinal"}:
        return RoundKind.SEMI, 1
    if text == "final":
        return RoundKind.FINAL, 1
    if WHOLE.fullmatch(text) and 1 <= int(text) <= MAX_HEAT:
        return RoundKind.HEAT, int(text)
    raise ValueError(
        f"unknown round {shown(value.strip())} (a heat number 1–{MAX_HEAT}, "
        "semi or final)"
    )


def _whole(value: str, *, minimum: int, what: str) -> int:
    text = value.strip()
    if not WHOLE.fullmatch(text):
        raise ValueError(
            f"{shown(text)} is not a whole number of florins"
            if what == "florins"
            else f"{shown(text)} is not {NOUN[what]}: a whole number is needed"
        )
    digits = text.lstrip("+-").lstrip("0")
    if len(digits) <= len(str(MAXIMUM[what])):
        number, label = int(text), str(int(text))
    else:  # out of range either way; int() of thousands of digits is refused
        number = -1 if text.startswith("-") else MAXIMUM[what] + 1
        label = text if len(text) <= SHOWN else f"{text[:SHOWN]}… ({len(text)} digits)"
    if number > MAXIMUM[what]:
        raise ValueError(
            f"{label} is above {MAXIMUM[what]}, too large for {NOUN[what]}"
        )
    if number < minimum:
        raise ValueError(
            f"{label} is below {minimum}; {what} cannot be negative"
            if minimum == 0
            else f"{label} is below {minimum}"
        )
    return number


def _too_long(column: str, text: str) -> str | None:
    """The problem with a text cell longer than its Player field's ``max_length``
    (the name also once case is folded: ``name_key``), or None."""
    what = "name" if column == "player" else "badge"  # the Player field too
    limit = Player._meta.get_field(what).max_length
    if len(text) > limit:
        return f"the {what} has {len(text)} characters; at most {limit}"
    key_limit = Player._meta.get_field("name_key").max_length
    if column == "player" and len(normalise_name(text)) > key_limit:
        return (
            f"the name has {len(normalise_name(text))} characters once case is "
            f"folded (ß becomes ss); at most {key_limit}"
        )
    return None


class _RowReader:
    """Turns one CSV line into a ``ResultRow``, collecting problems as it goes."""

    def __init__(self, line: int, raw: dict[str, str], problems: list[LineProblem]):
        self.line = line
        self.raw = raw
        self.problems = problems
        self.ok = True

    def fail(self, column: str, message: str) -> None:
        self.problems.append(LineProblem(self.line, column, message))
        self.ok = False

    def text(self, column: str) -> str:
        """The cell of ``column`` without surrounding spaces or the apostrophe an
        export puts before formula-like text (``heats.cells.restore``): the app's
        own results CSV reads back as the names and numbers it holds."""
        return restore((self.raw.get(column) or "").strip()).strip()

    def saved_text(self, column: str) -> str:
        """A text column saved on Player (a name with its spaces folded, as
        ``Player.save`` does); one longer than the field holds is a problem and
        keeps the row out of the checks across rows."""
        text = self.text(column)
        if column == "player":
            text = display_name(text)
        problem = _too_long(column, text)
        if problem:
            self.fail(column, problem)
        return text

    def number(self, column: str, *, minimum: int, what: str, required: bool):
        text = self.text(column)
        if not text:
            if required:
                self.fail(column, "is empty; a value is required")
            return None
        try:
            return _whole(text, minimum=minimum, what=what)
        except ValueError as exc:
            self.fail(column, str(exc))
            return None

    def read(self) -> ResultRow | None:
        """The row, or None when its round, table, player or badge cannot be read.
        A row with only a bad score or seat is still returned (its bad cells as 0
        or None) so the checks across rows can see it; ``ok`` says it is clean."""
        kind, number = RoundKind.HEAT, 0
        try:
            kind, number = parse_round(self.text("heat"))
        except ValueError as exc:
            self.fail("heat", str(exc))
        table = self.number("table", minimum=1, what="table", required=True)
        player = self.saved_text("player")
        if not player:
            self.fail("player", "is empty; a player name is required")
        badge = self.saved_text("badge")
        placed = self.ok
        seat = self.number("seat", minimum=1, what="seat", required=False)
        if seat is not None and seat > MAX_SEATS:
            self.fail("seat", f"seat {seat} is above {MAX_SEATS}; tables seat 4–6")
            seat = None
        scores = {
            col: self.number(col, minimum=0, what="florins", required=col == "final")
            for col in ("day1", "day2", "final")
        }
        place = self.number("place", minimum=1, what="place", required=False)
        called = self.day("time_called")
        if not placed:
            return None
        return ResultRow(
            self.line,
            kind,
            number,
            table,
            seat,
            player,
            badge,
            scores["day1"],
            scores["day2"],
            scores["final"] or 0,
            place,
            time_called=called,
        )

    def day(self, column: str) -> int | None:
        """A day of the game (1-3), or None for a blank cell."""
        text = self.text(column)
        if not text:
            return None
        if text not in DAYS:
            self.fail(
                column,
                f"{shown(text)} is not a day of the game: give 1, 2 or 3 (the day "
                "time was called) or leave it blank for a game played out",
            )
            return None
        return int(text)


def _read_header(reader: csv.DictReader, text: str) -> tuple[list[str], list[str]]:
    """Normalised column names and warnings; ResultsFileError if unusable."""
    raw = read_header(reader, text)
    if isinstance(raw, LineProblem):
        raise ResultsFileError([raw])
    header = [(name or "").strip().lower() for name in raw]
    problems = []
    if not header:
        raise ResultsFileError([LineProblem(1, "", "the file is empty")])
    if len(header) == 1 and ";" in raw[0]:
        problems.append(
            LineProblem(
                1,
                "",
                (
                    "the columns are separated by ';': "
                    "save the file as comma-separated CSV"
                ),
            )
        )
    for col in sorted({c for c in header if c and header.count(c) > 1}):
        places = [str(i + 1) for i, c in enumerate(header) if c == col]
        problems.append(
            LineProblem(
                1,
                col,
                (f"column appears {len(places)} times (positions {', '.join(places)})"),
            )
        )
    if not problems:
        problems = [
            LineProblem(1, col, "required column is missing")
            for col in REQUIRED
            if col not in header
        ]
    if problems:
        raise ResultsFileError(problems)
    extra = [col for col in header if col and col not in REQUIRED + OPTIONAL]
    return header, [
        f"line 1: column {shown(col)} is not used and was ignored" for col in extra
    ]


def parse_results_csv(text: str) -> ParsedResults:
    """Parse and check a whole results file.

    ``text`` is the decoded file (a UTF-8 byte-order mark, Windows line endings and
    surrounding spaces are accepted; ``csvfile.decode_results`` decodes bytes).
    Returns every row in file order, each with its resolved ``player_key``. Raises
    ``ResultsFileError`` listing every problem with line and column: an empty file,
    missing or repeated columns, a non-number, negative or absurdly large number, an
    unknown round, a name or badge longer than ``Player`` holds, a NUL character, a
    cell over the csv module's limit, more than ``csvfile.MAX_ROWS`` records, a
    duplicate seat, a player twice at one table or at two tables of one round, a
    badge used by two names, a table outside 4–6 players, a place that contradicts
    the scores, a ``time_called`` that is not a day 1-3 or differs between the
    lines of one table.
    """
    text = text.removeprefix("\ufeff")
    reader = csv.DictReader(io.StringIO(text, newline=""), skipinitialspace=True)
    header, warnings = _read_header(reader, text)
    reader.fieldnames = header
    problems: list[LineProblem] = []
    rows = []
    for line, raw in records(reader, text, problems, warnings):
        row = _RowReader(line, raw, problems).read()
        if row is not None:
            rows.append(row)
    if not rows and not problems:
        problems.append(LineProblem(1, "", "the file has no player records"))
    rows, key_problems = resolve_keys(rows)
    # Sizes and places need every row read cleanly: check them only then.
    problems += key_problems + check_rows(rows, complete=not problems)
    if problems:
        raise ResultsFileError(problems)
    return ParsedResults(rows, warnings)


def resolve_keys(rows: list[ResultRow]) -> tuple[list[ResultRow], list[LineProblem]]:
    """Give every row its player key, the same for one person on every row.

    A badge identifies the player; a row without a badge is the player of that name
    who has a badge elsewhere in the file (if exactly one badge goes with the name),
    else the name itself (formats.md, Results CSV). Order in the file never matters.
    """
    badges: dict[str, set[str]] = defaultdict(set)
    for row in rows:
        if row.badge:
            badges[normalise_name(row.player)].add(row.badge)
    resolved, problems = [], []
    for row in rows:
        found = sorted(badges.get(normalise_name(row.player), ()))
        key = row.own_key
        if not row.badge and len(found) == 1:
            key = f"#{found[0]}"
        elif not row.badge and found:
            problems.append(
                LineProblem(
                    row.line,
                    "badge",
                    (
                        f"{row.player} has badges {' and '.join(found)} elsewhere "
                        "in the file: give the badge on this line too"
                    ),
                )
            )
        resolved.append(replace(row, player_key=key))
    return resolved, problems


def check_rows(rows: list[ResultRow], *, complete: bool = True) -> list[LineProblem]:
    """Cross-row checks: seats, players once per table and round, badges, sizes.

    Returns the problems (empty when the rows are consistent). formats.md and
    tournament.md, Words (a table seats 4–6; a player plays once per round).
    """
    problems: list[LineProblem] = []
    problems += _check_badges(rows)
    seen_seat: dict[tuple, ResultRow] = {}
    seen_player: dict[tuple, ResultRow] = {}
    tables: dict[tuple, list[ResultRow]] = defaultdict(list)
    for row in rows:
        round_key = (row.round_kind, row.round_number)
        tables[(*round_key, row.table)].append(row)
        if row.seat is not None:
            first = seen_seat.setdefault((*round_key, row.table, row.seat), row)
            if first is not row:
                problems.append(
                    LineProblem(
                        row.line,
                        "seat",
                        (
                            f"seat {row.seat} of table {row.table} is already taken by "
                            f"{first.player} (line {first.line})"
                        ),
                    )
                )
        first = seen_player.setdefault((*round_key, row.player_key), row)
        if first is not row:
            where = (
                "at the same table"
                if first.table == row.table
                else f"at table {first.table} of the same round"
            )
            problems.append(
                LineProblem(
                    row.line,
                    "player",
                    (f"{row.player} already plays {where} (line {first.line})"),
                )
            )
    for table_rows in tables.values():
        problems += _check_table(table_rows, complete=complete)
    return problems


def _check_badges(rows: list[ResultRow]) -> list[LineProblem]:
    names: dict[str, ResultRow] = {}
    problems = []
    for row in rows:
        if not row.badge:
            continue
        first = names.setdefault(row.badge, row)
        if normalise_name(first.player) != normalise_name(row.player):
            problems.append(
                LineProblem(
                    row.line,
                    "badge",
                    (
                        f"badge {row.badge} belongs to {first.player} "
                        f"(line {first.line}), "
                        f"not {row.player}"
                    ),
                )
            )
    return problems


def row_places(rows: list[ResultRow]) -> TablePlaces:
    """Places of one table's rows (tournament.md, Recording a table).

    Player keys are ``ResultRow.player_key``; a ``place`` of 1 on one of the players
    tied for first resolves the tie.
    """
    return table_places(
        [
            PlayerResult(row.player_key, row.final, row.day1, row.day2, row.place)
            for row in rows
        ]
    )


def _check_places(rows: list[ResultRow], label: str) -> list[LineProblem]:
    keys = [row.player_key for row in rows]
    if len(set(keys)) != len(keys):
        return []
    places = row_places(rows)
    problems = []
    for row in rows:
        place = places.places[row.player_key]
        if row.place is not None and row.place != place:
            problems.append(
                LineProblem(
                    row.line,
                    "place",
                    (
                        f"place {row.place} contradicts the scores: {row.player} "
                        f"finishes {place} at {label} with {row.final} florins"
                        + (TIE_HINT if place == 1 else "")
                    ),
                )
            )
    return problems


def _check_time_called(rows: list[ResultRow], label: str) -> list[LineProblem]:
    """Time is called for a whole table: every line of it gives the same day, or
    none (tournament.md, Heats: the clock)."""
    first = rows[0]

    def said(row: ResultRow) -> str:
        day = row.time_called
        return "played out (blank)" if day is None else f"time called on day {day}"

    return [
        LineProblem(
            row.line,
            "time_called",
            f"{label}: {said(row)} here, but {said(first)} on line {first.line}; "
            "every line of a table gives the same day (or none)",
        )
        for row in rows[1:]
        if row.time_called != first.time_called
    ]


def _check_table(rows: list[ResultRow], *, complete: bool) -> list[LineProblem]:
    first = rows[0]
    label = f"{first.round_label} table {first.table}"
    problems = []
    if len(rows) > MAX_SEATS:
        problems.append(
            LineProblem(
                rows[MAX_SEATS].line,
                "table",
                (f"{label} has {len(rows)} players; a table seats at most {MAX_SEATS}"),
            )
        )
    if complete and len(rows) < MIN_SEATS:
        problems.append(
            LineProblem(
                rows[-1].line,
                "table",
                (
                    f"{label} has {len(rows)} player(s); "
                    f"a table seats {MIN_SEATS}–{MAX_SEATS}"
                ),
            )
        )
    if complete:
        problems += _check_time_called(rows, label)
    given = [row.seat is not None for row in rows]
    if any(given) and not all(given):
        row = rows[given.index(False)]
        problems.append(
            LineProblem(
                row.line,
                "seat",
                (f"{label} gives seats for some players but not this one"),
            )
        )
    return problems + (_check_places(rows, label) if complete else [])
