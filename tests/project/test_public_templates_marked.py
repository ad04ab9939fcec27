"""Every word a player can read on the public pages is marked for translation.

The public templates (error pages, the site's frame, the standings, heat and
table pages, the players' report page, the kiosk, the phone view, the clock, the
slow-player timer and the login pages) hold no visible text outside
``{% translate %}`` / ``{% blocktranslate %}``: Django's template ``Lexer`` gives
the template's text tokens (tags, variables and the contents of a
``blocktranslate`` or ``{% comment %}`` stand in as a mark with no letter),
``html.parser`` strips the HTML tags and comments, and no text left, no
``title``, ``alt``, ``aria-label`` or ``placeholder`` written literally and no
``data-text-*`` (the words the page's scripts show) may hold a letter. A
literal in ``{% firstof %}`` or in a ``default`` filter prints as it is, so it
stays in the text checked. The blocks ``html_class`` and ``body_class`` of
``base_room.html`` fill a ``class`` attribute, not text. Not language, and so
allowed: the software's name "medici-tourney" and the file formats "CSV" and
"XLSX".
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.template.base import Lexer, TokenType

from tests.conftest import REPO

TEMPLATES = REPO / "templates"
PUBLIC = sorted(
    {
        *(TEMPLATES / name for name in ("400.html", "403.html", "404.html")),
        TEMPLATES / "500.html",
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
# Words that are no language: the software's name, spreadsheet formats.
NOT_LANGUAGE = re.compile(r"(?<![\w-])(medici-tourney|CSV|XLSX)(?![\w-])")
# Attributes people read (or hear) and the words scripts put on the page.
READ_ATTRIBUTES = {"title", "alt", "aria-label", "placeholder"}
# A tag or variable in the text: something with no letter.
MARK = "\u00a7"
QUOTED = re.compile(r"""(?:"[^"]*"|'[^']*')""")
PRINTING_FILTER = re.compile(r"""\|(?:default|default_if_none):("[^"]*"|'[^']*')""")
OPENS = {"blocktranslate", "blocktrans", "comment", "verbatim"}
# Blocks whose contents fill an attribute of the page they extend.
ATTRIBUTE_BLOCKS = {"html_class", "body_class"}


def has_letter(text: str) -> bool:
    return any(ch.isalpha() for ch in NOT_LANGUAGE.sub("", text))


def tag_name(token) -> str:
    return token.contents.split(maxsplit=1)[0] if token.contents.strip() else ""


def literal_texts(source: str) -> str:
    """``source`` with every tag, variable and comment, and the body of every
    ``blocktranslate``, ``{% comment %}`` and attribute block, replaced by
    :data:`MARK`; the literals a ``{% firstof %}`` or a ``default`` filter
    prints are kept after their mark."""
    out: list[str] = []
    closing = ""  # the end tag of the block being skipped
    for token in Lexer(source).tokenize():
        if closing:
            if token.token_type == TokenType.BLOCK and tag_name(token) == closing:
                closing = ""
                out.append(MARK)
            continue
        if token.token_type == TokenType.TEXT:
            out.append(token.contents)
        elif token.token_type == TokenType.BLOCK:
            name = tag_name(token)
            if name in OPENS:
                closing = "end" + name
                continue
            bits = token.split_contents()
            if name == "block" and len(bits) > 1 and bits[1] in ATTRIBUTE_BLOCKS:
                closing = "endblock"
                continue
            out.append(MARK)
            if name == "firstof":
                out += [q[1:-1] for q in QUOTED.findall(token.contents)]
        elif token.token_type == TokenType.VAR:
            out.append(MARK)
            out += [q[1:-1] for q in PRINTING_FILTER.findall(token.contents)]
    return "".join(out)


class VisibleText(HTMLParser):
    """Collects the text data (not in ``<script>`` or ``<style>``) and the read
    attributes of an HTML text; comments are dropped."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag, attrs) -> None:
        if tag in ("script", "style"):
            self._hidden += 1
        for name, value in attrs:
            if value and (name in READ_ATTRIBUTES or name.startswith("data-text-")):
                if has_letter(value):
                    self.found.append(f"<{tag} {name}={value!r}>")

    def handle_endtag(self, tag) -> None:
        if tag in ("script", "style") and self._hidden:
            self._hidden -= 1

    def handle_data(self, data) -> None:
        if not self._hidden and has_letter(data):
            self.found.append(" ".join(data.split()))


def unmarked(path: Path) -> list[str]:
    """The texts of template ``path`` a reader sees that are not marked."""
    parser = VisibleText()
    parser.feed(literal_texts(path.read_text(encoding="utf-8")))
    parser.close()
    return parser.found


def test_the_public_templates_are_there():
    assert len(PUBLIC) >= 24
    assert all(path.is_file() for path in PUBLIC)


@pytest.mark.parametrize("path", PUBLIC, ids=lambda p: str(p.relative_to(TEMPLATES)))
def test_every_visible_text_is_marked_for_translation(path):
    assert unmarked(path) == []


# --- the check itself --------------------------------------------------------


@pytest.mark.parametrize(
    "source",
    [
        "<p>Not marked</p>",
        '<a href="{% url "x" %}">All events</a>',
        '<span title="third place">3rd</span>',
        '<input placeholder="Type part of your name">',
        "<nav aria-label='Menu'></nav>",
        '<div data-text-over="Over"></div>',
        "{% load i18n %}<p>{% translate 'Marked' %} and not</p>",
        "<title>{% block title %}Not found{% endblock %}</title>",
        '{% firstof title "Bad request" %}',
        '<p>{{ message|default:"none" }}</p>',
        "{% block body_class %}x{% endblock %}<p>Not marked</p>",
        "<p>{% blocktranslate %}Marked{% endblocktranslate %}, but not this</p>",
    ],
)
def test_the_check_finds_unmarked_text(tmp_path, source):
    page = tmp_path / "page.html"
    page.write_text(source, encoding="utf-8")
    assert unmarked(page), source


@pytest.mark.parametrize(
    "source",
    [
        "{% load i18n %}<p>{% translate 'Marked' %}</p>",
        '<span title="{% translate "third place" %}">{{ name }}</span>',
        "<p>{% blocktranslate trimmed with n=x %}Table <b>{{ n }}</b>"
        "{% endblocktranslate %} · {{ seat }} — 96.9% …</p>",
        "<!-- Not shown --><p>{# Translators: a note #}{{ a }}</p>",
        "{% comment %}A note for readers of the template{% endcomment %}",
        '<a href="?_export=csv">CSV</a> · <a href="?_export=xlsx">XLSX</a>',
        "<footer>medici-tourney — {% translate 'WBC-format' %}</footer>",
        '<script src="{% static "js/x.js" %}">var a = "not text";</script>',
        '{{ r.day1|default_if_none:"—" }} {{ when|date:"D H:i" }}',
        '<div class="clock-elapsed">--:--</div>',
        '<div class="alert-{{ tag|default:"info" }}">{% block body_class %}kiosk'
        "{% endblock %}</div>",
    ],
)
def test_the_check_passes_marked_text(tmp_path, source):
    page = tmp_path / "page.html"
    page.write_text(source, encoding="utf-8")
    assert unmarked(page) == [], source
