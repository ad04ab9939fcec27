"""``manage.py export_event EVENT -o FILE.json`` — one event, complete, as a file
``import_event`` reads into any database (scoring/services/transfer.py)."""

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from heats.core.errors import UserError
from heats.queries.events import get_event
from scoring.services.transfer import dumps, export_event


class Command(BaseCommand):
    help = (
        "Write one event (players, rounds, seating, results, history, audit, checks, "
        "scoresheets, published lists, settings, staff by username) to a JSON file."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event", help="the event's slug")
        parser.add_argument(
            "-o", "--output", required=True, metavar="FILE", help="'-': standard output"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            event = get_event(options["event"])
        except UserError as exc:
            raise CommandError(str(exc)) from exc
        document = export_event(event)
        text = dumps(document) + "\n"
        if options["output"] == "-":
            self.stdout.write(text, ending="")
            return
        path = Path(options["output"])
        try:
            path.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise CommandError(f"Cannot write {path}: {exc.strerror}") from exc
        self.stderr.write(
            f"Exported event {event.slug!r}: {len(document['objects'])} rows to {path}"
        )
