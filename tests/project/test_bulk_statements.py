"""The bulk paths (issue 11): a check-in list, a seating and a results import run a
constant number of SQL statements whatever their size, and still keep their audit
lines, history and the public pages' version.

Counting rule: consecutive batches of one bulk insert (``bulk_create``) or one
bulk update (``bulk_update``: ``UPDATE ... CASE WHEN``) into one table are one
statement, because SQLite's backend splits them into batches of 999 parameters (a
PostgreSQL run sends a bulk insert as one); every other statement counts, so one
``UPDATE`` per row is still seen.
"""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from heats.models import AuditEntry, Entry, EntryStatus, Event, Player, Seat
from heats.services.checkin import check_in, create_heat
from heats.services.players import mark_absent
from heats.services.seating import seat_round
from medici_tourney.public_cache import event_with_version
from scoring.models import PlayerRecord, RecordHistory
from scoring.services.results_import.write import import_results

INSERT = re.compile(r'^\s*INSERT\s+(?:OR\s+\w+\s+)?INTO\s+"?(\w+)"?', re.IGNORECASE)
UPDATE = re.compile(r'^\s*UPDATE\s+"?(\w+)"?.*\bCASE WHEN\b', re.IGNORECASE | re.DOTALL)
SIZES = (50, 500)
# Statements a check-in, a seating or an import may run whatever its size (two
# of them give new tables their report links: scoring.receivers; one marks an
# import's rounds seated: heats.services.seating.mark_seated).
CEILING = 33


def statements(queries: list[dict]) -> int:
    """Statements run, a bulk insert's batches counted once (see module text)."""
    count, last_insert = 0, None
    for query in queries:
        table = INSERT.match(query["sql"]) or UPDATE.match(query["sql"])
        name = (table.group(0).split()[0].upper(), table.group(1)) if table else None
        if name is None or name != last_insert:
            count += 1
        last_insert = name
    return count


def counted(service, *args, **kwargs) -> int:
    """Statements ``service(*args, **kwargs)`` runs."""
    with CaptureQueriesContext(connection) as queries:
        service(*args, **kwargs)
    return statements(queries.captured_queries)


def rows(count: int, prefix: str) -> list[tuple[str, str]]:
    return [(f"{prefix} {i:04d}", "") for i in range(count)]


def results_csv(players: int, prefix: str, badges: bool = False) -> str:
    """Heat 1 of ``players`` players (a multiple of 5) at tables of five, finals
    all different at a table, with badges ``B<n>`` when ``badges``."""
    lines = ["heat,table,seat,player,badge,final"]
    for i in range(players):
        table, seat = divmod(i, 5)
        badge = f"B{i}" if badges else ""
        lines.append(f"1,{table + 1},{seat + 1},{prefix} {i:04d},{badge},{60 + seat}")
    return "\n".join(lines) + "\n"


@pytest.mark.django_db
def test_check_in_runs_the_same_statements_for_50_and_500_names(event: Event):
    """New names, known names, a name listed twice and absent players back in: the
    statements do not grow with the list."""
    found = []
    for size in SIZES:
        first, second = create_heat(event), create_heat(event)
        names = rows(size, f"Size {size}")
        found.append(counted(check_in, first, names + names[:3]))
        for player in Player.objects.filter(name__startswith=f"Size {size} ")[:5]:
            mark_absent(second, player)
        found.append(counted(check_in, second, names))
    assert found[0] == found[2] <= CEILING
    assert found[1] == found[3] <= CEILING


@pytest.mark.django_db
def test_seating_runs_the_same_statements_for_50_and_500_players():
    found = []
    for size in SIZES:
        heat = create_heat(Event.objects.create(slug=f"seat-{size}", name="Seat"))
        check_in(heat, rows(size, f"Size {size}"))
        found.append(counted(seat_round, heat, seed="s"))
    assert found[0] == found[1] <= CEILING


@pytest.mark.django_db
def test_import_runs_the_same_statements_for_50_and_500_rows():
    """A new event's import, and an import into players checked in without badges
    that the file then gives badges (formats.md, Results CSV: a new badge whose name
    matches one badge-less player goes to that player)."""
    found = []
    for size in SIZES:
        plain = Event.objects.create(slug=f"plain-{size}", name="Plain")
        found.append(counted(import_results, plain, results_csv(size, "P")))
        badged = Event.objects.create(slug=f"badged-{size}", name="Badged")
        check_in(create_heat(badged), rows(size, "P"))
        text = results_csv(size, "P", badges=True)
        found.append(counted(import_results, badged, text))
        assert Player.objects.filter(event=badged).count() == size
        assert not Player.objects.filter(event=badged, badge="").exists()
    assert found[0] == found[2] <= CEILING
    assert found[1] == found[3] <= CEILING


