"""One line of the results CSV (formats.md, "Results CSV") read into a row.

Words:
- *row*: one line of the file, one player record; ``line`` is its 1-based line number
  in the file (the header is line 1);
- *round code*: ``1``, ``2``... for heats, ``semi`` or ``final``;
- *player key*: the badge when given, else the normalised name (formats.md).

Pure (no database): every problem of a line is collected with its line and column;
``results_csv.read`` reads the whole file and checks the rows across lines
(``results_csv.checks``). Saving is ``scoring.services.results_import.write``' work.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field

from heats.core.cells import restore
from heats.core.errors import LineProblem, UserError
from heats.core.i18n import gettext_noop, ngettext_noop
from heats.core.message import Message, error_text, listed
from heats.core.names import (
    BADGE_MAX_LENGTH,
    KEY_MAX_LENGTH,
    NAME_MAX_LENGTH,
    display_name,
    folded_name,
    name_key,
)
from heats.core.rounds import RoundCode, RoundCodeError, RoundKind
from scoring.core.places import TablePlaces
from scoring.core.results_csv.columns import (
    DAYS,
    MAX_HEAT,
    MAX_SEATS,
    MAXIMUM,
    NOUN,
    OPTIONAL,
    REQUIRED,
    TIE_REASON_MAX,
    WHOLE,
)
from scoring.core.results_csv.file import SHOWN, Record, read_header, shown


class ResultsFileError(UserError):
    """The results file is not valid; ``line_problems`` holds every problem found."""

    def __init__(self, line_problems: list[LineProblem]) -> None:
        self.line_problems = sorted(line_problems)
        super().__init__(
            Message.plural(
                ngettext_noop(
                    "The results file has %(count)s problem; nothing was saved.",
                    "The results file has %(count)s problems; nothing was saved.",
                ),
                "count",
                count=len(self.line_problems),
            ),
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
    tie_reason: str = ""

    @property
    def own_key(self) -> str:
        """This row's identity on its own: badge when given, else the name key."""
        return f"#{self.badge}" if self.badge else name_key(self.player)

    @property
    def round_label(self) -> str:
        """The round for messages: "heat 2", "semi", "final"."""
        code = RoundCode(self.round_kind, self.round_number)
        if code.is_heat:
            return Message(gettext_noop("heat %(number)s"), number=code.number)
        return code.code

    @property
    def round_code(self) -> str:
        """The round as written in the CSV: "2", "semi", "final"."""
        return RoundCode(self.round_kind, self.round_number).code


@dataclass(frozen=True)
class ParsedResults:
    """A valid results file: rows in file order and warnings (e.g. extra columns);
    ``places``: each table's places (``checks.row_places``) by (round kind,
    round number, table), worked out once while the file was checked."""

    rows: list[ResultRow]
    warnings: list[str]
    places: dict[tuple[str, int, int], TablePlaces] = field(default_factory=dict)


def parse_round(value: str) -> tuple[str, int]:
    """``"2"`` -> ``("heat", 2)``, ``"semi"`` -> ``("semi", 1)``; ValueError if unknown.

    formats.md: heat number 1-based, or ``semi`` / ``final``.
    """
    try:
        code = RoundCode.parse(value, max_heat=MAX_HEAT)
    except RoundCodeError:
        raise ValueError(
            Message(
                gettext_noop(
                    "unknown round %(value)s (a heat number 1–%(most)s, semi or final)"
                ),
                value=shown(value.strip()),
                most=MAX_HEAT,
            )
        ) from None
    return code.kind, code.number


def _not_whole(text: str, what: str) -> ValueError:
    """The error for ``text``, which is not a whole number, read as ``what``."""
    return ValueError(
        Message(
            gettext_noop("%(value)s is not a whole number of florins"),
            value=shown(text),
        )
        if what == "florins"
        else Message(
            gettext_noop("%(value)s is not %(what)s: a whole number is needed"),
            value=shown(text),
            what=NOUN[what],
        )
    )


