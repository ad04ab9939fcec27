"""Which catalogue messages the players read: those used by a public page, the
kiosk, a feed or a printout (issue: the room in the players' languages). Every
such message must be translated in every language; the GM pages' messages may
stay English for now (docs/translating.md).

A message is public when any of its source locations (the ``#:`` lines of the
``.po``) is under one of :data:`PUBLIC`.
"""

from __future__ import annotations

from collections.abc import Iterable

PUBLIC = (
    # Pages of the room and the public, their shared pieces and error pages.
    "templates/400.html",
    "templates/403.html",
    "templates/404.html",
    "templates/500.html",
    "templates/503.html",
    "templates/plain_error.html",
    "templates/base.html",
    "templates/base_room.html",
    "templates/components/clock.html",
    "templates/components/table_cards.html",
    "templates/components/language_menu.html",
    "templates/heats/public/",
    "templates/scoring/public/",
    "templates/scoring/room/",
    "templates/registration/",
    # The players' report page shows the result checks GMs see.
    "templates/scoring/gm/_result_check.html",
    "templates/scoring/gm/table_check.html",
    # What those pages, feeds and printouts say from Python.
    "heats/core/",
    "heats/models/",
    "heats/permissions.py",
    "heats/services/clock.py",
    "heats/tables.py",
    "heats/templatetags/",
    "heats/views/public.py",
    "medici_tourney/nul_bytes.py",
    "scoring/core/",
    "scoring/pdf/",
    "scoring/forms/report.py",
    "scoring/forms/result.py",
    "scoring/services/decisions.py",
    "scoring/services/final.py",
    "scoring/services/printing.py",
    "scoring/services/reports.py",
    "scoring/queries/report_tables.py",
    "scoring/services/rules_checks.py",
    "scoring/queries/rules_findings.py",
    "scoring/services/standings.py",
    "scoring/tables.py",
    "scoring/templatetags/",
    "scoring/views/public.py",
    "scoring/views/reports.py",
    "scoring/views/room.py",
    "scoring/wording.py",
)


def is_public(locations: Iterable[str]) -> bool:
    """Whether a message used at ``locations`` (paths from the repository's root)
    is read by players."""
    return any(path.startswith(PUBLIC) for path in locations)
