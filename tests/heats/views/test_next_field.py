"""The ``next`` field of a GM action (heats.views.common, ``_back``): a path of
this site is where the action returns; any other text, which ``redirect()``
would look up as a URL name ("0", "logout"), or another site, is left out for
the action's own page, never a server error."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

ARCHIVE = "/e/wbc/gm/archive/"


@pytest.mark.parametrize(
    "odd", ["0", "-1", "NaN", "\u00b2", "logout", "[]", "https://example.org/x", "//x"]
)
def test_a_next_that_is_not_a_path_returns_to_the_gm_page(gm_client, event, odd):
    response = gm_client.post(ARCHIVE, {"next": odd})
    assert response.status_code == 302
    assert response["Location"] == "/e/wbc/gm/"


def test_a_path_is_where_the_action_returns(gm_client, event):
    response = gm_client.post(ARCHIVE, {"next": "/e/wbc/gm/settings/"})
    assert response["Location"] == "/e/wbc/gm/settings/"