def _number_and_label(text: str, what: str) -> tuple[int, str]:
    """The whole number ``text`` and how a message shows it; a number too long
    to be in range comes back just out of range, shown by its first digits."""
    digits = text.lstrip("+-").lstrip("0")
    if len(digits) <= len(str(MAXIMUM[what])):
        return int(text), str(int(text))
    # Out of range either way; int() of thousands of digits is refused.
    number = -1 if text.startswith("-") else MAXIMUM[what] + 1
    label = (
        text
        if len(text) <= SHOWN
        else Message(
            gettext_noop("%(start)s… (%(count)s digits)"),
            start=text[:SHOWN],
            count=len(text),
        )
    )
    return number, label


def _whole(value: str, *, minimum: int, what: str) -> int:
    text = value.strip()
    if not WHOLE.fullmatch(text):
        raise _not_whole(text, what)
    number, label = _number_and_label(text, what)
    if number > MAXIMUM[what]:
        raise ValueError(
            Message(
                gettext_noop("%(value)s is above %(most)s, too large for %(what)s"),
                value=label,
                most=MAXIMUM[what],
                what=NOUN[what],
            )
        )
    if number < minimum:
        raise ValueError(
            Message(
                # Translators: "what" is "florins" (the only value that starts at 0).
                gettext_noop(
                    "%(value)s is below %(least)s; %(what)s cannot be negative"
                ),
                value=label,
                least=minimum,
                what=NOUN[what],
            )
            if minimum == 0
            else Message(
                gettext_noop("%(value)s is below %(least)s"), value=label, least=minimum
            )
        )
    return number


def _too_long(column: str, text: str) -> str | None:
    """The problem with a text cell longer than its Player field's ``max_length``
    (the name also once case is folded: ``folded_name``), or None."""
    what = "name" if column == "player" else "badge"  # the Player field too
    limit = NAME_MAX_LENGTH if column == "player" else BADGE_MAX_LENGTH
    if len(text) > limit:
        template = (
            gettext_noop("the name has %(count)s characters; at most %(most)s")
            if what == "name"
            else gettext_noop("the badge has %(count)s characters; at most %(most)s")
        )
        return Message(template, count=len(text), most=limit)
    key_limit = KEY_MAX_LENGTH
    if column == "player" and len(folded_name(text)) > key_limit:
        return Message(
            gettext_noop(
                "the name has %(count)s characters once case is folded (ß becomes "
                "ss); at most %(most)s"
            ),
            count=len(folded_name(text)),
            most=key_limit,
        )
    return None


_REASON_SPLIT = gettext_noop(
    "%(reason)s is followed by cells beyond the header (%(rest)s): a reason "
    "with a comma goes in double quotes"
)


