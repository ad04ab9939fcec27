"""What scoring's views share: a table of a round from the URL (``TableMixin``,
``get_table``). Not a view module itself.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _

from heats.core.errors import UserError
from heats.models import (
    Event,
    Round,
    RoundKind,
    Table,
)
from heats.services.events import (
    get_round,
)
from heats.views.common import (
    round_or_404,
)

if TYPE_CHECKING:
    from heats.views.common import EventMixin as _TableViewBase
else:
    _TableViewBase = object


class TableMixin(_TableViewBase):
    """Loads ``self.round`` and ``self.table`` from the URL (after the role check);
    ``self.table.round`` is ``self.round`` and its ``event`` is ``self.event``
    (each read once)."""

    @cached_property
    def round(self) -> Round:
        rnd = round_or_404(self.event, self.kwargs["round"])
        rnd.event = self.event
        return rnd

    @cached_property
    def table(self) -> Table:
        table = get_object_or_404(Table, round=self.round, number=self.kwargs["table"])
        table.round = self.round
        return table

    def table_kwargs(self) -> dict[str, Any]:
        return {
            "event": self.event.slug,
            "round": self.round.code,
            "table": self.table.number,
        }

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(round=self.round, table=self.table, **kwargs)

    def round_page(self) -> str:
        """Where the GM goes back to: the heat's page, or the semi-final or final
        page (their round page is about seating, not results)."""
        pages: dict[str, str] = {
            RoundKind.SEMI: "scoring:semi",
            RoundKind.FINAL: "scoring:final",
        }
        if self.round.kind in pages:
            return reverse(pages[self.round.kind], kwargs={"event": self.event.slug})
        return self.round.get_absolute_url()


def table_name(table: Table) -> str:
    """ "Heat 1, table 3" in the reader's language (``str(table)`` is English)."""
    return _("%(round)s, table %(number)s") % {
        "round": table.round.label,
        "number": table.number,
    }


def table_label(rnd: Round, number: int) -> str:
    """ "Heat 1 table 3", as a message about a table's results starts."""
    return _("%(round)s table %(number)s") % {"round": rnd.label, "number": number}


def get_table(event: Event, round_code: str, number: int) -> Table:
    """The table ``number`` of round ``round_code``; 404 when either is missing."""
    try:
        rnd = get_round(event, round_code)
    except UserError:
        raise Http404(_("No round %(code)s") % {"code": repr(round_code)}) from None
    return get_object_or_404(Table, round=rnd, number=number)
