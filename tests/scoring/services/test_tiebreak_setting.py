"""The HMW tie-break order as an event setting (issue 31, item 2): chosen by
``create_event --tiebreaks``, changed on the Settings page's service, carried by
event files (a file from before the setting ranks by ``bpa``), and applied to
the event's list. The WBC 2018 event is the core test's
(``tests/scoring/core/test_tiebreak_orders.py``), its figures worked out there."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from heats.core.errors import UserError
from heats.models import AuditEntry, Event
from heats.services.event_admin import update_settings
from scoring.queries.event_results import event_advancement
from scoring.services import transfer
from scoring.services.events import new_event
from scoring.services.results_import.write import import_results
from tests.scoring.core.test_tiebreak_orders import SEED, wbc_2018_tables

pytestmark = pytest.mark.django_db


def wbc_2018_csv() -> str:
    """The core test's eight-winner event as a results file."""
    lines = ["heat,table,seat,player,final"]
    for table in wbc_2018_tables():
        lines += [
            f"{table.heat},{table.table},{seat},{r.player},{r.final}"
            for seat, r in enumerate(table.records, 1)
        ]
    return "\n".join(lines) + "\n"


def wbc_2018(slug: str, tiebreaks: str | None) -> Event:
    """The event under ``tiebreaks`` (None: the default), seed "wbc2018"."""
    settings = {"tiebreaks": tiebreaks} if tiebreaks else None
    event = new_event(slug, "Medici, WBC 2018", settings=settings)
    Event.objects.filter(pk=event.pk).update(seed=SEED)
    event.refresh_from_db()
    import_results(event, wbc_2018_csv())
    return event


def qualifiers(event: Event) -> list[str]:
    return [q.label for q in event_advancement(event).qualifiers]


def test_the_event_s_order_decides_the_seat_at_the_cut():
    # Fay and Gus tie through the margin for the sixth seat: bpa gives it to Fay
    # (average finish 1.5 to 2.0), WBC 2018's die to Gus (the higher roll).
    under_bpa = wbc_2018("wbc2018bpa", None)
    under_die = wbc_2018("wbc2018", "margin-die")
    assert under_bpa.tiebreaks == "bpa"
    assert qualifiers(under_bpa)[-1] == "Fay"
    assert qualifiers(under_die)[-1] == "Gus"
    result = event_advancement(under_die)
    assert [p.reason for p in result.pared] == [
        "HMW rank 7 (7: die roll)",
        "HMW rank 8 (2: win in first heat entered)",
    ]
    assert result.to_json()["tiebreaks"] == "margin-die"


def test_create_event_takes_the_tiebreaks(capsys):
    call_command(
        "create_event", "wbc2018", "--name", "Medici, WBC 2018", "--tiebreaks",
        "margin-die",
    )  # fmt: skip
    out = capsys.readouterr().out
    assert "tie-breakers: wbc 2018 (margin, then die) (margin-die)" in out
    assert Event.objects.get(slug="wbc2018").tiebreaks == "margin-die"
    call_command("create_event", "wbc2027", "--name", "Medici, WBC 2027")
    assert Event.objects.get(slug="wbc2027").tiebreaks == "bpa"
    with pytest.raises(CommandError, match="invalid choice: 'coin'"):
        call_command("create_event", "x", "--name", "X", "--tiebreaks", "coin")


def test_the_settings_change_the_order_with_an_audit_entry(gm):
    event = wbc_2018("wbc2018", None)
    event.gms.add(gm)
    lines = update_settings(event, {"tiebreaks": "margin-die"}, gm)
    assert lines == ["Tie-breakers: bpa → margin-die"]
    entry = AuditEntry.objects.filter(event=event, action="settings").get()
    assert (entry.data["field"], entry.data["new"]) == ("tiebreaks", "margin-die")
    event.refresh_from_db()
    assert qualifiers(event)[-1] == "Gus"
    with pytest.raises(UserError) as refused:
        update_settings(event, {"tiebreaks": "coin"}, gm)
    assert refused.value.problems == [
        "Tie-breakers: Value 'coin' is not a valid choice."
    ]


def test_event_files_carry_the_order_and_old_files_rank_by_bpa():
    event = wbc_2018("wbc2018", "margin-die")
    document = transfer.export_event(event)
    transfer.import_event(transfer.loads(transfer.dumps(document)), slug="copy")
    assert Event.objects.get(slug="copy").tiebreaks == "margin-die"
    assert qualifiers(Event.objects.get(slug="copy"))[-1] == "Gus"
    for obj in document["objects"]:
        if obj["model"] == "heats.event":
            del obj["fields"]["tiebreaks"]  # a file of a version before the setting
    transfer.import_event(transfer.loads(transfer.dumps(document)), slug="old")
    old = Event.objects.get(slug="old")
    assert old.tiebreaks == "bpa" and qualifiers(old)[-1] == "Fay"
