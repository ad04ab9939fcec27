"""``manage.py create_event EVENT --name NAME [--rules wbc] [--format hmw|hmo]
[--tiebreaks bpa|margin-die] [--language en|de|fr|zh-hans] [--paper a4|letter]
[--gm USERNAME]``: without
``--paper``, the paper of the event's time zone (the server's; Letter in the
Americas, else A4: ``heats.core.paper``)."""

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from heats.core.errors import UserError
from heats.core.formats import DEFAULT_FORMAT, FORMATS
from heats.core.paper import PAPERS
from heats.core.tiebreaks import DEFAULT_TIEBREAKS, TIEBREAKS
from heats.queries.staff import find_login
from scoring.services.events import new_event


class Command(BaseCommand):
    help = (
        "Create an event (a tournament) with its slug, name, rule set and format "
        "(hmw: heats most wins, the default; hmo: heats winners only); --gm makes "
        "an existing login its first GM."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event", help="the event's slug, e.g. wbc2027")
        parser.add_argument("--name", required=True, help="display name")
        parser.add_argument("--rules", default="wbc", help="rule set (default wbc)")
        parser.add_argument(
            "--format",
            default=DEFAULT_FORMAT,
            choices=FORMATS,
            help="advancement format (tournament.md, Event formats): hmw, heats "
            "most wins (default); hmo, heats winners only",
        )
        parser.add_argument(
            "--tiebreaks",
            default=DEFAULT_TIEBREAKS,
            choices=TIEBREAKS,
            help="order of the HMW tie-breakers (tournament.md, Advancement, 2): "
            "bpa, the eight levels (default); margin-die, WBC 2018's: margin of "
            "victory, then a die roll",
        )
        parser.add_argument(
            "--language",
            default="en",
            choices=[code for code, _ in settings.LANGUAGES],
            help="language of the public pages, kiosk and printouts (default en)",
        )
        parser.add_argument(
            "--paper",
            default="",
            choices=["", *PAPERS],
            help="paper of the printouts (default: the time zone's, Letter in the "
            "Americas, else A4)",
        )
        parser.add_argument(
            "--gm", default="", help="username of the event's first GM (a login)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            gm = find_login(options["gm"]) if options["gm"] else None
            event = new_event(
                options["event"],
                options["name"],
                options["rules"],
                gm=gm,
                settings={
                    "format": options["format"],
                    "tiebreaks": options["tiebreaks"],
                    "language": options["language"],
                    "paper": options["paper"],
                },
            )
        except UserError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(
            f"Created event {event.slug}: {event.name} ({event.rules}); "
            f"{event.format_line.lower()} ({event.format}); "
            f"{event.tiebreak_line.lower()} ({event.tiebreaks})"
        )
        if gm is not None:
            self.stdout.write(f"{gm.get_username()} is its GM.")
