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
from typing import TYPE_CHECKING

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, pgettext

if TYPE_CHECKING:
    from heats.extensions import Link, Note
    from heats.services.desk import SeatLine, TableCard

register = template.Library()


#: Where a round page opens a card's in-place links (``Link.in_place``): htmx
#: loads the page's part ``#table-work`` into the panel ``#table-panel``. Set
#: once on the cards' row, which the links inherit them from (htmx).
PANEL_ATTRS = (
    ' hx-target="#table-panel" hx-select="#table-work" hx-swap="innerHTML '
    'show:#table-panel:top"'
)


@register.simple_tag
def table_cards(cards: list[TableCard], panel: bool = False) -> SafeString:
    """The cards of ``cards`` (``TableCard`` objects) in a row with the id
    ``table-cards``; each card's id is ``table-<number>``. The words are in the
    active language, each looked up once per call. With ``panel`` (the round
    page), the in-place links open in the page's table panel (``PANEL_ATTRS``);
    without JavaScript they are plain links."""
    words = _words()
    body = "".join(
        f'<div class="col-sm-6 col-xxl-4">{_card(card, words, panel)}</div>'
        for card in cards
    )
    attrs = PANEL_ATTRS if panel else ""
    return mark_safe(f'<div class="row g-2 mb-3" id="table-cards"{attrs}>{body}</div>')


@register.simple_tag
def table_card_swap(card: TableCard) -> SafeString:
    """One card (``table-<number>``) marked to replace its old self on the round
    page out of band (``hx-swap-oob``), its links opening in the table panel:
    what an action on one table sends back besides its own part."""
    return mark_safe(_card(card, _words(), True, ' hx-swap-oob="true"'))


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


def _card(card: TableCard, words: dict[str, str], panel: bool, extra: str = "") -> str:
    """One card's ``div#table-<number>``; ``extra``: more attributes."""
    number = int(card.table.number)
    state = "table-done" if card.done else "table-owed"
    start = f' <span class="text-muted small">{words["start"]}</span>'
    lines = "".join(_line(line, start) for line in card.lines)
    notes = "".join(_note(note, panel) for note in card.notes)
    title = words["table"] % {"number": number}
    return (
        f'<div class="card h-100 table-card {state}" id="table-{number}"{extra}>'
        '<div class="card-header d-flex justify-content-between '
        f'align-items-center py-1"><strong class="text-nowrap">{title}</strong>'
        f"<span>{_badges(card, words)}</span></div>"
        f'<ol class="list-group list-group-flush list-group-numbered">{lines}</ol>'
        f"{notes}{_action(card.action, panel)}</div>"
    )


def _in_place(link: Link | Note, url: str, panel: bool) -> str:
    """The htmx request of an in-place link on the round page, else ""; where
    its answer goes is the cards' row's (``PANEL_ATTRS``)."""
    if not (panel and link.in_place):
        return ""
    return f' hx-get="{url}"'


def _badges(card: TableCard, words: dict[str, str]) -> str:
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


def _line(line: SeatLine, start_tag: str) -> str:
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


def _note(note: Note, panel: bool) -> str:
    link = ""
    if note.url:
        url = escape(note.url)
        danger = ' class="link-danger"' if note.tone == "danger" else ""
        hx = _in_place(note, url, panel)
        link = f'<a{danger} href="{url}"{hx}>{escape(note.link_text)}</a>'
    flag = " tie-flag" if note.tone == "warning" else ""
    return (
        f'<div class="card-body py-1 small text-{escape(note.tone)}-emphasis{flag}">'
        f"{escape(note.text)} {link}</div>"
    )


def _action(action: Link | None, panel: bool) -> str:
    if action is None:
        return ""
    url = escape(action.url)
    css = "btn-primary" if action.primary else "btn-outline-primary"
    return (
        f'<div class="card-footer py-1"><a class="btn btn-sm {css} w-100" '
        f'href="{url}"{_in_place(action, url, panel)}>{escape(action.label)}</a></div>'
    )
