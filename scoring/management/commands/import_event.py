"""``manage.py import_event FILE.json [--as SLUG] [--replace]`` — write an event
that ``export_event`` wrote, with new ids, in one transaction
(scoring/services/transfer.py)."""

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from heats.core.errors import UserError
from scoring.services.transfer import import_event, loads


class Command(BaseCommand):
    help = (
        "Import one event from an export_event file. Other events are never touched; "
        "an existing event of the same slug is refused unless --replace."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the event file ('-': standard input)")
        parser.add_argument(
            "--as", dest="slug", metavar="SLUG", help="import under another slug"
        )
        parser.add_argument(
            "--replace",
            action="store_true",
            help="replace the event of that slug (only it, in one transaction)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            document = loads(self._read(options["file"]))
            report = import_event(
                document, slug=options["slug"], replace=options["replace"]
            )
        except UserError as exc:
            raise CommandError(str(exc)) from exc
        for line in report.lines():
            self.stdout.write(line)

    def _read(self, name: str) -> str:
        if name == "-":
            import sys

            return sys.stdin.read()
        try:
            return Path(name).read_text(encoding="utf-8-sig")
        except UnicodeDecodeError as exc:
            raise UserError(f"{name}: not UTF-8 (byte {exc.start})") from None
        except OSError as exc:
            raise UserError(f"Cannot read {name}: {exc.strerror}") from None
