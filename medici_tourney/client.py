"""The address a request came from, for everything that counts or records it: the
login pause (django-axes, ``AXES_CLIENT_IP_CALLABLE``), the players' report rate
limit and the address stored with a report (``scoring.views.reports``).

Words:

proxy count
    ``settings.PROXY_COUNT`` (``MEDICI_PROXY_COUNT``, default 0): how many proxies
    stand in front of the app, each appending the address it received the request
    from to ``X-Forwarded-For`` (nginx's ``$proxy_add_x_forwarded_for``).
client address
    With a proxy count of 0, the connection's own address (``REMOTE_ADDR``): the
    header is then a claim anyone can send, and is ignored. With N proxies, the
    N-th address from the right of ``X-Forwarded-For``: those N were written by the
    proxies; whatever stands further left came from the sender, who may have typed
    it to pass for someone else, so it is never read. A request that reached the
    app with fewer addresses in the header than proxies (not through them) counts
    as its ``REMOTE_ADDR``.

The header is read by django-ipware, whose ``proxy_count`` counts the proxies
written *after* the client in the header: with nginx appending, that is one fewer
than the proxies in front of the app.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from ipware import get_client_ip

FORWARDED_FOR = "HTTP_X_FORWARDED_FOR"


def client_address(request: HttpRequest) -> str | None:
    """The client address of ``request`` (see module doc), as text such as
    ``"203.0.113.7"`` or ``"2001:db8::1"``; None when the request has none (a
    Unix socket, a test request without ``REMOTE_ADDR``)."""
    remote = request.META.get("REMOTE_ADDR") or None
    proxies = settings.PROXY_COUNT
    if proxies <= 0 or not request.META.get(FORWARDED_FOR):
        return remote
    address, _routable = get_client_ip(
        request,
        proxy_count=proxies - 1,
        request_header_order=[FORWARDED_FOR],
        strict=False,  # more addresses than proxies: the sender's own, not read
        algorithm="modern",
    )
    return address or remote
