"""The public standings of an event: heat winners, the semi-final list, heat tables.

Loads the rows once, calls the pure advancement, and shapes plain rows for the
django-tables2 tables of the standings page and the kiosk.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext, pgettext

from heats.core.formats import HMO, HMW
from heats.core.rounds import round_ordinal
from heats.core.tiebreaks import DEFAULT_TIEBREAKS
from heats.models import Event, RoundKind
from heats.translate import listed
from scoring.core import advancement
from scoring.core.tiebreak import decided_tie_note
from scoring.models import PlayerRecord, PublishedList
from scoring.queries.event_results import (
    HeatSeatRow,
    HeldTable,
    absent_ids,
    event_advancement,
    heat_seat_rows,
    held_tables,
    player_names,
)
from scoring.queries.published import changes, latest_published, published_json


@dataclass
class Standings:
    """Everything the standings page shows (tournament.md, What people see)."""

    event: Event
    result: advancement.Advancement
    posted: dict[str, Any]
    published: PublishedList | None
    changed: bool
    winners: list[dict[str, Any]]
    heats: list[tuple[int, list[dict[str, Any]]]]
    qualifiers: list[dict[str, Any]]
    alternates: list[dict[str, Any]]
    next_alternates: list[dict[str, Any]]
    unresolved_ties: list[str]
    being_checked: list[str]

    @property
    def has_results(self) -> bool:
        """True once any heat result is recorded."""
        return bool(self.heats)


def heat_rows(
    event: Event, keys: dict[int, str], rows: list[HeatSeatRow] | None = None
) -> tuple[list[tuple[int, list[dict[str, Any]]]], list[str]]:
    """Per heat, one row per record; and the tables with an unresolved tie for first.

    ``rows`` are ``heat_seat_rows`` (loaded when not given, without the records of
    ``held_tables``): seats without a public record are left out. A table's first
    row carries ``time_called``, the day time was called there (``None`` on other
    rows and for a game played out). A row's ``url`` is its table page, built from
    one reversed prefix rather than reversed per row.
    """
    prefix = reverse("scoring:standings", kwargs={"event": event.slug}) + "round/"
    by_heat: dict[int, list[dict[str, Any]]] = defaultdict(list)
    firsts: dict[tuple[int, int], int] = defaultdict(int)
    for heat, table, seat, player, final, day1, day2, place, _, called in (
        heat_seat_rows(event, held_tables(event)) if rows is None else rows
    ):
        if final is None:
            continue
        first_row = not by_heat[heat] or by_heat[heat][-1]["table"] != table
        if place == 1:
            firsts[(heat, table)] += 1
        by_heat[heat].append(
            {
                "table": table,
                "seat": seat,
                "player": keys[player],
                "player_id": player,
                "day1": day1,
                "day2": day2,
                "final": final,
                "place": place,
                "tie": False,
                "tie_note": "",
                "url": f"{prefix}{heat}/table/{table}/",
                # Shown once per table, on its first row.
                "time_called": called if first_row else None,
            }
        )
    ties = [key for key, count in firsts.items() if count > 1]
    for heat, table in ties:
        for row in by_heat[heat]:
            row["tie"] = row["table"] == table and row["place"] == 1
    _note_decided_ties(event, by_heat)
    labels = [table_label(RoundKind.HEAT, heat, table) for heat, table in sorted(ties)]
    return sorted(by_heat.items()), labels


def table_label(kind: str, number: int | None, table: int) -> str:
    """A table as the public pages name it, in the active language: "Heat 1,
    table 7", "Semi-final, table 2", "Final, table 1"."""
    if kind == RoundKind.SEMI:
        return gettext("Semi-final, table %(table)s") % {"table": table}
    if kind == RoundKind.FINAL:
        return gettext("Final, table %(table)s") % {"table": table}
    return gettext("Heat %(heat)s, table %(table)s") % {"heat": number, "table": table}


def held_table_labels(held: dict[int, tuple[str, int, int]]) -> list[str]:
    """The tables being checked (``held_tables``) as the public pages name them
    (:func:`table_label`), heats first, in round and table order; the public
    words of ``scoring.queries.event_results.held_labels``."""
    return [
        table_label(kind, rnd, n)
        for kind, rnd, n in sorted(
            held.values(), key=lambda t: (round_ordinal(t[0], t[1]), t[2])
        )
    ]


def _note_decided_ties(event: Event, by_heat: dict[int, list[dict[str, Any]]]) -> None:
    """Give ``tie_note`` to the rows of the players who tied for first at a heat
    table where the GM declared the winner: those whose final equals the place-1
    final. The reasons are loaded (one query) only when such a table is shown."""
    tops = {
        (heat, row["table"]): row["final"]
        for heat, rows in by_heat.items()
        for row in rows
        if row["place"] == 1
    }
    tied = {
        (heat, row["table"])
        for heat, rows in by_heat.items()
        for row in rows
        if row["place"] != 1 and tops.get((heat, row["table"])) == row["final"]
    }
    if not tied:
        return
    declared = PlayerRecord.objects.filter(
        seat__round__event=event, seat__round__kind=RoundKind.HEAT, declared_winner=True
    ).values_list("seat__round__number", "seat__table__number", "tie_reason")
    notes = {(h, t): decided_tie_note(why) for h, t, why in declared if (h, t) in tied}
    for heat, rows in by_heat.items():
        for row in rows:
            key = (heat, row["table"])
            if key in notes and row["final"] == tops[key]:
                row["tie_note"] = notes[key]


