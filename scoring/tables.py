"""django-tables2 tables for results and advancement, the public's and the GM's
(semi-final, final and laurels pages); formatting lives here.

Headers are lazy messages, texts in cells are translated when the table is
drawn, and the reasons the advancement core wrote in English (stored so) are
shown in the reader's language (``heats.translate.translate``); names
are never translated.
"""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from heats.core.message import templates
from heats.core.names import badged_name
from heats.models import Event, Player
from heats.tables import TABLE_CLASS, WIDE_ONLY, buttons_column, post_button
from heats.translate import translate
from scoring.wording import percent_text

__all__ = [
    "AlternateTable",
    "LaurelTable",
    "PlayerTable",
    "QualifierTable",
    "SemiListTable",
    "percent_text",
]


def reason_cell(value: str) -> str:
    """A reason in the reader's language; a place the die decided is marked
    (``die-roll``), read from the reason's templates (never from names)."""
    text = translate(value)
    if any("die roll" in template for template in templates(value)):
        return format_html('<span class="die-roll">{}</span>', text)
    return text


# The semi-final list's parts and check-in states (``semi_rows``), as shown.
LIST_KINDS = {
    "qualifier": pgettext_lazy("part of the semi-final list", "qualifier"),
    "next alternate": pgettext_lazy("part of the semi-final list", "next alternate"),
    "cut winner": pgettext_lazy("part of the semi-final list", "cut by HMW"),
    "absent": pgettext_lazy("part of the semi-final list", "absent"),
}
CHECK_IN_STATES = {
    "seated": pgettext_lazy("semi-final check-in", "seated"),
    "present": pgettext_lazy("semi-final check-in", "present"),
    "absent": pgettext_lazy("semi-final check-in", "absent"),
    "not checked in": pgettext_lazy("semi-final check-in", "not checked in"),
}


# A list number ("10") is never broken in a squeezed column (site.css).
NUMBER_CELL = {"td": {"class": "number-cell"}}


class QualifierTable(tables.Table):
    """Semi-final qualifiers with the reason for every place (Advancement, 5)."""

    number = tables.Column("#", empty_values=(), orderable=False, attrs=NUMBER_CELL)
    player = tables.Column(_("Player"))
    reason = tables.Column(_("Why"))

    class Meta:
        orderable = False
        attrs = {"class": "table table-sm table-striped align-middle"}

    def render_number(self, record: dict[str, Any]) -> int:
        index: int = self.data.data.index(record)
        return index + 1

    def render_reason(self, value: str) -> str:
        return reason_cell(value)


class AlternateTable(tables.Table):
    """Alternates in call order with their percentage of the table winner's score."""

    order = tables.Column(
        pgettext_lazy("alternates' call order", "Call"),
        empty_values=(),
        orderable=False,
        attrs=NUMBER_CELL,
    )
    player = tables.Column(_("Player"))
    percent = tables.Column(
        # Translators: a column header: the percentage of the table winner's score.
        # xgettext:no-python-format
        _("% of winner"),
        attrs={"td": {"class": "text-end"}},
    )
    heat = tables.Column(_("Heat"))
    # On a phone the heat says enough: the table (and the reason) from tablet up.
    table = tables.Column(pgettext_lazy("table of players", "Table"), attrs=WIDE_ONLY)
    reason = tables.Column(_("Why"), attrs=WIDE_ONLY)

    class Meta:
        orderable = False
        attrs = {"class": "table table-sm table-striped align-middle"}

    def render_order(self, record: dict[str, Any]) -> int:
        call: int = record["call"]
        return call

    def render_percent(self, value: float | None) -> str:
        return percent_text(value)

    def render_reason(self, value: str) -> str:
        return translate(value)


class LaurelTable(tables.Table):
    """Event standings 1-6 for the laurels (``scoring.core.laurels``)."""

    place = tables.Column(
        pgettext_lazy("place in the standings", "Place"),
        attrs={"td": {"class": "fw-bold fs-5 number-cell"}},
    )
    player = tables.Column(_("Player"))
    reason = tables.Column(
        # Translators: a column header: how the player got the place.
        _("How"),
        orderable=False,
    )

    class Meta:
        order_by = "place"
        attrs = {"class": TABLE_CLASS, "id": "laurels"}

    def render_reason(self, value: str) -> str:
        return translate(value)


