"""django-tables2 tables of the GM's heat pages (formatting lives here).

Rows of the seating tables are plain dicts built by the views:
``{"table", "seat", "player", "badge", "late"}``. Headers are lazy messages;
texts in cells are translated when the table is drawn (names never are).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime
from typing import TYPE_CHECKING, Any

import django_tables2 as tables
from django.contrib.auth.models import User
from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.urls import reverse
from django.utils.formats import date_format, time_format
from django.utils.functional import Promise, lazy
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.timezone import localtime
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from heats.core.names import badged_name
from heats.models import AuditEntry, Entry, EntryStatus, KeepApart, Player

if TYPE_CHECKING:
    from heats.queries.desk import SeatingRow

TABLE_CLASS = "table table-sm table-striped align-middle"


def wide_only(extra: str = "") -> dict[str, dict[str, str]]:
    """Column attrs shown from tablet width up; a phone keeps what matters."""
    css = f"d-none d-md-table-cell {extra}".strip()
    return {"th": {"class": css}, "td": {"class": css}}


WIDE_ONLY = wide_only()


def _hidden(label: str | Promise) -> SafeString:
    return format_html('<span class="visually-hidden">{}</span>', label)


def buttons_column(label: str | Promise) -> tables.Column:
    """A column of buttons: its header is read out by screen readers and not
    drawn (a header cell without text names nothing, WCAG 1.3.1). The header is
    lazy, so ``label`` is read in the reader's language; the cell is positioned,
    so the hidden text stays inside its table on a phone."""
    header = lazy(_hidden, SafeString)(label)
    return tables.Column(
        header,
        empty_values=(),
        orderable=False,
        exclude_from_export=True,
        attrs={"th": {"class": "position-relative"}},
    )


# Where page_token keeps the page's masked CSRF token, in request.META.
PAGE_TOKEN = "medici.page_csrf_token"


def page_token(request: HttpRequest) -> str:
    """The CSRF token for the forms of one page, masked once: a list of 25 row
    buttons need not draw 25 random masks (each is as valid as the other). Kept
    in ``request.META`` (``PAGE_TOKEN``), where Django keeps its CSRF cookie."""
    token: str | None = request.META.get(PAGE_TOKEN)
    if token is None:
        token = request.META[PAGE_TOKEN] = get_token(request)
    return token


def post_button(
    request: HttpRequest,
    url: str,
    label: str,
    *,
    css: str = "btn-outline-danger",
    fields: dict[str, object] | None = None,
    confirm: str = "",
    attrs: dict[str, str] | None = None,
) -> SafeString:
    """A one-button POST form with the CSRF token and hidden ``fields`` (for row
    actions); ``confirm`` is a question asked before it is sent (confirm.js);
    ``attrs``: more attributes of the form (htmx's). Its word never breaks: "Und/o"
    in a narrow column is misread at the desk."""
    hidden = format_html_join(
        "",
        '<input type="hidden" name="{}" value="{}">',
        [("csrfmiddlewaretoken", page_token(request)), *(fields or {}).items()],
    )
    extra = dict(attrs or {})
    if confirm:
        extra["data-confirm"] = confirm
    return format_html(
        '<form method="post" action="{}" class="d-inline"{}>{}'
        '<button type="submit" class="btn btn-sm text-nowrap {}">{}</button></form>',
        url,
        format_html_join("", ' {}="{}"', extra.items()),
        hidden,
        css,
        label,
    )


# A check-in's status as the list shows it (the model's labels, translated here:
# model choices stay unmarked so that no migration follows).
ENTRY_STATES: dict[str, Promise] = {
    EntryStatus.CHECKED_IN: pgettext_lazy("check-in status", "Checked in"),
    EntryStatus.LATE: pgettext_lazy(
        "check-in status", "Late, waiting for a late table"
    ),
    EntryStatus.ABSENT: pgettext_lazy("check-in status", "Absent"),
}

# An undo of the check-in list sent by htmx: the answer replaces the list.
UNDO_HTMX = {"hx-target": "#checkin-list", "hx-swap": "outerHTML"}


class CheckInTable(tables.Table):
    """Players checked in to a round, newest first, with an undo button; a
    seated player the GM may take off their table (``removable_players``) gets "Remove
    from table". A player sharing a name with another of the event is shown
    with the badge ("John Smith (#2187)"), as the public pages show them."""

    player = tables.Column(_("Player"), order_by=("player__name_key",))
    badge = tables.Column(_("Badge"), accessor="player__badge", attrs=WIDE_ONLY)
    status = tables.Column(_("Status"))
    created_at = tables.Column(
        # Translators: a column header: when the player was checked in.
        _("Checked in"),
        attrs=WIDE_ONLY,
    )
    undo = buttons_column(_("Undo"))

    class Meta:
        model = Entry
        fields = ("player", "badge", "status", "created_at")
        order_by = "-created_at"
        attrs = {"class": TABLE_CLASS, "id": "checkin-table"}
        row_attrs = {"data-status": lambda record: record.status}
        # The library's template, its rows drawn by ``body`` (below).
        template_name = "heats/gm/_checkin_table.html"

    def __init__(
        self,
        *args: Any,
        undo_url: str | None = None,
        seated: Iterable[int] = (),
        removable: Iterable[int] = (),
        deletes: Iterable[int] = (),
        namesakes: dict[str, int] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.undo_url = undo_url
        # Name key -> players holding it, for names held by several
        # (``heats.queries.desk.namesake_counts``): they are told apart.
        self.namesakes: dict[str, int] = namesakes or {}
        self.seated = set(seated)
        self.removable = set(removable)
        # Players with no other round: undoing deletes the player record.
        self.deletes = set(deletes)

    def body(self) -> SafeString:
        """The rows of the page shown, as django-tables2's template draws them
        (the row's attributes, each cell in its ``<td>`` with the column's
        attributes, escaped), drawn here in one pass: the library resolves each
        cell's render method by its signature, cell by cell, which cost most of
        the check-in fragment's time (issue 28, item 7)."""
        cells = self._cells()
        columns = [(c.attrs["td"].as_html(), cells[c.name]) for c in self.columns]
        rows = self.paginated_rows
        # Each bound row beside its entry: the page's rows are read once, and
        # iterated again from the queryset's cache.
        drawn = (
            format_html(
                "<tr {}>{}</tr>",
                row.attrs.as_html(),
                format_html_join(
                    "",
                    "<td {}>{}</td>",
                    ((attrs, cell(entry)) for attrs, cell in columns),
                ),
            )
            for row, entry in zip(rows, rows.data, strict=True)
        )
        return SafeString("".join(drawn))

    def _cells(self) -> dict[str, Callable[[Entry], object]]:
        """Each shown column's cell of an entry, by the column's name: what the
        ``render_*`` methods draw, or the column's default for an empty value."""
        columns = self.columns
        cells: dict[str, Callable[[Entry], object]] = {
            "player": lambda e: self.render_player(e.player),
            "badge": lambda e: e.player.badge or columns["badge"].default,
            "status": lambda e: self.render_status(e.status, e),
            "created_at": lambda e: self.render_created_at(e.created_at),
            "undo": self.render_undo,
        }
        missing = {c.name for c in columns} - set(cells)
        if missing:  # a column added to the class must be drawn here too
            raise ValueError(f"CheckInTable.body draws no {sorted(missing)}")
        return cells

    def render_player(self, value: Player) -> str:
        return badged_name(
            value.name, value.badge, self.namesakes.get(value.name_key, 1)
        )

    def render_status(self, value: str, record: Entry) -> str:
        if record.status == EntryStatus.LATE:
            return format_html(
                '<span class="badge text-bg-warning">{}</span>',
                pgettext("check-in status", "late"),
            )
        if record.player_id in self.seated:
            return pgettext("check-in status", "seated")
        return str(ENTRY_STATES.get(record.status, value))

    def value_created_at(self, value: datetime) -> str:
        return f"{localtime(value):%Y-%m-%d %H:%M:%S}"

    def render_created_at(self, value: datetime) -> str:
        return time_format(localtime(value), "H:i:s")

    def render_undo(self, record: Entry) -> str:
        if self.undo_url is None:
            return ""
        if record.player_id in self.removable:
            name = record.player.name
            if record.player_id in self.deletes:
                confirm = gettext(
                    "Take %(name)s off their table? Their check-in is undone, and "
                    "the others move up one seat. %(name)s has no other round: the "
                    "player record is deleted."
                ) % {"name": name}
            else:
                confirm = gettext(
                    "Take %(name)s off their table? Their check-in is undone, and "
                    "the others move up one seat."
                ) % {"name": name}
            return post_button(
                self.request,
                self.undo_url,
                gettext("Remove from table"),
                fields={"player": record.player_id},
                confirm=confirm,
            )
        if record.player_id in self.seated:
            return ""
        return post_button(
            self.request,
            self.undo_url,
            gettext("Undo"),
            fields={"player": record.player_id},
            attrs={"hx-post": self.undo_url, **UNDO_HTMX},
        )


class SeatingByTableTable(tables.Table):
    """A round's seating by table, seat 1 (start player) first."""

    table = tables.Column(pgettext_lazy("table of players", "Table"))
    seat = tables.Column(pgettext_lazy("seat at a table", "Seat"))
    player = tables.Column(_("Player"))
    badge = tables.Column(_("Badge"))
    # Shown as a badge beside the table number; exported as a column of its own.
    late = tables.Column(_("Late table"), visible=False)

    class Meta:
        order_by = ("table", "seat")
        attrs = {"class": TABLE_CLASS}

    def render_table(self, value: int, record: SeatingRow) -> int | str:
        if record.get("late"):
            return format_html(
                '{} <span class="badge text-bg-info">{}</span>',
                value,
                # Translators: a badge beside the number of a late table.
                pgettext("late table", "late"),
            )
        return value

    def value_table(self, value: int) -> int:
        return value

    def render_seat(self, value: int) -> int | str:
        if value == 1:
            return format_html(
                '{} <span class="text-muted small">{}</span>',
                value,
                # Translators: beside seat 1: the start player's seat.
                pgettext("start player", "start"),
            )
        return value

    def value_seat(self, value: int) -> int:
        return value

    def value_late(self, value: bool) -> str:
        return pgettext("late table", "late") if value else ""


class SeatingByNameTable(tables.Table):
    """A round's seating alphabetically by player, for players finding their table."""

    player = tables.Column(_("Player"), order_by=("name_key",))
    badge = tables.Column(_("Badge"))
    table = tables.Column(
        pgettext_lazy("table of players", "Table"),
        attrs={"td": {"class": "fw-bold fs-5"}},
    )
    seat = tables.Column(pgettext_lazy("seat at a table", "Seat"))

    class Meta:
        order_by = "player"
        attrs = {"class": TABLE_CLASS}


class AuditTable(tables.Table):
    """The event's audit log: who changed what, when; newest first."""

    at = tables.Column(_("When"))
    user = tables.Column(_("Who"), empty_values=())
    action = tables.Column(_("What"))
    detail = tables.Column(_("Detail"))

    class Meta:
        model = AuditEntry
        fields = ("at", "user", "action", "detail")
        order_by = ("-at",)
        attrs = {"class": TABLE_CLASS, "id": "audit"}

    def render_at(self, value: datetime) -> str:
        return date_format(localtime(value), "Y-m-d H:i:s")

    def render_user(self, value: User | None) -> str:
        # Translators: the audit log's "who" of a change made by a command.
        return value.get_username() if value else gettext("(command)")

    def value_user(self, value: User | None) -> str:
        return self.render_user(value)

    def value_at(self, value: datetime) -> str:
        return f"{localtime(value):%Y-%m-%d %H:%M:%S}"


class KeepApartTable(tables.Table):
    """Keep-apart pairs of an event, with a remove button."""

    player_a = tables.Column(_("Player"), order_by=("player_a__name_key",))
    player_b = tables.Column(
        # Translators: a column header: "Ann | kept apart from | Ben".
        _("kept apart from"),
        order_by=("player_b__name_key",),
    )
    note = tables.Column(_("Note"))
    remove = buttons_column(_("Remove"))

    class Meta:
        model = KeepApart
        fields = ("player_a", "player_b", "note")
        attrs = {"class": TABLE_CLASS}

    def __init__(self, *args: Any, version: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.version = version  # the list's form version (heats.queries.versions)

    def render_remove(self, record: KeepApart) -> str:
        url = reverse(
            "heats:keep-apart-delete",
            kwargs={"event": record.event.slug, "pk": record.pk},
        )
        return post_button(
            self.request, url, gettext("Remove"), fields={"version": self.version}
        )
