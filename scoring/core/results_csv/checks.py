"""Checks across the rows of a results file: one player key per person, seats,
players once per table and round, badges, table sizes, places and time called.

Each problem is a ``LineProblem`` naming the line and column (formats.md, Results
CSV; tournament.md, Words: a table seats 4–6, a player plays once per round).

Pure: no Django import.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

from heats.core.errors import LineProblem
from heats.core.names import name_key
from scoring.core.places import PlayerResult, TablePlaces, table_places
from scoring.core.results_csv.columns import MAX_SEATS, MIN_SEATS, TIE_HINT
from scoring.core.results_csv.rows import ResultRow


def resolve_keys(rows: list[ResultRow]) -> tuple[list[ResultRow], list[LineProblem]]:
    """Give every row its player key, the same for one person on every row.

    A badge identifies the player; a row without a badge is the player of that name
    who has a badge elsewhere in the file (if exactly one badge goes with the name),
    else the name itself (formats.md, Results CSV). Order in the file never matters.
    """
    badges: dict[str, set[str]] = defaultdict(set)
    for row in rows:
        if row.badge:
            badges[name_key(row.player)].add(row.badge)
    resolved, problems = [], []
    for row in rows:
        found = sorted(badges.get(name_key(row.player), ()))
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
    seen_seat: dict[tuple[str, int, int, int], ResultRow] = {}
    seen_player: dict[tuple[object, ...], ResultRow] = {}
    tables: dict[tuple[str, int, int], list[ResultRow]] = defaultdict(list)
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
        if name_key(first.player) != name_key(row.player):
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
