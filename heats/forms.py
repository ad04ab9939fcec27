"""Forms of the GM's heat pages (crispy-forms, Bootstrap 5).

``clean_*`` methods return domain values: ``PasteForm.clean_text`` the
``[(name, badge)]`` rows, ``SeatForm.clean_seed`` a seed string or None.

Every form of the apps is a ``StorableTextForm``: its text fields refuse what
the database cannot store (``heats.core.storable``), the rule scoresheets and
imports follow too.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, tzinfo
from typing import Any, cast

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Column, Field, Layout, Row
from django import forms
from django.utils import timezone
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from heats.core import clock
from heats.core.formats import HMO, HMW
from heats.core.names import display_name
from heats.core.storable import text_problem
from heats.core.tiebreaks import TIEBREAK_CHOICES, TIEBREAKS
from heats.form_parts import (
    Details,
    QuickSelect,
    button_helper,
    in_place_helper,
    player_choices,
    shown_back,
    tidied_data,
)
from heats.models import (
    Event,
    Player,
    SeatingPolicy,
)
from heats.queries.desk import (
    CardPlayer,
)
from heats.services.checkin import (
    numbered_name_list,
)

# The words of the Event model's choices, as forms and pages show them (the
# model's own labels stay English: translating them would make a migration).
SEATING_POLICY_CHOICES = [
    (SeatingPolicy.SIX_OVER_FOUR, _("Fewest 4-player tables, then most 5s (WBC)")),
    (SeatingPolicy.FIVE_FIRST, _("Most 5-player tables, then 6 over 4")),
]
FORMAT_CHOICES = [
    (
        HMW,
        _(
            "Heats most wins (HMW): a semi-final of 16, 20, 25, 30 or 36, empty "
            "seats filled by alternates"
        ),
    ),
    (
        HMO,
        _("Heats winners only (HMO): every present winner, at most 36, no alternates"),
    ),
]
# The HMW tie-break orders (marked in heats.core.tiebreaks).
TIEBREAK_FORM_CHOICES = [(code, _(TIEBREAK_CHOICES[code])) for code in TIEBREAKS]
# An event's format as a line says it: "Format: heats winners only".
FORMAT_NAMES = {HMW: _("heats most wins"), HMO: _("heats winners only")}


def validate_storable_text(value: str) -> None:
    """Django validator: ``ValidationError`` (code ``"unstorable"``) when ``value``
    holds text the database cannot store, a NUL character or a surrogate
    (``heats.core.storable.text_problem``, the rule of every way in). Django's
    ``CharField`` refuses a NUL but not a surrogate, which a form sent in UTF-7
    carries and PostgreSQL answers with an error page (issue 16, item 5)."""
    problem = text_problem(value)
    if problem:
        raise forms.ValidationError(
            problem[0].upper() + problem[1:] + ".", code="unstorable"
        )


class StorableTextForm(forms.Form):
    """A form whose every text field (a ``CharField``, its own or added in a
    subclass's ``__init__``) refuses text the database cannot store
    (``validate_storable_text``), before any ``clean_*`` method sees it. Once
    cleaned, the form shows its values back with each surrogate replaced by
    U+FFFD: a page holding one could not be sent (UTF-8 cannot encode it).

    ``tidied``: the fields holding a name or a badge, tidied as they are saved
    (``heats.core.names.display_name``: NFC, invisible characters such as
    direction overrides removed) before any check, so ``max_length`` counts the
    characters saved: "é" typed as "e" plus a combining accent is one."""

    tidied: tuple[str, ...] = ()

    def full_clean(self) -> None:
        if self.is_bound and self.tidied:
            self.data = tidied_data(self.data, self.tidied)
        for field in self.fields.values():
            if isinstance(field, forms.CharField) and (
                validate_storable_text not in field.validators
            ):
                field.validators.append(validate_storable_text)
        super().full_clean()
        if self.is_bound:
            self.data = shown_back(self.data)


def _htmx(helper: FormHelper, action: str) -> None:
    """Post the form with htmx (when JavaScript runs) and put the answer, the
    round page's check-in fragment (``heats.views.common_desk``), in place of
    the check-in list; without JavaScript it posts as any form."""
    helper.attrs = {
        "hx-post": action,
        "hx-target": "#checkin-list",
        "hx-swap": "outerHTML",
    }


class CheckInForm(StorableTextForm):
    """One player by name (type-ahead) and optional badge, ``player`` the id of
    the suggestion picked (None when typed), ``new`` "New player" ticked: who
    that is, the service decides (``heats.services.checkin_identity``)."""

    tidied = ("name", "badge")

    name = forms.CharField(label=_("Name or badge"), max_length=120)
    badge = forms.CharField(label=_("Badge"), max_length=40, required=False)
    new = forms.BooleanField(
        label=_("New player (even when the name is another player's)"),
        required=False,
    )
    player = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)

    def __init__(
        self, *args: Any, action: str = "", search_url: str = "", **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.helper = button_helper(
            action, gettext("Check in"), button_id="submit-check-in"
        )
        self.helper.form_id = "checkin-form"
        _htmx(self.helper, action)
        self.helper.layout = Layout(
            Row(
                Column(
                    Field(
                        "name",
                        autocomplete="off",
                        autofocus=True,
                        css_class="form-control-lg",
                        placeholder=gettext("Type a name or badge…"),
                        **{"data-search-url": search_url},
                    ),
                    css_class="col-8",
                ),
                Column(Field("badge", css_class="form-control-lg"), css_class="col-4"),
            ),
            Field("new"),
            Field("player"),
        )

    def clean_name(self) -> str:
        name = display_name(self.cleaned_data["name"])
        if not name:
            raise forms.ValidationError(gettext("Type a name or a badge number."))
        return name

    def clean_badge(self) -> str:
        return display_name(self.cleaned_data["badge"])


class PasteForm(StorableTextForm):
    """A pasted list: one name a line, ``Name, badge`` allowed; ``lines``, once
    valid: each row's line number in the text."""

    lines: list[int]

    text = forms.CharField(
        label=_("One name a line (“Name, badge” allowed)"),
        widget=forms.Textarea(attrs={"rows": 6}),
    )

    def __init__(self, *args: Any, action: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = button_helper(
            action,
            gettext("Check in all"),
            button_id="submit-check-in-all",
            css="btn-secondary",
        )
        self.helper.form_id = "paste-form"
        _htmx(self.helper, action)

    def clean_text(self) -> list[tuple[str, str]]:
        """The rows (``parse_name_list``); ``lines``: each one's line number."""
        numbered = numbered_name_list(self.cleaned_data["text"])
        if not numbered:
            raise forms.ValidationError(gettext("Paste at least one name."))
        self.lines = [number for number, _row in numbered]
        return [row for _number, row in numbered]


class SeatForm(StorableTextForm):
    """Seat a round now; a seed reproduces an earlier seating.

    ``state`` is the round's seating state when the page was drawn
    (``services.seating_state``): a second press of the button finds the round
    seated since and changes nothing. ``clean_state`` is None when a client sent
    no state (``heats.views.common.seat_request`` reads it as "unseated").
    ``in_place``: answered in place on the round page
    (``form_parts.in_place_helper``).
    """

    seed = forms.CharField(
        label=_("Seed (leave empty for a fresh random seating)"),
        max_length=64,
        required=False,
    )
    state = forms.CharField(max_length=64, required=False, widget=forms.HiddenInput)
    # "1" when the page asked whether to seat inside the minutes after the start
    # (``heats.queries.seat_questions``).
    early = forms.CharField(max_length=1, required=False, widget=forms.HiddenInput)

    def __init__(
        self,
        *args: Any,
        action: str = "",
        submit: str = "",
        button_id: str = "submit-seat-now",
        confirm: str = "",
        state: str = "",
        early: bool = False,
        in_place: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fields["state"].initial = state
        self.fields["early"].initial = "1" if early else ""
        self.helper = button_helper(
            action,
            submit or gettext("Seat now"),
            button_id=button_id,
            css="btn-success btn-lg w-100",
        )
        self.helper.form_id = "seat-form"
        if confirm:
            self.helper.attrs = {"data-confirm": confirm}
        if early:
            # The question is about seating too soon: the clock drops it once
            # the seating is due (static/js/clock.js), not to ask "2 minutes
            # are not up" beside "Seat now: 2 minutes have passed".
            self.helper.attrs = self.helper.attrs | {"data-seat-early": "1"}
        if in_place:
            in_place_helper(self.helper, action)
        self.helper.layout = Layout(
            Field("state"),
            Field("early"),
            Details(gettext("Seed…"), Field("seed")),
        )

    def clean_seed(self) -> str | None:
        return self.cleaned_data["seed"].strip() or None

    def clean_state(self) -> str | None:
        return self.cleaned_data["state"].strip() or None


class UndoSeatingForm(StorableTextForm):
    """Put back the seating "Seat again" replaced (``services.undo_seating``);
    ``state`` as for ``SeatForm``: a second press changes nothing."""

    state = forms.CharField(max_length=64, required=False, widget=forms.HiddenInput)

    def __init__(
        self,
        *args: Any,
        action: str = "",
        state: str = "",
        confirm: str = "",
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fields["state"].initial = state
        self.helper = button_helper(
            action,
            gettext("Undo: put back the previous seating"),
            button_id="submit-undo-put-back-the-previous-seating",
            css="btn-outline-secondary",
        )
        self.helper.form_id = "undo-seating-form"
        if confirm:
            self.helper.attrs = {"data-confirm": confirm}


class SwapForm(StorableTextForm):
    """Exchange two players of a seated round (either may be waiting)."""

    player_a = forms.ModelChoiceField(
        Player.objects.none(), label=_("Swap"), widget=QuickSelect
    )
    player_b = forms.ModelChoiceField(
        Player.objects.none(),
        label=pgettext_lazy("swap one player with another", "with"),
        widget=QuickSelect,
    )

    def __init__(
        self,
        *args: Any,
        players: Iterable[Player | CardPlayer] = (),
        action: str = "",
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        players = list(players)
        ids = [p.pk for p in players]
        for name in ("player_a", "player_b"):
            field = cast("forms.ModelChoiceField[Player]", self.fields[name])
            field.queryset = Player.objects.filter(pk__in=ids)
            # Drawn from the players given, not read again from the database.
            self.fields[name].widget.choices = player_choices(players)
        self.helper = button_helper(
            action, gettext("Swap"), button_id="submit-swap", css="btn-warning"
        )
        self.helper.form_id = "swap-form"
        self.helper.layout = Layout(
            Row(Column("player_a"), Column("player_b")),
        )


class KeepApartForm(StorableTextForm):
    """A pair of players future seatings keep apart."""

    player_a = forms.ModelChoiceField(Player.objects.none(), label=_("Player"))
    player_b = forms.ModelChoiceField(Player.objects.none(), label=_("kept apart from"))
    note = forms.CharField(max_length=120, required=False, label=_("Why (optional)"))
    version = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(
        self, *args: Any, event: Event | None = None, action: str = "", **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        for name in ("player_a", "player_b"):
            field = cast("forms.ModelChoiceField[Player]", self.fields[name])
            field.queryset = Player.objects.filter(event=event)
        self.helper = button_helper(
            action,
            gettext("Keep apart"),
            button_id="submit-keep-apart",
            css="btn-primary",
        )
        self.helper.layout = Layout(
            Row(Column("player_a"), Column("player_b"), Column("note")), "version"
        )

    def clean(self) -> dict[str, Any] | None:
        data = super().clean()
        if (
            data is not None
            and data.get("player_a")
            and data.get("player_a") == data.get("player_b")
        ):
            raise forms.ValidationError(gettext("Choose two different players."))
        return data


class StartClockForm(StorableTextForm):
    """Start a round's clock now, or at the designated start time typed, a wall
    time in ``zone`` (the event's; default the current time zone): its most
    recent instant, up to an hour ahead (``heats.core.clock.typed_start``;
    tournament.md, Time).

    ``started`` is the round's recorded start when the page was drawn
    (``services.clock_state``): a second press finds the clock started (or
    corrected) since and changes nothing. ``clean_started`` is None when a client
    sent none (the view reads it as "not started").
    """

    at = forms.TimeField(
        label=_("Designated start (empty: now)"),
        required=False,
        widget=forms.TimeInput(attrs={"type": "time", "step": 60}),
    )
    started = forms.CharField(max_length=64, required=False, widget=forms.HiddenInput)

    def __init__(
        self,
        *args: Any,
        action: str = "",
        submit: str = "",
        button_id: str = "submit-start-clock",
        started: str = "",
        zone: tzinfo | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.zone = zone or timezone.get_current_timezone()
        self.fields["started"].initial = started
        self.helper = button_helper(
            action,
            submit or gettext("Start clock"),
            button_id=button_id,
            css="btn-outline-success",
        )
        self.helper.form_id = "start-clock-form"

    def clean_at(self) -> datetime | None:
        """The instant the time typed means (``clock.typed_start``); None for
        now. Refused when that time does not exist in the zone that day (the
        night the clocks go forward)."""
        at = self.cleaned_data["at"]
        if at is None:
            return None
        try:
            return clock.typed_start(at, timezone.now(), self.zone)
        except clock.WallTimeError as exc:
            raise forms.ValidationError(str(exc)) from None

    def clean_started(self) -> str | None:
        return self.cleaned_data["started"].strip() or None
