"""Spreadsheet exports of django-tables2 tables (CSV and XLSX, through tablib).

Cells are plain data: a cell a table renders as HTML (a badge, a "late" or
"start" mark: ``format_html`` output, marked safe) is exported as its text, tags
dropped and entities decoded, so "O'Brien" stays "O'Brien"; a table whose HTML
carries more than text says so with a ``value_<column>`` method. Text that is not
marked safe is data, exported as it is, tags and all (a player may be called
"<b>"). CSV files start with a UTF-8 byte-order mark, which Excel needs to read
accented names as UTF-8.

A CSV cell a spreadsheet would run as a formula — text starting with ``=``, ``+``,
``-``, ``@``, a tab or a carriage return, also after leading spaces — gets a leading
apostrophe, so it is shown as text (formats.md, Results CSV, last paragraph;
``heats.core.cells``, whose ``restore`` takes the apostrophe off again when the file is
imported). Numbers are left alone: they are never formulas. An XLSX cell has a type:
such text is written as a text cell with Excel's quote prefix, without an
apostrophe, so "-2" reads "-2" and still never runs.
"""

from __future__ import annotations

import html
import io
import re
from collections.abc import Iterable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.html import strip_tags
from django.utils.safestring import SafeData
from django_tables2 import RequestConfig, Table
from django_tables2.export import TableExport
from openpyxl import Workbook
from tablib import Dataset
from tablib.formats import registry
from tablib.formats._xlsx import safe_xlsx_sheet_title

from heats.core.cells import formula_like, neutralise

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


def xlsx_bytes(dataset: Dataset) -> bytes:
    """``dataset`` as an XLSX file (tablib's layout: bold header, frozen first row,
    columns as wide as their text) whose formula-like text cells are text cells with
    the quote prefix: shown as typed, never run, not run after an edit either."""
    xlsx = registry.get_format("xlsx")
    book = Workbook()
    sheet = book.worksheets[0]
    sheet.title = safe_xlsx_sheet_title(dataset.title or "Export", "-")
    xlsx.dset_sheet(dataset, sheet)
    for row in sheet.iter_rows():
        for cell in row:
            if isinstance(cell.value, str) and formula_like(cell.value):
                cell.data_type = "s"
                cell.quotePrefix = True
    xlsx._adapt_column_width(sheet, "adaptive")
    stream = io.BytesIO()
    book.save(stream)
    return stream.getvalue()


class SafeTableExport(TableExport):
    """``TableExport`` whose cells are plain text (see :func:`plain`); CSV cells
    neutralised (``heats.core.cells.neutralise``) after a UTF-8 BOM, XLSX formula-like
    cells typed as text (see :func:`xlsx_bytes`)."""

    def table_to_dataset(
        self,
        table: Table,
        exclude_columns: Iterable[str] | None,
        dataset_kwargs: dict[str, Any] | None = None,
    ) -> Dataset:
        dataset = super().table_to_dataset(table, exclude_columns, dataset_kwargs)
        mark = neutralise if self.format == "csv" else (lambda value: value)
        rows = [tuple(mark(plain(cell)) for cell in row) for row in dataset]
        headers = [mark(plain(h)) for h in dataset.headers or []]
        dataset.wipe()
        dataset.headers = headers
        for row in rows:
            dataset.append(row)
        return dataset

    def export(self) -> str | bytes:
        if self.format == "xlsx":
            return xlsx_bytes(self.dataset)
        text: str = super().export()
        return BOM + text


def export_response(
    request: HttpRequest, table: Table, name: str
) -> HttpResponse | None:
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
    response: HttpResponse = exporter.response(filename=f"{name}.{fmt}")
    return response
