"""Backup and move of one event (scoring/services/transfer.py; issue 11, "Backup
and move"): export_event → import_event gives the same event, under new ids,
touching nothing else. Demo facts from data/demo/README.md."""

from __future__ import annotations

import copy
import io
import json
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.utils import timezone

from heats.core.errors import UserError
from heats.models import Event, Player, Round, Table
from heats.queries.seating import seating_state
from heats.services.checkin import check_in, create_heat
from heats.services.keep_apart import add_keep_apart
from heats.services.round_start import start_clock
from heats.services.seating import seat_round
from scoring.core.sizes import WINNERS_PRESENT
from scoring.models import FinalFill, RecordHistory, SemiFinalOverride
from scoring.queries.event_results import event_advancement
from scoring.queries.result_check import SeatScores
from scoring.services import publishing, reports, transfer
from scoring.services import semi_final as rounds
from scoring.services.results_import.write import import_results
from scoring.services.rules_checks import acknowledge_check, attach_scoresheet
from tests.conftest import DEMO_DIR
from tests.heats.conftest import names
from tests.scoring.views.test_kiosk import _heat1_table10

pytestmark = pytest.mark.django_db


@pytest.fixture
def full_event(demo_event):
    """The demo with a row in every event model: staff, a corrected result (record
    history), a scoresheet with findings acknowledged, a keep-apart pair, an
    override, a published list, a fourth heat checked in, clocked and seated, and
    a short final's decision."""
    users = get_user_model().objects
    gm = users.create_user("transfer-gm", password="gm-password-1")
    helper = users.create_user("transfer-helper", password="helper-pw-1")
    demo_event.gms.add(gm)
    demo_event.assistants.add(helper)
    import_results(demo_event, _heat1_table10(demo_event, drew=80), replace=True)
    table = Table.objects.get(round__event=demo_event, round__number=1, number=1)
    sheet = json.loads((DEMO_DIR / "scoresheets.json").read_text())[0]
    sheet["final"]["Kai Kestrel"] += 1  # a finding to acknowledge
    attach_scoresheet(table, sheet, helper)
    acknowledge_check(table, gm)
    players = {p.name: p for p in Player.objects.filter(event=demo_event)}
    add_keep_apart(
        demo_event, players["Jules Tamsin"], players["Eden Tamsin"], "twins", gm
    )
    publishing.set_override(demo_event, None, [players["Fern Tamsin"]], gm)
    publishing.publish(demo_event, event_advancement(demo_event), gm)
    heat = create_heat(demo_event, gm)
    check_in(heat, names(9, prefix="Walk"), gm)
    start_clock(heat, timezone.now() - timedelta(minutes=3), gm)
    seat_round(heat, seed=4, user=gm)
    # Seated again: the seating it replaced is kept (players by draw key).
    seat_round(
        heat, seed=5, user=gm, state=seating_state(Round.objects.get(pk=heat.pk))
    )
    publishing.set_auto_publish(demo_event, True, gm)
    # The GM's decision for a short final (scoring.queries.final), as its page
    # stores it.
    fill = FinalFill.objects.create(
        event=demo_event,
        kind=FinalFill.Kind.RUNNERS_UP,
        summary="Final: 3 semi-final winners + Eden Tamsin (runner-up) added",
        decided_by=gm,
    )
    fill.added.add(players["Eden Tamsin"])
    # A player's report of a table of the fourth heat, held for the GM, and the
    # event's reports setting (scoring.services.reports).
    table = heat.tables.order_by("number").first()
    seats = table.seats.order_by("number")
    scores = [SeatScores(s.number, None, None, 50 + s.number) for s in seats]
    reports.set_two_reports_confirm(demo_event, True, gm)
    reports.submit_report(table, table.report_link.token, 1, scores, None, "10.0.0.9")
    return demo_event


@pytest.fixture
def other_event(db, demo_csv):
    event = Event.objects.create(slug="other", name="Another event", seed="other")
    import_results(event, demo_csv)
    return event


def canonical(event: Event) -> list[tuple[str, dict]]:
    """The event's export with every id replaced by the row's position among its
    model's rows, and the slug left out: equal for the same event under new ids."""
    objects = transfer.export_event(event)["objects"]
    position: dict[tuple[str, object], int] = {}
    for obj in objects:
        label = obj["model"]
        position[(label, obj["pk"])] = sum(1 for k in position if k[0] == label)
    models = {em.label: em.model for em in transfer.event_models()}
    out = []
    for obj in objects:
        fields = dict(obj["fields"])
        fields.pop("slug", None)
        for f in models[obj["model"]]._meta.get_fields():
            if not (f.concrete and f.is_relation) or f.name not in fields:
                continue
            if f.related_model is get_user_model():
                continue
            target = f.related_model._meta.label_lower
            value = fields[f.name]
            fields[f.name] = (
                [position[(target, v)] for v in value]
                if f.many_to_many
                else position.get((target, value))
            )
        if obj["model"] == "heats.auditentry" and "submission" in fields["data"]:
            fields["data"] = {
                **fields["data"],
                "submission": position[
                    ("scoring.scoresheetsubmission", fields["data"]["submission"])
                ],
            }
        if obj["model"] == "scoring.tablereport" and fields.get("seating"):
            # The seating signature names players by id ("seat:player id").
            fields["seating"] = ",".join(
                f"{seat}:{position[('heats.player', int(pk))]}"
                for seat, pk in (p.split(":") for p in fields["seating"].split(","))
            )
        out.append((obj["model"], fields))
    return out