class SemiListTable(tables.Table):
    """The semi-final list in call order with a "present" tick box per player not
    seated yet (sent with the page's check-in form, ``id="semi-presence"``, in
    one save) and an "Absent" button.

    Rows: ``{"n", "player", "pk", "reason", "kind", "status"}``; ``kind`` is
    "qualifier", "next alternate" or "absent".
    """

    n = tables.Column("#", attrs=NUMBER_CELL)
    player = tables.Column(_("Player"))
    kind = tables.Column(
        pgettext_lazy("part of the semi-final list", "List"), attrs=WIDE_ONLY
    )
    reason = tables.Column(_("Why"), orderable=False, attrs=WIDE_ONLY)
    status = tables.Column(_("Check-in"))
    present = tables.Column(
        pgettext_lazy("column of tick boxes", "Present"),
        empty_values=(),
        orderable=False,
        exclude_from_export=True,
    )
    mark = buttons_column(pgettext_lazy("button: mark the player absent", "Absent"))

    class Meta:
        order_by = "n"
        attrs = {"class": TABLE_CLASS, "id": "semi-list"}
        row_attrs = {"data-kind": lambda record: record["kind"]}

    def __init__(
        self,
        *args: Any,
        event: Event | None = None,
        can_mark: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.event = event
        self.can_mark = can_mark

    def render_player(self, value: str, record: dict[str, Any]) -> str:
        if not record.get("to_check"):
            return value
        return format_html(
            '{} <span class="badge text-bg-danger to-check" title="{}">{}</span>',
            value,
            gettext("Sat at a heat table with unacknowledged rules warnings"),
            # Translators: a badge beside a player whose heat table is checked.
            gettext("to check"),
        )

    def value_player(self, value: str) -> str:
        """Exports carry the plain name."""
        return value

    def render_kind(self, value: str) -> str:
        return str(LIST_KINDS.get(value, value))

    def render_reason(self, value: str) -> str:
        return translate(value)

    def render_status(self, value: str) -> str:
        css = {"present": "text-bg-success", "absent": "text-bg-danger"}.get(
            value, "text-bg-light"
        )
        shown = CHECK_IN_STATES.get(value, value)
        return format_html('<span class="badge {}">{}</span>', css, shown)

    def value_status(self, value: str) -> str:
        """Exports carry the plain status, not the badge's HTML."""
        return value

    def render_present(self, record: dict[str, Any]) -> str:
        if not self.can_mark or record["status"] == "seated":
            return ""
        return format_html(
            '<input class="form-check-input semi-present" type="checkbox" '
            'name="present" value="{}" form="semi-presence" aria-label="{}"'
            "{}>",
            record["pk"],
            # Translators: the label of a tick box: the player is present.
            gettext("%(name)s present") % {"name": record["player"]},
            mark_safe(" checked") if record["status"] == "present" else "",
        )

    def render_mark(self, record: dict[str, Any]) -> str:
        if not self.can_mark or record["status"] in ("seated", "absent"):
            return ""
        assert self.event is not None  # the marking table is given its event
        url = reverse("scoring:semi-mark", kwargs={"event": self.event.slug})
        fields = {"player": record["pk"], "status": "absent"}
        button: str = post_button(
            self.request,
            url,
            pgettext("button: mark the player absent", "Absent"),
            css="btn-outline-danger",
            fields=fields,
        )
        return button


class PlayerTable(tables.Table):
    """The event's player records for the Players page (rows: ``Player``): name,
    badge, and the rounds each was checked in to and seated in, read from
    ``codes`` (``{player id: (rounds, seated)}``, set for the page shown)."""

    player = tables.Column(_("Player"), accessor="name", order_by=("name_key", "badge"))
    badge = tables.Column(_("Badge"))
    rounds = tables.Column(
        # Translators: a column header: the rounds the player was checked in to.
        _("Checked in"),
        empty_values=(),
        orderable=False,
    )
    seated = tables.Column(
        # Translators: a column header: the rounds the player was seated in.
        _("Seated"),
        empty_values=(),
        orderable=False,
    )

    class Meta:
        attrs = {"class": TABLE_CLASS, "id": "players"}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.codes: dict[int, tuple[str, str]] = {}
        # Name key -> players holding it, for names held by several
        # (``heats.queries.desk.namesake_counts``): they are told apart.
        self.namesakes: dict[str, int] = {}

    def render_player(self, record: Player) -> str:
        return badged_name(
            record.name, record.badge, self.namesakes.get(record.name_key, 1)
        )

    def render_rounds(self, record: Player) -> str:
        return self.codes.get(record.pk, ("", ""))[0] or "—"

    def render_seated(self, record: Player) -> str:
        return self.codes.get(record.pk, ("", ""))[1] or "—"
