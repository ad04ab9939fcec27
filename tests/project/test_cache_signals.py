"""The public pages' cache hears of changes by itself (medici_tourney/public_cache.py,
"memo"): its receivers are connected by the project's ``ops`` app, to heats'
``event_changed`` and the admin's log, so the cache is invalidated whichever
other apps are installed: with scoring's receivers off, and with no scoring."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.contrib.admin.models import CHANGE, LogEntry
from django.dispatch import Signal

from heats import signals
from heats.models import AuditAction
from heats.services.audit import log
from medici_tourney import public_cache

pytestmark = pytest.mark.django_db

REPO = Path(__file__).resolve().parents[2]


def scoring_receivers(signal: Signal) -> list[tuple[str, Callable[..., Any]]]:
    """``(dispatch_uid, receiver)`` of each receiver of ``signal`` that lives in
    the scoring app (scoring connects every one with a ``dispatch_uid``)."""
    found = []
    for key, ref, *_ in signal.receivers:
        receiver = ref() if isinstance(ref, weakref.ReferenceType) else ref
        if receiver is not None and receiver.__module__.startswith("scoring"):
            assert isinstance(key[0], str), f"{receiver} has no dispatch_uid"
            found.append((key[0], receiver))
    return found


def test_a_change_forgets_the_version_with_scoring_receivers_off(event):
    every = (
        signals.tables_seated,
        signals.late_table_seated,
        signals.seating_undone,
        signals.table_dissolved,
        signals.results_imported,
        signals.event_changed,
    )
    off = [(s, uid, r) for s in every for uid, r in scoring_receivers(s)]
    assert off, "scoring connects no receiver to heats' signals"
    for signal, uid, _receiver in off:
        assert signal.disconnect(dispatch_uid=uid)
    try:
        assert not any(scoring_receivers(s) for s in every)
        before = public_cache.event_with_version(event.slug).version
        assert public_cache.fresh_version(event.slug) == (event.pk, before)
        entry = log(event, None, AuditAction.SETTINGS, "Paper: A4")
        assert public_cache.fresh_version(event.slug) is None
        assert public_cache.current_version(event.slug) == f"{entry.pk}.0"
    finally:
        for signal, uid, receiver in off:
            signal.connect(receiver, dispatch_uid=uid)


def test_an_admin_edit_forgets_the_version(event, gm):
    public_cache.event_with_version(event.slug)
    LogEntry.objects.log_actions(gm.pk, [event], CHANGE, single_object=True)
    assert public_cache.fresh_version(event.slug) is None


def test_the_cache_hears_of_changes_with_no_scoring_app_installed():
    # A fresh process whose project has no scoring app: once Django is set up,
    # the cache's receiver is connected and a change forgets the memo.
    script = textwrap.dedent(
        """
        import sys
        import django
        from medici_tourney import settings

        settings.INSTALLED_APPS.remove("scoring")
        django.setup()
        assert "scoring" not in sys.modules, "scoring was imported"
        assert "medici_tourney.public_cache" in sys.modules, "cache not connected"
        from heats.signals import event_changed
        from medici_tourney import public_cache

        public_cache._memo["wbc"] = (1, "7.0", float("inf"))
        event_changed.send(None, entry=None)
        assert public_cache._memo == {}, public_cache._memo
        print("forgotten")
        """
    )
    env = {"DJANGO_SETTINGS_MODULE": "medici_tourney.settings", "PATH": ""}
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "forgotten"
