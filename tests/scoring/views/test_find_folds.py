"""The phone's "find your table" carries each seated name's search forms
(``data-name``, one a line), so what find.js folds from what is typed
("grossmann", "mueller", "Francois") is found in them."""

from __future__ import annotations

import re
from html import unescape

import pytest

from heats.models import Round, RoundKind
from heats.services.checkin import check_in
from heats.services.seating import seat_round


@pytest.fixture
def seated(event):
    heat = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    names = ["Größmann", "Müller", "François Roux", "Ann Lee"]
    check_in(heat, [(name, "") for name in names])
    seat_round(heat, seed=1)
    return heat


def data_names(client) -> set[str]:
    html = client.get("/e/wbc/find/").content.decode()
    return {unescape(n) for n in re.findall(r'<li data-name="([^"]*)"', html)}


@pytest.mark.django_db
def test_each_seated_name_carries_its_search_forms(client, seated):
    assert data_names(client) == {
        "grossmann\ngroessmann",
        "muller\nmueller",
        "francois roux",
        "ann lee",
    }


@pytest.mark.django_db
def test_every_spelling_people_type_is_in_a_form(client, seated):
    forms = data_names(client)
    for typed, name in [
        ("grossmann", "grossmann\ngroessmann"),
        ("groessmann", "grossmann\ngroessmann"),
        ("muller", "muller\nmueller"),
        ("mueller", "muller\nmueller"),
        ("francois", "francois roux"),
    ]:
        assert [f for f in forms if typed in f] == [name], typed
