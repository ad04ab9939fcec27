"""Names in Chinese, Japanese, Korean, Arabic and Hebrew are drawn with the fonts
the PDFs ship, served from /static/fonts/ (issue 18, item 7), not with whatever
the kiosk machine has (boxes when it has none)."""

from __future__ import annotations

from pathlib import Path

import pytest

from heats.models import Event, Round, RoundKind
from heats.services.checkin import check_in
from heats.services.seating import seat_round
from tests.e2e.conftest import CHROMIUM, close_orm_connection

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is missing"),
]

NAMES = ("王小明", "山田花子", "김민준", "محمد علي", "דוד לוי")
LOADED = """() => [...document.fonts]
  .filter(f => f.family.replace(/"/g, '') === 'Medici Names' && f.status === 'loaded')
  .length >= 2"""


@pytest.fixture
def seated(transactional_db):
    event = Event.objects.create(slug="intl", name="Medici, names", seed="e2e")
    heat = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(heat, [(name, "") for name in NAMES])
    seat_round(heat, seed=1)
    return event


@pytest.mark.parametrize("path", ["/e/intl/round/1/seating/", "/e/intl/find/"])
def test_cjk_arabic_and_hebrew_names_use_the_shipped_fonts(
    live_server, browser, seated, path
):
    page = browser.new_page(viewport={"width": 390, "height": 844})
    fonts: dict[str, int] = {}
    page.on(
        "response",
        lambda r: (
            fonts.__setitem__(r.url.rsplit("/", 1)[-1], r.status)
            if "/static/fonts/" in r.url
            else None
        ),
    )
    page.goto(f"{live_server.url}{path}")
    page.evaluate("document.fonts.ready.then(() => true)")
    page.wait_for_function(LOADED, timeout=5000)
    assert fonts.get("WenQuanYiMicroHei-CJK.ttf") == 200
    assert fonts.get("DejaVuSans.ttf") == 200
    for name in NAMES:
        assert page.evaluate(
            "n => document.fonts.check('16px \"Medici Names\"', n)", name
        ), name
    shots = Path(__file__).resolve().parents[2] / "test-results"
    shots.mkdir(exist_ok=True)
    page.screenshot(path=str(shots / f"web-fonts-{path.split('/')[-2]}.png"))
    page.close()
    close_orm_connection()
