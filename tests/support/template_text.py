"""Text in a Django template that no translation tag marks.

``untranslated_text(path)`` reads the template at ``path`` with Django's own
``Lexer`` and lists every piece of text a reader would see that is outside
``{% translate %}`` / ``{% blocktranslate %}``:

- the text between HTML tags;
- the literal text of the attributes a reader sees or hears (``title``, ``alt``,
  ``aria-label``, ``placeholder``, the ``data-confirm`` question, the ``value``
  of a submit, reset or plain button) and of every ``data-text-*`` attribute
  (the words the page's scripts show);
- the literals a template prints as they are: the quoted arguments of
  ``{% firstof %}`` and the argument of a ``|default:"..."`` or
  ``|default_if_none:"..."`` filter, checked where the tag or variable stands
  (in the text, or in the attribute it fills).

Other template variables and tags count as no text (their text is someone
else's: a view's, a form's, a table's). Skipped: ``{% comment %}`` and
``{% verbatim %}`` blocks, HTML comments, ``<script>`` and ``<style>``, and the
blocks ``html_class`` and ``body_class`` (``base_room.html`` puts them in a
``class`` attribute, which no one reads).

Text holding no letter ("—", "·", "4+5", "✓", "--:--") is not language; nor are
the words of ``NOT_LANGUAGE`` (the product's name, the file formats a link
names) standing on their own (not part of a longer word). Everything else must
be marked.

The one checker for ``tests/project/test_gm_templates_marked.py`` and
``tests/project/test_public_templates_marked.py``; its own tests are in
``tests/project/test_template_text.py``.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from django.template.base import Lexer, TokenType  # type: ignore[import-untyped]

# Words that are not language: the product's name, file formats a link names.
NOT_LANGUAGE = frozenset({"medici-tourney", "CSV", "XLSX", "PDF", "JSON"})

# Attributes whose literal text a reader sees or hears (and any ``data-text-*``).
TEXT_ATTRIBUTES = frozenset(
    {"title", "alt", "aria-label", "placeholder", "data-confirm"}
)
TEXT_ATTRIBUTE_PREFIX = "data-text-"
# Button types whose ``value`` is the button's label.
LABELLED_BUTTONS = frozenset({"submit", "button", "reset"})

# Stands for a template tag or variable: no letter, and no HTML meaning.
HOLE = "\ue000"

# Blocks whose contents are no text, by the tag that ends them.
_SKIPPED = {
    "blocktranslate": "endblocktranslate",
    "blocktrans": "endblocktrans",
    "comment": "endcomment",
    "verbatim": "endverbatim",
}
# ``{% block %}``s whose contents fill a ``class`` attribute of the page extended.
ATTRIBUTE_BLOCKS = frozenset({"html_class", "body_class"})

_NOT_LANGUAGE = re.compile(
    r"(?<![\w-])(?:"
    + "|".join(re.escape(w) for w in sorted(NOT_LANGUAGE, key=len, reverse=True))
    + r")(?![\w-])"
)
_LETTER = re.compile(r"[^\W\d_]")
_QUOTED = re.compile(r"""(?:"[^"]*"|'[^']*')""")
_PRINTING_FILTER = re.compile(r"""\|(?:default|default_if_none):("[^"]*"|'[^']*')""")


def is_language(text: str) -> bool:
    """True when ``text`` holds a letter outside the ``NOT_LANGUAGE`` words."""
    return bool(_LETTER.search(_NOT_LANGUAGE.sub(" ", text)))


def _tag_name(contents: str) -> str:
    return contents.split(maxsplit=1)[0] if contents.strip() else ""


def _printed_literals(token) -> list[str]:
    """The literals the tag or variable ``token`` prints as they are."""
    if token.token_type == TokenType.VAR:
        quoted = _PRINTING_FILTER.findall(token.contents)
    elif _tag_name(token.contents) == "firstof":
        quoted = _QUOTED.findall(token.contents)
    else:
        return []
    return [q[1:-1] for q in quoted]


def _html_of(source: str) -> str:
    """The template as HTML: every tag and variable a ``HOLE`` (followed by the
    literals it prints), every skipped block one ``HOLE`` at each end; newlines
    kept, so the parser's line numbers are the template's."""
    parts: list[str] = []
    closing = ""  # the tag ending the block being skipped
    depth = 0  # ``{% block %}``s opened inside a skipped attribute block
    for token in Lexer(source).tokenize():
        lines = "\n" * token.contents.count("\n")
        name = _tag_name(token.contents) if token.token_type == TokenType.BLOCK else ""
        if closing:
            if closing == "endblock" and name == "block":
                depth += 1
            elif name == closing and depth:
                depth -= 1
            elif name == closing:
                closing = ""
                parts.append(HOLE + lines)
                continue
            parts.append(lines)
            continue
        if token.token_type == TokenType.TEXT:
            parts.append(token.contents)
            continue
        if name in _SKIPPED:
            closing = _SKIPPED[name]
        elif name == "block":
            bits = token.split_contents()
            if len(bits) > 1 and bits[1] in ATTRIBUTE_BLOCKS:
                closing = "endblock"
        parts.append(HOLE + "".join(_printed_literals(token)) + lines)
    return "".join(parts)


class _TextFinder(HTMLParser):
    """Collects ``(line, text)`` of visible text and of the reader's attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self.skipping = 0  # inside <script> or <style>

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self.skipping += 1
        kinds = dict(attrs)
        for name, value in attrs:
            shown = (
                name in TEXT_ATTRIBUTES
                or name.startswith(TEXT_ATTRIBUTE_PREFIX)
                or (
                    name == "value"
                    and tag in ("input", "button")
                    and (kinds.get("type") or "").lower() in LABELLED_BUTTONS
                )
            )
            if shown and value:
                self.note(value, attribute=name)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag in ("script", "style"):
            self.skipping -= 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self.skipping:
            self.skipping -= 1

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            lead = data[: len(data) - len(data.lstrip())]
            self.note(data, line=self.getpos()[0] + lead.count("\n"))

    def note(self, text: str, attribute: str = "", line: int = 0) -> None:
        if is_language(text.replace(HOLE, " ")):
            shown = " ".join(text.replace(HOLE, "…").split())
            if attribute:
                shown = f"{attribute}={shown!r}"
            self.found.append((line or self.getpos()[0], shown))


def untranslated_text(path: str | Path) -> list[str]:
    """Every text of the template at ``path`` a reader sees and no translation
    tag marks, as ``"line N: text"`` (an empty list: all marked)."""
    finder = _TextFinder()
    finder.feed(_html_of(Path(path).read_text(encoding="utf-8")))
    finder.close()
    return [f"line {line}: {text}" for line, text in finder.found]
