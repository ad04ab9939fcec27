"""The current time zone lasts one request.

An app's views make the time zone of what they show the current one
(``django.utils.timezone.activate``: an event's pages are in the event's zone).
Django keeps it per thread, so a server thread's next request would inherit it:
:class:`ZoneResetMiddleware` starts and ends every request in the default zone,
the ``TIME_ZONE`` setting.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import timezone


class ZoneResetMiddleware:
    """Every request starts and ends in the default time zone."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
