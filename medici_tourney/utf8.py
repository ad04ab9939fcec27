"""Every request is read as UTF-8, whatever character set it declares.

Django honours a ``charset`` in a request's Content-Type when it decodes the query
string and the form fields; UTF-7 (``+2AA-``) then smuggles in a lone surrogate,
which PostgreSQL cannot store and which no page of this app ever sends (they are
all UTF-8). The app's forms refuse such text anyway (``heats.core.storable``);
this also covers Django's own forms (login, password) and query parameters such
as the check-in search: read as UTF-8, bytes that are not UTF-8 become U+FFFD.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

UTF8 = {"utf-8", "utf8"}


class Utf8RequestMiddleware:
    """Sets ``request.encoding`` to UTF-8 when the request declared another one,
    before anything reads its fields."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        declared = (request.encoding or "utf-8").lower()
        if declared not in UTF8:
            request.encoding = "utf-8"
        return self.get_response(request)
