"""Printables service: load an event's data, build a PDF (``scoring.pdf``).

The GM's print links and ``manage.py print_pdf`` share :func:`render`. Reading
only: nothing is saved. Addresses printed as QR codes are absolute, built from
``base_url`` (the ``MEDICI_PUBLIC_URL`` setting, else the request's host, else the
command's ``--base-url``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass

from django.urls import reverse

from heats.core.errors import UserError
from heats.models import EntryStatus, Event, Round, RoundKind, Seat, Table
from heats.services import get_round
from heats.services.desk import round_seats
from scoring import pdf
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
from scoring.services import decisions, held_tables, player_names
from scoring.services import laurels as laurel_places
from scoring.services import semi_final as rounds
from scoring.services.reports import report_links
from scoring.services.standings import standings


@dataclass(frozen=True)
class Printout:
    """A built PDF: its file name ("demo-1-assignments.pdf") and its bytes."""

    filename: str
    content: bytes


def absolute(base_url: str, path: str) -> str:
    """``base_url`` ("http://10.0.0.5:8000/") joined to an absolute ``path``."""
    return base_url.rstrip("/") + path


def _seats(rnd: Round):
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
    rnd = get_round(event, code)
    grouped: dict[tuple[int, bool], list[str]] = defaultdict(list)
    for row in round_seats(rnd):
        grouped[(row.table, row.late)].append(row.shown)
    if not grouped:
        raise UserError(f"{rnd.label} is not seated yet: there is nothing to print.")

    def url(number: int) -> str:
        kwargs = {"event": event.slug, "round": rnd.code, "number": number}
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
        standings_url=absolute(base_url, event.get_absolute_url()),
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


def _note(record, player: int, alternates: Collection[int]) -> str:
    """The GM's decision printed beside a finish (``decisions``)."""
    if record is None:
        return ""
    if record.place == 1 and player in alternates:
        return decisions.ALTERNATE_WON
    return decisions.TIE_BROKEN if record.declared_winner else ""


def _result_tables(
    seats,
    keys: dict[int, str],
    held: Collection[int] = (),
    alternates: Collection[int] = (),
) -> list[ResultTable]:
    """Seats (table and seat order) -> one :class:`ResultTable` per table; a
    table among ``held`` (being checked: ``held_tables``) prints as owing its
    results, as the public pages show it; a table win of one of ``alternates``
    (ids) is marked as not advancing."""
    grouped: dict[int, list[Finish]] = defaultdict(list)
    for seat in seats:
        public = hasattr(seat, "record") and seat.table_id not in held
        record = seat.record if public else None
        grouped[seat.table.number].append(
            Finish(
                keys[seat.player_id],
                record.final if record else None,
                record.place if record else None,
                _note(record, seat.player_id, alternates),
            )
        )
    return [ResultTable(n, tuple(f)) for n, f in sorted(grouped.items())]


def _heats(
    event: Event, keys: dict[int, str], held: Collection[int]
) -> tuple[tuple[HeatPrint, ...], int]:
    """Every heat with its tables, and the number of distinct heat players."""
    by_heat: dict[int, list] = defaultdict(list)
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
) -> tuple[ResultTable, ...]:
    if rnd is None:
        return ()
    return tuple(_result_tables(_seats(rnd), keys, held, alternates))


def time_called_tables(event: Event) -> tuple[str, ...]:
    """The tables of ``event`` whose game was time-called, in round and table
    order: "Heat 2, table 3: time called on day 2" (tournament.md, Heats)."""
    tables = Table.objects.filter(round__event=event, time_called__isnull=False)
    return tuple(
        f"{table}: {table.time_called_label}"
        for table in tables.select_related("round").order_by("round__ordinal", "number")
    )


def event_print(event: Event, base_url: str) -> EventPrint:
    """The event as the bracket and report print it: heats, the posted semi-final
    list (the published one, else the live recommendation, as the standings page
    shows), the semi-final and final as seated, and the laurels. What is printed
    is what is public: tables being checked print as owing their results
    (``held_tables``), as on the standings the bracket is posted beside."""
    keys = player_names(event)
    held = held_tables(event)
    heats, participants = _heats(event, keys, held)
    posted = standings(event).posted
    alternates = [*posted["alternates"], *posted["next_alternates"]]
    return EventPrint(
        event=event.name,
        standings_url=absolute(base_url, event.get_absolute_url()),
        format_line=event.format_line,
        heats=heats,
        participants=participants,
        semi_size=posted["semi_size"],
        semi_layout=tuple(posted["tables"]) if not posted["final_only"] else (),
        final_only=posted["final_only"],
        provisional=posted["provisional"],
        missing_tables=tuple(
            f"heat {h} table {t}" for h, t in posted["missing_tables"]
        ),
        qualifiers=tuple(Line(q["player"], q["reason"]) for q in posted["qualifiers"]),
        alternates=tuple(Line(a["player"], a["reason"]) for a in alternates),
        skipped=tuple(Line(s["player"], s["reason"]) for s in posted["skipped"]),
        double_winners=tuple(posted["double_winners"]),
        semi=_round_tables(
            rounds.semi_round(event),
            keys,
            held,
            decisions.alternate_winner_ids(event),
        ),
        final=_round_tables(rounds.final_round(event), keys, held),
        laurels=tuple(
            Line(laurel.label, laurel.reason, laurel.place)
            for laurel in laurel_places.event_laurels(event, public=True)
        ),
        time_called=time_called_tables(event),
        warnings=tuple(posted["warnings"]),
        decisions=decisions.gm_decisions(event),
    )


def render(
    event: Event,
    kind: str,
    *,
    round_code: str | None = None,
    paper: str = "letter",
    base_url: str = "http://127.0.0.1:8000",
) -> Printout:
    """Build the printable ``kind`` (``scoring.pdf.KINDS``) of ``event``.

    ``round_code`` ("2", "semi", "final") is needed by the assignments and the
    scoresheets and ignored by the others. UserError for an unknown kind or
    paper, a missing or unknown round, or a round not seated yet.
    """
    if kind not in pdf.KINDS:
        raise UserError(f"Unknown printable {kind!r}: one of {', '.join(pdf.KINDS)}.")
    if paper not in PAPERS:
        raise UserError(f"Unknown paper {paper!r}: one of {', '.join(PAPERS)}.")
    if kind in pdf.ROUND_KINDS:
        if not round_code:
            raise UserError(f"The {kind} need a round: a heat number, semi or final.")
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
