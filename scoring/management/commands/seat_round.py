"""``manage.py seat_round EVENT ROUND [--seed S] [--json]``."""

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from heats.core.errors import UserError
from heats.core.seating import (
    Seating,
)
from heats.models import (
    Event,
    Player,
    Round,
    RoundKind,
)
from heats.queries.events import get_event
from heats.queries.rounds import parse_round_code
from heats.services.events import get_round
from heats.services.seating import (
    seat_round,
)
from scoring.services import semi_final as rounds
from scoring.services.final_seating import seat_final


class Command(BaseCommand):
    help = (
        "Seat a round (heat number, 'semi' or 'final') from its checked-in players, "
        "avoiding repeat opponents and keep-apart pairs; prints the tables."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event", help="the event's slug")
        parser.add_argument("round", help="heat number, 'semi' or 'final'")
        parser.add_argument("--seed", help="seed to reproduce a seating")
        parser.add_argument(
            "--json",
            action="store_true",
            help='print {"seed", "tables": [{"number", "players"}], "waiting"}',
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            event = get_event(options["event"])
            kind, _ = parse_round_code(options["round"])
            rnd = get_round(event, options["round"], create=kind != RoundKind.HEAT)
            result = seat(event, rnd, options["seed"])
        except UserError as exc:
            raise CommandError(str(exc)) from exc
        assert result is not None  # None answers a page's stale state; none is given
        data = named(result.to_json())
        if options["json"]:
            self.stdout.write(json.dumps(data, ensure_ascii=False))
            return
        self.stdout.write(f"{rnd.label} seated (seed {data['seed']}):")
        for table in data["tables"]:
            self.stdout.write(f"Table {table['number']}: {', '.join(table['players'])}")
        if data["waiting"]:
            self.stdout.write(f"Waiting: {', '.join(data['waiting'])}")


def seat(event: Event, rnd: Round, seed: str | None) -> Seating | None:
    """Seat ``rnd`` as its page would: a heat from its check-ins, the semi-final
    from the advancement list in its layout, the final from the semi-final table
    winners only (tournament.md, Semi-final and final)."""
    if rnd.kind == RoundKind.SEMI:
        return rounds.seat_semi(event, seed=seed)
    if rnd.kind == RoundKind.FINAL:
        return seat_final(event, seed=seed)
    return seat_round(rnd, seed=seed)


def named(data: dict[str, Any]) -> dict[str, Any]:
    """Seating JSON with player ids replaced by names and a numeric seed as int."""
    keys = [k for t in data["tables"] for k in t["players"]] + data["waiting"]
    names = dict(
        Player.objects.filter(pk__in=[int(k) for k in keys]).values_list("pk", "name")
    )
    seed = data["seed"]
    if isinstance(seed, str) and seed.isdecimal():
        seed = int(seed)
    return {
        "seed": seed,
        "tables": [
            {"number": t["number"], "players": [names[int(k)] for k in t["players"]]}
            for t in data["tables"]
        ],
        "waiting": [names[int(k)] for k in data["waiting"]],
    }
