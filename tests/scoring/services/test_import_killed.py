"""``import_results --create`` killed or failing midway (issue 16, item 6): the new
event and its rows are one transaction, so what is left is either no event or the
event with every row of the file, never an empty event."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.core.management import call_command

from heats.models import Event, Player
from scoring.models import PlayerRecord
from scoring.services.results_import import write
from tests.conftest import REPO

# Heat 1 at tables of five, every final different at a table.
PLAYERS = 2000
# A command that outlives this did not start or hangs; not a speed limit.
RUN_LIMIT = 300


def results_csv(players: int) -> str:
    lines = ["heat,table,seat,player,final"]
    for i in range(players):
        lines.append(f"1,{i // 5 + 1},{i % 5 + 1},Player {i:05d},{90 - i % 5}")
    return "\n".join(lines) + "\n"


class WriteError(Exception):
    pass


@pytest.mark.django_db(transaction=True)
def test_a_failure_after_the_event_is_made_leaves_no_event(tmp_path, monkeypatch):
    path = tmp_path / "r.csv"
    path.write_text(results_csv(10))

    def fail(*args, **kwargs):
        assert Event.objects.filter(slug="new-ev").exists()  # made, not committed
        raise WriteError("a row could not be written")

    monkeypatch.setattr(write, "_save_seats_and_records", fail)
    with pytest.raises(WriteError):
        call_command("import_results", "new-ev", str(path), "--create")
    assert not Event.objects.filter(slug="new-ev").exists()
    assert not Player.objects.exists() and not PlayerRecord.objects.exists()


# --- killed with SIGKILL, in a process of its own, on a SQLite file ---------------


def command(*args: str) -> list[str]:
    return [sys.executable, str(REPO / "manage.py"), *args]


def run(env: dict, *args: str) -> None:
    """Run a management command to its end; its error output when it fails."""
    done = subprocess.run(
        command(*args), env=env, cwd=REPO, capture_output=True, timeout=RUN_LIMIT
    )
    assert done.returncode == 0, done.stderr.decode()


def left_behind(database: Path, slug: str) -> tuple[int, int] | None:
    """(players, player records) of the event ``slug``, None when there is none."""
    with sqlite3.connect(database) as db:
        found = db.execute("SELECT id FROM heats_event WHERE slug = ?", (slug,))
        row = found.fetchone()
        if row is None:
            return None
        players = db.execute(
            "SELECT COUNT(*) FROM heats_player WHERE event_id = ?", row
        ).fetchone()[0]
        records = db.execute(
            "SELECT COUNT(*) FROM scoring_playerrecord r "
            "JOIN heats_seat s ON r.seat_id = s.id "
            "JOIN heats_table t ON s.table_id = t.id "
            "JOIN heats_round d ON t.round_id = d.id WHERE d.event_id = ?",
            row,
        ).fetchone()[0]
    return players, records


def event_exists(database: Path, slug: str) -> bool:
    with sqlite3.connect(database) as db:
        found = db.execute("SELECT 1 FROM heats_event WHERE slug = ?", (slug,))
        return found.fetchone() is not None


def import_killed(env, database, csv, slug: str, delay: float | None) -> None:
    """Run the import and SIGKILL it ``delay`` seconds after its start, or (None)
    as soon as its event can be read from the database."""
    process = subprocess.Popen(
        command("import_results", slug, str(csv), "--create"),
        env=env,
        cwd=REPO,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    start = time.monotonic()
    while process.poll() is None and time.monotonic() - start < RUN_LIMIT:
        if delay is None and event_exists(database, slug):
            break
        if delay is not None and time.monotonic() - start >= delay:
            break
        time.sleep(0.01)
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=RUN_LIMIT)


def test_a_killed_import_leaves_no_event_or_a_whole_one(tmp_path):
    database = tmp_path / "db.sqlite3"
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{database}"}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    run(env, "migrate", "-v0")
    csv = tmp_path / "results.csv"
    csv.write_text(results_csv(PLAYERS))
    start = time.monotonic()
    run(env, "import_results", "whole", str(csv), "--create")
    took = time.monotonic() - start
    assert left_behind(database, "whole") == (PLAYERS, PLAYERS)
    chance = random.Random(16)
    delays = [None] + [chance.uniform(0.3 * took, took) for _ in range(4)]
    found = {}
    for number, delay in enumerate(delays):
        slug = f"killed-{number}"
        import_killed(env, database, csv, slug, delay)
        found[slug] = left_behind(database, slug)
    assert {
        slug: left
        for slug, left in found.items()
        if left not in (None, (PLAYERS, PLAYERS))
    } == {}
