"""GM pages of the semi-final: the list with presence, override and
publication, the seating and no-shows (the final and the laurels:
``scoring.views.gm_final``). Views parse a form and call ``scoring.services``
(``rounds``, ``publishing``, ``substitutes``) and ``scoring.queries``.
"""

from __future__ import annotations

from typing import Any, TypedDict

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import TemplateView
from django_tables2 import RequestConfig

from heats.core.errors import UserError
from heats.exports import export_response
from heats.forms import SeatForm
from heats.models import Entry, EntryStatus, Event, Player, Round, RoundKind, Seat
from heats.queries.desk import has_short_card, shown_names, table_cards
from heats.queries.players import PlayerFinder
from heats.queries.seating import has_results, seating_state
from heats.queries.short_tables import short_tables
from heats.queries.versions import form_version
from heats.translate import listed, sentences
from heats.views.common import (
    EventStaffRequiredMixin,
    already_seated,
    event_action,
    event_player,
    posted_version,
    seat_request,
)
from scoring import permissions
from scoring.core.advancement import (
    Advancement,
)
from scoring.core.alternates import Alternate
from scoring.core.hmw import Listed
from scoring.core.ids import (
    PlayerId,
)
from scoring.core.sizes import WINNERS_PRESENT
from scoring.forms.gm import (
    NoShowForm,
    SemiOverrideForm,
)
from scoring.forms.semi import (
    auto_publish_form,
    presence_form_data,
)
from scoring.models import SemiFinalOverride
from scoring.queries.event_results import (
    HeldTable,
    event_advancement,
    held_heat_tables,
    held_labels,
)
from scoring.queries.no_shows import (
    no_show_state,
    open_seats,
    present_alternates,
    winners_present,
)
from scoring.queries.published import (
    auto_publish_on,
    changes,
    latest_published,
    list_state,
)
from scoring.queries.rounds import semi_round
from scoring.services import publishing, substitutes
from scoring.services import semi_final as rounds
from scoring.tables import SemiListTable
from scoring.wording import heat_tables


class SemiRow(TypedDict):
    """One line of the GM's semi-final list (:func:`semi_rows`): its place
    ``n``, the player's label and id, the list ``kind`` ("qualifier", "next
    alternate", "cut winner", "absent"), the ``reason``, the check-in ``status`` and
    ``to_check``."""

    n: int
    player: str
    pk: PlayerId
    kind: str
    reason: str
    status: str
    to_check: bool


def _other_cut_winners(result: Advancement) -> tuple[Listed, ...]:
    """The winners cut by HMW not already on the list as qualifiers or next
    alternates: under ``hmo`` every one (called as nobody's alternate), under
    ``hmw`` those beyond the next alternates shown."""
    on_list = {x.player for x in result.qualifiers}
    on_list |= {x.player for x in result.next_alternates}
    return tuple(p for p in result.pared if p.player not in on_list)


def semi_rows(
    event: Event, result: Advancement, held: dict[int, HeldTable] | None = None
) -> list[SemiRow]:
    """The posted list: qualifiers, next alternates, the other winners cut by HMW,
    then absent players, each with
    its check-in status ("seated", "present", "absent" or "not checked in") and
    ``to_check``: the player sat at a heat table being checked (the GM's list
    counts its results; the public one not yet). ``held``
    (``held_heat_tables(event)``) saves loading them again."""
    if held is None:
        held = held_heat_tables(event)
    checking = set(
        Seat.objects.filter(table__in=held).values_list("player_id", flat=True)
    )
    semi = semi_round(event)
    status: dict[int | str, str] = (
        dict(semi.entries.values_list("player_id", "status")) if semi else {}
    )
    seated = set(semi.seats.values_list("player_id", flat=True)) if semi else set()
    names: dict[str | None, str] = {
        EntryStatus.CHECKED_IN: "present",
        EntryStatus.ABSENT: "absent",
    }
    groups: tuple[tuple[str, tuple[Listed | Alternate, ...]], ...] = (
        ("qualifier", result.qualifiers),
        ("next alternate", result.next_alternates),
        ("cut winner", _other_cut_winners(result)),
        ("absent", result.skipped),
    )
    rows: list[SemiRow] = []
    for kind, members in groups:
        for item in members:
            pk = item.player
            state = "seated" if pk in seated else names.get(status.get(pk), "")
            rows.append(
                {
                    "n": len(rows) + 1,
                    "player": item.label,
                    "pk": pk,
                    "kind": kind,
                    "reason": item.reason,
                    "status": state or "not checked in",
                    "to_check": pk in checking,
                }
            )
    return rows


