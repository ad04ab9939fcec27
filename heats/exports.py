"""Spreadsheet exports of django-tables2 tables (CSV and XLSX, through tablib).

Cells are plain data: a cell a table renders as HTML (a badge, a "late" or
"start" mark: ``format_html`` output, marked safe) is exported as its text, tags
dropped and entities decoded, so "O'Brien" stays "O'Brien"; a table whose HTML
carries more than text says so with a ``value_<column>`` method. Text that is not
marked safe is data, exported as it is, tags and all (a player may be called
"<b>"). CSV files start with a UTF-8 byte-order mark, which Excel needs to read
accented names as UTF-8.

A cell a spreadsheet would run as a formula — text starting with ``=``, ``+``,
``-``, ``@``, a tab or a carriage return, also after leading spaces — gets a leading
apostrophe, so it is shown as text (formats.md, Results CSV, last paragraph).
Numbers are left alone: they are never formulas.
"""

from __future__ import annotations

import html
import re

from django.http import HttpResponse
from django.utils.html import strip_tags
from django.utils.safestring import SafeData
from django_tables2 import RequestConfig
from django_tables2.export import TableExport

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
EXPORT_FORMATS = ("csv", "xlsx")
EXPORT_PARAM = "_export"
TABLE_PARAM = "_table"
BOM = "\ufeff"
_SPACES = re.compile(r"\s+")


def plain(value: object) -> object:
    """HTML a table rendered (``SafeData``) -> its text: ``'3 <span>late</span>'``
    -> ``"3 late"``, ``"O&#x27;Brien"`` -> ``"O'Brien"``; anything else as given."""
    if isinstance(value, SafeData):
        return _SPACES.sub(" ", html.unescape(strip_tags(str(value)))).strip()
    return value


def neutralise(value: object) -> object:
    """``"=SUM(A1)"`` -> ``"'=SUM(A1)"``; ``"  +1"`` -> ``"'  +1"``; others as given."""
    if isinstance(value, str) and value.lstrip(" ").startswith(FORMULA_STARTS):
        return "'" + value
    return value


class SafeTableExport(TableExport):
    """``TableExport`` whose cells are plain text (see :func:`plain`) and
    neutralised (see :func:`neutralise`); CSV starts with a UTF-8 BOM."""

    def table_to_dataset(self, table, exclude_columns, dataset_kwargs=None):
        dataset = super().table_to_dataset(table, exclude_columns, dataset_kwargs)
        rows = [tuple(neutralise(plain(cell)) for cell in row) for row in dataset]
        headers = [neutralise(plain(h)) for h in dataset.headers or []]
        dataset.wipe()
        dataset.headers = headers
        for row in rows:
            dataset.append(row)
        return dataset

    def export(self):
        data = super().export()
        return BOM + data if self.format == "csv" else data


def export_response(request, table, name: str) -> HttpResponse | None:
    """The export of ``table`` when the request asks for it, else None.

    A page with several tables tells them apart by ``prefix``: the query is
    ``?_export=csv&_table=<prefix without dash>``. Sorting from the query applies.
    """
    fmt = request.GET.get(EXPORT_PARAM)
    wanted = request.GET.get(TABLE_PARAM, "")
    if fmt not in EXPORT_FORMATS or wanted != table.prefix.rstrip("-"):
        return None
    RequestConfig(request, paginate=False).configure(table)
    exporter = SafeTableExport(fmt, table, dataset_kwargs={"title": name[:31]})
    return exporter.response(filename=f"{name}.{fmt}")
