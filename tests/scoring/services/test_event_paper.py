"""Each event's paper (issue "The GM's desk", item 6): A4 or Letter, by default
the paper of the event's time zone (Letter in the Americas, A4 elsewhere),
chosen on the New event and Settings pages, carried in event files (older files
without it: the zone's), and used by every print button and ``print_pdf``
unless ``?paper=`` or ``--paper`` says otherwise."""

from __future__ import annotations

import importlib
import io

import pytest
from django.apps import apps
from django.core.management import call_command
from django.urls import reverse
from pypdf import PdfReader

from heats.core.paper import paper_for_zone
from heats.models import Event
from heats.services.events import create_event
from scoring.queries.printing import render
from scoring.services import transfer
from tests.scoring.views.test_event_settings import URL, WBC, version_on

pytestmark = pytest.mark.django_db

A4_POINTS, LETTER_POINTS = (595, 842), (612, 792)


def size(content: bytes) -> tuple[int, int]:
    box = PdfReader(io.BytesIO(content)).pages[0].mediabox
    return round(box.width), round(box.height)


@pytest.mark.parametrize(
    ("zone", "paper"),
    [
        ("America/New_York", "letter"),
        ("America/Toronto", "letter"),
        ("America/Mexico_City", "letter"),
        ("Canada/Eastern", "letter"),
        ("US/Pacific", "letter"),
        ("Europe/Berlin", "a4"),
        ("Europe/London", "a4"),
        ("Asia/Tokyo", "a4"),
        ("UTC", "a4"),
    ],
)
def test_the_paper_of_a_time_zone(zone, paper):
    assert paper_for_zone(zone) == paper


def test_a_new_event_takes_the_paper_of_its_time_zone():
    berlin = create_event(
        "essen", "Medici, Essen", settings={"time_zone": "Europe/Berlin"}
    )
    boston = create_event(
        "boston", "Medici, Boston", settings={"time_zone": "America/New_York"}
    )
    chosen = create_event(
        "chosen", "Chosen", settings={"time_zone": "Europe/Berlin", "paper": "letter"}
    )
    assert (berlin.paper, boston.paper, chosen.paper) == ("a4", "letter", "letter")


def test_the_new_event_form_offers_the_zones_paper(gm_client):
    page = gm_client.get(reverse("scoring:event-create")).content.decode()
    assert "From the time zone: Letter in the Americas, else A4" in page
    data = {**WBC, "slug": "essen", "time_zone": "Europe/Berlin", "paper": ""}
    response = gm_client.post(reverse("scoring:event-create"), data)
    assert response.status_code == 302
    assert Event.objects.get(slug="essen").paper == "a4"


def test_the_settings_page_changes_the_paper(gm_client, event):
    assert event.paper == "letter"  # America/New_York, the test server's zone
    version = version_on(gm_client.get(URL))
    response = gm_client.post(URL, {**WBC, "paper": "a4", "version": version})
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.paper == "a4"


def test_print_buttons_use_the_events_paper_unless_the_link_says(
    gm_client, demo_event, gm
):
    demo_event.gms.add(gm)
    demo_event.paper = "a4"
    demo_event.save()
    url = reverse("scoring:print-event", kwargs={"event": "demo", "kind": "report"})
    assert size(gm_client.get(url).content) == A4_POINTS
    assert size(gm_client.get(url, {"paper": "letter"}).content) == LETTER_POINTS
    assert size(render(demo_event, "bracket").content) == A4_POINTS[::-1]  # landscape


def test_print_pdf_uses_the_events_paper(demo_event, tmp_path):
    demo_event.paper = "a4"
    demo_event.save()
    out = tmp_path / "report.pdf"
    call_command("print_pdf", "demo", "report", "-o", str(out), stdout=io.StringIO())
    assert size(out.read_bytes()) == A4_POINTS
    call_command(
        "print_pdf",
        "demo",
        "report",
        "--paper",
        "letter",
        "-o",
        str(out),
        stdout=io.StringIO(),
    )
    assert size(out.read_bytes()) == LETTER_POINTS


@pytest.mark.parametrize(
    ("zone", "paper"), [("Europe/Berlin", "a4"), ("America/Chicago", "letter")]
)
def test_an_event_file_without_paper_takes_its_zones(demo_event, zone, paper):
    demo_event.time_zone = zone
    demo_event.paper = "letter" if paper == "a4" else "a4"  # not the zone's
    demo_event.save()
    document = transfer.export_event(demo_event)
    (event_obj,) = [o for o in document["objects"] if o["model"] == "heats.event"]
    assert event_obj["fields"]["paper"] == demo_event.paper  # carried...
    event_obj["fields"].pop("paper")  # ...and missing from an older file
    transfer.import_event(transfer.loads(transfer.dumps(document)), slug="old")
    assert Event.objects.get(slug="old").paper == paper


def test_the_migration_gives_events_their_zones_paper(event):
    Event.objects.filter(pk=event.pk).update(paper="a4", time_zone="America/Denver")
    other = Event.objects.create(slug="essen", name="Essen", time_zone="Europe/Berlin")
    Event.objects.filter(pk=other.pk).update(paper="letter")
    migration = importlib.import_module("heats.migrations.0014_event_paper")
    migration.paper_of_the_zone(apps, None)
    papers = dict(Event.objects.values_list("slug", "paper"))
    assert papers == {"wbc": "letter", "essen": "a4"}


def test_the_create_event_command_takes_the_zones_paper_or_the_one_given():
    call_command("create_event", "boston", "--name", "Boston", stdout=io.StringIO())
    call_command(
        "create_event",
        "essen",
        "--name",
        "Essen",
        "--paper",
        "a4",
        stdout=io.StringIO(),
    )
    papers = dict(Event.objects.values_list("slug", "paper"))
    assert papers == {"boston": "letter", "essen": "a4"}  # the server: New York
