"""An event's upkeep (issue 17, items 9 and 10): its settings changed as they are
checked on creation, each change in the audit log with the old and new value, a
stale page refused; the event archived and restored; an empty heat deleted."""

from __future__ import annotations

import pytest
from django.utils import translation

from heats.core.errors import UserError
from heats.models import AuditEntry, Event, Round, RoundKind
from heats.permissions import NotAllowed
from heats.queries.versions import StaleFormError, form_version
from heats.services.checkin import check_in, create_heat
from heats.services.event_admin import (
    SETTINGS,
    delete_heat,
    set_archived,
    update_settings,
)
from heats.services.events import create_event
from heats.services.seating import seat_round
from tests.heats.conftest import names

pytestmark = pytest.mark.django_db

BAD = {
    "first_mark_minutes": 40,
    "second_mark_minutes": 35,
    "min_late_table": 3,
    "semi_layouts": {"25": [5, 5, 5]},
    "time_zone": "Mars/Olympus_Mons",
}


def test_a_change_is_saved_and_logged_with_the_old_and_new_value(event, gm):
    lines = update_settings(
        event, {"heat_minutes": 60, "time_zone": "Europe/Berlin"}, gm
    )
    event.refresh_from_db()
    assert (event.heat_minutes, event.time_zone) == (60, "Europe/Berlin")
    assert lines == [
        "Heat minutes: 55 → 60",
        f"Time zone: {Event._meta.get_field('time_zone').default()} → Europe/Berlin",
    ]
    entry = AuditEntry.objects.filter(action="settings").order_by("pk").first()
    assert entry.user == gm and entry.detail == "Heat minutes: 55 → 60"
    assert entry.data == {"field": "heat_minutes", "old": 55, "new": 60}


def test_semi_layouts_are_logged_as_typed(event, gm):
    layouts = {"16": [4, 4, 4, 4], "28": [6, 6, 6, 5, 5]}
    update_settings(event, {"semi_layouts": layouts}, gm)
    entry = AuditEntry.objects.get(action="settings")
    assert entry.detail == (
        "Semi-final layouts: 16: 4 4 4 4; 20: 5 5 5 5; 25: 5 5 5 5 5; "
        "30: 5 5 5 5 5 5; 36: 6 6 6 6 6 6 → 16: 4 4 4 4; 28: 6 6 6 5 5"
    )
    event.refresh_from_db()
    assert event.semi_layout_map() == {16: (4, 4, 4, 4), 28: (6, 6, 6, 5, 5)}


def test_nothing_changed_logs_nothing(event, gm):
    assert update_settings(event, {"heat_minutes": 55, "name": event.name}, gm) == []
    assert not AuditEntry.objects.filter(action="settings").exists()


def test_bad_settings_are_refused_with_the_words_of_creation(event, gm):
    with pytest.raises(UserError) as created:
        create_event("new", "New", settings=BAD)
    with pytest.raises(UserError) as changed:
        update_settings(event, BAD, gm)
    assert changed.value.problems == created.value.problems
    assert changed.value.problems == [
        "Time zone: 'Mars/Olympus_Mons' is not a time zone: choose one such as "
        "Europe/Berlin or America/New_York.",
        "Semi-final layouts: 25 players: 5 + 5 + 5 seats 15 players, not 25.",
        "Min late table: 4, 5 or 6 players.",
        "Clock marks: the first mark comes before the second, the second before "
        "time is called, and time is called at most at the heat's end (given 40, "
        "35, 53 and 55 minutes).",
    ]
    event.refresh_from_db()
    assert event.first_mark_minutes == 20 and event.time_zone != "Mars/Olympus_Mons"


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("   ", "The event needs a name."),
        ("x" * 201, "The event's name is too long (200 characters at most)."),
    ],
)
def test_a_bad_name_is_refused_as_on_creation(event, gm, name, problem):
    with pytest.raises(UserError) as refused:
        update_settings(event, {"name": name}, gm)
    assert refused.value.problems == [problem]
    with pytest.raises(UserError) as created:
        create_event("new", name)
    assert created.value.message == problem


