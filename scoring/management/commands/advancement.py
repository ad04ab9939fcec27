"""``manage.py advancement EVENT [--absent NAME]... [--absent-file FILE]
[--size N|winners [--reason TEXT]] [--json]``."""

import json
import re
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from heats.core.errors import UserError
from heats.core.files import read_name_list
from heats.core.formats import format_line
from heats.core.storable import text_problem
from heats.core.tiebreaks import DEFAULT_TIEBREAKS, tiebreak_line
from heats.models import Event
from heats.queries.events import get_event
from scoring.core.sizes import WINNERS_PRESENT
from scoring.models import OVERRIDE_REASON_MAX
from scoring.queries.event_results import event_advancement

# "# no-shows, Sunday" is a comment; "#1204" is a badge.
COMMENT = re.compile(r"\s*#(\s|$)")
# A size as a GM types it: ASCII digits only ("²" is a digit to str.isdigit but
# not to int()), short enough for int() to read.
SIZE = re.compile(r"[0-9]{1,6}")


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
        parser.add_argument(
            "--size",
            metavar="N|winners",
            help=(
                "the semi-final size instead of the GM's: one of the event's "
                "layouts, or 'winners' (the winners present, no alternate called)"
            ),
        )
        parser.add_argument(
            "--reason",
            metavar="TEXT",
            help="why the size (default: the GM's saved reason)",
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
            event = get_event(options["event"])
            result = event_advancement(
                event,
                absent,
                size=size_option(event, options["size"]),
                size_reason=reason_option(options["reason"]),
            )
        except UserError as exc:
            raise CommandError(str(exc)) from exc
        if options["json"]:
            self.stdout.write(
                json.dumps(result.to_json(), indent=2, ensure_ascii=False)
            )
        else:
            self.stdout.write(render_text(result.to_json()))


def size_option(event: Event, text: str | None) -> int | str | None:
    """``--size`` as ``event_advancement`` takes it: None (the GM's size),
    ``WINNERS_PRESENT`` or one of the event's layouts; UserError otherwise."""
    if text is None:
        return None
    text = text.strip().lower()
    if text == WINNERS_PRESENT:
        return WINNERS_PRESENT
    layouts = sorted(event.semi_layout_map())
    if SIZE.fullmatch(text) and int(text) in layouts:
        return int(text)
    sizes = ", ".join(str(s) for s in layouts)
    shown = text if len(text) <= 20 else text[:20] + "…"
    raise UserError(
        f"--size: {shown!r} is no semi-final size of {event.slug} "
        f"(sizes: {sizes}, or {WINNERS_PRESENT})"
    )


def reason_option(text: str | None) -> str | None:
    """``--reason`` as ``event_advancement`` takes it: None (the GM's saved
    reason) or text the override form would keep (no NUL character, no lone
    surrogate: a byte not UTF-8 in argv; at most ``OVERRIDE_REASON_MAX``
    characters); UserError naming the option otherwise."""
    if text is None:
        return None
    text = text.strip()
    problem = text_problem(text)
    if problem is None and len(text) > OVERRIDE_REASON_MAX:
        problem = f"at most {OVERRIDE_REASON_MAX} characters, not {len(text)}"
    if problem:
        raise UserError(f"--reason: {problem}")
    return text


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
