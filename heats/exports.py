"""Spreadsheet exports of django-tables2 tables (CSV and XLSX, through tablib).

A cell a spreadsheet would run as a formula — text starting with ``=``, ``+``,
``-``, ``@``, a tab or a carriage return, also after leading spaces — gets a leading
apostrophe, so it is shown as text (formats.md, Results CSV, last paragraph).
Numbers are left alone: they are never formulas.
"""

from __future__ import annotations

from django.http import HttpResponse
from django_tables2 import RequestConfig
from django_tables2.export import TableExport

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
EXPORT_FORMATS = ("csv", "xlsx")
EXPORT_PARAM = "_export"
TABLE_PARAM = "_table"


def neutralise(value: object) -> object:
    """``"=SUM(A1)"`` -> ``"'=SUM(A1)"``; ``"  +1"`` -> ``"'  +1"``; others as given."""
    if isinstance(value, str) and value.lstrip(" ").startswith(FORMULA_STARTS):
        return "'" + value
    return value


class SafeTableExport(TableExport):
    """``TableExport`` whose text cells are neutralised (see :func:`neutralise`)."""

    def table_to_dataset(self, table, exclude_columns, dataset_kwargs=None):
        dataset = super().table_to_dataset(table, exclude_columns, dataset_kwargs)
        rows = [tuple(neutralise(cell) for cell in row) for row in dataset]
        headers = [neutralise(h) for h in dataset.headers or []]
        dataset.wipe()
        dataset.headers = headers
        for row in rows:
            dataset.append(row)
        return dataset


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
