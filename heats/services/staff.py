"""An event's staff: its GMs and assistant GMs, and the logins a GM creates for them.

Words (tournament.md, "What people see"): a *GM* runs the event; an *assistant* (an
assistant GM) checks players in and enters results. A *login* is a Django user
(username and password). Only the event's GMs manage its staff
(``permissions.MANAGE_STAFF``); every change goes to the audit log. A superuser is a
GM of every event without being listed, so the event's listed GMs are the ones
counted when the last GM would be removed.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from heats.core.errors import UserError
from heats.models import (
    AuditAction,
    Event,
    model_field,
)
from heats.permissions import (
    MANAGE_STAFF,
    Actor,
    require,
)
from heats.queries.staff import ASSISTANT, GM, find_login
from heats.queries.versions import (
    Topic,
    require_current,
)
from heats.services.audit import (
    lock,
    log,
)

ROLES = {GM: "a GM", ASSISTANT: "an assistant GM"}


def _staff_state(event: Event) -> dict[str, list[int]]:
    return {
        GM: sorted(event.gms.values_list("pk", flat=True)),
        ASSISTANT: sorted(event.assistants.values_list("pk", flat=True)),
    }


STAFF = Topic(
    gettext_lazy("the event's staff"),
    _staff_state,
    (AuditAction.STAFF, AuditAction.LOGIN),
)
"""The staff as the Staff page's forms show it (``versions``)."""


def _check_role(role: str) -> None:
    if role not in ROLES:
        raise UserError(
            _("Unknown role %(role)s: 'gm' or 'assistant'.") % {"role": repr(role)}
        )


@transaction.atomic
def add_staff(
    event: Event,
    username: str,
    role: str,
    user: Actor = None,
    version: str | None = None,
) -> User:
    """Make the login ``username`` a GM (``role="gm"``) or an assistant GM
    (``"assistant"``) of ``event``; returns that user.

    A GM made an assistant, or an assistant made a GM, changes role (one role per
    person); the last GM cannot become an assistant. UserError for an unknown login
    or role; ``StaleFormError`` when the staff changed since ``version`` (the
    Staff page's ``form_version``); ``NotAllowed`` unless ``user`` is a GM.
    """
    require(event, user, MANAGE_STAFF)
    _check_role(role)
    lock(event)
    require_current(event, STAFF, version)
    member = find_login(username)
    name = member.get_username()
    if role == GM:
        if event.gms.filter(pk=member.pk).exists():
            raise UserError(
                _("%(name)s is already a GM of %(event)s.")
                % {"name": name, "event": event.name}
            )
        event.assistants.remove(member)
        event.gms.add(member)
    else:
        if event.assistants.filter(pk=member.pk).exists():
            raise UserError(
                _("%(name)s is already an assistant GM of %(event)s.")
                % {"name": name, "event": event.name}
            )
        _keep_a_gm(event, member)
        event.gms.remove(member)
        event.assistants.add(member)
    log(event, user, AuditAction.STAFF, f"{name} is {ROLES[role]}", member=member.pk)
    return member


def _keep_a_gm(event: Event, member: User) -> None:
    """UserError when ``member`` is the event's only listed GM."""
    gms = list(event.gms.values_list("pk", flat=True))
    if gms == [member.pk]:
        raise UserError(
            _(
                "%(name)s is the last GM of %(event)s: add another GM first, so "
                "someone can still run the event."
            )
            % {"name": member.get_username(), "event": event.name}
        )


@transaction.atomic
def remove_staff(
    event: Event, member: User, user: Actor = None, version: str | None = None
) -> str:
    """Remove ``member`` (a user) from the GMs and assistant GMs of ``event``;
    returns the role they had ("a GM" or "an assistant GM").

    UserError when ``member`` is the event's last GM, or not on its staff;
    ``StaleFormError`` as :func:`add_staff`; ``NotAllowed`` unless ``user`` is a
    GM of the event.
    """
    require(event, user, MANAGE_STAFF)
    lock(event)
    require_current(event, STAFF, version)
    name = member.get_username()
    if event.gms.filter(pk=member.pk).exists():
        _keep_a_gm(event, member)
        event.gms.remove(member)
        role = ROLES[GM]
    elif event.assistants.filter(pk=member.pk).exists():
        event.assistants.remove(member)
        role = ROLES[ASSISTANT]
    else:
        raise UserError(
            _("%(name)s is not on the staff of %(event)s.")
            % {"name": name, "event": event.name}
        )
    log(event, user, AuditAction.STAFF, f"{name} is no longer {role}", member=member.pk)
    return role


@transaction.atomic
def create_login(
    event: Event, username: str, password: str, role: str, user: Actor = None
) -> User:
    """Create the login ``username`` with ``password`` and add it to ``event``'s
    staff as ``role`` (see :func:`add_staff`); returns the new user.

    UserError listing every problem: a username Django refuses (letters, digits
    and @ . + - _ only, 150 characters) or one already taken, a password the
    site's validators refuse (``AUTH_PASSWORD_VALIDATORS``: too short, too common,
    all digits, too like the username). ``NotAllowed`` unless ``user`` is a GM.
    """
    require(event, user, MANAGE_STAFF)
    _check_role(role)
    model = get_user_model()
    new = model(username=model.normalize_username(username.strip()))
    problems = _username_problems(new)
    try:
        validate_password(password, new)
    except ValidationError as exc:
        problems += [_("Password: %(problem)s") % {"problem": m} for m in exc.messages]
    if problems:
        raise UserError(_("The login was not created."), problems)
    new.set_password(password)
    try:
        with transaction.atomic():
            new.save()
    except IntegrityError:  # created meanwhile by another GM's request
        raise UserError(
            _("The login was not created."),
            [
                _("Username: the login %(name)s already exists.")
                % {"name": repr(new.get_username())}
            ],
        ) from None
    log(
        event,
        user,
        AuditAction.LOGIN,
        f"Created the login {new.get_username()}",
        member=new.pk,
    )
    add_staff(event, new.get_username(), role, user)
    return new


def _username_problems(new: User) -> list[str]:
    """What is wrong with ``new``'s username (empty list when nothing)."""
    field = model_field(type(new), new.USERNAME_FIELD)
    name = new.get_username()
    if not name:
        return [_("Username: type a username.")]
    try:
        field.clean(name, new)
    except ValidationError as exc:
        return [_("Username: %(problem)s") % {"problem": m} for m in exc.messages]
    if type(new).objects.filter(username__iexact=name).exists():
        return [
            _("Username: the login %(name)s already exists; add it by username.")
            % {"name": repr(name)}
        ]
    return []
