"""``manage.py create_event EVENT --name NAME [--rules wbc]``."""

from django.core.management.base import BaseCommand, CommandError

from heats.errors import UserError
from scoring.services import new_event


class Command(BaseCommand):
    help = "Create an event (a tournament) with its slug, name and rule set."

    def add_arguments(self, parser) -> None:
        parser.add_argument("event", help="the event's slug, e.g. wbc2027")
        parser.add_argument("--name", required=True, help="display name")
        parser.add_argument("--rules", default="wbc", help="rule set (default wbc)")

    def handle(self, *args, **options) -> None:
        try:
            event = new_event(options["event"], options["name"], options["rules"])
        except UserError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"Created event {event.slug}: {event.name} ({event.rules})")
