"""The addresses on the round page's table cards (``scoring.extensions``): each
reversed once for the round and numbered per table (issue 28, item 7), they must
be the addresses Django's ``reverse`` gives, token escaped as it escapes it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from heats.models import Round, RoundKind
from heats.queries.desk import table_cards
from heats.services.checkin import check_in
from heats.services.seating import seat_round
from scoring.models import ReportLink
from tests.heats.conftest import names

pytestmark = pytest.mark.django_db


def test_every_card_links_its_own_results_form_and_report_link(event):
    heat = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(heat, names(23))  # 6+6+6+5
    seat_round(heat, seed=1)
    odd = ReportLink.objects.get(table__round=heat, number=3)
    odd.token = "a b!~ü"  # as an event file might bring one
    odd.save()
    cards = table_cards(heat)
    assert [c.table.number for c in cards] == [1, 2, 3, 4]
    for card in cards:
        kwargs = {"event": "wbc", "round": "1", "table": card.table.number}
        assert card.action is not None
        assert card.action.url == reverse("scoring:table-results", kwargs=kwargs)
        token = ReportLink.objects.get(table=card.table).token
        (note,) = [n for n in card.notes if n.tone == "secondary"]
        assert note.url == reverse(
            "scoring:table-report", kwargs={**kwargs, "token": token}
        )
    assert cards[2].notes[-1].url == "/e/wbc/round/1/table/3/report/a%20b!~%C3%BC/"
