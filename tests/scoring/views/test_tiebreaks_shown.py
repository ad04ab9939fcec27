"""The tie-break order wherever the advancement is shown (issue 31, item 2:
"named on the standings, kiosk, bracket and report"), chosen on the New event
page and the Settings page; and the GM's semi-final list showing every winner
cut by HMW with why (item 4: the GM's page hid the winners a winners-only event
cut, who appeared only on the public page)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from heats.models import Event
from scoring.queries.printing import render
from scoring.services.events import new_event
from scoring.services.publishing import publish
from scoring.services.results_import.write import import_results
from tests.scoring.views.test_event_format import pdf_text

pytestmark = pytest.mark.django_db

SCENARIOS = Path(__file__).resolve().parents[2] / "support" / "scenarios"
LINE = "Tie-breakers: WBC 2018 (margin, then die)"


@pytest.fixture
def hmo40() -> Event:
    """Winners only, 40 winners present for 36 seats, under WBC 2018's order
    (tests/support/scenarios/README.md: the four cut are the heat-2 winners of
    tables 4, 3, 2, 1, Players 14, 10, 06, 02, by margin)."""
    settings = {"format": "hmo", "tiebreaks": "margin-die"}
    event = new_event("hmo40", "Medici, WBC 2018", settings=settings)
    text = (SCENARIOS / "winners_only_40.csv").read_text(encoding="utf-8")
    import_results(event, text)
    return event


def test_the_standings_the_kiosk_and_the_feed_name_the_order(client, hmo40):
    standings = client.get("/e/hmo40/").content.decode()
    assert f'<p class="mb-2 small" id="event-tiebreaks">{LINE}</p>' in standings
    kiosk = client.get("/e/hmo40/kiosk/?lang=de").content.decode()
    # Beside the heat winners the order ranks (the header's line stays short).
    assert (
        '<p class="tiebreaks" id="kiosk-tiebreaks">Gleichstandsregeln: WBC 2018 '
        "(Vorsprung, dann Würfel)</p>"
    ) in kiosk
    feed = client.get("/e/hmo40/standings.json").json()
    assert feed["list"]["tiebreaks"] == "margin-die"


def test_the_report_and_the_bracket_name_the_order(hmo40):
    assert LINE in pdf_text(render(hmo40, "report").content)
    assert f"{LINE}. Blank lines" in pdf_text(render(hmo40, "bracket").content)


def test_the_new_event_and_settings_pages_offer_the_orders(client):
    user = get_user_model().objects.create_user("kit", password="kit-password-1")
    client.force_login(user)
    page = client.get(reverse("scoring:event-create")).content.decode()
    assert '<option value="margin-die">WBC 2018: most wins' in page
    data = {"name": "Medici, WBC 2018", "slug": "wbc2018", "rules": "wbc"}
    data.update(heat_minutes=55, first_mark_minutes=20, second_mark_minutes=35)
    data.update(call_minutes=53, seat_after_minutes=2, min_late_table=5)
    data.update(seating_policy="six-over-four", timer_seconds=240)
    data.update(late_timer_seconds=120, tiebreaks="margin-die")
    response = client.post(reverse("scoring:event-create"), data)
    assert response["Location"] == "/e/wbc2018/gm/"
    assert Event.objects.get(slug="wbc2018").tiebreaks == "margin-die"
    home = client.get("/e/wbc2018/gm/").content.decode()
    assert f'<p class="text-muted" id="event-tiebreaks">{LINE} (margin-die)</p>' in home
    settings = client.get("/e/wbc2018/gm/settings/").content.decode()
    assert '<option value="margin-die" selected>WBC 2018' in settings
    # A client sending no order gets the default.
    del data["tiebreaks"]
    client.post(reverse("scoring:event-create"), {**data, "slug": "wbc2019"})
    assert Event.objects.get(slug="wbc2019").tiebreaks == "bpa"


def test_the_gm_s_semi_final_list_shows_every_winner_cut_and_why(client, hmo40):
    user = get_user_model().objects.create_user("gm40", password="gm-password-1")
    hmo40.gms.add(user)
    client.force_login(user)
    page = client.get(reverse("scoring:semi", kwargs={"event": "hmo40"}))
    rows = re.findall(
        r'<tr[^>]*data-kind="cut winner"[^>]*>(.*?)</tr>', page.content.decode(), re.S
    )
    # Ranks 37-40 by the margin (2t + 5 for heat 2 table t): tables 4, 3, 2, 1.
    expected = [
        ("Player 14", 37),
        ("Player 10", 38),
        ("Player 06", 39),
        ("Player 02", 40),
    ]
    assert len(rows) == 4
    for row, (name, rank) in zip(rows, expected, strict=True):
        assert name in row and "cut by HMW" in row
        assert f"HMW rank {rank} (6: largest margin of victory)" in row


def test_the_standings_name_the_order_the_published_list_was_worked_out_under(
    client, hmo40
):
    # Published under WBC 2018's order; the GM then turns the event to BPA
    # without publishing again: the list shown is still the one published, so
    # its line names the order it was made under, not the event's new one.
    publish(hmo40)
    Event.objects.filter(pk=hmo40.pk).update(tiebreaks="bpa")
    standings = client.get("/e/hmo40/").content.decode()
    assert f'<p class="mb-2 small" id="event-tiebreaks">{LINE}</p>' in standings