class _RowReader:
    """Turns one CSV line into a ``ResultRow``, collecting problems as it goes."""

    def __init__(self, line: int, raw: Record, problems: list[LineProblem]) -> None:
        self.line = line
        self.raw = raw
        self.problems = problems
        self.ok = True

    def fail(self, column: str, message: str) -> None:
        self.problems.append(LineProblem(self.line, column, message))
        self.ok = False

    def text(self, column: str) -> str:
        """The cell of ``column`` without surrounding spaces or the apostrophe an
        export puts before formula-like text (``heats.core.cells.restore``): the app's
        own results CSV reads back as the names and numbers it holds."""
        return restore((self.raw.get(column) or "").strip()).strip()

    def saved_text(self, column: str) -> str:
        """A text column saved on Player (a name with its spaces folded, as
        ``Player.save`` does); one longer than the field holds is a problem and
        keeps the row out of the checks across rows."""
        # A badge is tidied as a name (NFC, no direction overrides), then counted.
        text = display_name(self.text(column))
        problem = _too_long(column, text)
        if problem:
            self.fail(column, problem)
        return text

    def number(
        self, column: str, *, minimum: int, what: str, required: bool
    ) -> int | None:
        text = self.text(column)
        if not text:
            if required:
                self.fail(
                    column, Message(gettext_noop("is empty; a value is required"))
                )
            return None
        try:
            return _whole(text, minimum=minimum, what=what)
        except ValueError as exc:
            self.fail(column, error_text(exc))
            return None

    def read(self) -> ResultRow | None:
        """The row, or None when its round, table, player or badge cannot be read.
        A row with only a bad score or seat is still returned (its bad cells as 0
        or None) so the checks across rows can see it; ``ok`` says it is clean."""
        kind: str = RoundKind.HEAT
        number = 0
        try:
            kind, number = parse_round(self.text("heat"))
        except ValueError as exc:
            self.fail("heat", error_text(exc))
        table = self.number("table", minimum=1, what="table", required=True)
        player = self.saved_text("player")
        if not player:
            self.fail(
                "player", Message(gettext_noop("is empty; a player name is required"))
            )
        badge = self.saved_text("badge")
        placed = self.ok
        seat = self.seat()
        scores = {
            col: self.number(col, minimum=0, what="florins", required=col == "final")
            for col in ("day1", "day2", "final")
        }
        place = self.number("place", minimum=1, what="place", required=False)
        called = self.day("time_called")
        reason = self.tie_reason()
        if not placed or table is None:
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
            tie_reason=reason,
        )

    def seat(self) -> int | None:
        """The seat, None when blank or above what a table seats (a problem)."""
        seat = self.number("seat", minimum=1, what="seat", required=False)
        if seat is not None and seat > MAX_SEATS:
            self.fail(
                "seat",
                Message(
                    gettext_noop("seat %(seat)s is above %(most)s; tables seat 4–6"),
                    seat=seat,
                    most=MAX_SEATS,
                ),
            )
            return None
        return seat

    def tie_reason(self) -> str:
        """The GM's reason for the tie for first this line's player wins by
        ``place`` (tidied as a name is: NFC, no direction overrides); one longer
        than a record keeps is a problem (the file is then refused)."""
        text = display_name(self.text("tie_reason"))
        if len(text) > TIE_REASON_MAX:
            self.fail(
                "tie_reason",
                Message(
                    gettext_noop(
                        "the reason has %(count)s characters; at most %(most)s"
                    ),
                    count=len(text),
                    most=TIE_REASON_MAX,
                ),
            )
        beyond = self.raw.get(None)
        if text and beyond:  # an unquoted comma split the reason
            rest = shown(",".join(cell for cell in beyond if isinstance(cell, str)))
            self.fail(
                "tie_reason", Message(_REASON_SPLIT, reason=shown(text), rest=rest)
            )
        return text

    def day(self, column: str) -> int | None:
        """A day of the game (1-3), or None for a blank cell."""
        text = self.text(column)
        if not text:
            return None
        if text not in DAYS:
            self.fail(
                column,
                Message(
                    gettext_noop(
                        "%(value)s is not a day of the game: give 1, 2 or 3 (the day "
                        "time was called) or leave it blank for a game played out"
                    ),
                    value=shown(text),
                ),
            )
            return None
        return int(text)


def _read_header(reader: csv.DictReader[str], text: str) -> tuple[list[str], list[str]]:
    """Normalised column names and warnings; ResultsFileError if unusable."""
    raw = read_header(reader, text)
    if isinstance(raw, LineProblem):
        raise ResultsFileError([raw])
    header = [(name or "").strip().lower() for name in raw]
    problems = []
    if not header:
        raise ResultsFileError(
            [LineProblem(1, "", Message(gettext_noop("the file is empty")))]
        )
    if len(header) == 1 and ";" in raw[0]:
        problems.append(
            LineProblem(
                1,
                "",
                Message(
                    gettext_noop(
                        "the columns are separated by ';': "
                        "save the file as comma-separated CSV"
                    )
                ),
            )
        )
    problems += _repeated_columns(header)
    if not problems:
        problems = [
            LineProblem(1, col, Message(gettext_noop("required column is missing")))
            for col in REQUIRED
            if col not in header
        ]
    if problems:
        raise ResultsFileError(problems)
    extra = [col for col in header if col and col not in REQUIRED + OPTIONAL]
    return header, [
        Message(
            gettext_noop("line 1: column %(column)s is not used and was ignored"),
            column=shown(col),
        )
        for col in extra
    ]


def _repeated_columns(header: list[str]) -> list[LineProblem]:
    """A problem per column named more than once in ``header``, with where."""
    problems = []
    for col in sorted({c for c in header if c and header.count(c) > 1}):
        places = [str(i + 1) for i, c in enumerate(header) if c == col]
        problems.append(
            LineProblem(
                1,
                col,
                Message(
                    gettext_noop(
                        "column appears %(count)s times (positions %(places)s)"
                    ),
                    count=len(places),
                    places=listed(places),
                ),
            )
        )
    return problems
