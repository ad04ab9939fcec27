"""Printables service: load an event's data, build a PDF (``scoring.pdf``).

The GM's print links and ``manage.py print_pdf`` share :func:`render`. Reading
only: nothing is saved. Addresses printed as QR codes are absolute, built from
``base_url`` (the ``MEDICI_PUBLIC_URL`` setting, else the request's host, else the
command's ``--base-url``).

A printable is printed in one language (:func:`print_language`: the one asked for
with ``?lang=`` or ``--lang``, else the event's): :func:`render` loads the data and
builds the PDF inside ``translation.override`` of it, so the round names, reasons
and notes loaded here and the builders' own words (``scoring.pdf.words``) are all
in that language. Names are never translated.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from heats.core.errors import UserError
from heats.models import EntryStatus, Event, Round, RoundKind, Seat, Table
from heats.queries.desk import round_seats
from heats.queries.rounds import find_round
from heats.translate import listed, translate
from scoring import pdf
from scoring.models import PlayerRecord
from scoring.pdf.data import (
    PAPERS,
    ClockPrint,
    EventPrint,
    Finish,
    HeatPrint,
    Line,
    ResultTable,
    RoundPrint,
    SeatedTable,
)
from scoring.queries import (
    decisions,
)
from scoring.queries import (
    laurels as laurel_places,
)
from scoring.queries.event_results import (
    held_tables,
    player_names,
)
from scoring.queries.final import (
    FinalField,
)
from scoring.queries.report_links import (
    report_links,
)
from scoring.queries.rounds import (
    final_round,
    semi_round,
)
from scoring.queries.standings import (
    posted_list,
)

PRINT_LANGUAGES = ("en", "de", "fr", "zh-hans")
"""The languages the printables are printed in (``--lang``, ``?lang=``)."""


@dataclass(frozen=True)
class Printout:
    """A built PDF: its file name ("demo-1-assignments.pdf") and its bytes."""

    filename: str
    content: bytes


def print_language(event: Event, requested: str | None = None) -> str:
    """The language to print ``event``'s printables in: ``requested`` (``?lang=``
    of the GM's print links, ``print_pdf --lang``) when given, else the event's
    own language, else English; an event language the printables are not printed
    in gives English.

    UserError for a ``requested`` language not in :data:`PRINT_LANGUAGES`.
    """
    if requested:
        code = requested.strip().lower()
        if code not in PRINT_LANGUAGES:
            raise UserError(
                _("Unknown language %(language)s: one of %(languages)s.")
                % {"language": repr(requested), "languages": listed(PRINT_LANGUAGES)}
            )
        return code
    own = str(getattr(event, "language", "en") or "en").lower()
    return own if own in PRINT_LANGUAGES else "en"


def absolute(base_url: str, path: str) -> str:
    """``base_url`` ("http://10.0.0.5:8000/") joined to an absolute ``path``."""
    return base_url.rstrip("/") + path


def _seats(rnd: Round) -> QuerySet[Seat]:
    return (
        Seat.objects.filter(round=rnd)
        .select_related("table", "record")
        .order_by("table__number", "number")
    )


def round_print(event: Event, code: str, base_url: str) -> RoundPrint:
    """The seated round ``code`` of ``event`` as :class:`RoundPrint`; players are
    named as on the standings page (badge added when two share a name).

    UserError for an unknown round or one not seated yet.
    """
    rnd = find_round(event, code)
    grouped: dict[tuple[int, bool], list[str]] = defaultdict(list)
    for row in round_seats(rnd):
        grouped[(row.table, row.late)].append(row.shown)
    if not grouped:
        raise UserError(
            _("%(round)s is not seated yet: there is nothing to print.")
            % {"round": rnd.label}
        )

    def url(number: int) -> str:
        kwargs = {"event": event.slug, "round": rnd.code, "table": number}
        return absolute(base_url, reverse("scoring:table-detail", kwargs=kwargs))

    reports = report_paths(rnd)
    tables = tuple(
        SeatedTable(
            number,
            tuple(names),
            url(number),
            late,
            absolute(base_url, reports[number]) if number in reports else "",
        )
        for (number, late), names in sorted(grouped.items())
    )
    return RoundPrint(
        event=event.name,
        round=rnd.label,
        tables=tables,
        standings_url=absolute(
            base_url, reverse("scoring:standings", kwargs={"event": event.slug})
        ),
        heat_minutes=event.heat_minutes,
        call_minutes=event.call_minutes,
        waiting=_waiting(rnd, player_names(event)),
        kind=str(rnd.kind),
    )


def report_paths(rnd: Round) -> dict[int, str]:
    """Table number -> the path of its report link, for the tables whose link
    still works (``scoring.services.reports``)."""
    return {row.table: row.path for row in report_links(rnd) if row.open}


def _waiting(rnd: Round, keys: dict[int, str]) -> tuple[str, ...]:
    """Players checked in to heat ``rnd`` (or late) and not seated in it."""
    if rnd.kind != RoundKind.HEAT:
        return ()
    entries = rnd.entries.filter(
        status__in=(EntryStatus.CHECKED_IN, EntryStatus.LATE)
    ).exclude(player__in=rnd.seats.values("player"))
    return tuple(keys[pk] for pk in entries.values_list("player", flat=True))


def clock_print(event: Event) -> ClockPrint:
    """The event's clock marks and timer settings (tournament.md, Heats)."""
    return ClockPrint(
        event=event.name,
        heat_minutes=event.heat_minutes,
        seat_after_minutes=event.seat_after_minutes,
        first_mark_minutes=event.first_mark_minutes,
        second_mark_minutes=event.second_mark_minutes,
        call_minutes=event.call_minutes,
        timer_seconds=event.timer_seconds,
        late_timer_seconds=event.late_timer_seconds,
        slow_bid_seconds=event.slow_bid_seconds,
        slow_draw_seconds=event.slow_draw_seconds,
    )


