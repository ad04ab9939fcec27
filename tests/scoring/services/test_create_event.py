"""Creating an event: a usable slug, a name, and a rule set the engine knows."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from heats.models import Event

pytestmark = pytest.mark.django_db


def test_create_event_command(capsys):
    call_command("create_event", "wbc2027", "--name", "Medici, WBC 2027")
    assert "Created event wbc2027: Medici, WBC 2027 (wbc)" in capsys.readouterr().out
    event = Event.objects.get(slug="wbc2027")
    assert (event.rules, event.audit.get().action) == ("wbc", "event")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["bad slug/x", "--name", "X"], "cannot be an event's short name"),
        (["", "--name", "X"], "cannot be an event's short name"),
        (["ok", "--name", "  "], "The event needs a name."),
        (["ok", "--name", "X", "--rules", "bogus"], "bogus"),
        # Issue 16, item 5: an argument that is not UTF-8 reaches Python as
        # surrogates (surrogateescape), which PostgreSQL cannot store.
        (
            ["ok", "--name", "Medici \udce9t\u00e9"],
            "The event's name: the text holds U\\+DCE9, half of a UTF-16 "
            "surrogate pair and not a character, which cannot be saved.",
        ),
        (
            ["ok", "--name", "Medici\x00"],
            "The event's name: the text holds a NUL character",
        ),
    ],
)
def test_bad_events_are_refused(args, message):
    with pytest.raises(CommandError, match=message):
        call_command("create_event", *args)
    assert not Event.objects.exists()


def test_a_taken_slug_is_refused():
    call_command("create_event", "wbc", "--name", "A")
    with pytest.raises(CommandError, match="An event 'wbc' already exists."):
        call_command("create_event", "wbc", "--name", "B")


@pytest.mark.parametrize("rules", ["classic", "grail-2016"])
def test_other_rule_sets_are_accepted(rules):
    call_command("create_event", "e", "--name", "E", "--rules", rules)
    assert Event.objects.get().rules == rules
