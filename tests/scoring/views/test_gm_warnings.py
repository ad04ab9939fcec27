"""The list's warnings where the GM reads them, through
``heats.translate.translate``: the semi-final page (the ``reason``
filter) and the printed report (its notes)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.queries import printing
from scoring.queries.event_results import event_advancement
from scoring.services import publishing
from scoring.templatetags import kiosk_tags

pytestmark = pytest.mark.django_db


@pytest.fixture
def size_30(demo_event, gm):
    """The demo with the GM's semi-final size of 30: the list warns of it."""
    demo_event.gms.add(gm)
    publishing.set_override(demo_event, 30, [], user=gm)
    warnings = event_advancement(demo_event).warnings
    assert "semi-final size 30 set by the GM" in warnings
    return warnings


def test_the_semi_final_page_shows_each_warning_translated(
    client, demo_event, gm, size_30, monkeypatch
):
    monkeypatch.setattr(kiosk_tags, "translate", lambda text: f"[{text}]")
    client.force_login(gm)
    page = client.get(reverse("scoring:semi", kwargs={"event": demo_event.slug}))
    html = page.content.decode()
    for warning in size_30:
        assert f"<li>[{warning}]</li>" in html


def test_the_report_prints_each_warning_translated(demo_event, size_30, monkeypatch):
    monkeypatch.setattr(printing, "translate", lambda text: f"[{text}]")
    printed = printing.event_print(demo_event, "http://127.0.0.1:8000")
    assert printed.warnings == tuple(f"[{w}]" for w in size_30)
