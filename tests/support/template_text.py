"""Text in a Django template that no translation tag marks.

``untranslated_text(path)`` reads the template at ``path`` with Django's own
``Lexer`` and lists every piece of text a reader would see that is outside
``{% translate %}`` / ``{% blocktranslate %}``: the text between HTML tags, and
the literal text of the attributes a reader sees or hears (``title``, ``alt``,
``aria-label``, ``placeholder``, the ``data-confirm`` question, the ``value`` of
a submit button). Template variables and tags count as no text (their text is
someone else's: a view's, a form's, a table's); ``{% comment %}`` blocks, HTML
comments, ``<script>`` and ``<style>`` are skipped.

Text holding no letter ("—", "·", "4+5", "✓") is not language; neither are the
names of file formats (``NOT_LANGUAGE``), nor the product's name (``NAMES``).
Everything else must be marked.

Used by ``tests/project/test_gm_templates_marked.py`` (and meant for the public
pages' twin): one checker, one rule.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from django.template.base import Lexer, TokenType  # type: ignore[import-untyped]

# Words that are not language: file formats a link names.
NOT_LANGUAGE = frozenset({"CSV", "XLSX", "PDF", "JSON"})

# Names, never translated: the product's.
NAMES = ("medici-tourney",)

# Attributes whose literal text a reader sees or hears.
TEXT_ATTRIBUTES = frozenset(
    {"title", "alt", "aria-label", "placeholder", "data-confirm"}
)

# Stands for a template tag or variable: no letter, and no HTML meaning.
HOLE = "\ue000"

_TRANSLATE_OPEN = {"blocktranslate", "blocktrans"}
_TRANSLATE_CLOSE = {"endblocktranslate", "endblocktrans"}
_WORD = re.compile(r"[^\W\d_]+")


def is_language(text: str) -> bool:
    """True when ``text`` holds a word (letters) other than ``NOT_LANGUAGE`` and
    ``NAMES``."""
    for name in NAMES:
        text = text.replace(name, " ")
    return any(word not in NOT_LANGUAGE for word in _WORD.findall(text))


def _html_of(source: str) -> str:
    """The template as HTML with every tag, variable and translated block made a
    ``HOLE`` (newlines kept, so the parser's line numbers are the template's)."""
    tokens = Lexer(source).tokenize()
    parts: list[str] = []
    translating = commented = False
    for token in tokens:
        if token.token_type == TokenType.TEXT:
            text = token.contents
            hidden = translating or commented
            parts.append("\n" * text.count("\n") if hidden else text)
            continue
        name = token.contents.split()[0] if token.contents.split() else ""
        if token.token_type == TokenType.BLOCK:
            if name in _TRANSLATE_OPEN:
                translating = True
            elif name in _TRANSLATE_CLOSE:
                translating = False
            elif name == "comment":
                commented = True
            elif name == "endcomment":
                commented = False
        parts.append(HOLE + "\n" * token.contents.count("\n"))
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
            shown = name in TEXT_ATTRIBUTES or (
                name == "value"
                and tag in ("input", "button")
                and (kinds.get("type") or "").lower() in ("submit", "button", "reset")
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
