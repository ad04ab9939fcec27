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
from heats.core.i18n import gettext_noop, ngettext_noop
from heats.core.message import Message
from heats.core.names import name_key
from scoring.core.places import PlayerResult, TablePlaces, table_places
from scoring.core.results_csv.columns import MAX_SEATS, MIN_SEATS
from scoring.core.results_csv.rows import ResultRow

_PLACE = gettext_noop(
    "place %(place)s contradicts the scores: %(player)s finishes %(finishes)s at "
    "%(table)s with %(final)s florins"
)
_PLACE_AT_TIE = gettext_noop(
    "place %(place)s contradicts the scores: %(player)s finishes %(finishes)s at "
    "%(table)s with %(final)s florins (a tie for first is resolved by place 1 on "
    "the declared winner)"
)

_TIE_REASON_MISSING = (
    # Translators: "tie_reason" is the column's name, kept as it is.
    gettext_noop(
        "%(player)s wins the tie for first at %(table)s (%(final)s florins) by "
        "place 1: say why in the tie_reason column (e.g. higher money after day "
        "2), as the tie form asks"
    )
)
_TIE_REASON_UNUSED = (
    # Translators: "tie_reason" is the column's name, kept as it is.
    gettext_noop(
        "a tie_reason is kept only for the player place 1 gives a tie for "
        "first; %(player)s wins no tie at %(table)s"
    )
)


def _and(items: list[str]) -> str:
    """``["17", "23", "40"]`` -> "17 and 23 and 40" (a message)."""
    text: str = items[0]
    for item in items[1:]:
        text = Message(
            gettext_noop("%(first)s and %(second)s"), first=text, second=item
        )
    return text


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
                    Message(
                        # Translators: "badges" is e.g. "17 and 23".
                        gettext_noop(
                            "%(player)s has badges %(badges)s elsewhere in the file: "
                            "give the badge on this line too"
                        ),
                        player=row.player,
                        badges=_and(found),
                    ),
                )
            )
        resolved.append(replace(row, player_key=key))
    return resolved, problems


TableKey = tuple[str, int, int]
"""A table of a results file: round kind, round number, table number."""


def check_rows(
    rows: list[ResultRow],
    *,
    complete: bool = True,
    places: dict[TableKey, TablePlaces] | None = None,
) -> list[LineProblem]:
    """Cross-row checks: seats, players once per table and round, badges, sizes.

    Returns the problems (empty when the rows are consistent). formats.md and
    tournament.md, Words (a table seats 4–6; a player plays once per round).
    ``places``, when given, receives each table's places as the check of the
    ``place`` column works them out (``row_places``), so they are derived once.
    """
    problems: list[LineProblem] = []
    problems += _check_badges(rows)
    seen_seat: dict[tuple[str, int, int, int], ResultRow] = {}
    seen_player: dict[tuple[object, ...], ResultRow] = {}
    tables: dict[TableKey, list[ResultRow]] = defaultdict(list)
    for row in rows:
        round_key = (row.round_kind, row.round_number)
        tables[(*round_key, row.table)].append(row)
        if row.seat is not None:
            first = seen_seat.setdefault((*round_key, row.table, row.seat), row)
            if first is not row:
                problems.append(_seat_taken(row, first))
        first = seen_player.setdefault((*round_key, row.player_key), row)
        if first is not row:
            problems.append(_plays_twice(row, first))
    for key, table_rows in tables.items():
        problems += _check_table(table_rows, complete=complete)
        if complete:
            problems += _check_places(table_rows, _label(table_rows), key, places)
    return problems


def _seat_taken(row: ResultRow, first: ResultRow) -> LineProblem:
    """``row`` gives the seat ``first`` (an earlier line) took at its table."""
    return LineProblem(
        row.line,
        "seat",
        Message(
            gettext_noop(
                "seat %(seat)s of table %(table)s is already taken by "
                "%(player)s (line %(line)s)"
            ),
            seat=row.seat,
            table=row.table,
            player=first.player,
            line=first.line,
        ),
    )


