"""What the round page draws in one pass instead of a template loop (issue 17,
"Speed"): the table cards (``{% table_cards %}``) and the player selects
(``heats.form_parts.QuickSelect``). They must say what the templates said, escaped.
And the fields a form draws in one template (``heats.form_parts.PartialFields``),
given the classes crispy would give them."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from django import forms
from django.template import Context
from django_tables2 import RequestConfig

from heats.extensions import Link, Note
from heats.form_parts import PartialFields, QuickSelect, bootstrap_classes
from heats.forms import SwapForm
from heats.models import ResultStatus
from heats.queries.desk import SeatLine, TableCard, table_cards
from heats.services.checkin import check_in
from heats.services.seating import seat_round
from heats.tables import CheckInTable
from heats.templatetags.table_cards import table_cards as draw_cards
from tests.heats.conftest import names


def card(number: int, status: str, lines, **extra) -> TableCard:
    table = SimpleNamespace(number=number, late=False, time_called=None)
    vars(table).update(extra.pop("table", {}))
    return TableCard(table, lines, status, **extra)


def line(seat: int, name: str, score=None, winner=False) -> SeatLine:
    """A seat line whose player is shown as ``name`` (``CardPlayer.shown``: the
    name told apart from namesakes)."""
    player = SimpleNamespace(name=name, shown=name)
    return SeatLine(SimpleNamespace(number=seat, player=player), score, winner)


def test_a_card_names_its_seats_escaped_and_marks_the_start_player():
    html = str(
        draw_cards(
            [
                card(
                    3,
                    ResultStatus.OWED,
                    [line(1, "Ann <b>"), line(2, "O'Brien & Co")],
                    action=Link("Enter results", "/r/3/?a=1&b=2", primary=True),
                )
            ]
        )
    )
    assert html.startswith('<div class="row g-2 mb-3" id="table-cards">')
    assert 'class="card h-100 table-card table-owed" id="table-3"' in html
    assert 'Ann &lt;b&gt; <span class="text-muted small">start</span>' in html
    assert "O&#x27;Brien &amp; Co</li>" in html
    assert '<span class="badge text-bg-warning">owes paperwork</span>' in html
    assert 'class="btn btn-sm btn-primary w-100" href="/r/3/?a=1&amp;b=2"' in html


def test_a_card_with_results_shows_scores_winner_badges_and_notes():
    tied = card(
        7,
        ResultStatus.TIE,
        [line(1, "Ann", 90, True), line(2, "Bo", 90)],
        table={"late": True, "time_called": 2},
        notes=[Note("warning", "⚖ Tie for first:", "declare the winner", "/t/7/")],
        action=Link("Edit results", "/r/7/"),
    )
    held = card(8, ResultStatus.CHECK, [line(1, "Cy", 0)], notes=[Note("danger", "⚠")])
    html = str(draw_cards([tied, held]))
    assert '<li class="list-group-item py-1 winner-row">Ann' in html
    assert '<span class="float-end">90</span>' in html
    assert '<span class="badge text-bg-info">late</span>' in html
    assert "time called, day 2</span>" in html
    assert '<span class="badge text-bg-warning">tie for first</span>' in html
    assert (
        '<div class="card-body py-1 small text-warning-emphasis tie-flag">'
        '⚖ Tie for first: <a href="/t/7/">declare the winner</a></div>'
    ) in html
    assert 'class="btn btn-sm btn-outline-primary w-100"' in html
    assert html.count('class="badge text-bg-danger to-check"') == 1
    assert '<span class="float-end">0</span>' in html  # a score of 0 is shown


def test_a_quick_select_marks_the_chosen_player_and_escapes_names():
    widget = QuickSelect(choices=[("", "---------"), (4, "Ann <i>"), (5, "Bo")])
    html = widget.render("player_a", 5, attrs={"id": "id_player_a", "required": True})
    assert html == (
        '<select id="id_player_a" name="player_a" required>'
        '<option value="">---------</option>'
        '<option value="4">Ann &lt;i&gt;</option>'
        '<option value="5" selected>Bo</option></select>'
    )


@pytest.mark.django_db
def test_the_swap_form_offers_the_round_s_players_in_name_order(heat):
    check_in(heat, names(9))
    seat_round(heat, seed=2)
    players = [ln.seat.player for c in table_cards(heat) for ln in c.lines]
    form = SwapForm(players=sorted(players, key=lambda p: p.name_key))
    html = str(form["player_b"])
    labels = re.findall(r"<option[^>]*>([^<]*)</option>", html)
    assert labels == ["---------"] + [f"Player {i:02d}" for i in range(1, 10)]
    bound = SwapForm(
        {"player_a": players[0].pk, "player_b": players[1].pk}, players=players
    )
    assert bound.is_valid()


class _Parts(forms.Form):
    name = forms.CharField(label="Name")
    day = forms.TypedChoiceField(choices=[("", "-"), (1, "Day 1")], required=False)
    agree = forms.BooleanField(required=False)
    key = forms.CharField(widget=forms.HiddenInput, required=False)


def test_fields_get_the_classes_crispy_s_bootstrap_5_template_gives_them():
    form = _Parts({"name": "", "day": "1"})
    form.fields["name"].widget.attrs["class"] = "fw-bold"
    for name in ("name", "day", "agree", "key"):
        bootstrap_classes(form[name])
        bootstrap_classes(form[name])  # twice: no class twice
    attrs = {name: form.fields[name].widget.attrs for name in form.fields}
    assert attrs["name"]["class"] == "fw-bold textinput form-control is-invalid"
    assert attrs["day"]["class"] == "select form-select"
    assert attrs["agree"]["class"] == "checkboxinput form-check-input"
    assert "class" not in attrs["key"]


def test_partial_fields_draws_its_template_and_counts_its_fields_rendered():
    form = _Parts()
    form.rendered_fields = set()
    part = PartialFields("components/form_field.html", "name")
    html = part.render(form, Context({}))
    assert html.lstrip().startswith('<div id="div_')
    assert form.rendered_fields == {"name"}
    assert form.fields["name"].widget.attrs["class"] == "textinput form-control"


def tbody(html: str) -> str:
    """The ``<tbody>`` of a table's HTML, whitespace between tags dropped."""
    body = html.split("<tbody", 1)[1].split("</tbody>", 1)[0]
    return re.sub(r">\s+<", "><", body).strip()


