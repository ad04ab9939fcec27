"""The results CSV (formats.md, "Results CSV"): one package for the format.

- ``columns``: the columns and the bounds of their values, for reader and export;
- ``file``: bytes to text and text to records, within the file's limits;
- ``rows``: one line read into a ``ResultRow``;
- ``checks``: checks across the rows (keys, seats, sizes, places);
- ``read``: the whole file, ``parse_results_csv``.

The export (the same columns, written) is ``scoring.queries.spreadsheets``. Pure: no
Django import.
"""

from __future__ import annotations

from scoring.core.results_csv.checks import check_rows, resolve_keys, row_places
from scoring.core.results_csv.columns import COLUMNS, MAXIMUM, OPTIONAL, REQUIRED
from scoring.core.results_csv.file import (
    MAX_FILE_BYTES,
    MAX_ROWS,
    SIZE_ADVICE,
    decode_results,
)
from scoring.core.results_csv.read import parse_results_csv
from scoring.core.results_csv.rows import (
    ParsedResults,
    ResultRow,
    ResultsFileError,
    parse_round,
)

__all__ = [
    "COLUMNS",
    "MAXIMUM",
    "MAX_FILE_BYTES",
    "MAX_ROWS",
    "OPTIONAL",
    "REQUIRED",
    "SIZE_ADVICE",
    "ParsedResults",
    "ResultRow",
    "ResultsFileError",
    "check_rows",
    "decode_results",
    "parse_results_csv",
    "parse_round",
    "resolve_keys",
    "row_places",
]
