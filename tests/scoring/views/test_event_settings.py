"""The event's Settings page (issue 17, item 9): every setting, checked as on the
New event page with the same words, carrying a form version; and deleting a test
event once its short name is typed (item 10)."""

from __future__ import annotations

import re

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.messages import get_messages
from django.urls import reverse

from heats.models import AuditEntry, Event
from heats.services.event_admin import update_settings
from scoring.models import SemiFinalOverride
from scoring.queries.result_check import SeatScores
from scoring.services import results

pytestmark = pytest.mark.django_db

URL = "/e/wbc/gm/settings/"
WBC = {
    "name": "Medici, WBC test",
    "rules": "wbc",
    "heat_minutes": 55,
    "first_mark_minutes": 20,
    "second_mark_minutes": 35,
    "call_minutes": 53,
    "seat_after_minutes": 2,
    "min_late_table": 5,
    "seating_policy": "six-over-four",
    "timer_seconds": 240,
    "late_timer_seconds": 120,
    "semi_layouts": "16: 4 4 4 4\n20: 5 5 5 5\n25: 5 5 5 5 5\n30: 5 5 5 5 5 5\n"
    "36: 6 6 6 6 6 6",
    "time_zone": "America/New_York",
}
BAD = {
    "first_mark_minutes": 40,
    "min_late_table": 3,
    "semi_layouts": "25: 5 5 5\n16 4 4 4 4",
}
BAD_WORDS = [
    "Line 1, 25 players: 5 + 5 + 5 seats 15 players, not 25.",
    "Line 2 (&quot;16 4 4 4 4&quot;): write the size, a colon and the tables, e.g. "
    "&quot;25: 5 5 5 5 5&quot;.",
    "Min late table: 4, 5 or 6 players.",
    "Clock marks: the first mark comes before the second, the second before time "
    "is called, and time is called at most at the heat&#x27;s end (given 40, 35, "
    "53 and 55 minutes).",
]


def said(response) -> str:
    return "\n".join(str(m) for m in get_messages(response.wsgi_request))


def version_on(page) -> str:
    found = re.search(r'name="version" value="([^"]+)"', page.content.decode())
    assert found, "no version on the page"
    return found[1]


def test_the_page_shows_every_setting_as_saved(gm_client, event):
    event.time_zone = "Europe/Berlin"
    event.semi_layouts = {"20": [5, 5, 5, 5], "28": [6, 6, 6, 5, 5]}
    event.save()
    html = gm_client.get(URL).content.decode()
    assert 'value="Medici, WBC test"' in html
    assert ">\n20: 5 5 5 5\n28: 6 6 6 5 5</textarea>" in html
    assert '<option value="Europe/Berlin" selected>Europe/Berlin</option>' in html
    assert 'name="heat_minutes" value="55"' in html
    assert 'id="submit-id-go"' in html


def test_a_gm_saves_the_settings(gm_client, event, gm):
    data = {
        **WBC,
        "heat_minutes": 60,
        "semi_layouts": "20: 5 5 5 5\n28: 6 6 6 5 5",
        "time_zone": "Europe/Berlin",
    }
    response = gm_client.post(URL, {**data, "version": version_on(gm_client.get(URL))})
    assert response.status_code == 302 and response["Location"] == URL
    event.refresh_from_db()
    assert event.heat_minutes == 60 and event.time_zone == "Europe/Berlin"
    assert event.semi_layouts == {"20": [5, 5, 5, 5], "28": [6, 6, 6, 5, 5]}
    assert said(response).splitlines()[:2] == [
        "Settings saved:",
        "Heat minutes: 55 → 60",
    ]
    entries = AuditEntry.objects.filter(action="settings", user=gm).order_by("pk")
    assert [e.data["field"] for e in entries] == [
        "heat_minutes",
        "semi_layouts",
        "time_zone",
    ]
    assert entries[2].detail == "Time zone: America/New_York → Europe/Berlin"


def test_empty_semi_layouts_are_the_standard_ones(gm_client, event):
    event.semi_layouts = {"20": [5, 5, 5, 5]}
    event.save()
    version = version_on(gm_client.get(URL))
    gm_client.post(URL, {**WBC, "semi_layouts": "", "version": version})
    event.refresh_from_db()
    assert sorted(event.semi_layout_map()) == [16, 20, 25, 30, 36]


def test_bad_settings_are_refused_with_the_words_of_the_new_event_page(
    gm_client, event
):
    changed = gm_client.post(URL, {**WBC, **BAD}).content.decode()
    new = {**WBC, **BAD, "slug": "new-one", "name": "New one"}
    created = gm_client.post(reverse("scoring:event-create"), new).content.decode()
    for words in BAD_WORDS:
        assert words in changed
        assert words in created
    event.refresh_from_db()
    assert (event.first_mark_minutes, event.min_late_table) == (20, 5)
    assert not Event.objects.filter(slug="new-one").exists()