@pytest.mark.django_db
def test_bulk_check_in_keeps_one_audit_line_per_player_and_the_public_version(
    event: Event,
):
    """Each player checked in gets their audit line (tournament.md: every change
    is logged), a player already in gets none, and the public pages' version (the
    newest audit entry) moves on."""
    heat = create_heat(event)
    check_in(heat, [("Ada", ""), ("Bo", "")])
    before = event_with_version(event.slug).version
    audit = AuditEntry.objects.filter(event=event, action="check-in")
    lines = audit.count()
    report = check_in(heat, [("Ada", ""), ("Cy", ""), ("Dee", ""), ("Cy", "")])
    assert [str(p) for p in report.checked_in] == ["Cy", "Dee"]
    assert [str(p) for p in report.already] == ["Ada", "Cy"]
    assert [str(p) for p in report.created] == ["Cy", "Dee"]
    assert audit.count() == lines + 2
    assert {a.detail for a in audit.order_by("-pk")[:2]} == {
        "Cy checked in to Heat 1",
        "Dee checked in to Heat 1",
    }
    assert event_with_version(event.slug).version != before


@pytest.mark.django_db
def test_bulk_check_in_brings_absent_players_back_and_late_after_seating(
    event: Event,
):
    """tournament.md, Heats, Late arrivals: after the seating a check-in is late;
    an absent player checked in again is back."""
    heat = create_heat(event)
    check_in(heat, rows(8, "P"))
    seat_round(heat, seed="s")
    gone = Player.objects.get(event=event, name="P 0000")
    mark_absent(heat, gone)
    report = check_in(heat, [("P 0000", ""), ("Late One", ""), ("P 0001", "")])
    assert [str(p) for p in report.late] == ["P 0000", "Late One"]
    statuses = dict(heat.entries.values_list("player__name", "status"))
    assert statuses["P 0000"] == statuses["Late One"] == EntryStatus.LATE
    assert statuses["P 0001"] == EntryStatus.CHECKED_IN


@pytest.mark.django_db
def test_bulk_seating_saves_every_player_once_at_numbered_tables(event: Event):
    """500 players, six-over-four (tournament.md, Heats): 100 tables of five,
    numbered 1..100, seats 1..5, every checked-in player seated once."""
    heat = create_heat(event)
    check_in(heat, rows(500, "P"))
    seat_round(heat, seed="s")
    tables = list(heat.tables.order_by("number").values_list("number", flat=True))
    assert tables == list(range(1, 101))
    seats = Seat.objects.filter(round=heat)
    assert seats.count() == 500
    assert seats.values("player").distinct().count() == 500
    for table in heat.tables.all():
        assert sorted(table.seats.values_list("number", flat=True)) == [1, 2, 3, 4, 5]
    assert not Entry.objects.filter(round=heat).exclude(status="in").exists()


@pytest.mark.django_db
def test_bulk_import_replacing_keeps_history(event: Event):
    """A replace import of 500 rows writes one history row per replaced table
    (formats.md: replaced values stay in the history)."""
    import_results(event, results_csv(500, "P"))
    changed = results_csv(500, "P").replace(",60\n", ",61\n")
    import_results(event, changed, replace=True)
    assert RecordHistory.objects.filter(table__round__event=event).count() == 100
    # Seat 1 now scores 61 at each of the 100 tables, as seat 2 did already.
    finals = PlayerRecord.objects.filter(seat__round__event=event, final=61)
    assert finals.count() == 200


@pytest.mark.django_db
def test_check_in_takes_a_player_saved_meanwhile_by_another_check_in(
    event: Event, monkeypatch
):
    """A new name saved by another check-in between reading the players and
    inserting them (PostgreSQL lets both read) is that player: one "Zed", checked
    in here, not created here."""
    from heats.services.players import PlayerDirectory

    heat, other = create_heat(event), create_heat(event)
    original = PlayerDirectory.__init__
    calls = []

    def meanwhile(directory, *args, **kwargs):
        original(directory, *args, **kwargs)
        if not calls:  # after the first reading of the players
            zed = Player.objects.create(event=event, name="Zed")
            Entry.objects.create(round=other, player=zed)
        calls.append(directory)

    monkeypatch.setattr(PlayerDirectory, "__init__", meanwhile)
    report = check_in(heat, [("Zed", ""), ("Amy", "")])
    assert Player.objects.filter(event=event, name="Zed").count() == 1
    assert [str(p) for p in report.checked_in] == ["Zed", "Amy"]
    assert [str(p) for p in report.created] == ["Amy"]
    assert len(calls) == 2


@pytest.mark.django_db
def test_imported_rows_read_back_as_the_orm_would_have_saved_them(event: Event):
    """Entries, seats and records inserted in bulk by the import read back
    with their values: times as aware datetimes of the import, each seat in its
    table's round, each record on its seat."""
    from django.utils import timezone

    start = timezone.now()
    import_results(event, results_csv(10, "P"))
    entry = Entry.objects.get(player__name="P 0007")
    assert entry.status == EntryStatus.CHECKED_IN
    assert start <= entry.created_at <= timezone.now()
    record = PlayerRecord.objects.select_related("seat__table").get(
        seat__player__name="P 0007"
    )
    assert (record.seat.table.number, record.seat.number, record.final) == (2, 3, 62)
    assert record.seat.round_id == record.seat.table.round_id
    assert (record.place, record.declared_winner, record.tie_reason) == (3, False, "")
    assert start <= record.updated_at <= timezone.now()
