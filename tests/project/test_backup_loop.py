"""Automatic backups while serving (medici_tourney/ops/backup_loop.py): every few
minutes a private, whole backup; the last N automatic ones kept."""

from __future__ import annotations

import os
import sqlite3
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from medici_tourney.ops import backup_loop
from tests.conftest import REPO

# Waiting for a process on a busy machine; not a speed test.
PATIENCE = 120


def test_only_automatic_backups_beyond_the_newest_n_are_pruned():
    names = [
        "db-20270731-140000-auto.sqlite3",
        "db-20270731-141000-auto.sqlite3",
        "db-20270731-135500.sqlite3",  # make backup's: never pruned
        "medici-20270731-140500-auto.dump",
        "db-20270731-142000-auto.sqlite3",
        ".loop.lock",
        ".draft-x1y2.sqlite3",
        "notes-auto.txt",
    ]
    # Newest two automatic ones: 14:20 and 14:10; the 14:05 dump and 14:00 go.
    assert backup_loop.to_prune(names, keep=2) == [
        "db-20270731-140000-auto.sqlite3",
        "medici-20270731-140500-auto.dump",
    ]
    assert backup_loop.to_prune(names, keep=4) == []


def test_settings_default_to_five_minutes_and_48_kept():
    assert backup_loop.loop_settings({}) == (5.0, 48)
    assert backup_loop.loop_settings(
        {"MEDICI_BACKUP_MINUTES": "0", "MEDICI_BACKUP_KEEP": "3"}
    ) == (0.0, 3)
    assert backup_loop.loop_settings({"MEDICI_BACKUP_MINUTES": "2.5"})[0] == 2.5


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("MEDICI_BACKUP_MINUTES", "five"),
        ("MEDICI_BACKUP_MINUTES", "-1"),
        ("MEDICI_BACKUP_KEEP", "0"),
        ("MEDICI_BACKUP_KEEP", "2.5"),
    ],
)
def test_wrong_settings_are_refused_naming_the_variable(name, value):
    with pytest.raises(SystemExit, match=name):
        backup_loop.loop_settings({name: value})


def test_no_loop_is_started_when_turned_off(tmp_path):
    assert backup_loop.start_beside({"MEDICI_BACKUP_MINUTES": "0"}, tmp_path) is None


def loop_environment(tmp_path: Path, minutes: str, keep: str) -> dict:
    database = tmp_path / "db.sqlite3"
    with sqlite3.connect(database) as made:
        made.execute("CREATE TABLE results (player TEXT)")
    return {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{database}",
        "MEDICI_BACKUP_DIR": str(tmp_path / "backups"),
        "MEDICI_BACKUP_MINUTES": minutes,
        "MEDICI_BACKUP_KEEP": keep,
    }


def test_the_loop_backs_up_every_interval_and_keeps_the_last_n(tmp_path):
    # 0.02 minutes: a backup every 1.2 s, so each has its own second in its name.
    env = loop_environment(tmp_path, "0.02", "2")
    made = []
    with subprocess.Popen(
        [sys.executable, "-m", "medici_tourney.ops.backup_loop"]
        + ["--parent", str(os.getpid())],
        env=env,
        cwd=REPO,
        stdout=subprocess.PIPE,
        text=True,
    ) as loop:
        try:
            deadline = time.monotonic() + PATIENCE
            while len(made) < 4 and time.monotonic() < deadline:
                line = loop.stdout.readline()
                if line.startswith("Automatic backup: "):
                    made.append(Path(line.split(": ", 1)[1].strip()))
        finally:
            loop.terminate()
            loop.wait(timeout=PATIENCE)
    assert len(made) == 4 and len({path.name for path in made}) == 4
    folder = tmp_path / "backups"
    kept = sorted(p for p in folder.iterdir() if not p.name.startswith("."))
    assert kept == made[2:]
    assert all(path.name.endswith("-auto.sqlite3") for path in kept)
    assert {stat.S_IMODE(os.stat(p).st_mode) for p in kept} == {0o600}
    assert loop.returncode == 0


def process_state(pid: int) -> str:
    """The process's state letter (``Z``: ended, not yet reaped), or "" when gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return ""


def test_the_loop_ends_with_its_server(tmp_path):
    env = loop_environment(tmp_path, "5", "2")
    # A stand-in server: starts the loop beside itself, says its id, ends.
    server = subprocess.run(
        [sys.executable, "-c"]
        + [
            "import os; from pathlib import Path; "
            "from medici_tourney.ops import backup_loop; "
            "loop = backup_loop.start_beside(dict(os.environ), Path.cwd()); "
            "print(loop.pid, flush=True)"
        ],
        env=env,
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
        timeout=PATIENCE,
    )
    pid = int(server.stdout.split()[-1])
    deadline = time.monotonic() + PATIENCE
    while process_state(pid) not in ("", "Z") and time.monotonic() < deadline:
        time.sleep(0.2)
    assert process_state(pid) in ("", "Z")


def test_make_run_starts_the_loop_beside_the_development_server(monkeypatch):
    """``make run`` (medici_tourney/ops/run.py) holds the serving lock, starts the
    loop as its child, then becomes runserver in the same process, the loop's
    parent."""
    from medici_tourney.ops import run, running

    steps: list[object] = []
    monkeypatch.setattr(running, "hold_while_serving", lambda: steps.append("lock"))
    monkeypatch.setattr(
        backup_loop, "start_beside", lambda env, cwd: steps.append(("loop", cwd))
    )
    monkeypatch.setattr(os, "execv", lambda path, args: steps.append(args[1:]))
    run.main(["127.0.0.1:8000"])
    manage = str(running.BASE_DIR / "manage.py")
    assert steps == [
        "lock",
        ("loop", running.BASE_DIR),
        [manage, "runserver", "127.0.0.1:8000"],
    ]
