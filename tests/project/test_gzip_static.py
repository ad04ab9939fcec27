"""The gzip middleware (medici_tourney.gzip) over WhiteNoise's static files: a
byte range goes as the bytes it names, a file already compressed (a font) goes
as it is, and a browser's If-None-Match with the weakened ETag gets 304."""

import gzip

import pytest
from django.test import Client

# Closing a response ends its request (request_finished), which checks the
# database connection another test may have left open.
pytestmark = pytest.mark.django_db

FONT = "/static/fonts/cjk-a01.woff2"
CSS = "/static/css/fonts.css"


def body(response) -> bytes:
    """The response's bytes as sent; the file it streams from is closed."""
    try:
        if response.streaming:
            return b"".join(response.streaming_content)
        return bytes(response.content)
    finally:
        response.close()


@pytest.fixture
def client() -> Client:
    return Client(HTTP_ACCEPT_ENCODING="gzip, deflate, br")


@pytest.mark.parametrize("path", [FONT, CSS])
def test_a_range_goes_as_the_bytes_it_names(client, path):
    whole = body(Client().get(path))
    response = client.get(path, HTTP_RANGE="bytes=0-99")
    assert response.status_code == 206
    assert response["Content-Range"] == f"bytes 0-99/{len(whole)}"
    assert not response.has_header("Content-Encoding")
    assert body(response) == whole[:100]


def test_a_font_goes_as_it_is_not_gzipped_again(client):
    response = client.get(FONT)
    plain = body(Client().get(FONT))
    assert not response.has_header("Content-Encoding")
    assert body(response) == plain


def test_the_style_sheet_is_gzipped(client):
    response = client.get(CSS)
    assert response["Content-Encoding"] == "gzip"
    assert gzip.decompress(body(response)) == body(Client().get(CSS))


@pytest.mark.parametrize("path", [FONT, CSS])
def test_the_etag_the_browser_got_gives_not_modified(client, path):
    first = client.get(path)
    body(first)
    again = client.get(path, HTTP_IF_NONE_MATCH=first["ETag"])
    body(again)
    assert again.status_code == 304


@pytest.mark.parametrize(
    ("accept", "gzipped"),
    [
        ("gzip", True),
        ("GZip, deflate", True),  # coding names are case-insensitive
        ("deflate, x-gzip;q=0.5", True),
        ("gzip;q=0", False),  # q=0: not acceptable (RFC 9110, 12.4.2)
        ("gzip; q=0.000, deflate", False),
        ("identity", False),
        ("br", False),
    ],
)
@pytest.mark.parametrize("page", ["/e/wbc/", "/accounts/login/"])
def test_pages_are_gzipped_only_for_a_client_that_accepts_it(
    event, page, accept, gzipped
):
    response = Client(HTTP_ACCEPT_ENCODING=accept).get(page)
    assert response.status_code == 200
    assert (response.get("Content-Encoding") == "gzip") is gzipped
    assert "Accept-Encoding" in response["Vary"]
