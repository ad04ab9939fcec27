"""``{{ items|listed }}``: a template's list in the page's language, escaped
like ``|join``, English byte for byte as ``|join:", "`` wrote it."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.utils import translation

COMMA = Template("{% load lists %}{{ items|listed }}")
SEMI = Template('{% load lists %}{{ items|listed:";" }}')
JOIN = Template('{{ items|join:", " }}')


def render(template: Template, items: list[object]) -> str:
    return template.render(Context({"items": items}))


def test_english_is_joins_bytes():
    items = ["A", "B & C", "<D>", 4]
    with translation.override("en"):
        assert render(COMMA, items) == render(JOIN, items)
        assert render(COMMA, items) == "A, B &amp; C, &lt;D&gt;, 4"


@pytest.mark.parametrize(
    ("language", "comma", "semi"),
    [
        ("zh-hans", "A、B、C", "A；B；C"),
        ("fr", "A, B, C", "A\u00a0; B\u00a0; C"),
        ("de", "A, B, C", "A; B; C"),
    ],
)
def test_other_languages_use_their_own_separators(language, comma, semi):
    with translation.override(language):
        assert render(COMMA, ["A", "B", "C"]) == comma
        assert render(SEMI, ["A", "B", "C"]) == semi
