"""``manage.py checkin EVENT ROUND (--file NAMES.txt | NAME...)``."""

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from heats.core.errors import UserError
from heats.core.files import read_name_list
from heats.queries.events import get_event
from heats.queries.seating import checked_in_count
from heats.services.checkin import check_in, parse_name_list
from heats.services.events import get_round


class Command(BaseCommand):
    help = (
        "Check players in to a round (created if missing); unknown names become new "
        "players. Prints the count checked in and the table layout it gives."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event", help="the event's slug")
        parser.add_argument("round", help="heat number, 'semi' or 'final'")
        parser.add_argument("names", nargs="*", metavar="NAME", help="player names")
        parser.add_argument(
            "--file", metavar="NAMES.txt", help="one name a line ('Name, badge' too)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        text = "\n".join(options["names"])
        if options["file"]:
            try:
                text += "\n" + read_name_list(options["file"])
            except UserError as exc:
                raise CommandError(str(exc)) from exc
        rows = parse_name_list(text)
        if not rows:
            raise CommandError("Give names or --file NAMES.txt.")
        try:
            rnd = get_round(get_event(options["event"]), options["round"], create=True)
            report = check_in(rnd, rows)
        except UserError as exc:
            raise CommandError(str(exc)) from exc
        for line in report.lines():
            self.stdout.write(line)
        count, layout = checked_in_count(rnd)
        shape = "+".join(map(str, layout.sizes)) or "no table yet"
        waiting = f", {layout.waiting} waiting" if layout.waiting else ""
        self.stdout.write(f"{rnd.label}: {count} checked in: {shape}{waiting}")
