"""The two kinds of error (docs/architecture.md): a user error a GM can act on,
and bugs.

A ``UserError`` carries a message for the GM: a page shows it, a management command
prints it and exits with status 1. Anything else is a bug and is allowed to crash.
"""

from __future__ import annotations

from dataclasses import dataclass

from heats.core.i18n import gettext_noop

# How a problem in an input file reads: messages to translate at the edge
# (``LineProblem.pattern``), the line, column and message filled in after.
LINE = gettext_noop("line %(line)s: %(message)s")
LINE_COLUMN = gettext_noop("line %(line)s, column %(column)s: %(message)s")


class UserError(Exception):
    """A problem the GM can fix (bad input, a conflict, a missing permission).

    ``problems`` lists every individual problem (all at once, never only the first);
    ``str()`` joins them one per line.
    """

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        self.message = message
        self.problems = list(problems or [])
        super().__init__(self.render())

    def render(self) -> str:
        """The message followed by one problem per line."""
        return "\n".join([self.message, *(f"  {p}" for p in self.problems)])


@dataclass(frozen=True, order=True)
class LineProblem:
    """One problem in an input file: 1-based line, column name, what is wrong."""

    line: int
    column: str
    message: str

    def pattern(self) -> tuple[str, dict[str, object]]:
        """The message to translate (``LINE`` or ``LINE_COLUMN``) and its fields:
        the edge shows ``gettext(pattern) % fields`` (``message`` translated by
        whoever made it)."""
        fields: dict[str, object] = {
            "line": self.line,
            "column": self.column,
            "message": self.message,
        }
        return (LINE_COLUMN if self.column else LINE), fields

    def __str__(self) -> str:
        pattern, fields = self.pattern()
        return pattern % fields
