"""The phone's "find your table" finds a name as people type it (find.js folds
what is typed as ``heats.core.names.search_forms`` folds the names): every
spelling of Größmann, "muller"/"mueller" for Müller, "Francois" for François."""

from __future__ import annotations

import pytest

from heats.models import Event, Round, RoundKind
from heats.services.checkin import check_in
from heats.services.seating import seat_round
from tests.e2e.conftest import CHROMIUM, close_orm_connection

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is missing"),
]


@pytest.fixture
def seated(transactional_db):
    event = Event.objects.create(slug="fold", name="Fold", seed="s")
    heat = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    names = ["Größmann", "Müller", "François Roux", "Ann Lee", "Mueller"]
    check_in(heat, [(name, "") for name in names])
    seat_round(heat, seed=1)
    close_orm_connection()
    return event


def test_typed_spellings_find_the_name(live_server, browser, seated):
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{live_server.url}/e/fold/find/")
    shown = "#find-list li:not([hidden]) .who"
    for typed, names in [
        ("grossmann", ["Größmann"]),
        ("Groessmann", ["Größmann"]),
        ("Grossmann", ["Größmann"]),
        ("größmann", ["Größmann"]),
        ("muller", ["Müller"]),
        ("mueller", ["Mueller", "Müller"]),
        ("Müller", ["Mueller", "Müller"]),
        ("Francois", ["François Roux"]),
    ]:
        page.fill("#find-name", typed)
        assert sorted(page.locator(shown).all_text_contents()) == names, typed
