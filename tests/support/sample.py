"""Generated events of any size, for the benchmarks and the load and query tests.

Words:

generated event
    An event whose ``players`` players each play every one of ``heats`` heats,
    seated at random in tables by the WBC table-size rule (``heats.core.seating``),
    with a result at every table: final florins drawn from the seed, places
    following the scores (a tie for first is broken by one florin, so every table
    has one winner). Nothing here is a real tournament; the shape is.

Rows are written with ``bulk_create`` (a 1,000-player, 3-heat event in about a
second), so no audit entries and no signals: the caller owns a fresh event.
"""

from __future__ import annotations

import random

from django.db import transaction
from django.utils import timezone

from heats.core import seating
from heats.models import Entry, Event, Player, Round, RoundKind, Seat, Table
from scoring.models import PlayerRecord
from scoring.services.result_status import update_result_status


def _places(finals: list[int]) -> list[int]:
    """Places following the final scores; equal scores share a place."""
    return [1 + sum(other > final for other in finals) for final in finals]


def _unique_top(finals: list[int]) -> list[int]:
    top = max(finals)
    first = finals.index(top)
    return [
        f + (1 if i == first and finals.count(top) > 1 else 0)
        for i, f in enumerate(finals)
    ]


@transaction.atomic
def generate_event(
    slug: str, players: int, heats: int = 3, *, seed: int = 1, seat_next: bool = True
) -> Event:
    """Create event ``slug`` with ``players`` players (``players`` >= 8) and
    ``heats`` heats with results; with ``seat_next`` one more heat seated without
    results (the kiosk's current round). Returns the event."""
    rng = random.Random(seed)
    event = Event.objects.create(slug=slug, name=f"Generated {players}", seed=str(seed))
    people = Player.objects.bulk_create(
        Player(
            event=event,
            name=f"Player {i:04d}",
            name_key=f"player {i:04d}",
            draw_key=f"Player {i:04d}",
        )
        for i in range(1, players + 1)
    )
    for number in range(1, heats + 1 + int(seat_next)):
        _heat(event, number, people, rng, with_results=number <= heats)
    return event


def _heat(event: Event, number: int, people: list[Player], rng, *, with_results: bool):
    rnd = Round.objects.create(
        event=event,
        kind=RoundKind.HEAT,
        number=number,
        seed=str(number),
        seated_at=timezone.now(),
    )
    Entry.objects.bulk_create(Entry(round=rnd, player=p) for p in people)
    order = people[:]
    rng.shuffle(order)
    sizes = seating.table_sizes(len(order)).sizes
    tables = Table.objects.bulk_create(
        Table(round=rnd, number=n) for n in range(1, len(sizes) + 1)
    )
    seats, start = [], 0
    for table, size in zip(tables, sizes, strict=True):
        seats += [
            Seat(table=table, round=rnd, number=i + 1, player=p)
            for i, p in enumerate(order[start : start + size])
        ]
        start += size
    seats = Seat.objects.bulk_create(seats)
    if with_results:
        _results(seats, rng)


def _results(seats: list[Seat], rng) -> None:
    by_table: dict[int, list[Seat]] = {}
    for seat in seats:
        by_table.setdefault(seat.table_id, []).append(seat)
    records = []
    for table_seats in by_table.values():
        finals = _unique_top([rng.randrange(20, 160) for _ in table_seats])
        for seat, final, place in zip(
            table_seats, finals, _places(finals), strict=True
        ):
            day1 = rng.randrange(0, 60)
            records.append(
                PlayerRecord(
                    seat=seat,
                    day1=day1,
                    day2=day1 + rng.randrange(0, 60),
                    final=final,
                    place=place,
                )
            )
    PlayerRecord.objects.bulk_create(records)
    update_result_status(by_table)
