"""Account pages at ``/accounts/``: django.contrib.auth's own, except that the
password-reset pages exist only when the server can send e-mail.

Without e-mail a reset link could never arrive, so the four reset URLs answer 404
with a message saying who can set a new password, and the login page shows no
"Forgot your password?" link. E-mail is configured by ``DJANGO_EMAIL_HOST``
(settings: "Logins").
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.contrib.auth import urls as auth_urls
from django.contrib.auth import views
from django.http import Http404, HttpRequest
from django.http.response import HttpResponseBase
from django.urls import URLPattern, URLResolver, path
from django.utils.translation import gettext_lazy

RESET_NAMES = frozenset(
    {
        "password_reset",
        "password_reset_done",
        "password_reset_confirm",
        "password_reset_complete",
    }
)
NO_EMAIL = gettext_lazy(
    "Password reset is off: this server sends no e-mail. Whoever runs it can set "
    "a new password with manage.py changepassword NAME."
)


def email_configured() -> bool:
    """True when a mail server is set (``DJANGO_EMAIL_HOST``), read per request."""
    return bool(settings.EMAIL_HOST)


def needs_email(
    view: Callable[..., HttpResponseBase],
) -> Callable[..., HttpResponseBase]:
    """``view``, or a 404 saying why while no e-mail is configured."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if not email_configured():
            raise Http404(str(NO_EMAIL))  # the 404 page shows a str only
        return view(request, *args, **kwargs)

    return wrapped


class LoginView(views.LoginView):
    """Django's login page; ``password_reset`` in its context says whether to
    offer the "Forgot your password?" link."""

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(password_reset=email_configured(), **kwargs)


def _account_url(pattern: URLPattern | URLResolver) -> URLPattern | URLResolver:
    if isinstance(pattern, URLResolver):  # an included list: auth's has none
        return pattern
    if pattern.name == "login":
        return path("login/", LoginView.as_view(), name="login")
    if pattern.name is not None and pattern.name in RESET_NAMES:
        return path(
            str(pattern.pattern), needs_email(pattern.callback), name=pattern.name
        )
    return pattern


urlpatterns = [_account_url(pattern) for pattern in auth_urls.urlpatterns]
