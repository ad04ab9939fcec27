"""The checker both template tests use (``tests/support/template_text.py``):
what it finds, with its line, and what it lets pass."""

from __future__ import annotations

import pytest

from tests.support.template_text import untranslated_text


def found_in(tmp_path, source: str) -> list[str]:
    page = tmp_path / "page.html"
    page.write_text(source, encoding="utf-8")
    return untranslated_text(page)


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
        ('<input type="reset" value="Clear">', ["line 1: value='Clear'"]),
        ('<input type="hidden" name="a" value="abc">', []),
        ("{% comment %}Not shown{% endcomment %}<!-- nor this -->", []),
        ("<script>var shown = 1;</script>", []),
        ('{% if a %}<b title="{% translate "x" %}">{{ a }}</b>{% endif %}', []),
        ('<div\n data-text-over="Over"></div>', ["line 1: data-text-over='Over'"]),
        ("<p>\n{% firstof a 'Bad request' %}</p>", ["line 2: …Bad request"]),
        ('<p>{{ m|default:"none" }}</p>', ["line 1: …none"]),
        ("<p>{{ m|default_if_none:'never' }}</p>", ["line 1: …never"]),
        (
            "{% block body_class %}kiosk{% endblock %}\n<p>Not marked</p>",
            ["line 2: Not marked"],
        ),
        ("<p>{% verbatim %}{{ shown as is }}{% endverbatim %}</p>", []),
        ("<p>A PDF, the JSON</p>", ["line 1: A PDF, the JSON"]),
        ("<p>PDF · JSON · medici-tourney</p>", []),
    ],
)
def test_the_checker_finds_unmarked_text(tmp_path, source, found):
    assert found_in(tmp_path, source) == found


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
        '<img alt="A table">',
        "<p>CSVs</p>",
        "<p>the-CSV</p>",
        "<p>medici-tourneys</p>",
        "{% block html_class %}{% block inner %}{% endblock %}{% endblock %}Not this",
    ],
)
def test_the_checker_finds_something(tmp_path, source):
    assert found_in(tmp_path, source), source


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
        '<style>body { font-family: "Noto Sans"; }</style>',
        '{{ r.day1|default_if_none:"—" }} {{ when|date:"D H:i" }}',
        '<div class="clock-elapsed">--:--</div>',
        '<div class="alert-{{ tag|default:"info" }}">{% block body_class %}kiosk'
        "{% endblock %}</div>",
        '<html class="{% block html_class %}kiosk-root{% endblock %}">',
        '<div data-text-left="{% blocktranslate with t="{t}" %}{{ t }} left'
        '{% endblocktranslate %}"></div>',
        "{% firstof username as login_name %}",
    ],
)
def test_the_checker_passes_marked_text(tmp_path, source):
    assert found_in(tmp_path, source) == [], source
