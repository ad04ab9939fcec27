"""An event's staff from the app: creating an event makes its creator the GM; a GM
adds and removes GMs and assistant GMs by username and creates their logins; the
last GM stays; every change is in the audit log."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from heats.core.errors import UserError
from heats.models import Event
from heats.permissions import NotAllowed
from heats.services.staff import add_staff, create_login, remove_staff
from scoring.services.events import new_event
from tests.support.versions import post_with_version

pytestmark = pytest.mark.django_db

GOOD_PASSWORD = "Lorenzo-1469-florins"


def login(name: str):
    return get_user_model().objects.create_user(name, password=GOOD_PASSWORD)


def staff_names(event: Event) -> tuple[list[str], list[str]]:
    return (
        sorted(event.gms.values_list("username", flat=True)),
        sorted(event.assistants.values_list("username", flat=True)),
    )


def test_the_creator_of_an_event_is_its_gm_and_the_settings_are_kept():
    ann = login("ann")
    event = new_event(
        "wbc2027",
        "Medici, WBC 2027",
        "classic",
        ann,
        gm=ann,
        settings={"heat_minutes": 60, "call_minutes": 58, "min_late_table": 4},
    )
    assert staff_names(event) == (["ann"], [])
    assert (event.rules, event.heat_minutes, event.call_minutes) == ("classic", 60, 58)
    assert (event.min_late_table, event.first_mark_minutes) == (4, 20)
    assert list(event.audit.order_by("pk").values_list("action", "user__username")) == [
        ("event", "ann"),
        ("staff", "ann"),
    ]


def test_an_anonymous_visitor_cannot_create_an_event():
    from django.contrib.auth.models import AnonymousUser

    with pytest.raises(NotAllowed, match="Log in to create an event"):
        new_event("x", "X", "wbc", AnonymousUser())
    assert not Event.objects.exists()


def test_settings_out_of_order_are_refused_naming_the_field():
    with pytest.raises(UserError) as caught:
        new_event(
            "x",
            "X",
            settings={"min_late_table": 7, "second_mark_minutes": 60},
        )
    text = caught.value.render()
    assert "Min late table: 4, 5 or 6 players." in text
    assert "Clock marks: the first mark comes before the second" in text
    assert "(given 20, 60, 53 and 55 minutes)" in text
    assert not Event.objects.exists()


def test_create_event_command_names_the_first_gm(capsys):
    login("bea")
    call_command("create_event", "wbc", "--name", "WBC", "--gm", "bea")
    assert "bea is its GM." in capsys.readouterr().out
    assert staff_names(Event.objects.get()) == (["bea"], [])


def test_create_event_command_refuses_an_unknown_gm():
    with pytest.raises(CommandError, match="No login 'nobody'"):
        call_command("create_event", "wbc", "--name", "WBC", "--gm", "nobody")
    assert not Event.objects.exists()


def test_a_gm_adds_an_assistant_then_makes_them_gm(event, gm):
    cy = login("cy")
    add_staff(event, "cy", "assistant", gm)
    assert staff_names(event) == (["gm"], ["cy"])
    add_staff(event, " cy ", "gm", gm)
    assert staff_names(event) == (["cy", "gm"], [])
    details = list(event.audit.order_by("pk").values_list("detail", flat=True))
    assert details == ["cy is an assistant GM", "cy is a GM"]
    assert event.audit.filter(data__member=cy.pk).count() == 2


def test_adding_an_unknown_login_says_so(event, gm):
    with pytest.raises(UserError, match="No login 'dee'"):
        add_staff(event, "dee", "gm", gm)


def test_an_assistant_cannot_manage_staff(event, assistant):
    login("eve")
    with pytest.raises(NotAllowed, match="Only the GMs of .* may add and remove"):
        add_staff(event, "eve", "assistant", assistant)
    with pytest.raises(NotAllowed):
        create_login(event, "fay", GOOD_PASSWORD, "assistant", assistant)
    assert staff_names(event) == ([], ["assistant"])
    assert not get_user_model().objects.filter(username="fay").exists()


def test_the_last_gm_cannot_be_removed_or_demoted(event, gm):
    with pytest.raises(UserError, match="gm is the last GM of .*add another GM first"):
        remove_staff(event, gm, gm)
    with pytest.raises(UserError, match="last GM"):
        add_staff(event, "gm", "assistant", gm)
    assert staff_names(event) == (["gm"], [])
    login("gus")
    add_staff(event, "gus", "gm", gm)
    assert remove_staff(event, gm, gm) == "a GM"
    assert staff_names(event) == (["gus"], [])
    assert event.audit.order_by("pk").last().detail == "gm is no longer a GM"


def test_removing_someone_not_on_the_staff_says_so(event, gm):
    with pytest.raises(UserError, match="hal is not on the staff"):
        remove_staff(event, login("hal"), gm)


def test_a_gm_creates_a_login_for_an_assistant(event, gm, client):
    new = create_login(event, "ida", GOOD_PASSWORD, "assistant", gm)
    assert staff_names(event) == (["gm"], ["ida"])
    assert client.login(username="ida", password=GOOD_PASSWORD)
    actions = list(event.audit.order_by("pk").values_list("action", "detail"))
    assert actions == [
        ("login", "Created the login ida"),
        ("staff", "ida is an assistant GM"),
    ]
    assert new.check_password(GOOD_PASSWORD)


@pytest.mark.parametrize(
    ("username", "password", "problem"),
    [
        ("jo", "short1", "Password: This password is too short."),
        ("jo", "password123", "Password: This password is too common."),
        ("jo", "8675309123", "Password: This password is entirely numeric."),
        ("jo bob", GOOD_PASSWORD, "Username: Enter a valid username."),
        ("", GOOD_PASSWORD, "Username: type a username."),
        ("GM", GOOD_PASSWORD, "Username: the login 'GM' already exists"),
    ],
)
def test_bad_logins_are_refused_saying_why(event, gm, username, password, problem):
    with pytest.raises(UserError) as caught:
        create_login(event, username, password, "assistant", gm)
    assert any(p.startswith(problem) for p in caught.value.problems)
    assert get_user_model().objects.count() == 1
    assert not event.audit.exists()


# --- the pages ----------------------------------------------------------------------


def test_the_events_page_links_to_new_event(client):
    page = client.get(reverse("scoring:event-list")).content.decode()
    assert reverse("scoring:event-create") in page


def test_new_event_page_creates_the_event_with_its_creator_as_gm(client):
    client.force_login(login("kit"))
    data = {"name": "Medici, Origins", "slug": "origins", "rules": "wbc"}
    data.update(heat_minutes=55, first_mark_minutes=20, second_mark_minutes=35)
    data.update(call_minutes=53, seat_after_minutes=2, min_late_table=6)
    data.update(seating_policy="five-first", timer_seconds=240, late_timer_seconds=120)
    response = client.post(reverse("scoring:event-create"), data)
    assert response["Location"] == "/e/origins/gm/"
    event = Event.objects.get(slug="origins")
    assert (event.min_late_table, event.seating_policy) == (6, "five-first")
    assert staff_names(event) == (["kit"], [])


def test_staff_page_refuses_removing_the_last_gm_on_the_page(gm_client, event, gm):
    url = reverse("heats:staff-remove", kwargs={"event": "wbc"})
    page = reverse("heats:event-staff", kwargs={"event": "wbc"})
    response = post_with_version(gm_client, page, url, {"member": gm.pk})
    response = gm_client.get(response["Location"])
    assert "gm is the last GM of Medici, WBC test" in response.content.decode()
    assert staff_names(event) == (["gm"], [])


def test_staff_page_creates_a_login(gm_client, event):
    url = reverse("heats:staff-login", kwargs={"event": "wbc"})
    data = {"username": "lou", "password1": GOOD_PASSWORD, "role": "gm"}
    response = gm_client.post(url, {**data, "password2": "other-password-2"})
    assert not get_user_model().objects.filter(username="lou").exists()
    response = gm_client.post(url, {**data, "password2": GOOD_PASSWORD}, follow=True)
    assert "Login lou created" in response.content.decode()
    assert staff_names(event) == (["gm", "lou"], [])


def test_staff_page_ids_are_unique_and_each_label_is_in_its_inputs_form(gm_client):
    """The "Add" and "Create a login" forms both have a username (and a role and
    next): each input has its own id, so a label focuses the field of its form."""
    import re
    from html.parser import HTMLParser

    class Forms(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.form: str | None = None
            self.ids: list[tuple[str, str | None]] = []
            self.labels: list[tuple[str, str | None]] = []

        def handle_starttag(self, tag, attrs):
            a = dict(attrs)
            if tag == "form":
                self.form = a.get("id") or a.get("action")
            if a.get("id"):
                self.ids.append((a["id"], self.form))
            if tag == "label" and a.get("for"):
                self.labels.append((a["for"], self.form))

    page = gm_client.get(reverse("heats:event-staff", kwargs={"event": "wbc"}))
    forms = Forms()
    forms.feed(page.content.decode())
    ids = [i for i, _ in forms.ids]
    assert sorted(i for i in ids if ids.count(i) > 1) == []
    where = dict(forms.ids)
    for target, form in forms.labels:
        assert where[target] == form, target
    inputs = [i for i in ids if re.fullmatch(r"\w+_username", i) and "div_" not in i]
    assert len(inputs) == 2


def test_new_event_page_says_what_is_wrong_with_the_settings(client):
    client.force_login(login("max"))
    data = {"name": "Medici", "slug": "m", "rules": "wbc", "heat_minutes": 55}
    data.update(first_mark_minutes=40, second_mark_minutes=35, call_minutes=53)
    data.update(seat_after_minutes=2, min_late_table=3, seating_policy="five-first")
    data.update(timer_seconds=240, late_timer_seconds=120)
    page = client.post(reverse("scoring:event-create"), data).content.decode()
    assert "Min late table: 4, 5 or 6 players." in page
    assert "(given 40, 35, 53 and 55 minutes)" in page
    assert not Event.objects.exists()


def test_a_login_created_meanwhile_is_refused_not_a_crash(event, gm, monkeypatch):
    """Two GMs creating one username at once: the second save hits the unique
    username; it is a UserError, and nothing else of it is saved."""
    from heats.services import staff

    monkeypatch.setattr(staff, "_username_problems", lambda new: [])
    login("nia")
    with pytest.raises(UserError, match="the login 'nia' already exists"):
        create_login(event, "nia", GOOD_PASSWORD, "assistant", gm)
    assert staff_names(event) == (["gm"], [])
    assert not event.audit.exists()
