"""The Content-Security-Policy on every response (``CONTENT_SECURITY_POLICY``).

django-csp's middleware, first in ``MIDDLEWARE`` so that it also sees the answers
the middleware under it make without a view (a bad ``Host`` header's 400, a static
file, a cached public page), and without django-csp's exemption of Django's debug
404 and 500 pages: those pages then lose their inline style, and no response of the
app goes out without the policy.
"""

from __future__ import annotations

from dataclasses import asdict

from csp.constants import HEADER
from csp.middleware import CSPMiddleware
from csp.utils import build_policy
from django.http import HttpRequest
from django.http.response import HttpResponseBase


class PolicyMiddleware(CSPMiddleware):
    """django-csp's ``CSPMiddleware``, setting the policy on debug error pages too."""

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        """The response with the policy header, unless a view exempted it
        (``csp_exempt``) or set its own."""
        response = super().process_response(request, response)
        if HEADER in response or getattr(response, "_csp_exempt", False):
            return response
        policy = build_policy(
            **asdict(self.get_policy_parts(request=request, response=response))
        )
        if policy:
            response[HEADER] = policy
        return response
