"""What a results import did (``ImportSummary``), as a page or the command
reports it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from heats.translate import translate


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
        counts = {
            "created": self.tables_created,
            "filled": self.tables_filled,
            "replaced": self.tables_replaced,
            "unchanged": self.tables_unchanged,
            "players": self.players_created,
        }
        if self.tables_filled:
            first = _(
                "%(created)s table(s) created, %(filled)s filled, %(replaced)s "
                "replaced, %(unchanged)s unchanged; %(players)s new player(s)."
            )
        else:
            first = _(
                "%(created)s table(s) created, %(replaced)s replaced, %(unchanged)s "
                "unchanged; %(players)s new player(s)."
            )
        out = [first % counts]
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
