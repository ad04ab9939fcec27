"""Badges and event names are tidied as player names are (issue "The GM's desk",
item 5): direction overrides and other invisible characters removed, NFC; and a
name's length is counted once tidied, so "é" typed as "e" plus a combining
accent is one character, not two."""

from __future__ import annotations

import pytest

from heats.core.errors import UserError
from heats.forms import CheckInForm
from heats.models import Player
from heats.services.checkin import check_in
from heats.services.event_admin import update_settings
from heats.services.events import create_event

pytestmark = pytest.mark.django_db

RLO, PDF = "\u202e", "\u202c"  # right-to-left override, pop directional formatting
E_NFD = "e\u0301"  # é as e + combining acute: two code points, one letter


def test_a_badge_loses_its_direction_overrides_at_check_in(heat):
    check_in(heat, [("Ann Lee", f"{RLO}1204{PDF}")])
    assert Player.objects.get().badge == "1204"


def test_a_badge_saved_on_a_player_loses_its_direction_overrides(event):
    player = Player.objects.create(event=event, name="Ann", badge=f" 12{RLO}04 ")
    player.refresh_from_db()
    assert player.badge == "1204"


def test_a_new_events_name_loses_its_direction_overrides():
    event = create_event("bidi", f"{RLO}Medici{PDF} 2026")
    assert event.name == "Medici 2026"


def test_a_changed_event_name_loses_its_direction_overrides(event):
    update_settings(event, {"name": f"WBC {RLO}Medici"})
    event.refresh_from_db()
    assert event.name == "WBC Medici"


def test_a_name_typed_in_nfd_is_counted_in_letters():
    name = E_NFD * 70  # 140 code points, 70 letters: under the 120 allowed
    form = CheckInForm({"name": name, "badge": ""})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["name"] == "\u00e9" * 70


def test_a_badge_typed_in_nfd_is_counted_in_letters():
    form = CheckInForm({"name": "Ann", "badge": f"{E_NFD * 30}{RLO}"})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["badge"] == "\u00e9" * 30


def test_a_name_of_too_many_letters_is_still_refused():
    form = CheckInForm({"name": E_NFD * 121, "badge": ""})
    assert not form.is_valid()
    assert "at most 120 characters (it has 121)" in str(form.errors["name"])


def test_the_migration_tidies_names_and_badges_saved_before(event):
    """Heats 0014: event names and badges saved with overrides are tidied; a
    badge whose tidied form another player has stays as it is."""
    import importlib

    from django.apps import apps

    from heats.models import Event

    Event.objects.filter(pk=event.pk).update(name=f"{RLO}WBC{PDF}")
    ann = Player.objects.create(event=event, name="Ann", badge="7")
    bo = Player.objects.create(event=event, name="Bo", badge="8")
    cy = Player.objects.create(event=event, name="Cy", badge="9")
    Player.objects.filter(pk=ann.pk).update(badge=f"{RLO}12")
    Player.objects.filter(pk=bo.pk).update(badge="12")
    Player.objects.filter(pk=cy.pk).update(badge=f"{RLO}34")
    migration = importlib.import_module("heats.migrations.0014_event_paper")
    migration.tidy_names_and_badges(apps, None)
    assert Event.objects.get(pk=event.pk).name == "WBC"
    badges = dict(Player.objects.values_list("name", "badge"))
    assert badges == {"Ann": f"{RLO}12", "Bo": "12", "Cy": "34"}


# "क़" (U+0958) is two code points once in NFC; "ß" is "ss" once case-folded.
QA, ESZETT = "\u0958", "\u00df"


def test_a_pasted_name_longer_once_tidied_is_refused(heat):
    with pytest.raises(UserError) as refused:
        check_in(heat, [(QA * 61, "")])  # 122 characters as stored
    assert refused.value.problems == ["line 1: the name is longer than 120 characters"]
    assert not Player.objects.exists()


def test_a_name_whose_key_folds_longer_than_a_key_is_cut(heat):
    check_in(heat, [(ESZETT * 120, ""), ("Ann " + ESZETT * 116, "")])
    keys = dict(Player.objects.values_list("name", "name_key"))
    assert keys[ESZETT * 120] == "s" * 120
    assert keys["Ann " + ESZETT * 116] == "ann " + "s" * 116
