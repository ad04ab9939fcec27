"""Text people read is data (issue 30): nothing in the running path reads
English back. The frozen reader of the English stored before,
``scoring.legacy_text``, is imported only by the data migration that converts
a database and by the event files' import (files of version 1); read from the
source with ``ast``, as ``test_layers``."""

from __future__ import annotations

from pathlib import Path

from tests.architecture.test_layers import REPO, imported_modules

LEGACY = "scoring.legacy_text"


def allowed(path: Path) -> bool:
    """The migrations, the event files' import and the reader itself."""
    parts = path.relative_to(REPO).parts
    return parts[:2] in {
        ("scoring", "migrations"),
        ("scoring", "legacy_text"),
    } or path.name.startswith("transfer")


def test_only_the_migration_and_the_event_file_import_read_stored_english():
    users = sorted(
        str(path.relative_to(REPO))
        for app in ("heats", "scoring", "medici_tourney")
        for path in (REPO / app).rglob("*.py")
        if not allowed(path)
        and any(
            module == LEGACY or module.startswith(f"{LEGACY}.")
            for _, module in imported_modules(path)
        )
    )
    assert users == []


def test_the_message_module_has_no_reader():
    source = (REPO / "heats" / "core" / "message.py").read_text(encoding="utf-8")
    for word in ("Registry", "def parse", "lru_cache"):
        assert word not in source, word
