"""The public pages' numbers and reasons in the reader's language: percentages
through ``scoring.wording.percent_text`` and the reasons the advancement core
writes in English through ``heats.translate.translate`` (the template
filters ``percent`` and ``reason`` of ``kiosk_tags``)."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.urls import reverse

from scoring.queries.result_check import SeatScores
from scoring.services import results, ties
from scoring.templatetags import kiosk_tags


def render(source: str, **context) -> str:
    return Template("{% load kiosk_tags %}" + source).render(Context(context))


def test_a_percentage_is_written_by_percent_text():
    assert render("{{ p|percent }}", p=96.94) == "96.9%"
    assert render("{{ p|percent }}", p=100) == "100.0%"
    assert render("{{ p|percent }}", p=None) == "—"


def test_an_alternates_percentage_on_the_kiosk_is_as_before():
    page = render(
        '{% include "scoring/room/_alternate.html" %}',
        a={"call": 1, "player": "Drew Penrose", "percent": 96.9, "place": 3},
    )
    assert '<span class="why">96.9% <span class="third" title="third place">' in page
    assert ">3rd</span>" in page


def test_a_reason_goes_through_translate(monkeypatch):
    monkeypatch.setattr(kiosk_tags, "translate", lambda text: f"[{text}]")
    assert render("{{ why|reason }}", why="HMW level 2") == "[HMW level 2]"
    assert render("{{ why|reason }}", why="") == ""
    # Escaped as any text is.
    assert render("{{ why|reason }}", why="<b>") == "[&lt;b&gt;]"


@pytest.mark.django_db
def test_the_tie_note_on_the_public_pages_is_translated(
    client, heat_table, event, monkeypatch
):
    seats = list(heat_table.seats.select_related("player").order_by("number"))
    finals = [112, 112, 70, 60, 55]
    results.save_table_results(
        heat_table,
        [SeatScores(s.number, None, None, finals[i]) for i, s in enumerate(seats)],
    )
    ties.declare_winner(heat_table, seats[1].player, "seat 2 bid first")
    monkeypatch.setattr(kiosk_tags, "translate", lambda text: f"[{text}]")
    note = "[tie — decided by the GM: seat 2 bid first]"
    for url in (
        reverse("scoring:heat-results", kwargs={"event": event.slug, "heat": 1}),
        reverse("scoring:standings", kwargs={"event": event.slug}),
        reverse(
            "scoring:table-detail",
            kwargs={"event": event.slug, "round": "1", "table": 1},
        ),
    ):
        assert note in client.get(url).content.decode(), url
