"""The client's address behind a proxy (medici_tourney/client.py): with
``MEDICI_PROXY_COUNT`` proxies, the address the last of them wrote into
X-Forwarded-For; never what the sender wrote there; with 0, REMOTE_ADDR only. The
login pause (django-axes) counts by it."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import RequestFactory
from django.urls import reverse

from medici_tourney.client import client_address

PROXY = "127.0.0.1"  # nginx on the same machine: every request's REMOTE_ADDR


def address(xff: str | None, remote: str = PROXY) -> str | None:
    meta = {"REMOTE_ADDR": remote}
    if xff is not None:
        meta["HTTP_X_FORWARDED_FOR"] = xff
    return client_address(RequestFactory().get("/", **meta))


def test_without_proxies_the_header_is_ignored(settings):
    settings.PROXY_COUNT = 0
    assert address("203.0.113.7") == PROXY
    assert address("203.0.113.7", remote="198.51.100.4") == "198.51.100.4"


def test_behind_one_proxy_the_address_it_appended_is_the_clients(settings):
    settings.PROXY_COUNT = 1
    assert address("203.0.113.7") == "203.0.113.7"
    assert address("192.168.1.23") == "192.168.1.23"  # a phone on the hotel LAN
    assert address("2001:db8::5") == "2001:db8::5"


def test_a_spoofed_prefix_counts_as_the_real_address(settings):
    settings.PROXY_COUNT = 1
    assert address("1.2.3.4, 203.0.113.7") == "203.0.113.7"
    assert address("not an address, 1.2.3.4, 203.0.113.7") == "203.0.113.7"


def test_behind_two_proxies_the_second_address_from_the_right(settings):
    # Client -> CDN (writes the client) -> nginx (writes the CDN) -> the app.
    settings.PROXY_COUNT = 2
    assert address("1.2.3.4, 203.0.113.7, 198.51.100.9") == "203.0.113.7"


def test_a_request_not_through_the_proxies_counts_as_its_connection(settings):
    settings.PROXY_COUNT = 2
    assert address(None, remote="198.51.100.4") == "198.51.100.4"
    assert address("203.0.113.7", remote="198.51.100.4") == "198.51.100.4"


def test_axes_counts_by_the_same_address(settings):
    from axes.helpers import get_client_ip_address

    settings.PROXY_COUNT = 1
    request = RequestFactory().get(
        "/", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="1.2.3.4, 203.0.113.7"
    )
    assert get_client_ip_address(request) == "203.0.113.7"


# --- the login pause behind a proxy ----------------------------------------------


@pytest.fixture
def gm_account(db, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    get_user_model().objects.create_user("gm", password="gm-password-1")


def log_in(client, password: str, xff: str):
    return client.post(
        reverse("login"),
        {"username": "gm", "password": password},
        REMOTE_ADDR=PROXY,
        HTTP_X_FORWARDED_FOR=xff,
    )


def test_a_guesser_behind_the_proxy_does_not_pause_the_gm(client, gm_account, settings):
    settings.PROXY_COUNT = 1
    tries = [log_in(client, f"wrong-{n}", "203.0.113.66") for n in range(50)]
    assert [r.status_code for r in tries] == [200] * 49 + [429]
    response = log_in(client, "gm-password-1", "192.168.1.23")
    assert response.status_code == 302  # logged in, from another phone
    assert log_in(client, "gm-password-1", "203.0.113.66").status_code == 429


def test_a_spoofed_header_does_not_escape_the_pause(client, gm_account, settings):
    settings.PROXY_COUNT = 1
    tries = [
        log_in(client, f"wrong-{n}", f"10.9.8.{n}, 203.0.113.66") for n in range(50)
    ]
    assert tries[-1].status_code == 429


def test_without_proxies_a_changing_header_does_not_escape_the_pause(
    client, gm_account, settings
):
    settings.PROXY_COUNT = 0
    tries = [log_in(client, f"wrong-{n}", f"203.0.113.{n}") for n in range(50)]
    assert tries[-1].status_code == 429
