"""What the printables print: plain dataclasses, loaded by
``scoring.queries.printing``.

Pure module: no Django import, so the builders can be tested and benchmarked
without a database.

Words (tournament.md, "Words" and "What people see"):

seated table
    A table of a round with its players in seat order; seat 1 is the start player.
finish
    One player's result at a table: final florins and place, ``None`` while the
    table owes its paperwork.
line
    A player on a posted list with the reason for the place ("won heat 1 table 4",
    "96.9% of the winner at heat 2 table 3").
"""

from __future__ import annotations

from dataclasses import dataclass, field

PAPERS = ("letter", "a4")


@dataclass(frozen=True)
class SeatedTable:
    """``number`` and ``players`` in seat order (``players[0]`` starts); ``url`` is
    the absolute address of the table's public page; ``late``: a late table;
    ``report_url``: the table's private report link (scoresheets only, never on
    the wall: tournament.md, Reported results)."""

    number: int
    players: tuple[str, ...]
    url: str = ""
    late: bool = False
    report_url: str = ""


@dataclass(frozen=True)
class RoundPrint:
    """A seated round: ``event`` and ``round`` names ("Heat 2"), its tables in
    number order, the standings page's absolute address, and the minute the
    paperwork is due and time is called (tournament.md, Heats); ``kind``: "heat",
    "semi" or "final" (each prints its own turn-in rule). ``waiting``: the
    names of players checked in to a heat but not seated (waiting for a late table
    or a seat), listed by name so they find themselves on the wall too."""

    event: str
    round: str
    tables: tuple[SeatedTable, ...]
    standings_url: str
    heat_minutes: int = 55
    call_minutes: int = 53
    waiting: tuple[str, ...] = ()
    kind: str = "heat"


@dataclass(frozen=True)
class ClockPrint:
    """The event's clock and timer figures (tournament.md, Heats; seed 001, Time):
    minutes after a heat's designated start, timer lengths in seconds, and the
    slow-play guidance as text ("7–9")."""

    event: str
    heat_minutes: int = 55
    seat_after_minutes: int = 2
    first_mark_minutes: int = 20
    second_mark_minutes: int = 35
    call_minutes: int = 53
    timer_seconds: int = 240
    late_timer_seconds: int = 120
    slow_bid_seconds: str = "7–9"
    slow_draw_seconds: str = "15–20"


@dataclass(frozen=True)
class Finish:
    """``player`` at a table: ``final`` florins and ``place`` (None: no result);
    ``note``: the GM's decision about this finish, printed beside the name ("tie
    broken by the GM", "alternate: does not advance")."""

    player: str
    final: int | None = None
    place: int | None = None
    note: str = ""


@dataclass(frozen=True)
class ResultTable:
    """A table (``number``) with its finishes in seat order."""

    number: int
    finishes: tuple[Finish, ...]

    @property
    def has_results(self) -> bool:
        return bool(self.finishes) and all(f.place is not None for f in self.finishes)

    @property
    def winners(self) -> tuple[str, ...]:
        """Players at place 1 (several while a tie for first is unresolved)."""
        return tuple(f.player for f in self.finishes if f.place == 1)


@dataclass(frozen=True)
class HeatPrint:
    """One heat: its ``number`` and its tables with results where known."""

    number: int
    tables: tuple[ResultTable, ...]

    @property
    def players(self) -> int:
        return sum(len(t.finishes) for t in self.tables)

    @property
    def sizes(self) -> tuple[int, ...]:
        return tuple(len(t.finishes) for t in self.tables)


@dataclass(frozen=True)
class Line:
    """A player on a list and the reason (or result) printed beside the name;
    ``place`` when the list has places (the laurels: equal places are shared)."""

    player: str
    reason: str = ""
    place: int | None = None


@dataclass(frozen=True)
class EventPrint:
    """The event as the bracket and the report print it.

    ``semi_layout``: the semi-final's table sizes (empty when there is none:
    ``final_only``); ``semi`` and ``final``: the seated tables (empty before
    seating, when blanks are printed); ``final_field``: the final's players
    once known and before it is seated (the bracket prints them, one row
    each); ``qualifiers`` with reasons, ``alternates`` in call order (called
    ones first), ``laurels`` places 1-6 in order;
    ``format_line`` the event's format as printed ("Format: heats winners
    only", tournament.md, Event formats; empty: not printed) and
    ``tiebreak_line`` its HMW tie-breakers ("Tie-breakers: WBC 2018 (margin,
    then die)", Advancement, 2; empty: not printed); ``time_called``:
    the time-called tables, one line each ("Heat 2, table 3: time called on
    day 2"); empty or ``None`` when none was recorded; ``decisions``: the GM's
    decisions, one line each (ties broken and why, alternates who won a
    semi-final table, the final's fill and why).
    """

    event: str
    standings_url: str
    format_line: str = ""
    tiebreak_line: str = ""
    heats: tuple[HeatPrint, ...] = ()
    participants: int = 0
    semi_size: int = 0
    semi_layout: tuple[int, ...] = ()
    final_only: bool = False
    provisional: bool = False
    missing_tables: tuple[str, ...] = ()
    qualifiers: tuple[Line, ...] = ()
    alternates: tuple[Line, ...] = ()
    skipped: tuple[Line, ...] = ()
    double_winners: tuple[str, ...] = ()
    semi: tuple[ResultTable, ...] = ()
    final: tuple[ResultTable, ...] = ()
    final_field: tuple[Finish, ...] = ()
    laurels: tuple[Line, ...] = ()
    time_called: tuple[str, ...] | None = None
    decisions: tuple[str, ...] = ()
    warnings: tuple[str, ...] = field(default_factory=tuple)
