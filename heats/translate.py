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
    fields = {
        name: _render(value) if isinstance(value, Message) else value
        for name, value in message.fields.items()
    }
    if not message.template:
        return ""
    try:
        return gettext(message.template) % fields
    except (KeyError, ValueError, TypeError):
        return message.template % fields


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
