"""django-tables2 tables for results and advancement, the public's and the GM's
(semi-final, final and laurels pages); formatting lives here.
"""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from heats.tables import TABLE_CLASS, WIDE_ONLY, post_button


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


class LaurelTable(tables.Table):
    """Event standings 1-6 for the laurels (``scoring.core.laurels``)."""

    place = tables.Column("Place", attrs={"td": {"class": "fw-bold fs-5"}})
    player = tables.Column("Player")
    reason = tables.Column("How", orderable=False)

    class Meta:
        order_by = "place"
        attrs = {"class": TABLE_CLASS, "id": "laurels"}


class SemiListTable(tables.Table):
    """The semi-final list in call order with a "present" tick box per player not
    seated yet (sent with the page's check-in form, ``id="semi-presence"``, in
    one save) and an "Absent" button.

    Rows: ``{"n", "player", "pk", "reason", "kind", "status"}``; ``kind`` is
    "qualifier", "next alternate" or "absent".
    """

    n = tables.Column("#")
    player = tables.Column("Player")
    kind = tables.Column("List", attrs=WIDE_ONLY)
    reason = tables.Column("Why", orderable=False, attrs=WIDE_ONLY)
    status = tables.Column("Check-in")
    present = tables.Column(
        "Present", empty_values=(), orderable=False, exclude_from_export=True
    )
    mark = tables.Column("", empty_values=(), orderable=False, exclude_from_export=True)

    class Meta:
        order_by = "n"
        attrs = {"class": TABLE_CLASS, "id": "semi-list"}
        row_attrs = {"data-kind": lambda record: record["kind"]}

    def __init__(self, *args, event=None, can_mark=False, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.event = event
        self.can_mark = can_mark

    def render_player(self, value: str, record):
        if not record.get("to_check"):
            return value
        return format_html(
            '{} <span class="badge text-bg-danger to-check" title="{}">to check</span>',
            value,
            "Sat at a heat table with unacknowledged rules warnings",
        )

    def value_player(self, value: str) -> str:
        """Exports carry the plain name."""
        return value

    def render_status(self, value: str):
        css = {"present": "text-bg-success", "absent": "text-bg-danger"}.get(
            value, "text-bg-light"
        )
        return format_html('<span class="badge {}">{}</span>', css, value)

    def value_status(self, value: str) -> str:
        """Exports carry the plain status, not the badge's HTML."""
        return value

    def render_present(self, record):
        if not self.can_mark or record["status"] == "seated":
            return ""
        return format_html(
            '<input class="form-check-input semi-present" type="checkbox" '
            'name="present" value="{}" form="semi-presence" aria-label="{} present"'
            "{}>",
            record["pk"],
            record["player"],
            mark_safe(" checked") if record["status"] == "present" else "",
        )

    def render_mark(self, record):
        if not self.can_mark or record["status"] in ("seated", "absent"):
            return ""
        url = reverse("scoring:semi-mark", kwargs={"event": self.event.slug})
        fields = {"player": record["pk"], "status": "absent"}
        return post_button(
            self.request, url, "Absent", css="btn-outline-danger", fields=fields
        )


class PlayerTable(tables.Table):
    """The event's player records for the Players page (rows: ``Player``): name,
    badge, and the rounds each was checked in to and seated in, read from
    ``codes`` (``{player id: (rounds, seated)}``, set for the page shown)."""

    player = tables.Column("Player", accessor="name", order_by=("name_key", "badge"))
    badge = tables.Column("Badge")
    rounds = tables.Column("Checked in", empty_values=(), orderable=False)
    seated = tables.Column("Seated", empty_values=(), orderable=False)

    class Meta:
        attrs = {"class": TABLE_CLASS, "id": "players"}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.codes: dict[int, tuple[str, str]] = {}

    def render_rounds(self, record) -> str:
        return self.codes.get(record.pk, ("", ""))[0] or "—"

    def render_seated(self, record) -> str:
        return self.codes.get(record.pk, ("", ""))[1] or "—"
