"""Every text a GM reads on the GM pages is marked for translation: the GM
templates hold no visible text (nor a title, alt, aria-label, placeholder,
confirmation question or button label) outside ``{% translate %}`` /
``{% blocktranslate %}``. The checker, shared with the public pages' test, is
``tests/support/template_text.py``; its own tests are in
``tests/project/test_template_text.py``."""

from __future__ import annotations

import pytest

from tests.conftest import REPO
from tests.support.template_text import untranslated_text

TEMPLATES = REPO / "templates"
GM_TEMPLATES = sorted(
    [
        TEMPLATES / "components" / "gm_head.html",
        TEMPLATES / "components" / "gm_nav.html",
        *(TEMPLATES / "heats" / "gm").glob("*.html"),
        *(TEMPLATES / "scoring" / "gm").glob("*.html"),
    ]
)


def test_the_gm_templates_are_found():
    assert len(GM_TEMPLATES) >= 24


@pytest.mark.parametrize(
    "path", GM_TEMPLATES, ids=[str(p.relative_to(TEMPLATES)) for p in GM_TEMPLATES]
)
def test_a_gm_template_marks_every_text(path):
    assert untranslated_text(path) == []