def advancement_json(slug: str) -> str:
    out = io.StringIO()
    call_command("advancement", slug, "--json", stdout=out)
    return out.getvalue()


def history(event: Event) -> list[tuple]:
    rows = RecordHistory.objects.filter(table__round__event=event).order_by("pk")
    return [
        (r.table.round.code, r.table.number, r.user, r.at, r.source, r.old, r.new)
        for r in rows
    ]


def audit(event: Event) -> list[tuple]:
    rows = event.audit.order_by("pk")
    return [(a.user, a.at, a.action, a.detail) for a in rows]


def standings_feed(client, slug: str) -> dict:
    """The standings feed (docs/feeds.md) without its time of rendering."""
    data = json.loads(client.get(f"/e/{slug}/standings.json").content)
    data.pop("generated")
    return data


def export_file(event: Event, tmp_path) -> str:
    path = tmp_path / "event.json"
    call_command("export_event", event.slug, "-o", str(path), stderr=io.StringIO())
    return str(path)


def test_every_model_of_the_apps_has_a_path_to_the_event():
    assert transfer.unscoped_models() == []


def test_the_export_fills_every_event_model(full_event):
    """A new model with a path to Event fails here until this fixture fills it and
    the round trips below compare it."""
    exported = {o["model"] for o in transfer.export_event(full_event)["objects"]}
    assert exported == {em.label for em in transfer.event_models()}
    override = full_event.semi_override
    assert [p.name for p in override.added.all()] == ["Fern Tamsin"]


def test_export_then_import_into_an_empty_database_gives_the_same_event(
    client, full_event, other_event, tmp_path
):
    before = canonical(full_event)
    feed, advancement = standings_feed(client, "demo"), advancement_json("demo")
    records, changes = history(full_event), audit(full_event)
    other_before = canonical(other_event)
    path = export_file(full_event, tmp_path)
    transfer.delete_event(full_event)
    assert not Player.objects.filter(event__slug="demo").exists()

    out = io.StringIO()
    call_command("import_event", path, stdout=out)
    assert "Imported event 'demo'" in out.getvalue()
    imported = Event.objects.get(slug="demo")
    assert imported.pk != full_event.pk
    assert canonical(imported) == before
    assert advancement_json("demo") == advancement
    assert standings_feed(client, "demo") == feed
    assert history(imported) == records and len(records) == 1
    assert audit(imported) == changes
    assert canonical(other_event) == other_before


def test_the_import_keeps_staff_and_who_did_what(full_event, tmp_path):
    path = export_file(full_event, tmp_path)
    transfer.delete_event(full_event)
    get_user_model().objects.filter(username="transfer-helper").delete()
    out = io.StringIO()
    call_command("import_event", path, stdout=out)
    assert "inactive users" in out.getvalue() and "transfer-helper" in out.getvalue()
    event = Event.objects.get(slug="demo")
    assert [u.username for u in event.gms.all()] == ["transfer-gm"]
    helper = event.assistants.get()
    assert helper.username == "transfer-helper"
    assert not helper.is_active and not helper.has_usable_password()
    check = Table.objects.get(round__event=event, round__number=1, number=1)
    assert check.rules_check.acknowledged_by.username == "transfer-gm"
    assert check.scoresheets.get().submitted_by == helper
    assert event.rounds.get(number=4).start_time is not None


def test_an_import_under_a_new_slug_leaves_the_original_alone(
    client, full_event, tmp_path
):
    before = canonical(full_event)
    path = export_file(full_event, tmp_path)
    call_command("import_event", path, "--as", "demo-copy", stdout=io.StringIO())
    copy_ = Event.objects.get(slug="demo-copy")
    assert canonical(copy_) == before
    assert canonical(Event.objects.get(pk=full_event.pk)) == before
    assert advancement_json("demo-copy") == advancement_json("demo")
    assert (
        standings_feed(client, "demo-copy")["list"]
        == standings_feed(client, "demo")["list"]
    )


def test_an_existing_slug_needs_replace_which_replaces_only_that_event(
    full_event, other_event, tmp_path
):
    path = export_file(full_event, tmp_path)
    with pytest.raises(CommandError, match="exists already.*--replace"):
        call_command("import_event", path, stdout=io.StringIO())
    original = canonical(full_event)
    other_before = canonical(other_event)
    # A change after the export is undone by importing the file over it.
    rounds.mark_semi(
        full_event, Player.objects.get(event=full_event, name="Drew Penrose"), False
    )
    assert canonical(full_event) != original
    out = io.StringIO()
    call_command("import_event", path, "--replace", stdout=out)
    assert "replacing the event" in out.getvalue()
    assert canonical(Event.objects.get(slug="demo")) == original
    assert Event.objects.filter(slug="demo").count() == 1
    assert canonical(other_event) == other_before