def test_a_save_from_a_stale_page_is_refused_naming_the_other_change(event, gm):
    seen = form_version(event, SETTINGS)
    update_settings(event, {"call_minutes": 50}, gm, seen)
    with pytest.raises(StaleFormError) as refused:
        update_settings(event, {"heat_minutes": 60}, gm, seen)
    assert refused.value.message.startswith(
        "The event's settings changed while this page was open. Nothing was saved"
    )
    assert len(refused.value.problems) == 1
    assert refused.value.problems[0].startswith("gm at ")
    assert refused.value.problems[0].endswith(": Time called at (minutes): 53 → 50")
    event.refresh_from_db()
    assert (event.heat_minutes, event.call_minutes) == (55, 50)


def test_an_assistant_may_not_change_the_settings(event, assistant):
    with pytest.raises(NotAllowed):
        update_settings(event, {"heat_minutes": 60}, assistant)


def test_archiving_and_restoring_are_logged_once(event, gm):
    assert set_archived(event, True, gm) is True
    assert set_archived(event, True, gm) is False  # pressed twice
    event.refresh_from_db()
    assert event.archived
    assert set_archived(event, False, gm) is True
    details = list(
        AuditEntry.objects.filter(action="archive")
        .order_by("pk")
        .values_list("detail", flat=True)
    )
    assert details == ["Archived the event", "Restored the event"]


def test_an_assistant_may_not_archive(event, assistant):
    with pytest.raises(NotAllowed):
        set_archived(event, True, assistant)


def test_an_empty_heat_is_deleted(event, gm, heat):
    create_heat(event)
    heat2 = event.rounds.get(number=2)
    delete_heat(heat2, gm)
    assert list(event.rounds.values_list("number", flat=True)) == [1]
    assert (
        AuditEntry.objects.filter(action="round").order_by("pk").last().detail
        == "Deleted Heat 2"
    )


def test_a_heat_with_players_checked_in_is_not_deleted(event, gm, heat):
    check_in(heat, names(3))
    with pytest.raises(UserError) as refused:
        delete_heat(heat, gm)
    assert refused.value.message == (
        "Heat 1 was not deleted: 3 players are checked in to it (or marked late "
        "or absent). Only a heat nobody is checked in to can be deleted."
    )
    assert Round.objects.filter(pk=heat.pk).exists()


def test_a_seated_heat_whose_entries_are_gone_is_not_deleted(event, gm, heat):
    check_in(heat, names(8))
    seat_round(heat, seed=1)
    heat.entries.all().delete()
    with pytest.raises(UserError, match="it has tables"):
        delete_heat(heat, gm)


def test_the_semi_final_is_not_deleted_here(event, gm):
    semi = Round.objects.create(event=event, kind=RoundKind.SEMI)
    with pytest.raises(UserError, match="Only a heat can be deleted"):
        delete_heat(semi, gm)


@pytest.mark.parametrize(
    ("kind", "english", "german"),
    [
        (RoundKind.SEMI, "not the semi-final.", "nicht das Halbfinale."),
        (RoundKind.FINAL, "not the final.", "nicht das Finale."),
    ],
)
def test_the_refusal_names_the_round_as_each_language_writes_it(
    event, gm, kind, english, german
):
    """German capitalises its nouns: the round is not lower-cased into the text."""
    rnd = Round.objects.create(event=event, kind=kind)
    with pytest.raises(UserError) as refused:
        delete_heat(rnd, gm)
    assert str(refused.value).endswith(english)
    with translation.override("de"), pytest.raises(UserError) as refused:
        delete_heat(rnd, gm)
    assert str(refused.value).endswith(german)


def test_an_assistant_may_not_delete_a_heat(event, assistant, heat):
    with pytest.raises(NotAllowed):
        delete_heat(heat, assistant)