# The notes of ``decisions`` (its ALTERNATE_WON and TIE_BROKEN), for makemessages:
# :func:`_note` translates them when it prints them.
gettext_noop("alternate: does not advance")
gettext_noop("tie broken by the GM")


def _note(
    record: PlayerRecord | None,
    player: int,
    alternates: Collection[int],
    added: Collection[int] = (),
) -> str:
    """The GM's decision printed beside a finish (``decisions``), translated:
    ``added`` are the runners-up the GM added to the final."""
    if player in added:
        return _(decisions.RUNNER_UP_ADDED)
    if record is None:
        return ""
    if record.place == 1 and player in alternates:
        return _(decisions.ALTERNATE_WON)
    return _(decisions.TIE_BROKEN) if record.declared_winner else ""


def _result_tables(
    seats: Iterable[Seat],
    keys: dict[int, str],
    held: Collection[int] = (),
    alternates: Collection[int] = (),
    added: Collection[int] = (),
) -> list[ResultTable]:
    """Seats (table and seat order) -> one :class:`ResultTable` per table; a
    table among ``held`` (being checked: ``held_tables``) prints as owing its
    results, as the public pages show it; a table win of one of ``alternates``
    (ids) is marked as not advancing, a runner-up among ``added`` as added by
    the GM."""
    grouped: dict[int, list[Finish]] = defaultdict(list)
    for seat in seats:
        public = hasattr(seat, "record") and seat.table_id not in held
        record = seat.record if public else None
        grouped[seat.table.number].append(
            Finish(
                keys[seat.player_id],
                record.final if record else None,
                record.place if record else None,
                _note(record, seat.player_id, alternates, added),
            )
        )
    return [ResultTable(n, tuple(f)) for n, f in sorted(grouped.items())]


def _heats(
    event: Event, keys: dict[int, str], held: Collection[int]
) -> tuple[tuple[HeatPrint, ...], int]:
    """Every heat with its tables, and the number of distinct heat players."""
    by_heat: dict[int, list[Seat]] = defaultdict(list)
    players = set()
    seats = (
        Seat.objects.filter(round__event=event, round__kind=RoundKind.HEAT)
        .select_related("table", "round", "record")
        .order_by("round__number", "table__number", "number")
    )
    for seat in seats:
        by_heat[seat.round.number].append(seat)
        players.add(seat.player_id)
    heats = tuple(
        HeatPrint(number, tuple(_result_tables(rows, keys, held)))
        for number, rows in sorted(by_heat.items())
    )
    return heats, len(players)


def _round_tables(
    rnd: Round | None,
    keys: dict[int, str],
    held: Collection[int],
    alternates: Collection[int] = (),
    added: Collection[int] = (),
) -> tuple[ResultTable, ...]:
    if rnd is None:
        return ()
    return tuple(_result_tables(_seats(rnd), keys, held, alternates, added))


def _final_field(
    event: Event,
    keys: dict[int, str],
    held: Collection[int],
    found: FinalField | None,
) -> tuple[Finish, ...]:
    """The final's players before it is seated, once its field is known
    (``found``: ``decisions.known_final_field``) and no semi-final table is
    being checked: the semi-final table winners, then each runner-up the GM
    added, marked so."""
    if found is None:
        return ()
    semi = semi_round(event)
    if semi is not None and semi.tables.filter(pk__in=list(held)).exists():
        return ()
    added = {p.pk for p in found.added}
    return tuple(
        Finish(keys[p.pk], note=_(decisions.RUNNER_UP_ADDED) if p.pk in added else "")
        for p in found.players
    )


