"""Text the database cannot store, typed into a form (issue 16, item 5).

A form sent in UTF-7 (``Content-Type: ...; charset=utf-7``, which Django honours)
carries a lone surrogate: ``+2AA-`` is U+D800. PostgreSQL cannot receive one
(UTF-8 cannot encode it) and answered with a 500; every text field of every form
now refuses it naming the field, the page shows the form again (the value with
U+FFFD in its place), and nothing is saved. The database tests run again on
PostgreSQL (``make test``)."""

from __future__ import annotations

import inspect

import pytest
from django import forms as django_forms
from django.urls import reverse

from heats import forms as heats_forms
from heats import staff_forms
from heats.forms import StorableTextForm
from heats.models import Player, Round, RoundKind
from scoring.forms import gm as scoring_forms
from scoring.forms.event import EventForm

BOUNDARY = "UtF7bOuNdArY"
REFUSED = (
    "The text holds U+D800, half of a UTF-16 surrogate pair and not a character, "
    "which cannot be saved."
)


def utf7(client, url: str, **fields: str):
    """POST ``fields`` as a form sent in UTF-7 (``multipart/form-data``: Django
    refuses a URL-encoded body in another character set than UTF-8, not this)."""
    parts = [
        f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'
        + value.encode("utf-7").decode("ascii")
        + "\r\n"
        for name, value in fields.items()
    ]
    body = ("".join(parts) + f"--{BOUNDARY}--\r\n").encode("ascii")
    content_type = f"multipart/form-data; boundary={BOUNDARY}; charset=utf-7"
    response = client.generic("POST", url, body, content_type)
    if response.status_code == 302:  # a GM action reports on the page it goes to
        return client.get(response["Location"])
    return response


def form_classes() -> list[type]:
    return [
        cls
        for module in (heats_forms, staff_forms, scoring_forms)
        for _, cls in inspect.getmembers(module, inspect.isclass)
        if issubclass(cls, django_forms.BaseForm)
        and cls.__module__ == module.__name__
        and cls is not StorableTextForm
    ]


def test_utf7_carries_a_lone_surrogate_into_a_form():
    assert "Ann\ud800".encode("utf-7") == b"Ann+2AA-"


@pytest.mark.parametrize("cls", form_classes(), ids=lambda cls: cls.__name__)
def test_every_form_of_the_apps_refuses_text_the_database_cannot_store(cls):
    assert issubclass(cls, StorableTextForm)


@pytest.mark.parametrize(
    ("form", "field"),
    [
        (heats_forms.CheckInForm, "name"),
        (heats_forms.CheckInForm, "badge"),
        (heats_forms.PasteForm, "text"),
        (heats_forms.SeatForm, "seed"),
        (staff_forms.LoginCreateForm, "password1"),
        (scoring_forms.ScoresheetForm, "text"),
        (scoring_forms.ResultsImportForm, "text"),
        (EventForm, "name"),
        (scoring_forms.TieForm, "reason"),
    ],
)
def test_a_surrogate_in_a_text_field_is_refused_naming_the_field(form, field):
    data = {"name": "Ann", "text": "Ann", "reason": "GM", field: "Ann \ud800 Lee"}
    bound = form(data=data)
    assert not bound.is_valid()
    assert bound.errors[field] == [REFUSED]
    assert bound[field].value() == "Ann \ufffd Lee"  # shown back, sendable


@pytest.mark.django_db
def test_a_utf7_check_in_is_read_as_utf8_and_no_surrogate_is_saved(client, event, gm):
    """``medici_tourney.utf8``: the declared charset is ignored, the bytes are read
    as UTF-8 (what every page of the app sends), so ``+2AA`` stays those
    characters and U+D800 never reaches a form or the database."""
    heat = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    client.force_login(gm)
    url = reverse("heats:round-checkin", kwargs={"event": "wbc", "round": heat.code})
    response = utf7(client, url, name="Ann\ud800 Lee")
    assert response.status_code == 200
    sent = "Ann\ud800 Lee".encode("utf-7").decode("ascii")  # "Ann+2AA Lee"
    assert list(Player.objects.values_list("name", flat=True)) == [sent]


@pytest.mark.django_db
def test_a_utf7_login_and_search_answer_without_a_surrogate(client, event, gm):
    """Django's own login form and a query parameter: on PostgreSQL the login's
    failed-attempt record (django-axes) and the search were where a surrogate
    could still reach the database."""
    response = utf7(client, reverse("login"), username="gm\ud800", password="x")
    assert response.status_code == 200
    assert "\ud800" not in response.content.decode()
    client.force_login(gm)
    search = reverse("heats:player-search", kwargs={"event": "wbc"})
    found = client.get(search, {"q": "+2AA-"}, CONTENT_TYPE="text/plain; charset=utf-7")
    assert found.status_code == 200


@pytest.mark.django_db
def test_the_new_event_form_refuses_a_surrogate_and_shows_the_form_again(
    django_user_model,
):
    """The forms' own rule (``StorableTextForm``), behind the middleware."""
    data = {"name": "Medici \ud800", "slug": "origins", "rules": "wbc"}
    data.update(heat_minutes="55", first_mark_minutes="20", second_mark_minutes="35")
    data.update(call_minutes="53", seat_after_minutes="2", min_late_table="5")
    data.update(seating_policy="five-first", timer_seconds="240")
    data.update(late_timer_seconds="120")
    form = EventForm(data=data)
    assert not form.is_valid()
    assert form.errors["name"] == [REFUSED]
