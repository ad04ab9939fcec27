"""The GM's Players page: every player record, and the forms to correct a name and
to merge two records of one person (``scoring.services.players``).
"""

from __future__ import annotations

from collections import defaultdict

from django.contrib import messages
from django.shortcuts import redirect
from django.urls import reverse
from django.views.generic import TemplateView
from django_tables2 import RequestConfig

from heats.core.errors import UserError
from heats.core.rounds import RoundCode
from heats.models import Entry, EntryStatus, Event, Seat
from heats.views.common import (
    EventStaffRequiredMixin,
    event_action,
)
from scoring import permissions
from scoring.forms import MergePlayersForm, RenamePlayerForm
from scoring.services.players import merge_players, rename_player
from scoring.tables import PlayerTable


def players_url(event: Event, name: str = "players") -> str:
    return reverse(f"scoring:{name}", kwargs={"event": event.slug})


def player_rows(event: Event) -> list[dict]:
    """One row per player record: name, badge, rounds checked in to (absent marks
    left out) and seated in (``H1``, ``SF``, ``F``), from three queries."""
    entered: dict[int, list[str]] = defaultdict(list)
    seated: dict[int, list[str]] = defaultdict(list)
    entries = Entry.objects.filter(round__event=event).exclude(
        status=EntryStatus.ABSENT
    )
    for pk, kind, number in entries.values_list(
        "player", "round__kind", "round__number"
    ):
        entered[pk].append(_code(kind, number))
    for pk, kind, number in Seat.objects.filter(round__event=event).values_list(
        "player", "round__kind", "round__number"
    ):
        seated[pk].append(_code(kind, number))
    return [
        {
            "player": name,
            "badge": badge,
            "rounds": " ".join(entered[pk]),
            "seated": " ".join(seated[pk]),
        }
        for pk, name, badge in event.players.values_list("pk", "name", "badge")
    ]


def _code(kind: str, number: int) -> str:
    return RoundCode(kind, number).short_label


class PlayersView(EventStaffRequiredMixin, TemplateView):
    """Every player record; for GMs, the forms to correct a name and to merge."""

    template_name = "scoring/gm/players.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        table = PlayerTable(player_rows(self.event), order_by="player")
        RequestConfig(self.request, paginate=False).configure(table)
        context["player_table"] = table
        if context["is_gm"]:
            context["rename_form"] = RenamePlayerForm(
                event=self.event, action=players_url(self.event, "player-rename")
            )
            context["merge_form"] = MergePlayersForm(
                event=self.event, action=players_url(self.event, "player-merge")
            )
        return context


def _refused(form) -> UserError:
    return UserError(
        "Nothing changed.",
        [" ".join(errors) for errors in form.errors.values()],
    )


@event_action(permissions.CORRECT_PLAYERS, back="scoring:players")
def player_rename(request, event: Event):
    """POST: correct a player's name, and their badge when one is typed."""
    form = RenamePlayerForm(request.POST, event=event)
    if not form.is_valid():
        raise _refused(form)
    data = form.cleaned_data
    old = str(data["player"])
    player = rename_player(
        event, data["player"], data["name"], data["badge"] or None, user=request.user
    )
    messages.success(request, f"{old} is now {player}.")
    return redirect(players_url(event))


@event_action(permissions.CORRECT_PLAYERS, back="scoring:players")
def player_merge(request, event: Event):
    """POST: merge a duplicate player record into the one kept."""
    form = MergePlayersForm(request.POST, event=event)
    if not form.is_valid():
        raise _refused(form)
    data = form.cleaned_data
    gone = str(data["duplicate"])
    kept = merge_players(event, data["kept"], data["duplicate"], user=request.user)
    messages.success(request, f"{gone} and {kept} are now one player: {kept}.")
    return redirect(players_url(event))
