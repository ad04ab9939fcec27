"""Every word a player can read on the public pages is marked for translation.

The public templates (error pages, the site's frame, the standings, heat and
table pages, the players' report page, the kiosk, the phone view, the clock, the
slow-player timer and the login pages) hold no visible text outside
``{% translate %}`` / ``{% blocktranslate %}``: no text between tags, no
``title``, ``alt``, ``aria-label`` or ``placeholder`` written literally, no
``data-text-*`` (the words the page's scripts show) and no literal printed by
``{% firstof %}`` or a ``default`` filter may hold a letter. The checker, shared
with the GM pages' test, is ``tests/support/template_text.py`` (what it skips,
and the words it allows: "medici-tourney", "CSV", "XLSX", "PDF", "JSON"); its
own tests are in ``tests/project/test_template_text.py``.
"""

from __future__ import annotations

import pytest

from tests.conftest import REPO
from tests.support.template_text import untranslated_text

TEMPLATES = REPO / "templates"
PUBLIC = sorted(
    {
        *(TEMPLATES / name for name in ("400.html", "403.html", "404.html")),
        TEMPLATES / "500.html",
        TEMPLATES / "503.html",
        TEMPLATES / "plain_error.html",
        TEMPLATES / "base.html",
        TEMPLATES / "base_room.html",
        TEMPLATES / "components" / "clock.html",
        TEMPLATES / "components" / "table_cards.html",
        *(TEMPLATES / "heats" / "public").glob("*.html"),
        *(TEMPLATES / "scoring" / "public").glob("*.html"),
        *(TEMPLATES / "scoring" / "room").glob("*.html"),
        *(TEMPLATES / "registration").glob("*.html"),
    }
)


def test_the_public_templates_are_there():
    assert len(PUBLIC) >= 24
    assert all(path.is_file() for path in PUBLIC)


@pytest.mark.parametrize("path", PUBLIC, ids=lambda p: str(p.relative_to(TEMPLATES)))
def test_every_visible_text_is_marked_for_translation(path):
    assert untranslated_text(path) == []
