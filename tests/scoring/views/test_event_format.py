"""The event's format wherever the advancement is shown (tournament.md, Event
formats: "each is an event setting, shown wherever the advancement is shown
(standings, kiosk, bracket, report)"): chosen on the New event page and by
``create_event --format``, carried by the advancement's JSON."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from heats.models import Event
from scoring.queries.printing import render
from scoring.services.events import new_event
from scoring.services.results_import.write import import_results

pytestmark = pytest.mark.django_db

SCENARIOS = Path(__file__).resolve().parents[2] / "support" / "scenarios"
HMO_LINE = "Format: heats winners only"


@pytest.fixture
def hmo_event() -> Event:
    """A winners-only event with 28 winners (tests/support/scenarios)."""
    event = new_event("hmo28", "Medici, WBC 2024", settings={"format": "hmo"})
    text = (SCENARIOS / "winners_only_28.csv").read_text(encoding="utf-8")
    import_results(event, text)
    return event


def pdf_text(content: bytes) -> str:
    """The PDF's text layer, read by pdfium (as the page renders it)."""
    document = pdfium.PdfDocument(io.BytesIO(content))
    return "\n".join(page.get_textpage().get_text_range() for page in document)


def test_the_new_event_page_offers_the_formats_and_saves_the_choice(client):
    user = get_user_model().objects.create_user("kit", password="kit-password-1")
    client.force_login(user)
    page = client.get(reverse("scoring:event-create")).content.decode()
    assert 'value="hmo"' in page and "Heats winners only (HMO)" in page
    data = {"name": "Medici, WBC 2024", "slug": "wbc2024", "rules": "wbc"}
    data.update(format="hmo", heat_minutes=120, first_mark_minutes=40)
    data.update(second_mark_minutes=80, call_minutes=118, seat_after_minutes=2)
    data.update(min_late_table=5, seating_policy="six-over-four")
    data.update(timer_seconds=240, late_timer_seconds=120)
    response = client.post(reverse("scoring:event-create"), data)
    assert response["Location"] == "/e/wbc2024/gm/"
    event = Event.objects.get(slug="wbc2024")
    assert (event.format, event.heat_minutes) == ("hmo", 120)
    bad = client.post(reverse("scoring:event-create"), {**data, "format": "hmx"})
    assert "Select a valid choice. hmx is not one of the available choices." in (
        bad.content.decode()
    )


def test_create_event_takes_a_format(capsys):
    call_command(
        "create_event", "wbc2024", "--name", "Medici, WBC 2024", "--format", "hmo"
    )
    out = capsys.readouterr().out
    assert "format: heats winners only (hmo)" in out
    assert Event.objects.get(slug="wbc2024").format == "hmo"
    call_command("create_event", "wbc2027", "--name", "Medici, WBC 2027")
    assert Event.objects.get(slug="wbc2027").format == "hmw"
    with pytest.raises(CommandError, match="invalid choice: 'wta'"):
        call_command("create_event", "x", "--name", "X", "--format", "wta")


def test_the_standings_the_kiosk_and_the_feeds_show_the_format(client, hmo_event):
    standings = client.get("/e/hmo28/").content.decode()
    assert f'<p class="mb-2" id="event-format"><strong>{HMO_LINE}</strong></p>' in (
        standings
    )
    assert "None: heats winners only." in standings
    assert f'<span id="kiosk-format">{HMO_LINE}</span>' in (
        client.get("/e/hmo28/kiosk/").content.decode()
    )
    feed = client.get("/e/hmo28/standings.json").json()
    assert (feed["list"]["format"], feed["list"]["tables"]) == ("hmo", [6, 6, 6, 5, 5])


def test_the_advancement_command_carries_the_format(hmo_event, capsys):
    call_command("advancement", "hmo28", "--json")
    data = json.loads(capsys.readouterr().out)
    assert (data["format"], data["semi_size"], data["alternates"]) == ("hmo", 28, [])
    call_command("advancement", "hmo28")
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == ["Semi-final of 28 (6 + 6 + 6 + 5 + 5).", f"{HMO_LINE}."]


def test_the_report_and_the_bracket_say_heats_winners_only(hmo_event):
    bracket = pdf_text(render(hmo_event, "bracket").content)
    report = pdf_text(render(hmo_event, "report").content)
    # The tie-breakers follow the format (the event's default, bpa).
    tiebreaks = "Tie-breakers: BPA standard (margin, average finish, then die)"
    assert f"{HMO_LINE}. {tiebreaks}. Blank lines are filled in as results come." in (
        bracket
    )
    assert "Semi-final of 28: 6 + 6 + 6 + 5 + 5" in bracket
    assert HMO_LINE in report
    # Nobody is called as an alternate.
    assert "Alternates in call order" in bracket and "alternate 1" not in bracket
