"""Django's gzip middleware, made safe above WhiteNoise's static files.

Words:

range answer
    A 206 response (``Content-Range``): the bytes of the file a ``Range``
    request names. Gzipping it would send other bytes under the same
    ``Content-Range``, and a browser that joins the parts gets a broken file.
packed type
    A content type whose bytes are compressed already (WOFF2 fonts, images,
    PDFs, XLSX and ZIP files): gzip makes them larger (a CJK font slice, 10,372
    bytes, went as 10,457) and costs the server the work.
weakened ETag
    Django's gzip middleware marks the ETag of what it compresses weak
    (``W/"…"``). The browser sends it back in ``If-None-Match``; WhiteNoise
    compares that header with its own strong ETag character for character, so
    the file was sent again whole, never answered 304. If-None-Match compares
    ETags weakly (RFC 9110, 13.1.2), so the request's ``W/`` marks are dropped
    before WhiteNoise reads them.
accepted
    A request accepts gzip when its ``Accept-Encoding`` names ``gzip`` or
    ``x-gzip`` (in any case) with a weight other than ``q=0`` (RFC 9110,
    12.4.2 and 12.5.3: "not acceptable"). Django's middleware looked for the
    word "gzip" anywhere, case and weight aside; the request's header is
    rewritten as ``gzip`` or blank, so every layer below reads the same
    answer (:func:`accepts_gzip`, used by the public pages' caches too).
"""

from __future__ import annotations

import re

from django.http import HttpRequest, HttpResponseBase
from django.middleware.gzip import GZipMiddleware as DjangoGZipMiddleware

PACKED_TYPES = re.compile(
    r"\s*(font/woff2?|image/(?!svg)|application/(pdf|zip|gzip|x-7z|vnd\.openxml))",
    re.IGNORECASE,
)
WEAK = re.compile(r'(^|,)\s*W/(?=")')
WEIGHT = re.compile(r";\s*q\s*=\s*([0-9.]*)", re.IGNORECASE)


def accepts_gzip(header: str) -> bool:
    """Whether an ``Accept-Encoding`` header accepts gzip (module docstring,
    *accepted*)."""
    for part in header.split(","):
        coding, _, weight = part.partition(";")
        if coding.strip().lower() not in ("gzip", "x-gzip"):
            continue
        found = WEIGHT.match(";" + weight)
        try:
            return found is None or float(found[1]) > 0
        except ValueError:  # "q=." or "q=": no weight a client meant
            return False
    return False


class GZipMiddleware(DjangoGZipMiddleware):
    """Django's ``GZipMiddleware`` that leaves range answers and packed types
    as they are and reads a weakened ETag in ``If-None-Match`` as the ETag it
    weakened (module docstring)."""

    def process_request(self, request: HttpRequest) -> None:
        """Drop the ``W/`` marks of the request's ``If-None-Match``; its
        ``Accept-Encoding`` as ``gzip`` or blank (module docstring)."""
        accepted = accepts_gzip(request.META.get("HTTP_ACCEPT_ENCODING", ""))
        request.META["HTTP_ACCEPT_ENCODING"] = "gzip" if accepted else ""
        match = request.META.get("HTTP_IF_NONE_MATCH")
        if match:
            request.META["HTTP_IF_NONE_MATCH"] = WEAK.sub(r"\1", match)

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        """The response gzipped as Django's middleware does, unless it is a
        range answer or of a packed type."""
        if response.status_code == 206 or response.has_header("Content-Range"):
            return response
        if PACKED_TYPES.match(response.get("Content-Type", "")):
            return response
        compressed: HttpResponseBase = super().process_response(request, response)
        return compressed
