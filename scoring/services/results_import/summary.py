"""What a results import did (``ImportSummary``), as a page or the command
reports it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from heats.core.i18n import gettext_noop, ngettext_noop
from heats.core.message import Message
from heats.translate import translate

# The first line's parts, each a plural message counted by its own "count".
TABLES_CREATED = ngettext_noop("%(count)s table created", "%(count)s tables created")
TABLES_FILLED = (
    # Translators: tables of results filled in ("3 filled"), after "2 tables
    # created".
    ngettext_noop("%(count)s filled", "%(count)s filled")
)
TABLES_REPLACED = (
    # Translators: tables whose results were replaced ("1 replaced").
    ngettext_noop("%(count)s replaced", "%(count)s replaced")
)
TABLES_UNCHANGED = (
    # Translators: tables whose results stayed as they were ("4 unchanged").
    ngettext_noop("%(count)s unchanged", "%(count)s unchanged")
)
NEW_PLAYERS = ngettext_noop("%(count)s new player", "%(count)s new players")
SAVED_FILLED = (
    # Translators: "2 tables created, 3 filled, 1 replaced, 4 unchanged; 5 new
    # players.": each field is one of the parts above.
    gettext_noop("%(created)s, %(filled)s, %(replaced)s, %(unchanged)s; %(players)s.")
)
SAVED = (
    # Translators: "2 tables created, 1 replaced, 4 unchanged; 5 new players."
    gettext_noop("%(created)s, %(replaced)s, %(unchanged)s; %(players)s.")
)


@dataclass
class ImportSummary:
    """What an import did: counts of tables, new players, warnings and flags."""

    tables_created: int = 0
    tables_filled: int = 0
    tables_replaced: int = 0
    tables_unchanged: int = 0
    players_created: int = 0
    # Messages (heats.core.message): lines() writes them in the reader's language.
    warnings: list[str] = field(default_factory=list)
    unresolved_ties: list[str] = field(default_factory=list)
    rules_findings: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        """True when the import saved anything."""
        return bool(self.tables_created or self.tables_filled or self.tables_replaced)

    def lines(self) -> list[str]:
        """A short report, one line each, for a page or a command, in the active
        language."""
        out = [translate(self.first_line())]
        out += [
            _("Warning: %(warning)s") % {"warning": translate(w)} for w in self.warnings
        ]
        out += [
            _("Unresolved tie for first: %(table)s") % {"table": translate(t)}
            for t in self.unresolved_ties
        ]
        out += [
            _("Rules check: %(line)s") % {"line": translate(t)}
            for t in self.rules_findings
        ]
        return out

    def first_line(self) -> Message:
        """What was saved: "2 tables created, 1 replaced, 0 unchanged; 1 new
        player." (with "3 filled" after the tables created when any was)."""
        parts = {
            "created": Message.plural(
                TABLES_CREATED, "count", count=self.tables_created
            ),
            "replaced": Message.plural(
                TABLES_REPLACED, "count", count=self.tables_replaced
            ),
            "unchanged": Message.plural(
                TABLES_UNCHANGED, "count", count=self.tables_unchanged
            ),
            "players": Message.plural(NEW_PLAYERS, "count", count=self.players_created),
        }
        if self.tables_filled:
            filled = Message.plural(TABLES_FILLED, "count", count=self.tables_filled)
            return Message(SAVED_FILLED, filled=filled, **parts)
        return Message(SAVED, **parts)
