"""Which language a page speaks (Django's i18n; tournament.md has no word on it:
the rule is ours).

Languages: English (the default), German, French and Simplified Chinese
(``settings.LANGUAGES``); catalogues in ``locale/``.

The language of a request, first that applies:

1. ``?lang=<code>`` on a public page (the kiosk's own address says it, so a screen
   can be set once: ``/e/<event>/kiosk/?lang=de``);
2. the visitor's choice from the language menu, remembered in the
   ``django_language`` cookie (not on the kiosk, which is a screen of the room and
   follows the event);
3. on an event's public pages, the event's language (``Event.language``), made
   current where the view loads the event (:func:`use_event_language`);
4. on the GM pages, English (the GM pages' catalogues are English; other
   languages may follow); on every other page (the list of events, log in,
   errors), the browser's ``Accept-Language``.

The public pages' caches key every page by :func:`requested_language` (the
first two rules, a code of ``settings.LANGUAGES`` or ``""``: nothing else a
visitor sends picks the key); the third changes with the event's version, which
is in the key already. Both caches read the cookie with Django's parser, the one
the page is rendered by (:func:`environ_language`). So a German page is never
served to an English visitor.

Choosing is a POST (:func:`choose_language`, Django's own ``set_language``
without the CSRF check: it sets only the visitor's own cookie, and the cached
public pages cannot carry a CSRF token).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from contextvars import ContextVar
from urllib.parse import parse_qsl
from wsgiref.types import WSGIEnvironment

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.http.cookie import parse_cookie
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

PARAM = "lang"
EVENT_PAGE = re.compile(r"^/e/[-a-zA-Z0-9_]+/")
GM_PAGE = re.compile(r"^/e/[-a-zA-Z0-9_]+/gm/")
KIOSK_PAGE = re.compile(r"^/e/[-a-zA-Z0-9_]+/kiosk/")
# True while the request is an event's public page whose language nobody chose.
_event_decides: ContextVar[bool] = ContextVar("event_decides", default=False)


def supported(code: str | None) -> str | None:
    """``code`` as one of ``settings.LANGUAGES`` ("de-DE" -> "de", "zh-Hans" ->
    "zh-hans"), None when it is none of them."""
    if not code or len(code) > 20:
        return None
    try:
        return translation.get_supported_language_variant(code.strip().lower())
    except LookupError:
        return None


def requested_language(path: str, lang: str | None, cookie: str | None) -> str:
    """The language a public page at ``path`` was asked for: ``?lang=`` (``lang``),
    else the menu's cookie (``cookie``; not on the kiosk); ``""`` for neither (the
    event's or the browser's decides). A code outside ``settings.LANGUAGES`` is
    no choice."""
    chosen = supported(lang)
    if chosen is None and not KIOSK_PAGE.match(path):
        chosen = supported(cookie)
    return chosen or ""


def request_language(request: HttpRequest) -> str:
    """:func:`requested_language` of a Django request."""
    return requested_language(
        request.path_info,
        request.GET.get(PARAM),
        request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME),
    )


def environ_language(environ: WSGIEnvironment) -> str:
    """:func:`requested_language` of a WSGI environ (``PublicPagesWSGI``), read
    exactly as Django reads the request: the query as ``request.GET`` (its last
    ``lang``, blank values kept) and the cookie header with Django's own parser
    (``request.COOKIES``), so the language a stored answer is keyed by is the
    one Django rendered it in (``Cookie: foo; django_language=de``, which another
    parser may read as no cookie, is German to both)."""
    try:
        query = dict(parse_qsl(environ.get("QUERY_STRING", ""), keep_blank_values=True))
    except ValueError:
        query = {}
    cookies = parse_cookie(environ.get("HTTP_COOKIE", ""))
    return requested_language(
        environ.get("PATH_INFO", ""),
        query.get(PARAM),
        cookies.get(settings.LANGUAGE_COOKIE_NAME),
    )


def use_event_language(event: object) -> None:
    """On an event's public page whose language nobody chose, make the event's
    language (``event.language``) the current one. Called where a view loads the
    event (with its time zone)."""
    if _event_decides.get():
        translation.activate(supported(getattr(event, "language", "")) or "en")


class LanguageMiddleware:
    """Makes the request's language current (see the module docstring) and ends
    every request in the default language; answers carry ``Content-Language``
    and vary by ``Cookie`` and ``Accept-Language``."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        path = request.path_info
        gm = GM_PAGE.match(path) is not None
        chosen = (
            supported(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))
            if gm
            else request_language(request)
        )
        public_event = EVENT_PAGE.match(path) is not None and not gm
        if chosen:
            language = chosen
        elif public_event or gm:
            language = settings.LANGUAGE_CODE
        else:
            language = translation.get_language_from_request(request)
        token = _event_decides.set(public_event and not chosen)
        translation.activate(language)
        request.LANGUAGE_CODE = language
        try:
            response = self.get_response(request)
            response.headers.setdefault("Content-Language", translation.get_language())
            patch_vary_headers(response, ("Accept-Language", "Cookie"))
            return response
        finally:
            _event_decides.reset(token)
            translation.deactivate()


@csrf_exempt
@require_POST
def choose_language(request: HttpRequest) -> HttpResponse:
    """The language menu's POST: ``language`` (a code of ``settings.LANGUAGES``)
    and ``next`` (the page to return to); Django's ``set_language`` sets the
    cookie and redirects (to ``/`` when ``next`` is not this site's)."""
    return set_language(request)
