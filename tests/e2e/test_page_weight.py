"""A phone's first visit to any public page costs at most 300 KB in all (HTML, CSS,
scripts, fonts), in each of the four languages, and a page in English, German or
French downloads no CJK font slice (issue 32, item 4: light pages on hotel Wi-Fi).

Bytes are what Chromium counts as transferred (Resource Timing's ``transferSize``:
headers and the body as sent) once the page's fonts are ready, on a fresh browser
context (empty cache) at 390 px wide. The server serves static files the way
``make run`` and ``make lan`` do, through WhiteNoise and the GZip middleware
(pytest-django's ``live_server`` serves them with Django's own handler, which
compresses nothing).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytest_django.live_server_helper import LiveServer

from heats.models import Table
from scoring.models import ReportLink
from scoring.services.report_links import make_report_links
from tests.e2e.conftest import CHROMIUM, close_orm_connection
from tests.support.sample import generate_event

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is missing"),
]

# The figures of each run, for docs/benchmarks.md.
RESULTS = Path(__file__).resolve().parents[2] / "test-results"
BUDGET = 300_000  # bytes: 300 KB
PHONE = {"width": 390, "height": 844}
LANGUAGES = ("en", "de", "fr", "zh-hans")
# Pages that show the language menu ("中文") at phone width.
LATIN = ["/e/wbc/find/", "/timer/"]
# Every resource the page loaded, with the bytes sent for it.
TRANSFERRED = """() => document.fonts.ready.then(() => [
  ...performance.getEntriesByType('navigation'),
  ...performance.getEntriesByType('resource'),
].map(entry => [entry.name, entry.transferSize]))"""
# Slices of the rare CJK characters (the catalogue draws none of them).
RARE = ("/static/fonts/cjk-d", "/static/fonts/cjk-k", "/static/fonts/cjk-z")


@pytest.fixture
def room_server(transactional_db) -> Iterator[LiveServer]:
    """A live server whose static files go through the middleware (WhiteNoise,
    GZip), as under ``make run``; its own thread, stopped after the test."""
    server = LiveServer("localhost:0", start=False)
    server.thread.static_handler = lambda media: media.application
    server.start()
    yield server
    server.stop()


@pytest.fixture
def public_paths(transactional_db) -> list[str]:
    """Every public page of an event of 60 players, heat 1 played and heat 2
    seated: the event list, standings, seating, a played table, the heat's
    results, a seated table's report form, the kiosk, find, the clock and the
    timer."""
    make_report_links(generate_event("wbc", 60, heats=1).pk)
    table = Table.objects.get(round__event__slug="wbc", round__number=2, number=1)
    token = ReportLink.objects.get(table=table).token
    event_paths = ["", "round/2/seating/", "round/1/table/1/", "heat/1/"]
    event_paths += [f"round/2/table/1/report/{token}/", "kiosk/", "find/", "clock/"]
    return ["/", *(f"/e/wbc/{path}" for path in event_paths), "/timer/"]


def first_visit(browser, url: str) -> dict[str, int]:
    """The bytes transferred for each resource of ``url`` opened on a new phone."""
    page = browser.new_page(viewport=PHONE)
    page.goto(url)
    loaded = {name: size for name, size in page.evaluate(TRANSFERRED)}
    page.context.close()
    return loaded


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_phones_first_visit_costs_at_most_300_kb(
    room_server, browser, public_paths, language
):
    """Chinese: every public page (its slices make it the heaviest language);
    English, German and French: the pages whose language menu a phone shows
    (find, timer) and the standings, the page a phone opens most."""
    paths = public_paths if language == "zh-hans" else public_paths[1:2] + LATIN
    over, cjk, figures = [], [], []
    for path in paths:
        loaded = first_visit(browser, f"{room_server.url}{path}?lang={language}")
        total = sum(loaded.values())
        if total > BUDGET:
            over.append(f"{path}: {total} bytes")
        fonts = [name for name in loaded if "/static/fonts/" in name]
        cjk += [name for name in fonts if "/cjk-" in name]
        if language != "zh-hans" and path in LATIN:  # "中文": two glyphs' slice
            assert any("/menu-zh.woff2" in name for name in fonts), fonts
        if language == "zh-hans":
            assert any("/cjk-a" in name for name in fonts), (path, fonts)
            assert not any(slice_ in name for slice_ in RARE for name in fonts), fonts
        figures.append(f"{language} {path.split('/report/')[0]} {total}\n")
    close_orm_connection()
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"page-weight-{language}.txt").write_text("".join(figures))
    assert over == []
    if language != "zh-hans":
        assert cjk == []
