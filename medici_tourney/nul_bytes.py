"""A request holding a NUL character (U+0000, sent as ``%00``) in its path, its
query string, its form fields (their names and values) or its cookies
is answered with the site's 400 page before anything else reads it.

No page of the app sends one, no text the app stores may hold one
(``heats.core.storable``), and PostgreSQL refuses it even as a query's parameter:
without this check ``/timer/?event=%00`` or a report link with ``%00`` in its
token were server errors there. The check runs before the public pages' cache
(settings.py, ``MIDDLEWARE``), so neither it nor any view meets such a request;
the contents of uploaded files are not read (a spreadsheet holds NUL bytes).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from django.utils.translation import gettext

from medici_tourney.request_size import too_large

NUL = "\x00"


class NulRequestMiddleware:
    """Answers a request holding a NUL character with :func:`refused`."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            where = nul_place(request)
        except RequestDataTooBig:
            # The fields are read here first; their size gets its own page.
            return too_large(request)
        if where is not None:
            return refused(request, where)
        return self.get_response(request)


def nul_place(request: HttpRequest) -> str | None:
    """Where ``request`` holds a NUL character, as a sentence for its page, or None
    when it holds none. Looked at: the path and the query string's names and values
    (percent-decoded), the cookies, and for a POST the form fields' names and
    values (Django leaves NUL out of uploaded files' names itself)."""
    if NUL in request.path or _holding(request.GET.lists()):
        return gettext("The address holds a NUL character (a zero byte)")
    if request.method == "POST":
        name = _holding(request.POST.lists())
        if name:
            return gettext(
                "The form’s field “%(name)s” holds a NUL character (a zero byte)"
            ) % {"name": name}
    name = _holding((k, [v]) for k, v in request.COOKIES.items())
    if name:
        return gettext("The cookie “%(name)s” holds a NUL character (a zero byte)") % {
            "name": name
        }
    return None


def _holding(fields: Iterable[tuple[str, list[str]]]) -> str:
    """The name (NUL characters left out) of the first field whose name or a value
    holds a NUL character; ``""`` for none."""
    for name, values in fields:
        if NUL in name or any(NUL in value for value in values):
            return name.replace(NUL, "") or "\\0"
    return ""


def refused(request: HttpRequest, where: str) -> HttpResponse:
    """The site's 400 page saying ``where`` (:func:`nul_place`) and that no page
    accepts it; the page's own links (the language menu's return address) leave
    the request's path and query out."""
    request.path = request.path.replace(NUL, "")
    request.GET = QueryDict()
    reason = gettext(
        "%(where)s, which no page of this site accepts: nothing was read or saved. "
        "Check the link, or retype what was pasted into the form."
    ) % {"where": where}
    return render(request, "400.html", {"reason": reason}, status=400)
