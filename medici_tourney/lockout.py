"""The page a login locked out by django-axes gets (settings: "Logins").

Axes pauses logins for one username from one address after ``AXES_FAILURE_LIMIT``
wrong passwords, until ``AXES_COOLOFF_TIME`` after the last wrong one it counted.
This page says so in plain words, with the clock time to try again.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from axes.helpers import get_client_username, get_cool_off, get_failure_limit
from axes.models import AccessAttempt
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

TEMPLATE = "registration/locked_out.html"


def retry_time(username: str, ip_address: str | None, cool_off: timedelta) -> datetime:
    """When logins for ``username`` from ``ip_address`` open again: the last
    counted wrong password plus the cool-off (now plus the cool-off when none is
    on record, e.g. after ``axes_reset``)."""
    last = (
        AccessAttempt.objects.filter(username=username, ip_address=ip_address)
        .order_by("-attempt_time")
        .values_list("attempt_time", flat=True)
        .first()
    )
    return (last or timezone.now()) + cool_off


def locked_out(
    request: HttpRequest,
    original_response: HttpResponse | None = None,
    credentials: dict[str, Any] | None = None,
) -> HttpResponse:
    """``AXES_LOCKOUT_CALLABLE``: the locked-out page, status 429."""
    username = get_client_username(request, credentials) or ""
    cool_off = get_cool_off(request) or timedelta(0)
    until = retry_time(username, getattr(request, "axes_ip_address", None), cool_off)
    context = {
        "username": username,
        "failure_limit": get_failure_limit(request, credentials),
        "minutes": round(cool_off.total_seconds() / 60),
        "until": until,
    }
    return render(request, TEMPLATE, context, status=429)
