"""While the database cannot be reached, pages answer the site's "database
unavailable" page (medici_tourney/database_down.py): status 503, Retry-After, no
traceback, in the visitor's language; not the server error page."""

from __future__ import annotations

import html
from unittest import mock

import pytest
from django.db import InterfaceError, OperationalError, connection
from django.test import Client, RequestFactory
from django.urls import reverse

from medici_tourney.database_down import server_error

pytestmark = pytest.mark.django_db

GONE = "server closed the connection unexpectedly"
MESSAGE = (
    "The server cannot reach its database just now; it is probably restarting. "
    "Try again in a few seconds."
)


def page(response) -> str:
    return " ".join(html.unescape(response.content.decode()).split())


def database_gone(error: type[Exception] = OperationalError):
    """Every query from here on fails as when the database server is away."""
    return mock.patch.object(connection, "cursor", side_effect=error(GONE))


def assert_unavailable(response) -> None:
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    text = page(response)
    assert '<h1 class="h3 mb-3">Database unavailable</h1>' in text
    assert MESSAGE in text
    assert GONE not in text and "Traceback" not in text


@pytest.fixture
def gm_client(client, gm, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    client.force_login(gm)
    return client


def test_a_gm_page_says_the_database_is_unavailable(gm_client, event):
    url = reverse("heats:event-gm", kwargs={"event": event.slug})
    assert gm_client.get(url).status_code == 200
    with database_gone():
        response = gm_client.get(url)
    assert_unavailable(response)
    assert "Content-Security-Policy" in response


def test_a_save_while_the_connection_is_broken(gm_client, event):
    url = reverse("heats:round-create", kwargs={"event": event.slug})
    with database_gone(InterfaceError):
        assert_unavailable(gm_client.post(url, {"kind": "heat"}))


def test_with_debug_on_too(gm_client, event, settings):
    settings.DEBUG = True
    with database_gone():
        response = gm_client.get(reverse("heats:event-gm", kwargs={"event": "wbc"}))
    assert_unavailable(response)


def test_a_public_page_in_the_visitors_language(client, event):
    with database_gone():
        response = client.get(f"/e/{event.slug}/?lang=de")
    assert response.status_code == 503
    assert "Datenbank nicht erreichbar" in page(response)


class FailingMiddleware:
    """A middleware meeting the database's error, as the session's save may."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        raise OperationalError(GONE)


def test_an_error_in_a_middleware_gets_the_page_from_the_500_handler(settings):
    settings.DEBUG = False
    settings.MIDDLEWARE = [*settings.MIDDLEWARE, f"{__name__}.FailingMiddleware"]
    response = Client(raise_request_exception=False).get("/")
    assert_unavailable(response)


def test_the_500_handler_keeps_other_errors_as_they_were():
    request = RequestFactory().get("/")
    try:
        raise ValueError("a bug")
    except ValueError:
        response = server_error(request)
    assert response.status_code == 500
    assert "Something went wrong on the server" in response.content.decode()
