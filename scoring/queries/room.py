"""What the room sees: the current round's seating, the clock, and the results so far.

Words (tournament.md, "What people see"):

current round
    The round the room is busy with: the most recently created round that is
    seated or whose clock started; before any, the most recently created round
    (a heat opened for check-in); None for an event without rounds.
in play
    The current round is seated and a table still owes its player records: the
    kiosk shows the seating ("find your table"). Otherwise it shows the results:
    laurels, the semi-final list once published, heat winners (double winners
    marked), the alternates called into the semi-final and, apart, the next
    ones waiting in call order (third places marked "3rd").

Rows are loaded as tuples (``values_list``), never as model instances, and only
what the screen shows is worked out: the seating of a round in play needs no
advancement.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from heats.models import Event, ResultStatus, Round, RoundKind
from heats.queries.clock import current_round, round_json
from heats.queries.desk import round_seats
from scoring.queries import final as finals
from scoring.queries import laurels as laurel_places
from scoring.queries.standings import Standings, standings

# How many alternates beyond those called the kiosk lists ("the top alternates").
TOP_ALTERNATES = 8
# Table cards one kiosk column holds on a 16:9 screen (tables of five, names on
# one line): the tables take as many columns as their cards fill, at most
# TABLE_COLUMNS, and the names list the rest of the width. A first guess: the
# kiosk's script measures and widens the tables until they fit (kiosk.js).
CARDS_PER_COLUMN = 3
TABLE_COLUMNS = 3


@dataclass
class RoomSeating:
    """A round's seating as the room reads it (the kiosk, the seating feed; the
    draw itself is ``heats.core.seating.Seating``): ``tables`` as ``(number,
    late, [names in seat order])`` and ``names`` as ``(name, table, seat)``
    sorted by name (case ignored)."""

    round: Round
    tables: list[tuple[int, bool, list[str]]]
    names: list[tuple[str, int, int]]
    owed: int = 0

    def to_json(self) -> dict[str, Any]:
        """The seating feed (docs/feeds.md)."""
        return {
            "round": round_json(self.round),
            "tables": [
                {
                    "table": number,
                    "late": late,
                    "seats": [
                        {"seat": i, "player": name}
                        for i, name in enumerate(names, start=1)
                    ],
                }
                for number, late, names in self.tables
            ],
        }


@dataclass
class Kiosk:
    """Everything the kiosk shows; ``standings`` only when not in play."""

    event: Event
    round: Round | None
    seating: RoomSeating | None
    standings: Standings | None = None
    laurels: list[dict[str, Any]] = field(default_factory=list)
    waiting_alternates: list[dict[str, Any]] = field(default_factory=list)
    final_note: str = ""

    @property
    def in_play(self) -> bool:
        return self.seating is not None and self.seating.owed > 0

    @property
    def table_columns(self) -> int:
        """Kiosk columns the table cards take (1 to ``TABLE_COLUMNS``): no empty
        column beside the names list, which gets the width left."""
        count = len(self.seating.tables) if self.seating else 0
        return max(1, min(TABLE_COLUMNS, -(-count // CARDS_PER_COLUMN)))


def round_seating(rnd: Round) -> RoomSeating:
    """The seating of ``rnd`` with the number of tables owing results; two
    queries. A name two players of the event share gets the badge: "Ann Lee
    (#12)" (``heats.queries.desk.round_seats``)."""
    tables: dict[int, tuple[int, bool, list[str]]] = {}
    names = []
    for row in round_seats(rnd):
        tables.setdefault(row.table, (row.table, row.late, []))[2].append(row.shown)
        names.append((row.shown, row.table, row.seat))
    names.sort(key=lambda row: (row[0].casefold(), row[1]))
    owed = rnd.tables.filter(result_status=ResultStatus.OWED).count()
    return RoomSeating(rnd, list(tables.values()), names, owed)


def kiosk(event: Event) -> Kiosk:
    """The kiosk of ``event``: the current round's seating while in play, else
    the results (laurels, semi-final list, winners, alternates called and
    waiting); in both,
    the GM's decision for a short final (``scoring.queries.final.public_note``)."""
    rnd = current_round(event)
    seating = round_seating(rnd) if rnd is not None and rnd.seated_at else None
    # The GM's decision on a short final is made once the final round exists,
    # and the final is then the current round: no query before that.
    note = finals.public_note(event) if rnd and rnd.kind == RoundKind.FINAL else ""
    screen = Kiosk(event, rnd, seating, final_note=note)
    if screen.in_play:
        return screen
    screen.standings = standings(event)
    screen.laurels = [
        x.to_json() for x in laurel_places.event_laurels(event, public=True)
    ]
    screen.waiting_alternates = screen.standings.next_alternates[:TOP_ALTERNATES]
    return screen
