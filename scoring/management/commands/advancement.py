"""``manage.py advancement EVENT [--absent NAME]... [--absent-file FILE] [--json]``."""

import json
import re
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from heats.core.errors import UserError
from heats.core.files import read_name_list
from heats.core.formats import format_line
from heats.core.tiebreaks import DEFAULT_TIEBREAKS, tiebreak_line
from heats.queries.events import get_event
from scoring.queries.event_results import event_advancement

# "# no-shows, Sunday" is a comment; "#1204" is a badge.
COMMENT = re.compile(r"\s*#(\s|$)")


class Command(BaseCommand):
    help = (
        "Show who reaches the semi-final (tournament.md, Advancement): size, tables, "
        "qualifiers with reasons, alternates in call order, HMW cuts and warnings."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event", help="the event's slug")
        parser.add_argument(
            "--absent",
            action="append",
            default=[],
            metavar="NAME",
            help="a player absent from the semi-final (repeatable)",
        )
        parser.add_argument(
            "--absent-file",
            metavar="FILE",
            help="absent players, one name (or #badge) a line; '# ' starts a comment",
        )
        parser.add_argument("--json", action="store_true", help="print one JSON object")

    def handle(self, *args: Any, **options: Any) -> None:
        absent = list(options["absent"])
        if options["absent_file"]:
            try:
                text = read_name_list(options["absent_file"])
            except UserError as exc:
                raise CommandError(str(exc)) from exc
            absent += [
                line
                for line in text.splitlines()
                if line.strip() and not COMMENT.match(line)
            ]
        try:
            result = event_advancement(get_event(options["event"]), absent)
        except UserError as exc:
            raise CommandError(str(exc)) from exc
        if options["json"]:
            self.stdout.write(
                json.dumps(result.to_json(), indent=2, ensure_ascii=False)
            )
        else:
            self.stdout.write(render_text(result.to_json()))


def render_text(data: dict[str, Any]) -> str:
    """The list a GM posts, as plain text, its format's line second and its
    tie-breakers' third (tournament.md, Event formats; Advancement, 2)."""
    lines = []
    if not data["tables"]:
        lines.append("No heat results yet.")
    elif data["semi_size"]:
        tables = " + ".join(str(t) for t in data["tables"])
        lines.append(f"Semi-final of {data['semi_size']} ({tables}).")
    else:
        lines.append(f"No semi-final: the final is played by {sum(data['tables'])}.")
    lines.append(format_line(data["format"]) + ".")
    lines.append(tiebreak_line(data.get("tiebreaks", DEFAULT_TIEBREAKS)) + ".")
    lines.append(
        f"Winners present: {data['winners_present']}; half cap: {data['cap']}."
    )
    lines.append("Qualifiers:")
    lines += [f"  {q['player']}: {q['reason']}" for q in data["qualifiers"]]
    for title, key in (
        ("Alternates called", "alternates"),
        ("Next alternates", "next_alternates"),
    ):
        lines.append(f"{title}:")
        lines += [f"  {a['player']}: {_where(a)}" for a in data[key]] or ["  none"]
    if data["pared"]:
        lines.append("Cut by HMW: " + ", ".join(p["player"] for p in data["pared"]))
    lines += [f"Warning: {w}" for w in data["warnings"]]
    return "\n".join(lines)


def _where(alternate: dict[str, Any]) -> str:
    if alternate["percent"] is None:
        reason: str = alternate["reason"]
        return reason
    return (
        f"{alternate['percent']}% (heat {alternate['heat']}, "
        f"table {alternate['table']})"
    )