def time_called_tables(event: Event) -> tuple[str, ...]:
    """The tables of ``event`` whose game was time-called, in round and table
    order: "Heat 2, table 3: time called on day 2" (tournament.md, Heats)."""
    tables = Table.objects.filter(round__event=event, time_called__isnull=False)
    # Translators: table is "Heat 2, table 3", when "time called on day 2".
    line = _("%(table)s: %(when)s")
    return tuple(
        line % {"table": table, "when": table.time_called_label}
        for table in tables.select_related("round").order_by("round__ordinal", "number")
    )


def _lines(rows: Iterable[dict[str, Any]]) -> tuple[Line, ...]:
    """Posted players (``standings``) as lines with their reasons translated."""
    return tuple(Line(row["player"], translate(row["reason"])) for row in rows)


def _posted_fields(posted: dict[str, Any]) -> dict[str, Any]:
    """The ``EventPrint`` fields of the posted semi-final list (``posted_list``)."""
    alternates = [*posted["alternates"], *posted["next_alternates"]]
    return {
        "semi_size": posted["semi_size"],
        "semi_layout": tuple(posted["tables"]) if not posted["final_only"] else (),
        "final_only": posted["final_only"],
        "provisional": posted["provisional"],
        "missing_tables": tuple(
            # Translators: a table that owes its results, in a list.
            _("heat %(heat)s table %(table)s") % {"heat": h, "table": t}
            for h, t in posted["missing_tables"]
        ),
        "qualifiers": _lines(posted["qualifiers"]),
        "alternates": _lines(alternates),
        "skipped": _lines(posted["skipped"]),
        "double_winners": tuple(posted["double_winners"]),
        "warnings": tuple(translate(w) for w in posted["warnings"]),
    }


def event_print(event: Event, base_url: str) -> EventPrint:
    """The event as the bracket and report print it: heats, the posted semi-final
    list (the published one, else the live recommendation, as the standings page
    shows), the semi-final and final as seated, and the laurels. What is printed
    is what is public: tables being checked print as owing their results
    (``held_tables``), as on the standings the bracket is posted beside. The
    names, the held tables and the final's field are each read once."""
    keys = player_names(event)
    held = held_tables(event)
    heats, participants = _heats(event, keys, held)
    found = decisions.known_final_field(event)
    return EventPrint(
        event=event.name,
        standings_url=absolute(
            base_url, reverse("scoring:standings", kwargs={"event": event.slug})
        ),
        format_line=event.format_line,
        tiebreak_line=event.tiebreak_line,
        heats=heats,
        participants=participants,
        **_posted_fields(posted_list(event, keys, held)),
        semi=_round_tables(
            semi_round(event),
            keys,
            held,
            decisions.alternate_winner_ids(event, found),
        ),
        final=_round_tables(
            final_round(event),
            keys,
            held,
            added=decisions.added_runner_up_ids(found),
        ),
        final_field=_final_field(event, keys, held, found),
        laurels=tuple(
            Line(laurel.label, translate(laurel.reason), laurel.place)
            for laurel in laurel_places.event_laurels(event, public=True)
        ),
        time_called=time_called_tables(event),
        decisions=decisions.gm_decisions(event, keys, found),
    )


def render(
    event: Event,
    kind: str,
    *,
    round_code: str | None = None,
    paper: str | None = None,
    base_url: str = "http://127.0.0.1:8000",
    language: str | None = None,
) -> Printout:
    """Build the printable ``kind`` (``scoring.pdf.KINDS``) of ``event`` in
    ``language`` (:func:`print_language`: the event's when None), on ``paper``
    ("a4" or "letter"; None or "": the event's ``paper`` setting).

    ``round_code`` ("2", "semi", "final") is needed by the assignments and the
    scoresheets and ignored by the others. UserError for an unknown kind, paper
    or language, a missing or unknown round, or a round not seated yet.
    """
    if kind not in pdf.KINDS:
        raise UserError(
            _("Unknown printable %(kind)s: one of %(kinds)s.")
            % {"kind": repr(kind), "kinds": listed(pdf.KINDS)}
        )
    paper = paper or event.paper
    if paper not in PAPERS:
        raise UserError(
            _("Unknown paper %(paper)s: one of %(papers)s.")
            % {"paper": repr(paper), "papers": listed(PAPERS)}
        )
    if kind in pdf.ROUND_KINDS and not round_code:
        raise UserError(
            # Translators: kind is "assignments" or "scoresheets" (as typed).
            _("The %(kind)s need a round: a heat number, semi or final.")
            % {"kind": kind}
        )
    with translation.override(print_language(event, language)):
        if round_code and kind in pdf.ROUND_KINDS:
            data: object = round_print(event, round_code, base_url)
            name = f"{event.slug}-{round_code.strip().lower()}-{kind}.pdf"
        else:
            data = (
                clock_print(event)
                if kind == "timer-rules"
                else event_print(event, base_url)
            )
            name = f"{event.slug}-{kind}.pdf"
        return Printout(name, pdf.BUILDERS[kind](data, paper))
