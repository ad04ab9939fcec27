"""``manage.py load_demo`` — the bundled demo event, loaded idempotently."""

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from heats.core.errors import UserError
from scoring.services.demo import LOCAL_URL, load_demo


class Command(BaseCommand):
    help = (
        "Load the bundled demo event (data/demo: WBC 2017-shaped heats, the six "
        "no-shows marked absent from the semi-final) and a local demo GM login. "
        "Running it again changes nothing."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--slug", default="demo", help="event slug (default demo)")
        parser.add_argument(
            "--no-gm", action="store_true", help="do not create the demo GM login"
        )
        parser.add_argument(
            "--url",
            default=LOCAL_URL,
            help=f"the server's address in the printed links (default {LOCAL_URL})",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            report = load_demo(
                options["slug"], with_gm=not options["no_gm"], url=options["url"]
            )
        except UserError as exc:
            raise CommandError(str(exc)) from exc
        for line in report:
            self.stdout.write(line)
