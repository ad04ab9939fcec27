"""``manage.py verify_scoresheet FILE... [--json]``: check submitted scoresheets.

Each file holds one scoresheet (formats.md) or a list of them. Exit code 0 when no
sheet has findings, 1 when some do, 2 when a file or sheet cannot be read.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.medici.findings import ScoresheetError, SheetReport
from scoring.medici.verify import verify_sheet


def sheet_label(path: str, index: int | None, sheet: Any) -> str:
    """``file.json`` or ``file.json#3`` (1-based position in a list), followed by
    ``(heat H, table T)`` when the sheet names them."""
    label = path if index is None else f"{path}#{index + 1}"
    if isinstance(sheet, dict) and "heat" in sheet and "table" in sheet:
        label += f" (heat {sheet['heat']}, table {sheet['table']})"
    return label


class Command(BaseCommand):
    """Verify scoresheets at the level of detail they carry (rules.md, Verifying)."""

    help = (
        "Verify Medici scoresheets (JSON, one sheet or a list per file); exit 0 when "
        "all are right, 1 when there are findings, 2 for unreadable input."
    )

    # Pure computation: no models, URLs or database, so no system checks needed.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        """Declare the command-line options."""
        parser.add_argument(
            "files", nargs="+", help="scoresheet JSON files ('-' reads standard input)"
        )
        parser.add_argument("--json", action="store_true", help="print JSON")

    def handle(self, *args: Any, **options: Any) -> None:
        """Verify every sheet of every file, print the reports, set the exit code."""
        results: list[tuple[str, SheetReport]] = []
        errors: list[str] = []
        for path in options["files"]:
            for label, sheet in self._sheets(path, errors):
                try:
                    results.append((label, verify_sheet(sheet)))
                except ScoresheetError as error:
                    errors.append(f"{label}: {error}")
        self._print(results, options["json"])
        self._finish(results, errors)

    def _sheets(self, path: str, errors: list[str]) -> list[tuple[str, Any]]:
        try:
            text = (
                sys.stdin.read()
                if path == "-"
                else Path(path).read_text(encoding="utf-8-sig")
            )
            data = json.loads(text)
        except (OSError, ValueError) as error:  # JSONDecodeError, UnicodeDecodeError
            errors.append(f"{path}: cannot read a JSON document ({error})")
            return []
        except RecursionError:
            errors.append(f"{path}: cannot read a JSON document (nested too deeply)")
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
            for finding in report.findings:
                self.stdout.write(f"    {finding}")

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
