"""The result form drawn in one template (``scoring/gm/_result_fields.html``,
``heats.form_parts.PartialFields``) where crispy drew each field through its
Bootstrap 5 templates: every field must come out as crispy drew it, the seat
grid around them as crispy's ``Div``/``Row``/``Column`` drew it."""

from __future__ import annotations

import re

import pytest
from crispy_forms.helper import FormHelper
from crispy_forms.layout import Field, Layout
from crispy_forms.utils import render_crispy_form
from django.template.loader import render_to_string

from heats.form_parts import bootstrap_classes
from scoring.forms.result import ResultForm
from scoring.queries.seats import table_seats
from tests.scoring.views.test_gm_results import results_url

pytestmark = pytest.mark.django_db

BAD = {"final_1": "-5", "day1_2": "abc", "final_2": "999999", "time_called": "7"}


def squeezed(html: str) -> str:
    """``html`` without the whitespace around tags (crispy's templates leave some)."""
    return re.sub(r"\s*([<>])\s*", r"\1", re.sub(r"\s+", " ", html)).strip()


def by_crispy(form: ResultForm, name: str) -> str:
    """Field ``name`` of ``form`` as crispy's ``Field`` draws it."""
    helper = FormHelper()
    helper.form_tag = False
    helper.layout = Layout(Field(name))
    return squeezed(render_crispy_form(form, helper))


@pytest.mark.parametrize("data", [None, BAD], ids=["new", "bad values"])
def test_each_field_is_drawn_as_crispy_drew_it(heat_table, data):
    seats = table_seats(heat_table)
    signature = ResultForm.seating_signature(seats)
    bound = None if data is None else {"seating": signature, **data}
    for name in ("day1_1", "final_1", "day1_2", "final_2", "final_3", "time_called"):
        ours, theirs = (ResultForm(bound, seats=seats) for _ in range(2))
        bootstrap_classes(ours[name])
        drawn = render_to_string("components/form_field.html", {"field": ours[name]})
        assert squeezed(drawn) == by_crispy(theirs, name), name


def test_the_page_draws_every_seat_in_its_grid_escaped(gm_client, heat_table):
    seat = heat_table.seats.get(number=2)
    seat.player.name = '<b>Di & "{{ request.path }}"</b>'
    seat.player.save()
    page = squeezed(gm_client.get(results_url(heat_table)).content.decode())
    assert page.count('<div class="result-seat">') == 5
    assert (
        '<div class="seat-name">2. &lt;b&gt;Di &amp; &quot;{{ request.path }}'
        "&quot;&lt;/b&gt;</div>"
    ) in page
    assert (
        '<div class="row"><div class="col-4"><div id="div_id_day1_2" class="mb-3">'
    ) in page
    assert (
        'class="fw-bold numberinput form-control" required id="id_final_2">'
    ) in page
    assert '</div></div></div><div id="seat-check-2" class="seat-check small">' in page
    form = page[page.index('id="result-form"') :]
    hidden = re.findall(r'<input type="hidden" name="(\w+)"', form)
    assert hidden == ["csrfmiddlewaretoken", "seating", "version", "consequences"]
