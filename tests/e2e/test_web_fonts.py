"""Names in Chinese, Japanese, Korean, Arabic and Hebrew are drawn with the fonts
the PDFs ship, served from /static/fonts/ (issue 18, item 7) as unicode-range
slices (issue 32, item 4), not with whatever the kiosk machine has (boxes when it
has none)."""

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
# The family names inside the shipped slices (their name tables).
SHIPPED = {"DejaVu Sans", "WenQuanYi Micro Hei"}
# Marks the innermost element whose whole text is the name passed.
MARK = """name => {
  const all = [...document.querySelectorAll('body *')]
    .filter(e => e.textContent.trim() === name);
  all[all.length - 1].setAttribute('data-probe', '');
}"""
LOADED = """() => [...document.fonts]
  .filter(f => f.family.replace(/"/g, '').startsWith('Medici') && f.status === 'loaded')
  .length >= 2"""


def drawn_with(page, text: str) -> dict[str, int]:
    """How many glyphs of ``text`` (an element's whole text) Chromium drew with
    each font: a shipped web font by its family name, any other as "system"."""
    page.evaluate(MARK, text)
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": "[data-probe]"})
    fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node["nodeId"]})
    page.evaluate(
        "document.querySelector('[data-probe]').removeAttribute('data-probe')"
    )
    cdp.detach()
    used: dict[str, int] = {}
    for font in fonts["fonts"]:
        key = font["familyName"] if font["isCustomFont"] else "system"
        used[key] = used.get(key, 0) + font["glyphCount"]
    return used


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
    # Slices of the shipped faces (static/fonts/, issue 32): the Hebrew and
    # Arabic letters' and, for the Chinese, Japanese and Korean names, the CJK
    # slices holding their characters (Hangul among them).
    assert fonts.get("dejavu-hebrew-400.woff2") == 200
    assert fonts.get("dejavu-arabic-400.woff2") == 200
    assert any(name.startswith("cjk-k") for name in fonts), fonts
    assert set(fonts.values()) == {200}
    for name in NAMES:
        fonts_used = drawn_with(page, name)
        # Each letter from a shipped slice; only the space may be the system's.
        assert set(fonts_used) <= {*SHIPPED, "system"}, (name, fonts_used)
        assert fonts_used.get("system", 0) <= name.count(" "), (name, fonts_used)
    shots = Path(__file__).resolve().parents[2] / "test-results"
    shots.mkdir(exist_ok=True)
    page.screenshot(path=str(shots / f"web-fonts-{path.split('/')[-2]}.png"))
    page.close()
    close_orm_connection()
