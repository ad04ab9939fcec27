"""An event's staff read: its GMs and assistant GMs, and a login found by its
username. The words are defined in ``heats.services.staff``, which changes the
staff and creates logins.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.utils.translation import gettext as _

from heats.core.errors import UserError
from heats.models import Event

GM, ASSISTANT = "gm", "assistant"


def staff_of(event: Event) -> dict[str, list[User]]:
    """``{"gm": [users], "assistant": [users]}``, each by username."""
    return {
        GM: list(event.gms.order_by("username")),
        ASSISTANT: list(event.assistants.order_by("username")),
    }


def find_login(username: str) -> User:
    """The user called ``username`` (exactly, spaces around ignored); UserError
    when there is none."""
    name = username.strip()
    try:
        return get_user_model().objects.get(username=name)
    except get_user_model().DoesNotExist:
        raise UserError(
            _("No login %(name)s: check the spelling, or create the login first.")
            % {"name": repr(name)}
        ) from None
