"""Values every store keeps as they were given: one rule for scoresheets, the event
file, the results CSV and the forms (issue 16, "PostgreSQL refuses what SQLite
took").

Words:
- *storable text*: text with no NUL character (U+0000: PostgreSQL's ``text`` and
  ``jsonb`` refuse it) and no surrogate (U+D800-U+DFFF, half of a UTF-16 pair and
  not a character: UTF-8 cannot encode it, so PostgreSQL never receives it, and a
  ``jsonb`` refuses the ``"\\ud800"`` escape a JSON field is written with). A JSON
  escape or a form sent in another character set (UTF-7) can carry one; SQLite
  keeps it, PostgreSQL answers with an error, so it is refused everywhere;
- *number in range*: a finite number of magnitude at most ``MAX_NUMBER`` (2**53):
  beyond it a JSON reader that keeps numbers as doubles (JavaScript, the feeds'
  readers) loses digits (README, Input limits); NaN and the infinities are no JSON;
- *field path*: where a value lies in a JSON document: ``days[1].money['Ann']``
  (a key that is not a plain word is quoted in brackets).

Pure: no Django imports.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping
from typing import Any

from heats.core.i18n import gettext_noop
from heats.core.message import Message

MAX_NUMBER = 2**53
# Characters of a value shown in a message.
SHOWN = 30
SURROGATE = re.compile("[\ud800-\udfff]")
FIELD = re.compile(r"[a-z_][a-z0-9_]*")


def text_problem(text: str) -> str | None:
    """What keeps ``text`` out of the database, or None: "the text holds a NUL
    character (\\u0000), which cannot be saved", or the same for a surrogate,
    naming it (U+D800)."""
    if "\x00" in text:
        return Message(
            gettext_noop(
                "the text holds a NUL character (\\u0000), which cannot be saved"
            )
        )
    found = SURROGATE.search(text)
    if found:
        return Message(
            gettext_noop(
                "the text holds %(character)s, half of a UTF-16 surrogate pair and "
                "not a character, which cannot be saved"
            ),
            character=f"U+{ord(found.group()):04X}",
        )
    return None


def without_surrogates(text: str) -> str:
    """``text`` with each surrogate replaced by U+FFFD (the replacement
    character), so that a page can show a refused value back: a response is
    UTF-8, which cannot encode a surrogate."""
    return SURROGATE.sub("\ufffd", text)


def number_problem(value: int | float) -> str | None:
    """What is wrong with a JSON number, or None: NaN, an infinity (or a number
    too large for a float, such as ``1e400``), or a magnitude beyond
    ``MAX_NUMBER``, whole number or not."""
    if isinstance(value, float):
        if math.isnan(value):
            return Message(gettext_noop("NaN is not a number JSON allows"))
        if math.isinf(value):
            return Message(
                gettext_noop(
                    "an infinite or too large number (such as 1e400 or Infinity)"
                )
            )
    if abs(value) > MAX_NUMBER:
        return Message(
            gettext_noop("the number %(number)s is too large (at most %(most)s)"),
            number=shown(value),
            most=MAX_NUMBER,
        )
    return None


def shown(value: Any) -> str:
    """``value`` for a message (text quoted), cut to ``SHOWN`` characters and
    followed by its length in digits or characters."""
    text = repr(value) if isinstance(value, str) else str(value)
    if len(text) <= SHOWN:
        return text
    if isinstance(value, int):
        return Message(
            gettext_noop("%(start)s… (%(count)s digits)"),
            start=text[:SHOWN],
            count=len(text),
        )
    return Message(
        gettext_noop("%(start)s… (%(count)s characters)"),
        start=text[:SHOWN],
        count=len(text),
    )


def key_path(path: str, key: str) -> str:
    """The path of ``key`` inside the object at ``path``: ``days.money``,
    ``money['Ann']``."""
    if FIELD.fullmatch(key):
        return f"{path}.{key}" if path else key
    return f"{path}[{shown(key)}]"


def leaf_problem(value: Any, max_text: int | None = None) -> str | None:
    """What is wrong with a JSON scalar (null, true/false, number, text), or None;
    text longer than ``max_text`` characters is a problem too."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return number_problem(value)
    if isinstance(value, str):
        problem = text_problem(value)
        if problem is None and max_text is not None and len(value) > max_text:
            problem = Message(
                gettext_noop("the text has %(count)s characters; at most %(most)s"),
                count=len(value),
                most=max_text,
            )
        return problem
    return Message(
        gettext_noop("a %(type)s is not a JSON value"), type=type(value).__name__
    )


def json_problems(
    data: Any, max_depth: int, max_text: int | None = None, path: str = ""
) -> Iterator[tuple[str, str]]:
    """``(field path, problem)`` for every value and key of the JSON ``data``
    that is out of bounds (``leaf_problem``), every key that is not text, and
    every container nested more than ``max_depth`` levels deep (``data`` is
    level 1; nothing below it is looked at). Document order; the path of
    ``data`` itself is ``path`` ("" at the top). Walks without recursion, so
    any depth is safe."""
    stack: list[tuple[Any, str, int]] = [(data, path, 1)]
    while stack:
        value, where, depth = stack.pop()
        if isinstance(value, Mapping):
            children = []
            for key, item in value.items():
                if not isinstance(key, str):
                    yield (
                        where,
                        Message(
                            gettext_noop("the key %(key)s is not text"), key=shown(key)
                        ),
                    )
                    continue
                child = key_path(where, key)
                problem = text_problem(key)
                if problem:
                    yield (
                        child,
                        Message(gettext_noop("the key: %(problem)s"), problem=problem),
                    )
                children.append((item, child))
        elif isinstance(value, list | tuple):
            children = [(item, f"{where}[{i}]") for i, item in enumerate(value)]
        else:
            problem = leaf_problem(value, max_text)
            if problem:
                yield where, problem
            continue
        if depth > max_depth:
            yield (
                where,
                Message(
                    gettext_noop("nested more than %(most)s levels deep"),
                    most=max_depth,
                ),
            )
            continue
        stack += [(item, child, depth + 1) for item, child in reversed(children)]
