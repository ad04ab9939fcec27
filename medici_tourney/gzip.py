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


class GZipMiddleware(DjangoGZipMiddleware):
    """Django's ``GZipMiddleware`` that leaves range answers and packed types
    as they are and reads a weakened ETag in ``If-None-Match`` as the ETag it
    weakened (module docstring)."""

    def process_request(self, request: HttpRequest) -> None:
        """Drop the ``W/`` marks of the request's ``If-None-Match``."""
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