class SemiView(EventStaffRequiredMixin, TemplateView):
    """Semi-final check-in of the qualifiers, the list with the next alternates,
    and its seating (GMs)."""

    template_name = "scoring/gm/semi.html"

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        self.result = event_advancement(self.event)
        self.held = held_heat_tables(self.event)
        self.rows = semi_rows(self.event, self.result, self.held)
        self.list_table = SemiListTable(
            self.rows,
            event=self.event,
            can_mark=True,
            prefix="semi-",
        )
        name = f"{self.event.slug}-semi-final-list"
        response = export_response(request, self.list_table, name)
        if response is not None:
            return response
        RequestConfig(request, paginate=False).configure(self.list_table)
        return super().get(request, *args, **kwargs)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        semi = semi_round(self.event)
        seated = semi is not None and semi.seated_at is not None
        cards = table_cards(semi) if semi else []
        # Short tables are a query of their own: looked for only when a card
        # shows one.
        shorts = (
            short_tables(semi, RoundKind.SEMI)
            if semi is not None and has_short_card(cards)
            else []
        )
        context: dict[str, Any] = super().get_context_data(
            **self._list_context(),
            round=semi,
            cards=cards,
            no_show_form=no_show_form(self.event) if seated else None,
            short_tables=shorts,
            semi_played=semi is not None and bool(shorts) and has_results(semi),
            seat_form=semi_seat_form(self.event, semi, seated),
            **kwargs,
        )
        return context

    def _list_context(self) -> dict[str, Any]:
        """The list's part of the page: the list, its publication, the GM's
        override and the check-in form."""
        published = latest_published(self.event)
        override = SemiFinalOverride.objects.filter(event=self.event).first()
        list_version = form_version(
            self.event, publishing.SEMI_LIST, list_state(self.result)
        )
        return dict(
            list_version=list_version,
            presence=presence_form_data(self.event, self.rows),
            auto_publish=auto_publish_on(self.event),
            auto_publish_form=auto_publish_form(self.event),
            # Without the GM's override the recommendation is the live list.
            recommended=self.result
            if override is None
            else event_advancement(self.event, override=False),
            to_check=held_labels(self.held),
            override=override,
            override_form=override_form(self.event),
            published=published,
            changes=changes(published, self.result),
            result=self.result,
            list_table=self.list_table,
            missing_tables=heat_tables(self.result.missing_tables),
        )


def semi_seat_form(event: Event, semi: Round | None, seated: bool) -> SeatForm:
    """The semi-final's "Seat" form: "Seat semi-final", or, once seated, "Seat
    the semi-final again" with a confirmation."""
    action = reverse("scoring:semi-seat", kwargs={"event": event.slug})
    if not seated:
        return SeatForm(
            action=action,
            submit=_("Seat semi-final"),
            button_id="submit-seat-semi-final",
            confirm="",
            state=seating_state(semi),
        )
    return SeatForm(
        action=action,
        submit=_("Seat the semi-final again"),
        button_id="submit-seat-the-semi-final-again",
        confirm=_("Seat the semi-final again? Every table is drawn anew."),
        state=seating_state(semi),
    )


@event_action(permissions.MARK_SEMI_PRESENCE, back="scoring:semi")
def semi_mark(request: HttpRequest, event: Event) -> HttpResponse:
    """POST: mark a semi-final qualifier present or absent; says who is called in."""
    player = event_player(event, request.POST.get("player"))
    status = request.POST.get("status")
    if status not in ("present", "absent"):
        raise UserError(_("Mark the player present or absent."))
    mark = rounds.mark_semi_presence(event, player, status == "present", request.user)
    if status == "present":
        text = _("%(player)s marked present for the semi-final.")
    else:
        text = _("%(player)s marked absent for the semi-final.")
    lines = [text % {"player": player}]
    if mark.called:
        lines.append(_("Called in: %(names)s.") % {"names": listed(mark.called)})
    if mark.dropped:
        names = listed(mark.dropped)
        lines.append(_("No longer on the list: %(names)s.") % {"names": names})
    messages.success(request, sentences(lines))
    if mark.no_seat:
        messages.warning(
            request,
            _(
                "The semi-final is already seated and %(player)s has no seat: "
                "when a seated player does not show up, give the seat away "
                'under "Replace a no-show".'
            )
            % {"player": player},
        )
    return redirect("scoring:semi", event=event.slug)


def no_show_form(event: Event, data: QueryDict | None = None) -> NoShowForm | None:
    """The "replace a no-show" form of the seated semi-final (under "the
    winners present": take the no-show off the table, no alternate); None when
    no table without results is left."""
    seats = open_seats(event)
    if not seats:
        return None
    remove = winners_present(event)
    candidates = [] if remove else present_alternates(event)
    state = no_show_state(seats, candidates)
    version = form_version(event, substitutes.NO_SHOWS, state)
    players = [s.player for s in seats] + [c.player for c in candidates]
    return NoShowForm(
        data,
        seats=seats,
        candidates=candidates,
        names=shown_names(event.pk, players),
        action=reverse(
            "scoring:semi-remove" if remove else "scoring:semi-replace",
            kwargs={"event": event.slug},
        ),
        initial={"version": version},
        remove=remove,
    )


