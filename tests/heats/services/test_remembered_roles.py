"""A page reads its user's role in an event once (``permissions.remember_roles``
on ``request.user``): the page's own check and those of the services it calls
(each service still checks) cost one query. A change of the event's GMs or
assistants makes the role be read again; a user object never remembered (a
command's, a test's) reads it at every check."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.test.utils import CaptureQueriesContext

from heats import permissions
from heats.models import Event
from heats.permissions import Role, remember_roles, role_of

pytestmark = pytest.mark.django_db


def fresh(user):
    """The user as a new request loads it."""
    return get_user_model().objects.get(pk=user.pk)


def reads(event, user, times: int = 3) -> tuple[list[Role], int]:
    """The role ``times`` times, and the queries it took."""
    with CaptureQueriesContext(connection) as captured:
        roles = [role_of(event, user) for _ in range(times)]
    return roles, len(captured)


def test_a_remembered_role_is_read_once_per_event(event, gm, assistant):
    other = Event.objects.create(slug="other", name="Other", seed="s")
    user = fresh(gm)
    remember_roles(user)
    assert reads(event, user) == ([Role.GM] * 3, 1)
    # The GMs, then the assistants: two queries, once.
    assert reads(other, user) == ([Role.NONE] * 3, 2)
    helper = fresh(assistant)
    remember_roles(helper)
    assert reads(event, helper) == ([Role.ASSISTANT] * 3, 2)


def test_a_user_never_remembered_is_read_at_every_check(event, gm):
    assert reads(event, gm) == ([Role.GM] * 3, 3)


def test_a_change_of_the_staff_is_read_again(event, gm):
    user = fresh(gm)
    remember_roles(user)
    assert role_of(event, user) == Role.GM
    event.gms.remove(user)
    event.assistants.add(user)
    assert role_of(event, user) == Role.ASSISTANT
    event.assistants.clear()
    assert role_of(event, user) == Role.NONE


def test_a_refusal_still_comes_from_the_service(event, gm):
    user = fresh(gm)
    remember_roles(user)
    permissions.require(event, user, permissions.SEAT)
    event.gms.remove(user)
    with pytest.raises(permissions.NotAllowed, match="may seat a round"):
        permissions.require(event, user, permissions.SEAT)


def test_anonymous_and_superusers_need_no_query(event):
    anonymous = AnonymousUser()
    remember_roles(anonymous)
    boss = get_user_model().objects.create_superuser("boss", password="x-12345678")
    remember_roles(boss)
    with CaptureQueriesContext(connection) as captured:
        assert role_of(event, anonymous) == Role.NONE
        assert role_of(event, boss) == Role.GM
    assert len(captured) == 0