def test_a_save_from_a_stale_page_names_the_other_change(gm_client, event, gm):
    version = version_on(gm_client.get(URL))
    update_settings(event, {"call_minutes": 50}, gm)  # another GM, meanwhile
    response = gm_client.post(URL, {**WBC, "heat_minutes": 60, "version": version})
    assert response.status_code == 302
    message = said(response)
    assert message.startswith("The event's settings changed while this page was open.")
    assert ": Time called at (minutes): 53 → 50" in message
    event.refresh_from_db()
    assert (event.heat_minutes, event.call_minutes) == (55, 50)


def test_a_layout_the_override_uses_is_kept(gm_client, event):
    SemiFinalOverride.objects.create(event=event, size=25)
    page = gm_client.post(URL, {**WBC, "semi_layouts": "20: 5 5 5 5"})
    assert "the semi-final override uses 25 players" in page.content.decode()
    event.refresh_from_db()
    assert "25" in event.semi_layouts


def test_an_assistant_sees_the_settings_but_cannot_save(assistant_client, event):
    html = assistant_client.get(URL).content.decode()
    assert 'name="heat_minutes" value="55"' in html and "disabled" in html
    assert 'id="submit-id-go"' not in html
    assert assistant_client.post(URL, {**WBC, "heat_minutes": 60}).status_code == 403
    event.refresh_from_db()
    assert event.heat_minutes == 55


def test_the_gm_menu_links_to_the_settings(gm_client, event):
    html = gm_client.get("/e/wbc/gm/").content.decode()
    assert f'id="settings-link" href="{URL}"' in html


DELETE = "/e/wbc/gm/delete/"


def event_rows(event_id: int) -> int:
    """Rows of every model of both apps left for the event ``event_id``."""
    found = Event.objects.filter(pk=event_id).count()
    for label in ("heats", "scoring"):
        for model in apps.get_app_config(label).get_models():
            for f in model._meta.get_fields():
                if f.is_relation and f.related_model is Event and not f.many_to_many:
                    if f.concrete:
                        found += model.objects.filter(**{f.name: event_id}).count()
    return found


def test_deleting_needs_the_short_name_typed(gm_client, event):
    response = gm_client.post(DELETE, {"slug": "WBC", "next": URL})
    assert response["Location"] == URL
    assert said(response) == (
        "Nothing was deleted: type the event's short name, wbc, to confirm."
    )
    assert Event.objects.filter(slug="wbc").exists()


def test_a_gm_deletes_a_test_event_with_everything_of_it(gm_client, event, heat_table):
    seats = list(heat_table.seats.order_by("number"))
    results.save_table_results(
        heat_table, [SeatScores(s.number, None, None, 10 * s.number) for s in seats]
    )
    event_id = event.pk
    assert event_rows(event_id) > 10
    response = gm_client.post(DELETE, {"slug": " wbc "})
    assert response.status_code == 302 and response["Location"] == "/"
    assert said(response) == "Medici, WBC test (wbc) was deleted, with its audit log."
    assert event_rows(event_id) == 0
    assert not AuditEntry.objects.exists()


def test_deleting_is_a_post(gm_client, event):
    assert gm_client.get(DELETE).status_code == 405
    assert Event.objects.filter(slug="wbc").exists()


def test_only_a_gm_of_the_event_deletes_it(client, event, assistant):
    other = Event.objects.create(slug="other", name="Other", seed="o")
    other_gm = get_user_model().objects.create_user("other-gm", password="x-12345678")
    other.gms.add(other_gm)
    for user in (assistant, other_gm):
        client.force_login(user)
        assert client.post(DELETE, {"slug": "wbc"}).status_code == 403
    assert Event.objects.filter(slug="wbc").exists()


def test_the_confirmation_says_the_audit_log_goes_too(gm_client, event):
    html = gm_client.get(URL).content.decode()
    assert "and its audit log too (an audit log cannot outlive its event)" in html
    assert 'action="/e/wbc/gm/delete/"' in html


def test_an_event_name_typed_in_nfd_is_counted_in_letters(gm_client, event):
    """Issue "The GM's desk", item 5: 150 letters typed as 300 code points (e
    plus a combining accent) fit the 200 characters a name holds."""
    name = "e\u0301" * 150
    version = version_on(gm_client.get(URL))
    response = gm_client.post(URL, {**WBC, "name": name, "version": version})
    assert response.status_code == 302, response.content.decode()[:2000]
    event.refresh_from_db()
    assert event.name == "\u00e9" * 150
