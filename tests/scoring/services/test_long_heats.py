"""Heats of up to 120 minutes and any number of heats (tournament.md, Event
formats: "Heats: any number …; heat length up to 120 minutes (2023–24 ran 2-hour
heats), with the marks as settings")."""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from django.utils import timezone
from pypdf import PdfReader

from heats.core.errors import UserError
from heats.models import Round, RoundKind
from heats.queries.clock import clock_json
from heats.services.checkin import create_heat
from heats.services.events import settings_problems
from scoring.queries.printing import render
from scoring.services.events import new_event
from scoring.services.results_import.write import import_results

pytestmark = pytest.mark.django_db

TWO_HOURS = {
    "heat_minutes": 120,
    "first_mark_minutes": 40,
    "second_mark_minutes": 80,
    "call_minutes": 118,
}


def text(content: bytes) -> str:
    return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(content)).pages)


def test_a_two_hour_heat_is_the_longest_and_the_clock_and_rules_follow_it():
    assert settings_problems({**TWO_HOURS, "heat_minutes": 121}) == [
        "Heat minutes: Ensure this value is less than or equal to 120."
    ]
    event = new_event("wbc2024", "Medici, WBC 2024", settings=TWO_HOURS)
    heat = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    now = timezone.now()
    heat.start_time = now - timedelta(minutes=100)
    heat.save()
    feed = clock_json(event, heat, now)
    # 100 minutes in: past the 80-minute mark, before time is called at 118;
    # 20 minutes left of 120.
    assert (feed["phase"], feed["remaining"], feed["end"]) == (
        "second-mark",
        20 * 60,
        120 * 60,
    )
    assert [m["at"] for m in feed["marks"]] == [0, 40 * 60, 80 * 60, 118 * 60, 7200]
    printed = text(render(event, "timer-rules").content)
    assert "Each heat lasts 120 minutes" in printed
    assert "after the 80-minute mark" in printed
    assert "118'" in printed


def test_a_results_file_may_name_heat_120():
    event = new_event("many", "Many heats")
    rows = "".join(f"120,1,{s},P{s},{100 - s}\n" for s in range(1, 5))
    import_results(event, "heat,table,seat,player,final\n" + rows)
    assert event.rounds.get(kind=RoundKind.HEAT).label == "Heat 120"


def test_heat_999_is_the_last():
    event = new_event("endless", "Endless")
    Round.objects.bulk_create(
        Round(event=event, kind=RoundKind.HEAT, number=n) for n in range(1, 1000)
    )
    with pytest.raises(UserError, match="has 999 heats: no more can be added"):
        create_heat(event)
