"""While the database cannot be reached (stopped, restarting, its connection cut,
SQLite's file locked past its timeout), a page that needs it answers the site's
"database unavailable" page, status 503 with ``Retry-After``, not the server
error page: the database is expected back, and the person should try again.

Words:

database unavailable
    Django's ``OperationalError`` or ``InterfaceError`` (psycopg's and sqlite3's
    connection errors reach the app as these).

Such an error reaches Django's handler two ways, and both end here: raised by a
view or the rendering of its template, it is answered by
:class:`DatabaseDownMiddleware` (with ``DEBUG`` on too); raised by a middleware
(the session's save, the public pages' version read), Django calls the project's
500 handler, :func:`server_error` (``handler500`` in medici_tourney/urls.py). The
page is ``templates/503.html``, rendered without the request: no session, user
or message is read, since each would ask the database again. The error and its
traceback go to the log, never to the page.

Once the database is back, the next request works: a kept connection is tested
before use (``CONN_HEALTH_CHECKS``, settings.py) and a broken one is closed at the
end of the request that met it (Django's ``close_old_connections``).
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.views import defaults

# Seconds a browser or script is asked to wait before trying again: about what a
# database restart takes.
RETRY_AFTER = 5
UNAVAILABLE = (OperationalError, InterfaceError)
# Marks the page as this one, so the public caches may answer their last
# rendering instead (medici_tourney.public_cache, "database down").
HEADER = "X-Database-Unavailable"
logger = logging.getLogger(__name__)


def unavailable() -> HttpResponse:
    """The "database unavailable" page: status 503, ``Retry-After``."""
    response = HttpResponse(render_to_string("503.html"), status=503)
    response["Retry-After"] = str(RETRY_AFTER)
    response[HEADER] = "1"
    return response


def database_down(response: HttpResponse) -> bool:
    """Whether ``response`` is :func:`unavailable`'s page."""
    return response.status_code == 503 and response.has_header(HEADER)


class DatabaseDownMiddleware:
    """Answers a view's database-unavailable error with :func:`unavailable`."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(
        self, request: HttpRequest, exception: Exception
    ) -> HttpResponse | None:
        if not isinstance(exception, UNAVAILABLE):
            return None
        logger.error(
            "Database unavailable: %s %s",
            request.method,
            request.path,
            exc_info=exception,
        )
        return unavailable()


def server_error(request: HttpRequest) -> HttpResponse:
    """Django's 500 handler, but :func:`unavailable` when the error being handled
    is the database's (Django calls it inside its ``except``)."""
    if isinstance(sys.exc_info()[1], UNAVAILABLE):
        return unavailable()
    return defaults.server_error(request)
