"""The final florins' label on the GM's result form and the players' report form
(``scoring.forms.result``, ``scoring.forms.report``): it names the score, so it
is the "final florins" word of each language, never the round's name (issue 32:
the German form said "Finale*", the Chinese "决赛*")."""

from __future__ import annotations

import pytest
from django.utils import translation

from scoring.forms.report import ReportForm
from scoring.forms.result import ResultForm
from scoring.queries.seats import table_seats
from tests.scoring.views.test_table_report import report_url

pytestmark = pytest.mark.django_db

# Written from docs/glossary.md, not read from the catalogues.
LABELS = {"en": "Final", "de": "Endstand", "fr": "Score final", "zh-hans": "终局"}


@pytest.mark.parametrize("form_class", [ResultForm, ReportForm])
@pytest.mark.parametrize("language", sorted(LABELS))
def test_the_final_florins_are_labelled_as_a_score(heat_table, form_class, language):
    seats = table_seats(heat_table)
    with translation.override(language):
        form = form_class(seats=seats)
        labels = {str(form[f"final_{seat.number}"].label) for seat in seats}
    assert labels == {LABELS[language]}


def test_the_german_report_page_says_endstand_not_finale(client, heat_table):
    page = client.get(report_url(heat_table) + "?lang=de").content.decode()
    assert "Endstand" in page
    assert "Finale" not in page