def _plays_twice(row: ResultRow, first: ResultRow) -> LineProblem:
    """``row`` seats the player ``first`` (an earlier line) seated in the round."""
    where = (
        Message(gettext_noop("at the same table"))
        if first.table == row.table
        else Message(
            gettext_noop("at table %(table)s of the same round"),
            table=first.table,
        )
    )
    return LineProblem(
        row.line,
        "player",
        Message(
            gettext_noop("%(player)s already plays %(where)s (line %(line)s)"),
            player=row.player,
            where=where,
            line=first.line,
        ),
    )


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
                    Message(
                        gettext_noop(
                            "badge %(badge)s belongs to %(first)s (line %(line)s), "
                            "not %(player)s"
                        ),
                        badge=row.badge,
                        first=first.player,
                        line=first.line,
                        player=row.player,
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


def _check_places(
    rows: list[ResultRow],
    label: str,
    key: TableKey,
    found: dict[TableKey, TablePlaces] | None,
) -> list[LineProblem]:
    """A ``place`` that contradicts the scores; the table's places are kept
    in ``found`` under ``key`` (when given)."""
    keys = [row.player_key for row in rows]
    if len(set(keys)) != len(keys):
        return []
    places = row_places(rows)
    if found is not None:
        found[key] = places
    problems = _check_tie_reasons(rows, label, places)
    for row in rows:
        place = places.places[row.player_key]
        if row.place is not None and row.place != place:
            problems.append(
                LineProblem(
                    row.line,
                    "place",
                    Message(
                        _PLACE_AT_TIE if place == 1 else _PLACE,
                        place=row.place,
                        player=row.player,
                        finishes=place,
                        table=label,
                        final=row.final,
                    ),
                )
            )
    return problems


def _check_tie_reasons(
    rows: list[ResultRow], label: str, places: TablePlaces
) -> list[LineProblem]:
    """A tie for first settled by ``place`` needs the GM's reason on the
    winner's line, as the tie form asks (tournament.md, Recording a table: the
    GM declares the winner and why); a reason on any other line is refused
    rather than dropped."""
    tied = sum(row.final == places.winner_final for row in rows) > 1
    winner = places.winners[0] if tied and len(places.winners) == 1 else None
    problems = []
    for row in rows:
        if row.player_key == winner and not row.tie_reason:
            template = _TIE_REASON_MISSING
        elif row.player_key != winner and row.tie_reason:
            template = _TIE_REASON_UNUSED
        else:
            continue
        problems.append(
            LineProblem(
                row.line,
                "tie_reason",
                Message(template, player=row.player, table=label, final=row.final)
                if template is _TIE_REASON_MISSING
                else Message(template, player=row.player, table=label),
            )
        )
    return problems


def _check_time_called(rows: list[ResultRow], label: str) -> list[LineProblem]:
    """Time is called for a whole table: every line of it gives the same day, or
    none (tournament.md, Heats: the clock)."""
    first = rows[0]

    def said(row: ResultRow) -> str:
        day = row.time_called
        if day is None:
            return Message(gettext_noop("played out (blank)"))
        return Message(gettext_noop("time called on day %(day)s"), day=day)

    return [
        LineProblem(
            row.line,
            "time_called",
            Message(
                gettext_noop(
                    "%(table)s: %(here)s here, but %(first)s on line %(line)s; "
                    "every line of a table gives the same day (or none)"
                ),
                table=label,
                here=said(row),
                first=said(first),
                line=first.line,
            ),
        )
        for row in rows[1:]
        if row.time_called != first.time_called
    ]


def _label(rows: list[ResultRow]) -> str:
    """The table of ``rows`` for messages: "heat 2 table 7"."""
    first = rows[0]
    return Message(
        gettext_noop("%(round)s table %(table)s"),
        round=first.round_label,
        table=first.table,
    )


def _check_table(rows: list[ResultRow], *, complete: bool) -> list[LineProblem]:
    """One table's size, time called and seats given (places: ``_check_places``)."""
    label = _label(rows)
    problems = _check_size(rows, label, complete=complete)
    if complete:
        problems += _check_time_called(rows, label)
    given = [row.seat is not None for row in rows]
    if any(given) and not all(given):
        row = rows[given.index(False)]
        problems.append(
            LineProblem(
                row.line,
                "seat",
                Message(
                    gettext_noop(
                        "%(table)s gives seats for some players but not this one"
                    ),
                    table=label,
                ),
            )
        )
    return problems


def _check_size(
    rows: list[ResultRow], label: str, *, complete: bool
) -> list[LineProblem]:
    """More players than a table seats; with ``complete``, fewer too."""
    problems = []
    if len(rows) > MAX_SEATS:
        problems.append(
            LineProblem(
                rows[MAX_SEATS].line,
                "table",
                Message(
                    gettext_noop(
                        "%(table)s has %(count)s players; a table seats at most "
                        "%(most)s"
                    ),
                    table=label,
                    count=len(rows),
                    most=MAX_SEATS,
                ),
            )
        )
    if complete and len(rows) < MIN_SEATS:
        problems.append(
            LineProblem(
                rows[-1].line,
                "table",
                Message.plural(
                    ngettext_noop(
                        "%(table)s has %(count)s player; a table seats "
                        "%(least)s–%(most)s",
                        "%(table)s has %(count)s players; a table seats "
                        "%(least)s–%(most)s",
                    ),
                    "count",
                    table=label,
                    count=len(rows),
                    least=MIN_SEATS,
                    most=MAX_SEATS,
                ),
            )
        )
    return problems
