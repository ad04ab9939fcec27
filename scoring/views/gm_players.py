"""The GM's Players page: the player records, a page at a time and found by a
search box (an event may hold 20,000), and the forms to correct a name and to
merge two records of one person (``scoring.services.players``).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, TypedDict

from django.contrib import messages
from django.forms import BaseForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import TemplateView
from django_tables2 import RequestConfig

from heats.core.errors import UserError
from heats.core.rounds import RoundCode
from heats.models import Entry, EntryStatus, Event, Seat
from heats.queries.desk import namesake_counts
from heats.queries.players import search_filter
from heats.translate import sentences
from heats.views.common import (
    EventStaffRequiredMixin,
    event_action,
)
from scoring import permissions
from scoring.forms.gm import MergePlayersForm, RenamePlayerForm
from scoring.services.players import merge_players, rename_player
from scoring.tables import PlayerTable

PER_PAGE = 50


def players_url(event: Event, name: str = "players") -> str:
    return reverse(f"scoring:{name}", kwargs={"event": event.slug})


def round_codes(event: Event, ids: list[int]) -> dict[int, tuple[str, str]]:
    """``{player id: (rounds checked in to, rounds seated in)}`` for the players
    ``ids``, as short codes ("H1 H2 SF"; absent marks left out); two queries."""
    entered: dict[int, list[str]] = defaultdict(list)
    seated: dict[int, list[str]] = defaultdict(list)
    entries = Entry.objects.filter(round__event=event, player_id__in=ids).exclude(
        status=EntryStatus.ABSENT
    )
    for pk, kind, number in entries.values_list(
        "player", "round__kind", "round__number"
    ):
        entered[pk].append(_code(kind, number))
    seats = Seat.objects.filter(round__event=event, player_id__in=ids)
    for pk, kind, number in seats.values_list("player", "round__kind", "round__number"):
        seated[pk].append(_code(kind, number))
    return {pk: (" ".join(entered[pk]), " ".join(seated[pk])) for pk in ids}


class PlayerRow(TypedDict):
    """One player record as the Players page's export lists it
    (:func:`player_rows`)."""

    player: str
    badge: str
    rounds: str
    seated: str


def player_rows(event: Event) -> list[PlayerRow]:
    """One row per player record of ``event``: ``{"player", "badge", "rounds",
    "seated"}`` (``round_codes``), from three queries."""
    players = list(event.players.values_list("pk", "name", "badge"))
    codes = round_codes(event, [pk for pk, _, _ in players])
    return [
        {
            "player": name,
            "badge": badge,
            "rounds": codes[pk][0],
            "seated": codes[pk][1],
        }
        for pk, name, badge in players
    ]


def _code(kind: str, number: int) -> str:
    return RoundCode(kind, number).short_label


class PlayersView(EventStaffRequiredMixin, TemplateView):
    """The player records, ``PER_PAGE`` a page, found by the search box (``q``:
    part of a name, or the start of a badge); for GMs, the forms to correct a
    name and to merge two records, offering the players listed."""

    template_name = "scoring/gm/players.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        query = self.request.GET.get("q", "")[:120]
        found = search_filter(self.event, query)
        players = self.event.players.all()
        table = PlayerTable(
            players if found is None else players.filter(found), order_by="player"
        )
        RequestConfig(self.request, paginate={"per_page": PER_PAGE}).configure(table)
        listed = [row.record for row in table.page.object_list]
        table.codes = round_codes(self.event, [p.pk for p in listed])
        table.namesakes = namesake_counts(self.event.pk)
        context.update(player_table=table, search=query)
        if context["is_gm"]:
            context["rename_form"] = RenamePlayerForm(
                event=self.event,
                action=players_url(self.event, "player-rename"),
                players=listed,
            )
            context["merge_form"] = MergePlayersForm(
                event=self.event,
                action=players_url(self.event, "player-merge"),
                players=listed,
            )
        return context


def _refused(form: BaseForm) -> UserError:
    return UserError(
        _("Nothing changed."),
        [sentences(errors) for errors in form.errors.values()],
    )


@event_action(permissions.CORRECT_PLAYERS, back="scoring:players")
def player_rename(request: HttpRequest, event: Event) -> HttpResponse:
    """POST: correct a player's name, and their badge when one is typed."""
    form = RenamePlayerForm(request.POST, event=event)
    if not form.is_valid():
        raise _refused(form)
    data = form.cleaned_data
    old = str(data["player"])
    player = rename_player(
        event, data["player"], data["name"], data["badge"] or None, user=request.user
    )
    messages.success(
        request, _("%(old)s is now %(new)s.") % {"old": old, "new": player}
    )
    return redirect(players_url(event))


@event_action(permissions.CORRECT_PLAYERS, back="scoring:players")
def player_merge(request: HttpRequest, event: Event) -> HttpResponse:
    """POST: merge a duplicate player record into the one kept."""
    form = MergePlayersForm(request.POST, event=event)
    if not form.is_valid():
        raise _refused(form)
    data = form.cleaned_data
    gone = str(data["duplicate"])
    kept = merge_players(event, data["kept"], data["duplicate"], user=request.user)
    messages.success(
        request,
        _("%(gone)s and %(kept)s are now one player: %(kept)s.")
        % {"gone": gone, "kept": kept},
    )
    return redirect(players_url(event))