@pytest.mark.django_db
def test_the_check_in_list_draws_its_rows_as_django_tables2_s_template(
    heat, event, rf, gm
):
    """``CheckInTable.body`` draws the rows in one pass: the same rows, cell by
    cell, as the library's own template, for every kind of row (a namesake
    told apart, one without a badge, late, seated, removable with or without
    its record deleted, and an undo), names escaped."""
    check_in(heat, [("Ann <b>", "12"), ("Ann <b>", "13"), ("Bo & Co", "")])
    check_in(heat, [("Cy", "7"), ("Di", ""), ("Ed", "")])
    entries = {e.player.name: e for e in heat.entries.select_related("player")}
    entries["Cy"].status = "late"
    entries["Cy"].save()
    ids = {name: e.player_id for name, e in entries.items()}
    request = rf.get("/")
    request.user = gm

    def drawn(template: str | None) -> str:
        table = CheckInTable(
            heat.entries.select_related("player"),
            undo_url="/undo/?a=1&b=2",
            seated={ids["Di"], ids["Ed"], ids["Bo & Co"]},
            removable={ids["Di"], ids["Ed"]},
            deletes={ids["Ed"]},
            namesakes={"ann <b>": 2},
            prefix="checkin-",
            **({"template_name": template} if template else {}),
        )
        RequestConfig(request, paginate={"per_page": 25}).configure(table)
        return table.as_html(request)

    ours = tbody(drawn(None))
    assert ours == tbody(drawn("django_tables2/bootstrap5-responsive.html"))
    assert ours.count("<tr ") == 6
    assert "Ann &lt;b&gt; (#12)" in ours and "Bo &amp; Co" in ours
    # Undo: both Anns and Cy (late, no seat); Bo sits at a table it may not leave.
    assert ours.count("Remove from table") == 2 and ours.count(">Undo<") == 3
