"""``manage.py report_links EVENT ROUND [--json] [--base-url URL]``: the report
link of every table of a round (tournament.md, "Reported results"), as the
scoresheets print them. Tables seated before report links existed get theirs."""

import json
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from heats.core.errors import UserError
from heats.queries.events import get_event
from heats.services.events import get_round
from scoring.queries.printing import absolute
from scoring.queries.report_links import report_links
from scoring.services.report_links import make_report_links

LOCAL = "http://127.0.0.1:8000"


class Command(BaseCommand):
    help = "List the private report link of every table of a round."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event", help="the event's slug")
        parser.add_argument("round", help="heat number, 'semi' or 'final'")
        parser.add_argument("--json", action="store_true", help="print JSON")
        parser.add_argument(
            "--base-url",
            default=settings.PUBLIC_URL or LOCAL,
            help=f"the app's address (default: MEDICI_PUBLIC_URL, else {LOCAL})",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            event = get_event(options["event"])
            rnd = get_round(event, options["round"])
        except UserError as exc:
            raise CommandError(str(exc)) from exc
        make_report_links(event.pk)
        rows = [
            {
                "table": row.table,
                "url": absolute(options["base_url"], row.path),
                "open": row.open,
            }
            for row in report_links(rnd)
        ]
        if options["json"]:
            self.stdout.write(json.dumps(rows, indent=2))
            return
        for row in rows:
            state = "" if row["open"] else "  (closed)"
            self.stdout.write(f"Table {row['table']}: {row['url']}{state}")
