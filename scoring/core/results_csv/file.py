"""A results CSV as a file: bytes to text, and text to records, within bounds.

Words:
- *record*: one CSV row as ``{column: cell}`` (``csv.DictReader``); cells beyond the
  header are under the key ``None``;
- *line*: the 1-based line of the file a record starts on (the header is line 1);
- *blank record*: one whose cells under the header are all empty or spaces; skipped.

The bounds keep a mistaken or hostile file from reaching the database or taking
minutes: at most ``MAX_FILE_BYTES`` bytes and ``MAX_ROWS`` records, no cell over the
csv module's field limit, no text PostgreSQL cannot store (the csv module reads a
NUL character or a lone surrogate, ``heats.core.storable``). Each problem is a
``LineProblem`` with line and column, as the rest of the import reports them
(formats.md, Results CSV). Pure: no database.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from typing import Any

from heats.core.errors import LineProblem
from heats.core.files import check_size, decode_utf8
from heats.core.i18n import gettext_noop
from heats.core.message import Message
from heats.core.storable import text_problem

# Far above a convention's results (WBC 2017: 160 records, about 6 KB), low enough
# that a mistaken file is refused at once rather than read for minutes.
MAX_ROWS = 20_000
MAX_FILE_BYTES = 2 * 1024 * 1024
SIZE_ADVICE = Message(gettext_noop("split it, by heat for example"))
# A bad cell is quoted in a message up to this many characters.
SHOWN = 30
# One cell: optionally quoted (with "" for a quote), then unquoted text up to a comma
# or line end. Only used to find which cell broke the csv module's limit.
CELL = re.compile(r' *(?:"[^"]*(?:""[^"]*)*"?)?[^,\r\n]*')
NUL = "\x00"
# A record: column -> cell; the cells beyond the header as a list under None.
Record = dict[str | None, Any]


def decode_results(data: bytes) -> str:
    """The text of a results file given as bytes (an upload or a file on disk).

    Raises UserError, the same message on the page and in the command, when the file
    is larger than ``MAX_FILE_BYTES`` or not UTF-8 (naming the line and byte); a
    UTF-8 byte-order mark is dropped. formats.md, Results CSV: UTF-8.
    """
    check_size(len(data), MAX_FILE_BYTES, advice=SIZE_ADVICE)
    return decode_utf8(data, hint=Message(gettext_noop("CSV UTF-8 in Excel")))


def shown(text: str) -> str:
    """``text`` quoted for a message; a long one cut to ``SHOWN`` characters and
    followed by its length."""
    if len(text) <= SHOWN:
        return repr(text)
    return Message(
        gettext_noop("%(start)s… (%(count)s characters)"),
        start=repr(text[:SHOWN]),
        count=len(text),
    )


def read_header(reader: csv.DictReader[str], text: str) -> list[str] | LineProblem:
    """The raw column names of ``reader``; a ``LineProblem`` for line 1 when the
    header cannot be read or holds text that cannot be saved (``cell_problem``)."""
    try:
        header = list(reader.fieldnames or [])
    except csv.Error as exc:
        return unreadable(text, 1, [], exc)
    for position, name in enumerate(header, 1):
        problem = cell_problem(name)
        if problem:
            return LineProblem(1, f"#{position}", problem)
    return header


def records(
    reader: csv.DictReader[str],
    text: str,
    problems: list[LineProblem],
    warnings: list[str],
) -> Iterator[tuple[int, Record]]:
    """The non-blank records of ``reader`` (over ``text``) with their lines.

    Appends to ``problems``: a cell that cannot be saved (``cell_problem``: a NUL
    character, a lone surrogate); a cell the csv module cannot
    hold (then stops: the lines after it cannot be trusted); more than ``MAX_ROWS``
    records (then stops, after counting them all). Appends a warning for cells
    beyond the header.
    """
    line, count = 2, 0
    for raw in _guarded(reader, text, problems):
        start, line = line, reader.line_num + 1
        if None in raw:
            warnings.append(
                Message(
                    gettext_noop("line %(line)s: cells beyond the header were ignored"),
                    line=start,
                )
            )
        if _blank(raw):
            continue
        count += 1
        if count > MAX_ROWS:
            total = count + _count_rest(reader)
            problems.append(LineProblem(start, "", too_many_message(total)))
            return
        problems += [
            LineProblem(start, str(column or ""), problem)
            for column, cell in _cells(raw)
            if (problem := cell_problem(cell))
        ]
        yield start, raw


def too_many_message(total: int) -> str:
    """The message for a file of ``total`` records, more than ``MAX_ROWS``."""
    return Message(
        gettext_noop(
            "the file has %(total)s player records; an import takes at most "
            "%(most)s: split the file, by heat for example"
        ),
        total=total,
        most=MAX_ROWS,
    )


def cell_problem(cell: str) -> str | None:
    """What keeps ``cell`` out of the database (``heats.core.storable``), or None:
    a NUL character (byte 0; a UTF-16 file has one in every other byte) or a
    lone surrogate."""
    if NUL in cell:
        return Message(
            gettext_noop(
                "%(cell)s holds a NUL character (byte 0), which cannot be saved: "
                "is the file UTF-16? Save it as CSV UTF-8"
            ),
            cell=shown(cell),
        )
    problem = text_problem(cell)
    if not problem:
        return None
    return Message(
        gettext_noop("%(cell)s: %(problem)s"), cell=shown(cell), problem=problem
    )


def _blank(raw: Record) -> bool:
    return not any(
        isinstance(v, str) and v.strip() for k, v in raw.items() if k is not None
    )


def _cells(raw: Record) -> Iterator[tuple[str | None, str]]:
    for column, value in raw.items():
        for cell in value if isinstance(value, list) else [value]:
            if isinstance(cell, str):
                yield column, cell


def _guarded(
    reader: csv.DictReader[str], text: str, problems: list[LineProblem]
) -> Iterator[Record]:
    """``reader``'s records until the end or the first ``csv.Error``, which becomes
    a problem on the line its record starts on."""
    line = reader.line_num + 1
    while True:
        try:
            raw = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            problems.append(unreadable(text, line, list(reader.fieldnames or []), exc))
            return
        line = reader.line_num + 1
        yield raw


def _count_rest(reader: csv.DictReader[str]) -> int:
    count = 0
    try:
        for raw in reader:
            count += not _blank(raw)
    except csv.Error:
        pass  # the count so far is enough to say the file is too long
    return count


def unreadable(text: str, line: int, header: list[str], exc: csv.Error) -> LineProblem:
    """The problem for a record the csv module refused, starting on ``line``.

    The csv module refuses a cell over its field limit (131072 characters by
    default); the column is found by reading the record again by quotes and commas.
    """
    limit = csv.field_size_limit()
    if "field limit" not in str(exc):
        return LineProblem(
            line,
            "",
            Message(
                # Translators: "error" is Python's CSV reader's own English.
                gettext_noop(
                    "cannot be read as CSV (%(error)s); the lines after it were "
                    "not read"
                ),
                error=str(exc),
            ),
        )
    index = _long_cell(text, line, limit)
    column = ""
    if index is not None:
        column = (
            header[index].strip().lower() if index < len(header) else f"#{index + 1}"
        )
    return LineProblem(
        line,
        column,
        Message(
            gettext_noop(
                "the cell has more than %(most)s characters; the lines after it were "
                "not read"
            ),
            most=limit,
        ),
    )


def _long_cell(text: str, line: int, limit: int) -> int | None:
    """0-based index of the first cell over ``limit`` characters in the record that
    starts on ``line`` of ``text``, or None if none is found."""
    lines = io.StringIO(text, newline="").readlines()
    pos, index = sum(map(len, lines[: line - 1])), 0
    while True:
        cell = CELL.match(text, pos)
        if cell is None:  # cannot happen: the pattern matches an empty cell
            return None
        if cell.end() - pos > limit:
            return index
        pos = cell.end()
        if text[pos : pos + 1] != ",":
            return None
        pos, index = pos + 1, index + 1