def winner_rows(
    heats: list[tuple[int, list[dict[str, Any]]]],
    posted: dict[str, Any],
    absent: set[int],
) -> list[dict[str, Any]]:
    """One row per distinct heat winner: heats won, double marker, semi-final status
    (``absent``: the ids of players marked absent from the semi-final). A winner
    cut by HMW is the first alternate under ``hmw``, nobody's under ``hmo``
    (tournament.md, Event formats)."""
    wins: dict[int, list[str]] = defaultdict(list)
    names: dict[int, str] = {}
    for heat, rows in heats:
        for row in rows:
            if row["place"] == 1:
                names[row["player_id"]] = row["player"]
                wins[row["player_id"]].append(
                    gettext("heat %(heat)s table %(table)s")
                    % {"heat": heat, "table": row["table"]}
                )
    seated = {q["player_id"] for q in posted["qualifiers"]}
    pared = {p["player_id"] for p in posted["pared"]}
    cut = (
        # Translators: a heat winner's place on the semi-final list: cut by the
        # HMW tie-breakers (HMO: heat winners only, no alternate is called).
        pgettext("semi-final status", "cut by HMW")
        if posted["format"] == HMO
        else pgettext("semi-final status", "cut by HMW (first alternate)")
    )
    rows = []
    for player, won in wins.items():
        if player in absent:
            status = pgettext("semi-final status", "absent")
        elif player in pared:
            status = cut
        elif player in seated:
            status = pgettext("semi-final status", "qualified")
        else:
            status = "—"
        rows.append(
            {
                "player": names[player],
                "wins": listed(won),
                "double": len(won) > 1,
                "wins_count": len(won),
                "status": status,
            }
        )
    return sorted(rows, key=lambda row: row["player"].casefold())


def _alternate_rows(
    alternates: list[dict[str, Any]], start: int
) -> list[dict[str, Any]]:
    return [{"call": start + i, **a} for i, a in enumerate(alternates)]


def _posted(
    published: PublishedList | None,
    keys: dict[int, str],
    live: advancement.Advancement | None,
) -> dict[str, Any]:
    """``published`` as ``Advancement.to_json()`` (players named by ``keys``),
    else ``live``'s, with its ``format`` and its number of ``seats``."""
    if published:
        posted = published_json(published, keys)
    else:
        assert live is not None
        posted = live.to_json(with_ids=True)
    # A list published before formats (tie-break orders) were recorded was
    # worked out as hmw (bpa).
    return {
        **posted,
        "format": posted.get("format", HMW),
        "tiebreaks": posted.get("tiebreaks", DEFAULT_TIEBREAKS),
        "seats": sum(posted["tables"]),
    }


def posted_list(
    event: Event, keys: dict[int, str], held: dict[int, HeldTable]
) -> dict[str, Any]:
    """The list the standings post (``Standings.posted``): the published one,
    else the live recommendation, worked out only then; ``keys`` and ``held``
    are ``player_names(event)`` and ``held_tables(event)``, loaded by the
    caller."""
    published = latest_published(event)
    live = None
    if published is None:
        rows = heat_seat_rows(event, held)
        live = event_advancement(event, keys=keys, rows=rows)
    return _posted(published, keys, live)


def standings(event: Event) -> Standings:
    """The standings of ``event`` with the semi-final list.

    The list shown (``posted``, shaped as ``Advancement.to_json()``, with its
    ``format``: tournament.md, Event formats) is the one the GM published, else
    the live recommendation; ``changed`` says the live list now
    differs from the published one (tournament.md, Advancement, 9). Absent players
    are those marked absent from the semi-final; nothing is saved. Tables with
    unacknowledged rules findings count as owing their results and are listed in
    ``being_checked`` (``scoring.queries.event_results.held_tables``).
    """
    keys = player_names(event)
    held = held_tables(event)
    rows = heat_seat_rows(event, held)
    absent = absent_ids(event)
    result = event_advancement(event, keys=keys, rows=rows, absent=absent)
    published = latest_published(event)
    posted = _posted(published, keys, result)
    heats, ties = heat_rows(event, keys, rows)
    return Standings(
        event=event,
        result=result,
        posted=posted,
        published=published,
        changed=bool(changes(published, result, keys)),
        winners=winner_rows(heats, posted, absent),
        heats=heats,
        qualifiers=posted["qualifiers"],
        alternates=_alternate_rows(posted["alternates"], 1),
        next_alternates=_alternate_rows(
            posted["next_alternates"], len(posted["alternates"]) + 1
        ),
        unresolved_ties=ties,
        being_checked=held_table_labels(held),
    )
