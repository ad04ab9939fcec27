"""Text written by pure code, in the reader's language (Django's i18n).

Pure code writes English :class:`~heats.core.message.Message` objects (or text
stored as English from them); the edge that shows the text calls
:func:`translate`: the template goes through ``gettext`` and its fields are
filled after it, nested messages translated too, names and numbers kept as
they are. English text that is no message is read back into one when a
registered template wrote it (``heats.core.message.parse``), else shown as it
is. :func:`localize` does the same for a ``UserError`` about to be shown.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext

from heats.core.errors import LineProblem, UserError
from heats.core.message import Message, parse


def translate(text: Any) -> str:
    """``text`` (a message, English text, or anything else) in the active
    language. A translation whose placeholders do not fit its template never
    hides the text: the English is shown instead."""
    if isinstance(text, Message):
        return _render(text)
    if isinstance(text, str):
        found = parse(text)
        return text if found is None else _render(found)
    return str(text)


def _render(message: Message) -> str:
    return in_language(message.template, message.fields, _field)


def _field(name: str, value: Any) -> Any:
    return _render(value) if isinstance(value, Message) else value


def in_language(
    template: str,
    fields: Mapping[str, Any] | None,
    write: Callable[[str, Any], Any],
    *,
    keep_english: bool = True,
) -> str:
    """The English ``template`` (a registered one: a message's, a reason's) in
    the active language: through ``gettext``, then its ``fields`` filled, each
    written by ``write(name, value)`` (a nested template translated, a number
    as the language writes it, a name kept). ``fields`` None: the template is
    the text as it is (no ``%`` filling). A translation whose placeholders do
    not fit the template shows the English (``keep_english``), else raises
    KeyError, ValueError or TypeError."""
    if fields is None:
        return gettext(template)
    values = {name: write(name, value) for name, value in fields.items()}
    if not template:
        return ""
    try:
        return gettext(template) % values
    except (KeyError, ValueError, TypeError):
        if not keep_english:
            raise
        return template % values


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
