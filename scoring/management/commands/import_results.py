"""``manage.py import_results EVENT FILE.csv [--create] [--name NAME] [--rules wbc]
[--replace]`` — import a results CSV (formats.md), all or nothing."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from heats.errors import UserError
from heats.models import Event
from heats.services import get_event
from scoring.importers import parse_results_csv
from scoring.services import import_results, new_event


class Command(BaseCommand):
    help = (
        "Import heat results from a CSV file (formats.md). Every problem is reported "
        "with line and column; nothing is saved unless the whole file is valid."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("event", help="the event's slug")
        parser.add_argument("file", help="results CSV (UTF-8)")
        parser.add_argument(
            "--create",
            action="store_true",
            help="create the event if it does not exist",
        )
        parser.add_argument("--name", help="event name for --create")
        parser.add_argument("--rules", default="wbc", help="rule set for --create")
        parser.add_argument(
            "--replace",
            action="store_true",
            help="overwrite saved records the file contradicts",
        )

    def handle(self, *args, **options) -> None:
        try:
            text = Path(options["file"]).read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(f"Cannot read {options['file']}: {exc}") from exc
        try:
            # A bad file creates no event; the import itself writes in one short
            # transaction after reading the file (a long one would hold SQLite's
            # write lock and make results saved meanwhile wait).
            parse_results_csv(text)
            event = self._event(options)
            summary = import_results(
                event,
                text,
                replace=options["replace"],
                source=Path(options["file"]).name,
            )
        except UserError as exc:
            raise CommandError(str(exc)) from exc
        for line in summary.lines():
            self.stdout.write(line)

    def _event(self, options) -> Event:
        slug = options["event"]
        if options["create"] and not Event.objects.filter(slug=slug).exists():
            return new_event(slug, options["name"] or slug, options["rules"])
        return get_event(slug)
