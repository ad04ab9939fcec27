"""Every text a GM reads on the GM pages is marked for translation: the GM
templates hold no visible text (nor a title, alt, aria-label, placeholder or
confirmation question) outside ``{% translate %}`` / ``{% blocktranslate %}``
(``tests/support/template_text.py``)."""

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


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ("<p>Seat now</p>", ["line 1: Seat now"]),
        ('{% load i18n %}<p>{% translate "Seat now" %}</p>', []),
        (
            "{% load i18n %}<p>{% blocktranslate trimmed with n=x %}\n"
            "Table {{ n }}{% endblocktranslate %}</p>",
            [],
        ),
        ("<p>{{ player.name }} — {{ n }} · 4+5 ✓</p>", []),
        ('<a href="?_export=csv">CSV</a> · <a href="x">XLSX</a>', []),
        ("<p>\n\n{{ x }} tables</p>", ["line 3: … tables"]),
        ('<input placeholder="Find a name">', ["line 1: placeholder='Find a name'"]),
        ('<nav aria-label="GM pages"></nav>', ["line 1: aria-label='GM pages'"]),
        (
            '<form data-confirm="Delete {{ r }}?"></form>',
            ["line 1: data-confirm='Delete …?'"],
        ),
        ('<button type="submit" value="go">{{ x }}</button>', ["line 1: value='go'"]),
        ("{% comment %}Not shown{% endcomment %}<!-- nor this -->", []),
        ("<script>var shown = 1;</script>", []),
        ('{% if a %}<b title="{% translate "x" %}">{{ a }}</b>{% endif %}', []),
    ],
)
def test_the_checker_finds_unmarked_text(tmp_path, source, found):
    path = tmp_path / "t.html"
    path.write_text(source, encoding="utf-8")
    assert untranslated_text(path) == found
