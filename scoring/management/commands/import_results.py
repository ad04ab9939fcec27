"""``manage.py import_results EVENT FILE.csv [--create] [--name NAME] [--rules wbc]
[--replace]`` — import a results CSV (formats.md), all or nothing."""

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from heats.core.errors import UserError
from heats.core.files import read_file
from heats.models import (
    Event,
    max_length,
)
from heats.queries.events import get_event
from scoring.core.results_csv import (
    MAX_FILE_BYTES,
    SIZE_ADVICE,
    ParsedResults,
    decode_results,
    parse_results_csv,
)
from scoring.models import RecordHistory
from scoring.services.results_import.summary import ImportSummary
from scoring.services.results_import.write import import_into_new_event, import_results


def source_name(path: str) -> str:
    """The file's name as the record history's source: "<name> import" must fit
    ``RecordHistory.source``, so a long name is cut."""
    room = max_length(RecordHistory, "source") - len(" import")
    # A name that is not UTF-8 arrives with surrogates, which no database stores.
    name = Path(path).name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return name if len(name) <= room else name[: room - 1] + "…"


class Command(BaseCommand):
    help = (
        "Import heat results from a CSV file (formats.md). Every problem is reported "
        "with line and column; nothing is saved unless the whole file is valid."
    )

    def add_arguments(self, parser: CommandParser) -> None:
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

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            # Bytes, decoded as the page decodes an upload: one message for both.
            data = read_file(options["file"], MAX_FILE_BYTES, SIZE_ADVICE)
            text = decode_results(data)
            summary = self._import(options, text, parse_results_csv(text))
        except UserError as exc:
            raise CommandError(str(exc)) from exc
        for line in summary.lines():
            self.stdout.write(line)

    def _import(
        self, options: dict[str, Any], text: str, parsed: ParsedResults
    ) -> ImportSummary:
        """Import into the saved event, or (``--create``) into a new one.

        A bad file never gets here, so it creates no event. A new event and its
        rows are one transaction: killed midway, the command leaves nothing. Into
        a saved event the import writes in one short transaction after planning
        (a long one would hold SQLite's write lock and make results saved
        meanwhile wait)."""
        source = source_name(options["file"])
        if self._creates(options):
            return import_into_new_event(
                options["event"],
                options["name"] or options["event"],
                options["rules"],
                text,
                source=source,
                parsed=parsed,
            )
        return import_results(
            get_event(options["event"]),
            text,
            replace=options["replace"],
            source=source,
            parsed=parsed,
        )

    def _creates(self, options: dict[str, Any]) -> bool:
        """True when ``--create`` is given and the event does not exist yet."""
        return (
            options["create"]
            and not Event.objects.filter(slug=options["event"]).exists()
        )
