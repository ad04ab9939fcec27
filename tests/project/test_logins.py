"""Logins (issue 7, item 5): 50 wrong passwords pause one username from one
address for 15 minutes (django-axes, settings "Logins"); the page says until when;
other GMs on the same network still log in; the pause ends by itself or by
``manage.py axes_reset``."""

from __future__ import annotations

from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

pytestmark = pytest.mark.django_db

CONVENTION = ZoneInfo("America/New_York")


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.TIME_ZONE = "America/New_York"


@pytest.fixture
def clock(monkeypatch):
    """The time django-axes gives each login attempt: ``start`` (the real time, as
    axes stamps a new record with it) until a test moves ``now`` by hand."""
    start = timezone.now().replace(microsecond=0)
    state = {"start": start, "now": start}
    monkeypatch.setattr("axes.handlers.proxy.now", lambda: state["now"])
    return state


@pytest.fixture
def gms(db):
    users = get_user_model().objects
    users.create_user("gm", password="gm-password-1")
    users.create_user("gm2", password="gm2-password-1")
    users.create_superuser("boss", password="boss-password-1")


def log_in(client, username: str, password: str, url: str = ""):
    return client.post(
        url or reverse("login"), {"username": username, "password": password}
    )


def logged_in_as(client) -> str | None:
    user = get_user_model().objects.filter(pk=client.session.get("_auth_user_id"))
    return user.values_list("username", flat=True).first()


def wrong_passwords(client, username: str, count: int, url: str = "") -> list[int]:
    """Status codes of ``count`` logins with wrong passwords."""
    return [
        log_in(client, username, f"wrong-{n}", url).status_code for n in range(count)
    ]


def test_fifty_wrong_passwords_pause_the_right_one(client, gms, clock):
    # The form asks again 49 times; the 50th wrong password starts the pause.
    assert wrong_passwords(client, "gm", 50) == [200] * 49 + [429]
    clock["now"] = clock["start"] + timedelta(minutes=5)
    response = log_in(client, "gm", "gm-password-1")
    assert response.status_code == 429
    assert logged_in_as(client) is None
    page = response.content.decode()
    assert "Login paused for 15 minutes" in page
    assert "There were 50 wrong passwords for “gm” from this network" in " ".join(
        page.split()
    )
    # 15 minutes after the 50th wrong password, in the convention's time.
    retry = (clock["start"] + timedelta(minutes=15)).astimezone(CONVENTION)
    assert f'<strong id="retry-at">{retry:%H:%M}</strong>' in page
    assert "manage.py axes_reset_username gm" in page


def test_forty_nine_wrong_passwords_do_not_pause(client, gms, clock):
    assert wrong_passwords(client, "gm", 49) == [200] * 49
    assert log_in(client, "gm", "gm-password-1").status_code == 302
    assert logged_in_as(client) == "gm"


def test_another_gm_on_the_same_network_still_logs_in(client, gms, clock):
    wrong_passwords(client, "gm", 50)
    assert log_in(client, "gm2", "gm2-password-1").status_code == 302
    assert logged_in_as(client) == "gm2"


def test_the_pause_ends_after_fifteen_minutes(client, gms, clock):
    wrong_passwords(client, "gm", 50)
    clock["now"] = clock["start"] + timedelta(minutes=10)
    # Tries during the pause do not move its end.
    assert log_in(client, "gm", "still-wrong").status_code == 429
    clock["now"] = clock["start"] + timedelta(minutes=15, seconds=1)
    assert log_in(client, "gm", "gm-password-1").status_code == 302
    assert logged_in_as(client) == "gm"


def test_axes_reset_lifts_the_pause_at_once(client, gms, clock):
    wrong_passwords(client, "gm", 50)
    call_command("axes_reset")
    assert log_in(client, "gm", "gm-password-1").status_code == 302
    assert logged_in_as(client) == "gm"


def test_the_admin_login_is_paused_too(client, gms, clock):
    admin_login = reverse("admin:login")
    wrong_passwords(client, "boss", 50, admin_login)
    response = log_in(client, "boss", "boss-password-1", admin_login)
    assert response.status_code == 429
    assert logged_in_as(client) is None
