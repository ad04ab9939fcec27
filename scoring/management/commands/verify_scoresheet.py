"""``manage.py verify_scoresheet FILE... [--rules NAME | --event EVENT] [--json]``:
check submitted scoresheets.

Each file holds one scoresheet (formats.md) or a list of them, UTF-8, at most
``sheet.MAX_FILE_BYTES``. With ``--rules`` or ``--event`` every sheet is checked
under that rule set (the event's), and a sheet naming another one gets a finding
naming both; without them each sheet under its own ``rules`` (``wbc`` if none).
Exit code 0 when no sheet has findings, 1 when some do, 2 when a file or sheet
cannot be read (too large, not UTF-8, not JSON, a value out of bounds such as NaN,
1e400, 1e308, a NUL character or a lone surrogate, a field missing or of the wrong
type) or the rule set or event is unknown.

Findings are printed root first: each finding that follows from no other, with
its rule id in brackets, then the findings that follow from it, indented
("follows:"). ``--json`` gives every finding's ``rule`` and ``because`` (the
index of the finding it follows from, ``null`` for a root) and ``hint``
(``scoring.core.medici.findings``).
"""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from heats.core.errors import UserError
from heats.core.files import check_size, decode_utf8, read_file
from heats.models import Event
from scoring.core.medici.findings import (
    Finding,
    ScoresheetError,
    SheetReport,
    root_first,
)
from scoring.core.medici.rulesets import RULESETS, RuleSet, RuleSetError, get_ruleset
from scoring.core.medici.sheet import MAX_FILE_BYTES, load_json
from scoring.core.medici.verify import verify_sheet

# Characters of a sheet's own heat or table shown in its label.
LABEL_TEXT = 20


def sheet_label(path: str, index: int | None, sheet: Any) -> str:
    """``file.json`` or ``file.json#3`` (1-based position in a list), followed by
    ``(heat H, table T)`` when the sheet names them (each cut to ``LABEL_TEXT``
    characters)."""
    label = path if index is None else f"{path}#{index + 1}"
    if isinstance(sheet, dict) and "heat" in sheet and "table" in sheet:
        heat, table = (str(sheet[key])[:LABEL_TEXT] for key in ("heat", "table"))
        label += f" (heat {heat}, table {table})"
    return label


def read_input(path: str) -> str:
    """The text of ``path`` (``-``: standard input), at most ``MAX_FILE_BYTES``
    bytes of UTF-8; UserError saying why it cannot be read."""
    if path != "-":
        return decode_utf8(read_file(path, MAX_FILE_BYTES))
    stream = getattr(sys.stdin, "buffer", None)
    if stream is not None:
        data = stream.read(MAX_FILE_BYTES + 1)
        check_size(len(data), MAX_FILE_BYTES, "Standard input")
        return decode_utf8(data)
    text: str = sys.stdin.read(MAX_FILE_BYTES + 1)  # a text stream (tests)
    check_size(len(text.encode()), MAX_FILE_BYTES, "Standard input")
    return text


class Command(BaseCommand):
    """Verify scoresheets at the level of detail they carry (rules.md, Verifying)."""

    help = (
        "Verify Medici scoresheets (JSON, one sheet or a list per file); exit 0 when "
        "all are right, 1 when there are findings, 2 for unreadable input."
    )

    # Pure computation (the database only for --event's rule set): no system checks.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        """Declare the command-line options."""
        parser.add_argument(
            "files", nargs="+", help="scoresheet JSON files ('-' reads standard input)"
        )
        parser.add_argument("--json", action="store_true", help="print JSON")
        under = parser.add_mutually_exclusive_group()
        under.add_argument(
            "--rules",
            help=f"check every sheet under this rule set ({', '.join(RULESETS)})",
        )
        under.add_argument(
            "--event", help="check every sheet under this event's rule set (its slug)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        """Verify every sheet of every file, print the reports, set the exit code."""
        rules = self._rules(options["rules"], options["event"])
        results: list[tuple[str, SheetReport]] = []
        errors: list[str] = []
        for path in options["files"]:
            for label, sheet in self._sheets(path, errors):
                try:
                    results.append((label, verify_sheet(sheet, rules)))
                except ScoresheetError as error:
                    errors.append(f"{label}: {error}")
        self._print(results, options["json"])
        self._finish(results, errors)

    def _rules(self, name: str | None, slug: str | None) -> RuleSet | None:
        """The rule set to check under: ``--rules``, the ``--event``'s, or None
        (each sheet's own). Exit 2 for an unknown rule set or event."""
        if slug is not None:
            event = Event.objects.filter(slug=slug).first()
            if event is None:
                raise CommandError(f"No event {slug!r}.", returncode=2)
            name = event.rules
        if name is None:
            return None
        try:
            return get_ruleset(name)
        except RuleSetError as error:
            raise CommandError(str(error), returncode=2) from None

    def _sheets(self, path: str, errors: list[str]) -> list[tuple[str, Any]]:
        try:
            data = load_json(read_input(path))
        except UserError as error:
            # read_input's "Cannot read PATH: reason." after our "PATH: cannot read:"
            reason = error.message.removeprefix(f"Cannot read {path}: ")
            errors.append(f"{path}: cannot read: {reason}")
            return []
        except ScoresheetError as error:
            errors.append(f"{path}: cannot read a JSON document: {error}")
            return []
        if isinstance(data, list):
            if not data:
                errors.append(f"{path}: the list holds no scoresheet")
            return [(sheet_label(path, i, item), item) for i, item in enumerate(data)]
        return [(sheet_label(path, None, data), data)]

    def _print(self, results: list[tuple[str, SheetReport]], as_json: bool) -> None:
        if as_json:
            rows = [{"sheet": label, **report.to_dict()} for label, report in results]
            self.stdout.write(json.dumps(rows, indent=2, ensure_ascii=False))
            return
        for label, report in results:
            count = len(report.findings)
            verdict = "ok" if not count else f"{count} finding(s)"
            self.stdout.write(f"{label}: level {report.level}, {verdict}")
            # Root first: each root, then what follows from it, indented.
            for group in root_first([f.to_dict() for f in report.findings]):
                for row in [group.root] if group.root else []:
                    self.stdout.write(f"    {Finding(**row)} [{row['rule']}]")
                for row in group.followers:
                    self.stdout.write(
                        f"        follows: {Finding(**row)} [{row['rule']}]"
                    )

    def _finish(
        self, results: list[tuple[str, SheetReport]], errors: list[str]
    ) -> None:
        for error in errors:
            self.stderr.write(error)
        if errors:
            raise CommandError(f"{len(errors)} unreadable input(s)", returncode=2)
        flagged = sum(1 for _, report in results if report.findings)
        if flagged:
            raise CommandError(
                f"{flagged} of {len(results)} sheet(s) have findings", returncode=1
            )
