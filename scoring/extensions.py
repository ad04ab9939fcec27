"""What scoring adds to heats' GM pages (``heats.extensions``): each table card's
scores, winners, notes and results button; the GM menu's results pages; the
printables; the kiosk beside the clock; a semi-final's or final's own page.

Registered once, from ``ScoringConfig.ready()``. Every label is in the reader's
language (each function runs for the page being drawn).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from django.db.models import Count
from django.urls import reverse
from django.utils.http import RFC3986_SUBDELIMS
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from heats.extensions import Link, Note, provide_card_details, provide_links
from heats.models import Event, ResultStatus, Round, RoundKind
from scoring.core.medici.findings import root_count
from scoring.models import PlayerRecord, ReportLink, TableCheck

if TYPE_CHECKING:
    from heats.queries.desk import TableCard


def _round_results(
    rnd: Round,
) -> tuple[dict[int, tuple[int, int]], dict[int, Any]]:
    """The records of ``rnd``'s seats (seat id -> (final, place)) and the
    findings of its tables being checked (table id -> findings)."""
    records = dict(
        (seat_id, (final, place))
        for seat_id, final, place in PlayerRecord.objects.filter(
            seat__round=rnd
        ).values_list("seat_id", "final", "place")
    )
    findings = dict(
        TableCheck.objects.filter(
            table__round=rnd, table__result_status=ResultStatus.CHECK
        ).values_list("table_id", "findings")
    )
    return records, findings


def table_urls(name: str, rnd: Round, **more: str) -> Callable[[int], str]:
    """The URL ``name`` of each table number of ``rnd`` (``more``: the URL's
    other arguments), reversed once: the address of table 0 with its number
    put in (a round page of 200 tables reversed 400 addresses, a sixth of its
    time). Reversed per table should the pattern hold no "/table/0/"."""
    kwargs = {"event": rnd.event.slug, "round": rnd.code, **more}
    head, marker, tail = reverse(name, kwargs={**kwargs, "table": 0}).partition(
        "/table/0/"
    )
    if not marker:
        return lambda number: reverse(name, kwargs={**kwargs, "table": number})
    return lambda number: f"{head}/table/{number}/{tail}"


@provide_card_details
def fill_table_cards(rnd: Round, cards: list[TableCard]) -> None:
    """Scores and winners on each seat line, a note for a tie to declare or rules
    warnings to acknowledge, and the button to enter or edit the results; two
    queries for the whole round."""
    records, findings = _round_results(rnd)
    kwargs = {"event": rnd.event.slug, "round": rnd.code}
    results = table_urls("scoring:table-results", rnd)
    enter, edit = _("Enter results"), _("Edit results")
    for card in cards:
        number = card.table.number
        for line in card.lines:
            if card.done and line.seat.pk in records:
                line.score, place = records[line.seat.pk]
                line.winner = place == 1
        if card.tied:
            url = reverse("scoring:table-tie", kwargs={**kwargs, "table": number})
            card.notes.append(
                Note(
                    "warning",
                    _("⚖ Tie for first unresolved:"),
                    _("declare the winner"),
                    url,
                )
            )
        if card.to_check:
            count = root_count(findings.get(card.table.pk, []))
            url = reverse("scoring:table-detail", kwargs={**kwargs, "table": number})
            text = ngettext(
                "%(count)s rules warning to acknowledge",
                "%(count)s rules warnings to acknowledge",
                count,
            ) % {"count": count}
            card.notes.append(Note("danger", "⚠", text, url + "#checks-heading"))
        card.action = Link(
            edit if card.done else enter,
            results(number),
            primary=not card.done,
            in_place=True,
        )


@provide_card_details
def report_notes(rnd: Round, cards: list[TableCard]) -> None:
    """On each card owing results: its report link (tournament.md, Reported
    results), and "reported" with the way to confirm when players sent a
    report; one query for the whole round."""
    links = {
        table_id: (token, reported)
        for table_id, token, reported in ReportLink.objects.filter(
            table__round=rnd, table__result_status=ResultStatus.OWED
        )
        .annotate(reported=Count("table__reports"))
        .values_list("table_id", "token", "reported")
    }
    kwargs = {"event": rnd.event.slug, "round": rnd.code}
    label, word = _("Players' report link:"), _("open")
    # The address of a token "-" (URL-safe, as every token), the token put in.
    link = table_urls("scoring:table-report", rnd, token="-")
    for card in cards:
        if card.table.pk not in links:
            continue
        token, reported = links[card.table.pk]
        if reported:
            url = reverse(
                "scoring:table-reports", kwargs={**kwargs, "table": card.table.number}
            )
            text = _("📨 Reported by players (%(count)s):") % {"count": reported}
            card.notes.append(Note("info", text, _("confirm"), url, in_place=True))
        head, _dash, tail = link(card.table.number).rpartition("/-/")
        path = f"{head}/{quote(token, safe=RFC3986_SUBDELIMS + '~:@')}/{tail}"
        card.notes.append(Note("secondary", label, word, path))


@provide_links("nav")
def nav_links(event: Event) -> list[Link]:
    """The results pages in the GM menu."""
    kwargs = {"event": event.slug}
    return [
        Link(_("Semi-final"), reverse("scoring:semi", kwargs=kwargs)),
        Link(pgettext("round", "Final"), reverse("scoring:final", kwargs=kwargs)),
        Link(_("Laurels"), reverse("scoring:laurels", kwargs=kwargs)),
        Link(_("Players"), reverse("scoring:players", kwargs=kwargs)),
        Link(_("Public standings"), reverse("scoring:standings", kwargs=kwargs)),
        Link(
            _("Settings"),
            reverse("scoring:event-settings", kwargs=kwargs),
            dom_id="settings-link",
        ),
    ]


@provide_links("event")
def event_printables(event: Event) -> list[Link]:
    """The event's printables (PDF)."""
    return [
        Link(
            label,
            reverse("scoring:print-event", kwargs={"event": event.slug, "kind": kind}),
            new_tab=True,
        )
        for label, kind in (
            (_("Timer rules"), "timer-rules"),
            (_("Bracket"), "bracket"),
            (_("Event report"), "report"),
        )
    ]


@provide_links("round")
def round_printables(rnd: Round) -> list[Link]:
    """A seated round's printables (PDF): table assignments and scoresheets."""
    kwargs = {"event": rnd.event.slug, "round": rnd.code}
    return [
        Link(
            label,
            reverse("scoring:print-round", kwargs={**kwargs, "kind": kind}),
            new_tab=True,
            dom_id=f"print-{kind}",
        )
        for label, kind in (
            (_("Print assignments"), "assignments"),
            (_("Print scoresheets"), "scoresheets"),
        )
    ]


@provide_links("round-screens")
def room_screens(rnd: Round) -> list[Link]:
    """The kiosk, beside the clock and the timer."""
    return [
        Link(_("Kiosk"), reverse("scoring:kiosk", kwargs={"event": rnd.event.slug}))
    ]


@provide_links("round-page")
def round_page(rnd: Round) -> list[Link]:
    """The semi-final's or the final's own page, where it is seated and run."""
    name: dict[str, str] = {
        RoundKind.SEMI: "scoring:semi",
        RoundKind.FINAL: "scoring:final",
    }
    if rnd.kind not in name:
        return []
    url = reverse(name[rnd.kind], kwargs={"event": rnd.event.slug})
    return [Link(_("%(round)s page") % {"round": rnd.label}, url)]