@event_action(permissions.REPLACE_NO_SHOW, back="scoring:semi")
def semi_replace(request: HttpRequest, event: Event) -> HttpResponse:
    """POST: a seated semi-final qualifier did not show up; the next present
    alternate (or the one chosen) takes the seat (GMs only); under "the
    winners present" the form posts to ``gm_semi.semi_remove`` instead."""
    player = event_player(event, request.POST.get("player"))
    choice = request.POST.get("alternate")
    alternate = event_player(event, choice) if choice else None
    seat = substitutes.replace_no_show(
        event, player, alternate, request.user, posted_version(request)
    )
    messages.success(
        request,
        _(
            "%(player)s marked absent; %(alternate)s takes semi-final table "
            "%(table)s, seat %(seat)s."
        )
        % {
            "player": player,
            "alternate": seat.player,
            "table": seat.table.number,
            "seat": seat.number,
        },
    )
    return redirect("scoring:semi", event=event.slug)


def override_form(event: Event, data: QueryDict | None = None) -> SemiOverrideForm:
    """The override form, filled with the event's current override."""
    current = SemiFinalOverride.objects.filter(event=event).first()
    initial = {}
    if current:
        initial = {
            "size": WINNERS_PRESENT if current.winners_present else current.size,
            "reason": current.reason,
            "added": "\n".join(p.name for p in current.added.all()),
        }
    initial["version"] = form_version(event, publishing.OVERRIDE)
    return SemiOverrideForm(
        data,
        initial=initial,
        sizes=sorted(event.semi_layout_map()),
        action=reverse("scoring:semi-override", kwargs={"event": event.slug}),
    )


@event_action(permissions.RUN_SEMI_FINAL, back="scoring:semi")
def semi_override(request: HttpRequest, event: Event) -> HttpResponse:
    """POST: save the GM's semi-final size and added players (GMs only)."""
    form = override_form(event, request.POST)
    if not form.is_valid():
        raise UserError(
            _("The override was not saved: %(problems)s")
            % {"problems": form.errors.as_text()}
        )
    added = [find_player(event, name) for name in form.cleaned_data["added"]]
    absent = Entry.objects.filter(
        round__event=event,
        round__kind=RoundKind.SEMI,
        player__in=added,
        status=EntryStatus.ABSENT,
    )
    if absent.exists():
        names = listed(e.player for e in absent.select_related("player"))
        raise UserError(
            _("Marked absent from the semi-final: %(names)s. Mark them present first.")
            % {"names": names}
        )
    publishing.set_override(
        event,
        form.cleaned_data["size"],
        added,
        request.user,
        version=form.cleaned_data["version"],
        reason=form.cleaned_data["reason"],
    )
    messages.success(request, _("Override saved: the list below follows it."))
    return redirect("scoring:semi", event=event.slug)


def find_player(event: Event, name: str) -> Player:
    """The player called ``name`` (or ``#badge``); UserError if there is none."""
    badge = name[1:] if name.startswith("#") else ""
    player = PlayerFinder(event).find("" if badge else name, badge)
    if player is None:
        raise UserError(
            _("No player %(name)s in %(event)s.")
            % {"name": repr(name), "event": event.name}
        )
    return player


@event_action(permissions.RUN_SEMI_FINAL, back="scoring:semi")
def semi_publish(request: HttpRequest, event: Event) -> HttpResponse:
    """POST: publish the semi-final list on the standings page (GMs only)."""
    version = posted_version(request)
    if publishing.publish(event, user=request.user, version=version) is None:
        messages.info(
            request,
            _(
                "The semi-final list is already published as it stands (Publish "
                "pressed twice?): nothing changed."
            ),
        )
    else:
        messages.success(request, _("Semi-final list published on the standings page."))
    return redirect("scoring:semi", event=event.slug)


@event_action(permissions.SEAT, back="scoring:semi")
def semi_seat(request: HttpRequest, event: Event) -> HttpResponse:
    """POST: seat the semi-final from the list in its layout (GMs only)."""
    seed, state = seat_request(request)
    result = rounds.seat_semi(event, seed=seed, user=request.user, state=state)
    if result is None:
        semi = semi_round(event)
        assert semi is not None  # seat_semi made it, then found it seated
        messages.info(request, already_seated(semi))
        return redirect("scoring:semi", event=event.slug)
    shape = "+".join(str(len(t)) for t in result.tables)
    messages.success(
        request,
        _("Semi-final seated: %(shape)s (seed %(seed)s).")
        % {"shape": shape, "seed": result.seed},
    )
    return redirect("scoring:semi", event=event.slug)
