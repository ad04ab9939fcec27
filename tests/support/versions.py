"""The version a GM form carries, as a page would have drawn it: tests that post
a form the way a browser does send it (a form without one is refused as stale,
``heats.queries.versions``)."""

from __future__ import annotations

import re

from heats.models import Table
from scoring.queries.seats import table_seats


def result_version(table: Table) -> str:
    """The version a result form of ``table`` is drawn with now
    (``scoring.queries.result_check.table_version``)."""
    from scoring.queries import result_check

    return result_check.table_version(table_seats(table))


def page_version(client, page: str, action: str = "") -> str:
    """The form version of the form posting to ``action`` on the page at
    ``page`` (read with ``client``); without ``action`` (or when the form posts
    to its own page), the page's first."""
    html = client.get(page).content.decode()
    if action and action != page:
        start = html.find(f'action="{action}"')
        assert start >= 0, f"no form posting to {action} on {page}"
        end = html.find("<form", start)
        html = html[start : end if end > 0 else len(html)]
    found = re.search(r'name="version" value="([^"]*)"', html) or re.search(
        r'value="([^"]*)" name="version"', html
    )
    assert found, f"no form version on {page}"
    return found[1]


def post_with_version(client, page: str, action: str, data: dict | None = None):
    """Post ``data`` to ``action`` as the form on ``page`` does: with the
    version the page draws it with now."""
    version = page_version(client, page, action)
    return client.post(action, {**(data or {}), "version": version})
