"""Text written by pure code, in the reader's language (Django's i18n).

The one edge that renders messages (``heats.core.message``): :func:`translate`
sends a message's template through ``gettext`` (a plural message's two
templates through ``ngettext``, so the language's own plural rules choose the
form by its count) and fills its fields after it,
each as :func:`field_text` writes it: a nested message translated too, a
number as the language writes it, text (names, seeds, the GM's own words) kept
exactly as it is. Text that is no message is shown as it is: nothing is read
back from English. :func:`localize` does the same for a ``UserError`` about to
be shown.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import get_language, gettext, ngettext

from heats.core.errors import LineProblem, UserError
from heats.core.message import AND, COMMA, SENTENCES, Message, fold

ENGLISH = frozenset({"en", "en-us", None})
"""The languages whose text is the messages' own English."""


def translate(text: Any) -> str:
    """``text`` (a message, or anything else: shown as it is) in the active
    language. In English a message is its own text (a 1,000-player page shows
    hundreds of them). A translation whose placeholders do not fit its
    template never hides the text: the English is shown instead."""
    if not isinstance(text, Message) or get_language() in ENGLISH:
        return str(text)
    try:
        return _render(text)
    except (KeyError, ValueError, TypeError):
        return str(text)


def _render(message: Message) -> str:
    """``message`` in the active language; KeyError, ValueError or TypeError
    when a translation's placeholders do not fit."""
    if not message.fields:
        return gettext(message.template) if message.template else ""
    values = {name: field_text(value) for name, value in message.fields.items()}
    if message.plural_template is not None and message.count_field is not None:
        count = message.fields[message.count_field]
        return ngettext(message.template, message.plural_template, count) % values
    return gettext(message.template) % values


def field_text(value: Any) -> str:
    """One field as the active language writes it (module docstring)."""
    if isinstance(value, Message):
        return _render(value)
    if isinstance(value, bool) or isinstance(value, str):
        return str(value)
    if isinstance(value, int):
        return number_format(value)
    if isinstance(value, float):
        return number_format(value, len(repr(value).partition(".")[2]))
    return str(value)


def listed(items: Iterable[Any], pair: str = COMMA) -> str:
    """``items`` (each as :func:`translate` writes it) as a list in the active
    language: joined by the two-field template ``pair`` (``COMMA`` or
    ``SEMICOLON`` of ``heats.core.message``) as its translation writes it, so
    "1, 2, 3" in English (exactly ``", ".join``), "1、2、3" in Chinese, and
    "A; B" is "A\u00a0; B" in French. A translation whose placeholders do not
    fit is not used."""
    texts = [translate(item) for item in items]
    try:
        return fold(gettext(pair), texts)
    except (KeyError, ValueError, TypeError):
        return fold(pair, texts)


def sentences(items: Iterable[Any]) -> str:
    """Sentences one after another in the active language: "Saved. Tell the
    room." in English (``" ".join``), with no space after "。" in Chinese."""
    return listed(items, SENTENCES)


def and_listed(items: Iterable[Any]) -> str:
    """``items`` as a sentence names them in the active language: "Ann, Bo and
    Cy" in English (``heats.core.names.and_list``'s text), "Ann, Bo und Cy" in
    German, "Ann、Bo、Cy" in Chinese; two joined by "and", one as it is."""
    texts = [translate(item) for item in items]
    if len(texts) < 2:
        return "".join(texts)
    try:
        return gettext(AND) % {"first": listed(texts[:-1]), "second": texts[-1]}
    except (KeyError, ValueError, TypeError):
        return AND % {"first": listed(texts[:-1]), "second": texts[-1]}


def line_problem(problem: LineProblem) -> str:
    """``str(problem)`` ("line 3, column badge: …") in the active language."""
    message = translate(problem.message)
    if problem.column:
        return gettext("line %(line)s, column %(column)s: %(message)s") % {
            "line": problem.line,
            "column": problem.column,
            "message": message,
        }
    return gettext("line %(line)s: %(message)s") % {
        "line": problem.line,
        "message": message,
    }


def localize(error: UserError) -> UserError:
    """``error`` with its message and problems in the active language (for the
    page about to show it); returns the same error. The problems of an error
    that keeps its ``line_problems`` (a results file's) are written from them."""
    error.message = translate(error.message)
    found = getattr(error, "line_problems", None)
    if found is not None and len(found) == len(error.problems):
        error.problems = [line_problem(p) for p in found]
    else:
        error.problems = [translate(p) for p in error.problems]
    error.args = (error.render(),)
    return error
