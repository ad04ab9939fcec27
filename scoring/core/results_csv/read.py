"""A whole results file read and checked: text in, ``ParsedResults`` or one
``ResultsFileError`` listing every problem out (formats.md, Results CSV).

Pure: no Django import.
"""

from __future__ import annotations

import csv
import io

from heats.core.errors import LineProblem
from heats.core.i18n import gettext_noop
from heats.core.message import Message
from scoring.core.places import TablePlaces
from scoring.core.results_csv.checks import TableKey, check_rows, resolve_keys
from scoring.core.results_csv.file import records
from scoring.core.results_csv.rows import (
    ParsedResults,
    ResultsFileError,
    _read_header,
    _RowReader,
)


def parse_results_csv(text: str) -> ParsedResults:
    """Parse and check a whole results file.

    ``text`` is the decoded file (a UTF-8 byte-order mark, Windows line endings and
    surrounding spaces are accepted; ``file.decode_results`` decodes bytes).
    Returns every row in file order, each with its resolved ``player_key``. Raises
    ``ResultsFileError`` listing every problem with line and column: an empty file,
    missing or repeated columns, a non-number, negative or absurdly large number, an
    unknown round, a name or badge longer than ``Player`` holds, a NUL character or
    a lone surrogate, a cell over the csv module's limit, more than
    ``file.MAX_ROWS`` records, a duplicate seat, a player twice at one table or at
    two tables of one round, a badge used by two names, a table outside 4–6
    players, a place that contradicts the scores, a ``time_called`` that is not a
    day 1-3 or differs between the lines of one table.
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
        problems.append(
            LineProblem(1, "", Message(gettext_noop("the file has no player records")))
        )
    rows, key_problems = resolve_keys(rows)
    # Sizes and places need every row read cleanly: check them only then.
    places: dict[TableKey, TablePlaces] = {}
    problems += key_problems + check_rows(rows, complete=not problems, places=places)
    if problems:
        raise ResultsFileError(problems)
    return ParsedResults(rows, warnings, places)
