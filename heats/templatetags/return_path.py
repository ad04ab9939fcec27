"""``{% return_path as back %}``: the page an error page's "Log in" link
returns to after the login (its ``next``).

For a GET, the page itself. A refused POST (a button pressed after the session
ended) has no page of its own to return to (its address takes POSTs only): the
page its form was on is, read from the ``Referer`` when it is this site's.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from django import template
from django.template import Context
from django.utils.http import url_has_allowed_host_and_scheme

register = template.Library()


@register.simple_tag(takes_context=True)
def return_path(context: Context) -> str:
    """The path (and query) to return to after logging in; "" when none is
    known (a POST without a ``Referer`` of this site)."""
    request = context.get("request")
    if request is None:
        return ""
    if request.method == "GET":
        return str(request.get_full_path())
    referer = str(request.headers.get("referer", ""))
    if not url_has_allowed_host_and_scheme(
        referer, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return ""
    parts = urlsplit(referer)
    return parts.path + (f"?{parts.query}" if parts.query else "")
