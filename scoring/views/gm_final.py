"""GM pages of the final and the laurels: the final's field, the GM's fill
decision, its seating and absences, and the event's places 1-6. Views parse a
form and call ``scoring.services`` (``final_seating``) and ``scoring.queries``
(``final``, ``laurels``).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import TemplateView
from django_tables2 import RequestConfig

from heats.core.errors import UserError
from heats.exports import export_response
from heats.forms import SeatForm
from heats.models import Event, RoundKind
from heats.queries.desk import shown_names, table_cards
from heats.queries.seating import seating_state
from heats.queries.versions import form_version
from heats.views.common import (
    EventStaffRequiredMixin,
    already_seated,
    event_action,
    event_player,
    posted_version,
    seat_request,
)
from scoring import permissions
from scoring.forms.gm import (
    FinalFillForm,
)
from scoring.models import FinalFill
from scoring.queries import final as finals
from scoring.queries import laurels as laurel_places
from scoring.queries.rounds import final_round
from scoring.services.final_seating import (
    decide_final_fill,
    mark_final_absent,
    seat_final,
)
from scoring.tables import LaurelTable


class FinalView(EventStaffRequiredMixin, TemplateView):
    """The final's field (semi-final table winners only, and the GM's decision
    when fewer than 4 can play), its seating and its table."""

    template_name = "scoring/gm/final.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        final = final_round(self.event)
        try:
            field, problem = finals.final_field(self.event), None
        except UserError as exc:
            field, problem = None, exc
        action = reverse("scoring:final-seat", kwargs={"event": self.event.slug})
        return super().get_context_data(
            version=form_version(
                self.event, finals.FIELD, finals.field_state(field, problem)
            ),
            round=final,
            field=field,
            **(_names(self.event.pk, field) if field else _NO_NAMES),
            kinds=FinalFill.Kind,
            problem=problem,
            cards=table_cards(final) if final else [],
            seat_form=SeatForm(
                action=action,
                submit=_("Seat final"),
                button_id="submit-seat-final",
                state=seating_state(final),
            ),
            **kwargs,
        )


_NO_NAMES: dict[str, list[Any]] = dict.fromkeys(
    (
        "finalists",
        "absent_names",
        "excluded_names",
        "next_runners_up",
        "picks",
        "pick_rows",
        "winner_rows",
        "added_rows",
    ),
    [],
)
"""The final page's names (:func:`_names`) when the field cannot be worked out."""


def _names(event_pk: int, field: finals.FinalField) -> dict[str, Any]:
    """The final page's players and their names, namesakes told apart by badge
    (``shown_names``): ``*_rows`` pair a player (or runner-up) with that name;
    ``picks`` are the runners-up the GM's decision would add."""
    runners = [c.player for c in field.candidates]
    shown = shown_names(
        event_pk, [*field.absent, *field.excluded, *runners, *field.players]
    )
    picks = field.candidates[: field.needed]
    return {
        "finalists": field.players,
        "absent_names": [shown[p.pk] for p in field.absent],
        "excluded_names": [shown[p.pk] for p in field.excluded],
        "next_runners_up": [
            f"{shown[c.player.pk]} ({c.detail})"
            for c in field.candidates[field.needed :]
        ],
        "picks": picks,
        "pick_rows": [(c, shown[c.player.pk]) for c in picks],
        "winner_rows": [(p, shown[p.pk]) for p in field.winners],
        "added_rows": [(p, shown[p.pk]) for p in field.added],
    }


@event_action(permissions.FILL_FINAL, back="scoring:final")
def final_fill(request: HttpRequest, event: Event) -> HttpResponse:
    """POST: the GM's decision for a short final: the best runner(s)-up added,
    or a final of 3 confirmed (GMs only)."""
    form = FinalFillForm(request.POST)
    if not form.is_valid():
        raise UserError(_("Choose runners-up or a final of 3."))
    fill = decide_final_fill(
        event,
        form.cleaned_data["kind"],
        confirm=form.cleaned_data["confirm"],
        user=request.user,
        version=form.cleaned_data["version"],
    )
    messages.success(request, f"{fill.summary}.")
    return redirect("scoring:final", event=event.slug)


@event_action(permissions.RUN_FINAL, back="scoring:final")
def final_absent(request: HttpRequest, event: Event) -> HttpResponse:
    """POST: mark a finalist absent from the final; nobody takes the seat by
    right (no alternate advances to the final)."""
    player = event_player(event, request.POST.get("player"))
    mark_final_absent(event, player, request.user, posted_version(request))
    messages.success(
        request, _("%(player)s marked absent from the final.") % {"player": player}
    )
    return redirect("scoring:final", event=event.slug)


@event_action(permissions.SEAT, back="scoring:final")
def final_seat(request: HttpRequest, event: Event) -> HttpResponse:
    """POST: seat the final from its field (GMs only)."""
    seed, state = seat_request(request)
    result = seat_final(event, seed=seed, user=request.user, state=state)
    if result is None:
        final = final_round(event)
        assert final is not None  # seat_final made it, then found it seated
        messages.info(request, already_seated(final))
        return redirect("scoring:final", event=event.slug)
    messages.success(
        request,
        _("Final seated: %(count)s players (seed %(seed)s).")
        % {"count": len(result.tables[0]), "seed": result.seed},
    )
    return redirect("scoring:final", event=event.slug)


class LaurelsView(EventStaffRequiredMixin, TemplateView):
    """Event standings 1-6 for the laurels; CSV/XLSX export."""

    template_name = "scoring/gm/laurels.html"

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        lines, self.empty_note = laurel_places.laurels_and_note(self.event)
        rows = [lau.to_json() for lau in lines]
        self.laurel_table = LaurelTable(rows, prefix="laurels-")
        name = f"{self.event.slug}-laurels"
        response = export_response(request, self.laurel_table, name)
        if response is not None:
            return response
        RequestConfig(request, paginate=False).configure(self.laurel_table)
        return super().get(request, *args, **kwargs)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(
            laurel_table=self.laurel_table,
            empty_note=self.empty_note,
            final=self.event.rounds.filter(kind=RoundKind.FINAL).first(),
            **kwargs,
        )
