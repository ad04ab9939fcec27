"""django-tables2 tables for results and advancement (formatting lives here)."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.html import format_html


def wide_only(extra: str = "") -> dict:
    """Column attrs shown from tablet width up; a phone keeps what matters."""
    css = f"d-none d-md-table-cell {extra}".strip()
    return {"th": {"class": css}, "td": {"class": css}}


WIDE_ONLY = wide_only()


def percent_text(value) -> str:
    """96.9 -> "96.9%"; None -> "—"."""
    return "—" if value is None else f"{value:.1f}%"


class QualifierTable(tables.Table):
    """Semi-final qualifiers with the reason for every place (Advancement, 5)."""

    number = tables.Column("#", empty_values=(), orderable=False)
    player = tables.Column("Player")
    reason = tables.Column("Why")

    class Meta:
        orderable = False
        attrs = {"class": "table table-sm table-striped align-middle"}

    def render_number(self, record) -> int:
        return self.data.data.index(record) + 1

    def render_reason(self, value: str):
        if "die roll" in value:
            return format_html('<span class="die-roll">{}</span>', value)
        return value


class AlternateTable(tables.Table):
    """Alternates in call order with their percentage of the table winner's score."""

    order = tables.Column("Call", empty_values=(), orderable=False)
    player = tables.Column("Player")
    percent = tables.Column("% of winner", attrs={"td": {"class": "text-end"}})
    heat = tables.Column("Heat")
    table = tables.Column("Table")
    reason = tables.Column("Why", attrs=WIDE_ONLY)

    class Meta:
        orderable = False
        attrs = {"class": "table table-sm table-striped align-middle"}

    def render_order(self, record) -> int:
        return record["call"]

    def render_percent(self, value) -> str:
        return percent_text(value)
