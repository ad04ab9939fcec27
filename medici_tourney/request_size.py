"""A form sent with more text than Django reads (``DATA_UPLOAD_MAX_MEMORY_SIZE``,
2.5 MB by default, file uploads not counted) gets the site's 400 page with a message
naming the limit, status 413, instead of Django's bare 400: a GM who pastes a whole
convention's results learns why nothing happened and what to do.

Such a request is answered before the CSRF check and the view, which could not read
its fields either; nothing is saved.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from heats.core.files import size_message

ADVICE = "nothing was saved. Split it and send the parts one at a time"


class RequestSizeMiddleware:
    """Answers a POST whose fields are over Django's limit with :func:`too_large`."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "POST":
            try:
                request.POST  # noqa: B018 (reads the fields, as the CSRF check would)
            except RequestDataTooBig:
                return too_large(request)
        return self.get_response(request)


def too_large(request: HttpRequest) -> HttpResponse:
    """The site's 400 page saying the text sent is over the limit, status 413."""
    reason = size_message(settings.DATA_UPLOAD_MAX_MEMORY_SIZE, "The text sent", ADVICE)
    context = {"title": "Too much at once", "reason": reason}
    return render(request, "400.html", context, status=413)
