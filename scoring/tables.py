"""django-tables2 tables for results and advancement (formatting lives here)."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.html import format_html


def wide_only(extra: str = "") -> dict:
    """Column attrs shown from tablet width up; a phone keeps what matters."""
    css = f"d-none d-md-table-cell {extra}".strip()
    return {"th": {"class": css}, "td": {"class": css}}


WIDE_ONLY = wide_only()
TIMES = {2: "double", 3: "triple", 4: "quadruple"}


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


class HeatWinnerTable(tables.Table):
    """Heat winners; double winners marked."""

    player = tables.Column("Player")
    wins = tables.Column("Won", orderable=False)
    status = tables.Column("Semi-final", orderable=False)

    class Meta:
        attrs = {"class": "table table-sm table-striped align-middle"}

    def render_player(self, value: str, record):
        if record["double"]:
            times = TIMES.get(record["wins_count"], f"{record['wins_count']}×")
            return format_html(
                '{} <span class="badge badge-double">{} winner</span>', value, times
            )
        return value


class HeatResultTable(tables.Table):
    """One heat's tables and scores, a row per player record, winners highlighted."""

    table = tables.Column("Table")
    seat = tables.Column("Seat", attrs=WIDE_ONLY)
    player = tables.Column("Player")
    day1 = tables.Column("Day 1", attrs=wide_only("text-end"))
    day2 = tables.Column("Day 2", attrs=wide_only("text-end"))
    final = tables.Column("Final", attrs={"td": {"class": "text-end fw-semibold"}})
    place = tables.Column(
        "Place", attrs={"td": {"class": "ps-3"}, "th": {"class": "ps-3"}}
    )

    class Meta:
        order_by = ("table", "seat")
        attrs = {"class": "table table-sm align-middle"}
        row_attrs = {
            "class": lambda record: "winner-row" if record["place"] == 1 else ""
        }

    def render_table(self, value: int, record):
        return format_html('<a href="{}">{}</a>', record["url"], value)

    def render_place(self, value: int, record):
        if record.get("tie"):
            return format_html(
                '{} <span class="badge text-bg-warning">tie</span>', value
            )
        return value
