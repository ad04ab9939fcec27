"""``manage.py print_pdf EVENT KIND [--round R] [--paper a4|letter] [--lang LANG]
-o FILE.pdf``: ``--lang`` (en, de, fr, zh-hans) prints in that language, else in
the event's (``scoring.queries.printing.print_language``); ``--paper`` lays out
for that paper, else the event's ``paper`` setting."""

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from heats.core.errors import UserError
from heats.queries.events import get_event
from scoring import pdf
from scoring.pdf.data import PAPERS
from scoring.queries.printing import PRINT_LANGUAGES, render

LOCAL = "http://127.0.0.1:8000"


class Command(BaseCommand):
    help = (
        "Write a printable as PDF: assignments or scoresheets of a round, the timer "
        "rules, the bracket or the event report."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event", help="the event's slug")
        parser.add_argument("kind", choices=pdf.KINDS, help="what to print")
        parser.add_argument(
            "--round", help="heat number, 'semi' or 'final' (assignments, scoresheets)"
        )
        parser.add_argument(
            "--paper",
            choices=PAPERS,
            help="the paper to lay out for (default: the event's paper setting)",
        )
        parser.add_argument(
            "--lang",
            choices=PRINT_LANGUAGES,
            help="the language to print in (default: the event's language)",
        )
        parser.add_argument(
            "--base-url",
            default=settings.PUBLIC_URL or LOCAL,
            help=f"the app's address for the QR codes (default: MEDICI_PUBLIC_URL, "
            f"else {LOCAL})",
        )
        parser.add_argument(
            "-o",
            "--output",
            required=True,
            metavar="FILE.pdf",
            help="the PDF file to write",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            event = get_event(options["event"])
            printout = render(
                event,
                options["kind"],
                round_code=options["round"],
                paper=options["paper"],
                base_url=options["base_url"],
                language=options["lang"],
            )
        except UserError as exc:
            raise CommandError(str(exc)) from exc
        try:
            Path(options["output"]).write_bytes(printout.content)
        except OSError as exc:
            raise CommandError(f"Cannot write {options['output']}: {exc}") from exc
        self.stdout.write(f"Wrote {options['output']} ({len(printout.content)} bytes).")
