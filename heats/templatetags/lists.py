"""``{{ items|listed }}``: a list as the page's language writes it.

Django's ``|join:", "`` writes an English comma in every language; this writes
the language's own (``heats.translate.listed``): "1, 2, 3" in English (the same
bytes as ``|join:", "``), "1、2、3" in Chinese. ``|listed:";"`` joins parts
that hold commas themselves ("; " in English, "；" in Chinese, " ; " in French).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from heats.core.message import COMMA, SEMICOLON
from heats.translate import listed as listed_text
from heats.translate import translate

register = template.Library()

PAIRS = {"": COMMA, ",": COMMA, ";": SEMICOLON}
"""The filter's argument -> the two-field template joining the items."""


@register.filter(needs_autoescape=True)
def listed(items: Iterable[Any], kind: str = "", autoescape: bool = True) -> SafeString:
    """``items`` joined the active language's way (module docstring), each
    escaped like ``|join`` escapes it. ValueError for a ``kind`` not in
    ``PAIRS`` (a template's mistake, not a reader's)."""
    pair = PAIRS[kind]
    texts = [translate(item) for item in items]
    if autoescape:
        texts = [conditional_escape(text) for text in texts]
    return mark_safe(listed_text(texts, pair))  # noqa: S308 (items escaped above)
