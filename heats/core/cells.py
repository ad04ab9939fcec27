"""Spreadsheet cells: text a spreadsheet would run as a formula, the mark an export
puts on it, and how a file read back loses the mark.

Words:
- *formula-like*: text starting, after any spaces, with ``=``, ``+``, ``-``, ``@``,
  a tab or a carriage return: a spreadsheet opening a CSV runs it (OWASP "CSV
  injection"; formats.md, Results CSV, the paragraph on exports);
- *neutralised*: text with an apostrophe put before it, which spreadsheets read as
  "this cell is text";
- *marked*: text that reads as neutralised: an apostrophe, then more apostrophes or
  none, then formula-like text.

A marked text is neutralised too (``"'=x"`` is exported as ``"''=x"``), so
``restore(neutralise(text)) == text`` for every text: the results CSV the app
exports is imported back as the names it holds, "-2" as "-2" and not as "'-2".

Pure: no Django import.
"""

from __future__ import annotations

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
MARK = "'"


def formula_like(text: str) -> bool:
    """``"=SUM(A1)"``, ``"  +1"`` -> True; ``"Ann"``, ``"a=b"`` -> False."""
    return text.lstrip(" ").startswith(FORMULA_STARTS)


def marked(text: str) -> bool:
    """``"'=1"``, ``"''-2"`` -> True; ``"'t Hart"``, ``"=1"`` -> False."""
    return text.startswith(MARK) and formula_like(text.lstrip(MARK))


def neutralise(value: object) -> object:
    """``"=SUM(A1)"`` -> ``"'=SUM(A1)"``; ``"'=x"`` -> ``"''=x"``; other values
    (numbers, ``None``, ordinary text) as given."""
    if isinstance(value, str) and (formula_like(value) or marked(value)):
        return MARK + value
    return value


def restore(text: str) -> str:
    """A cell of a file the app may have exported, without the mark
    :func:`neutralise` put on it: ``"'-2"`` -> ``"-2"``, ``"''=x"`` -> ``"'=x"``;
    ``"'t Hart"`` and unmarked text as given."""
    return text[len(MARK) :] if marked(text) else text