def test_a_file_referring_to_a_row_it_lacks_changes_nothing(full_event):
    document = json.loads(transfer.dumps(transfer.export_event(full_event)))
    document["objects"] = [
        o for o in document["objects"] if o["model"] != "heats.table"
    ]
    before = Event.objects.count()
    with pytest.raises(UserError, match="refers to heats.table"):
        transfer.import_event(transfer.loads(json.dumps(document)), slug="broken")
    assert Event.objects.count() == before
    assert not Event.objects.filter(slug="broken").exists()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "Not a JSON file: .* line 1, column 2"),
        ('{"format": "something-else"}', "Not a medici-tourney event file"),
        (
            '{"format": "medici-tourney-event", "version": 3, "objects": []}',
            "version 3: this program reads versions 1 and 2",
        ),
        (
            '{"format": "medici-tourney-event", "version": 1, "objects": '
            '[{"model": "auth.user", "fields": {}}]}',
            r"objects\[0\]\.model: 'auth.user' is not a model",
        ),
        (
            '{"format": "medici-tourney-event", "version": 1, "objects": []}',
            "exactly one event",
        ),
    ],
)
def test_a_bad_file_is_refused_with_the_reason(text, message):
    with pytest.raises(UserError, match=message):
        transfer.loads(text)


def test_the_command_reports_a_bad_file(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"format": "medici-tourney-event", "version": 9}')
    with pytest.raises(CommandError, match="version 9"):
        call_command("import_event", str(path))
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_event", str(tmp_path / "missing.json"))


def test_an_invalid_slug_is_refused(full_event):
    document = transfer.loads(transfer.dumps(transfer.export_event(full_event)))
    with pytest.raises(UserError, match="not a valid event slug"):
        transfer.import_event(copy.deepcopy(document), slug="no spaces")


def test_a_file_written_before_draw_keys_and_round_ordinals_imports_with_them(
    full_event, tmp_path
):
    """An event file from before ``Player.draw_key`` and ``Round.ordinal`` (and
    with a ``draw_name`` kept after a correction) imports with the keys its rolls
    had and rounds in playing order, so the list is the one it was."""
    advancement = advancement_json("demo")
    document = transfer.export_event(full_event)
    renamed = None
    for obj in document["objects"]:
        obj["fields"].pop("ordinal", None)
        if obj["model"] == "heats.player":
            fields = obj["fields"]
            fields.pop("draw_key")
            if renamed is None and not fields["badge"]:
                renamed = fields["name"]
                fields["draw_name"] = fields["name"]
                fields["name"] = "Renamed Later"
    transfer.import_event(transfer.loads(transfer.dumps(document)), slug="old")
    old = Event.objects.get(slug="old")
    rounds = [(r.code, r.ordinal) for r in old.rounds.all()]
    assert rounds == [("1", 1), ("2", 2), ("3", 3), ("4", 4), ("semi", 1000)]
    assert old.players.get(name="Renamed Later").draw_key == renamed
    others = old.players.exclude(name="Renamed Later")
    assert all(p.draw_key == p.name for p in others)  # the demo has no namesakes
    assert advancement_json("old").replace("Renamed Later", renamed) == advancement


def test_an_override_of_the_winners_present_travels_with_its_reason(
    demo_event, tmp_path
):
    # WBC 2017's list (24 in 5+5+5+5+4, no alternate) is the GM's override, so
    # the event file carries it, reason and all.
    publishing.set_override(demo_event, WINNERS_PRESENT, [], reason="as in 2017")
    path = export_file(demo_event, tmp_path)
    call_command("import_event", path, "--as", "demo-2017", stdout=io.StringIO())
    copy_ = Event.objects.get(slug="demo-2017")
    override = SemiFinalOverride.objects.get(event=copy_)
    assert (override.winners_present, override.size, override.reason) == (
        True,
        None,
        "as in 2017",
    )
    assert advancement_json("demo-2017") == advancement_json("demo")
    assert json.loads(advancement_json("demo-2017"))["tables"] == [5, 5, 5, 5, 4]


def test_the_winners_present_without_a_reason_is_refused(demo_event):
    # The override form refuses the winners present without the reason the
    # list shows (no alternate is called); a file must not bring one in.
    publishing.set_override(demo_event, WINNERS_PRESENT, [], reason="as in 2017")
    document = transfer.loads(transfer.dumps(transfer.export_event(demo_event)))
    (override,) = (
        o for o in document["objects"] if o["model"] == "scoring.semifinaloverride"
    )
    override["fields"]["reason"] = "  "
    with pytest.raises(UserError) as info:
        transfer.import_event(document, slug="demo-2017")
    index = document["objects"].index(override)
    assert (
        f"objects[{index}].fields.reason (scoring.semifinaloverride "
        f"{override['pk']}): the winners present need the GM's reason, which "
        "the list shows (no alternate is called)"
    ) in str(info.value)
    assert not Event.objects.filter(slug="demo-2017").exists()
