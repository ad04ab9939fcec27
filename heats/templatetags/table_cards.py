"""``{% table_cards cards %}``: a round's table cards (``heats.services.desk``)
as the GM pages show them, one Bootstrap card per table with its seats, its
results' state, the notes and the main action other apps add.

Written here in one pass of plain string formatting, every text escaped with
``html.escape`` (what Django's ``escape`` does; the translated words too), rather
than by a template loop:
a heat of 1,000 players has 200 cards and 1,000 seat lines, which a template
draws in about 40 ms and this in a few (issue 17, "Speed"; ``make bench``,
``bench/bench_gm_clicks.py``).
"""

from __future__ import annotations

from html import escape

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, pgettext

register = template.Library()


@register.simple_tag
def table_cards(cards: list) -> SafeString:
    """The cards of ``cards`` (``TableCard`` objects) in a row with the id
    ``table-cards``; each card's id is ``table-<number>``. The words are in the
    active language, each looked up once per call."""
    words = _words()
    body = "".join(_card(card, words) for card in cards)
    return mark_safe(f'<div class="row g-2 mb-3" id="table-cards">{body}</div>')


def _words() -> dict[str, str]:
    """The cards' words in the active language, escaped for HTML; "%(...)s"
    fields are filled per card."""
    words = {
        "table": gettext("Table %(number)s"),
        "late": pgettext("late table, badge", "late"),
        "time_called": gettext("time called, day %(day)s"),
        "to_check_title": gettext(
            "Not on the public pages until a GM acknowledges the warnings or "
            "corrects the scores"
        ),
        "to_check": gettext("to check"),
        "tie": gettext("tie for first"),
        "done": gettext("results in"),
        "owed": gettext("owes paperwork"),
        # Translators: beside the player in seat 1, who starts the game.
        "start": pgettext("start player", "start"),
    }
    return {key: escape(value) for key, value in words.items()}


def _card(card, words: dict[str, str]) -> str:
    number = int(card.table.number)
    state = "table-done" if card.done else "table-owed"
    start = f' <span class="text-muted small">{words["start"]}</span>'
    lines = "".join(_line(line, start) for line in card.lines)
    notes = "".join(_note(note) for note in card.notes)
    title = words["table"] % {"number": number}
    return (
        f'<div class="col-sm-6 col-xxl-4"><div class="card h-100 table-card {state}" '
        f'id="table-{number}"><div class="card-header d-flex justify-content-between '
        f'align-items-center py-1"><strong class="text-nowrap">{title}</strong>'
        f"<span>{_badges(card, words)}</span></div>"
        f'<ol class="list-group list-group-flush list-group-numbered">{lines}</ol>'
        f"{notes}{_action(card.action)}</div></div>"
    )


def _badges(card, words: dict[str, str]) -> str:
    table = card.table
    parts = []
    if table.late:
        parts.append(f'<span class="badge text-bg-info">{words["late"]}</span> ')
    if table.time_called:
        called = words["time_called"] % {"day": int(table.time_called)}
        parts.append(
            f'<span class="badge text-bg-secondary time-called">{called}</span> '
        )
    if card.to_check:
        parts.append(
            '<span class="badge text-bg-danger to-check" '
            f'title="{words["to_check_title"]}">{words["to_check"]}</span> '
        )
    if card.tied:
        parts.append(f'<span class="badge text-bg-warning">{words["tie"]}</span>')
    elif card.done:
        parts.append(f'<span class="badge text-bg-success">{words["done"]}</span>')
    else:
        parts.append(f'<span class="badge text-bg-warning">{words["owed"]}</span>')
    return "".join(parts)


def _line(line, start_tag: str) -> str:
    seat = line.seat
    winner = " winner-row" if line.winner else ""
    start = start_tag if seat.number == 1 else ""
    score = (
        f'<span class="float-end">{escape(str(line.score))}</span>'
        if line.score is not None
        else ""
    )
    return (
        f'<li class="list-group-item py-1{winner}">{escape(seat.player.shown)}'
        f"{start}{score}</li>"
    )


def _note(note) -> str:
    link = ""
    if note.url:
        danger = ' class="link-danger"' if note.tone == "danger" else ""
        link = f'<a{danger} href="{escape(note.url)}">{escape(note.link_text)}</a>'
    flag = " tie-flag" if note.tone == "warning" else ""
    return (
        f'<div class="card-body py-1 small text-{escape(note.tone)}-emphasis{flag}">'
        f"{escape(note.text)} {link}</div>"
    )


def _action(action) -> str:
    if action is None:
        return ""
    css = "btn-primary" if action.primary else "btn-outline-primary"
    return (
        f'<div class="card-footer py-1"><a class="btn btn-sm {css} w-100" '
        f'href="{escape(action.url)}">{escape(action.label)}</a></div>'
    )
