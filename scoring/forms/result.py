"""The GM's result entry form of one table (``ResultForm``): florins per seat,
the day time was called, and the second step a correction with consequences
needs (``scoring.services.results.UnconfirmedCorrectionError``).

Words:
draft scores
    What the form holds while the GM types (:meth:`ResultForm.draft_scores`): a
    value not typed yet, or not a valid number, is ``None``; the dry run
    (``result_check.check_table_results``) checks the rest.
seat grid
    Every seat's number, player and score inputs, and its check slot, drawn with
    the form's other fields by one template (``scoring/gm/_result_fields.html``,
    :meth:`ResultForm.seat_rows`).
check slot
    The place under each seat's inputs where the dry run's findings for that
    seat appear (``scoring/gm/_seat_check.html``, :meth:`ResultForm.slot`).
shown check
    The dry run as the pages show it (:attr:`ResultForm.check`): its findings in
    the reader's language (``scoring.wording``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Field, Layout
from django import forms
from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from heats.form_parts import Button, PartialFields
from heats.forms import StorableTextForm
from heats.models import Seat
from heats.queries.desk import shown_names
from scoring.core.reported import seating_signature
from scoring.core.results_csv import MAXIMUM
from scoring.queries.corrections import Consequences
from scoring.queries.result_check import ResultCheck, SeatScores, table_version
from scoring.wording import shown_check

SCORE_ATTRS = {"inputmode": "numeric", "pattern": "[0-9]*", "min": 0}


TIME_CALLED_CHOICES = [
    ("", gettext_lazy("No: the game was played out")),
    (1, gettext_lazy("Day 1")),
    (2, gettext_lazy("Day 2")),
    (3, gettext_lazy("Day 3")),
]


def _score_field(label: str, required: bool) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        min_value=0,
        max_value=MAXIMUM["florins"],
        required=required,
        widget=forms.NumberInput(attrs=SCORE_ATTRS),
    )


def _changeable(data: Mapping[str, Any]) -> QueryDict | dict[str, Any]:
    """A copy of a bound form's ``data`` to change: a request's QueryDict, or a
    dict (``Form.data`` is typed as a Mapping)."""
    return cast("QueryDict | dict[str, Any]", data).copy()


def _save_attrs(save_url: str) -> dict[str, str]:
    """The htmx attributes of the save buttons posting to ``save_url`` (none
    without one)."""
    if not save_url:
        return {}
    return {
        "hx-post": save_url,
        "hx-target": "#table-work",
        "hx-select": "#table-work",
        "hx-swap": "outerHTML",
        # Each save its own queue, not the form's: the live check, which
        # replaces the form's request, never cancels a save under way.
        "hx-sync": "this:drop",
    }


class ResultForm(StorableTextForm):
    """Day-1, day-2 and final florins for every seat of one table, and the day
    time was called, if it was.

    Fields are ``day1_<seat>``, ``day2_<seat>`` and ``final_<seat>``; the day
    scores are optional (tournament.md, Recording a table). ``time_called`` cleans
    to the day (1-3) or ``None`` (tournament.md, Heats: the game is time-called).

    With a ``check_url`` the form posts itself there as the GM types (htmx) and
    offers a "Check without saving" button for browsers without JavaScript;
    "Save and next table" is the ``next`` button. A correction with consequences
    is confirmed by ``confirm`` on the ``consequences`` shown (:meth:`confirmed`).
    """

    seating = forms.CharField(widget=forms.HiddenInput)
    # What the form showed (result_check.table_version): a save from a form drawn
    # before someone else's save is refused. Optional for scripted clients.
    version = forms.CharField(max_length=64, required=False, widget=forms.HiddenInput)
    # The key of the consequences shown (corrections.Consequences.key).
    consequences = forms.CharField(
        max_length=64, required=False, widget=forms.HiddenInput
    )
    confirm = forms.BooleanField(
        required=False,
        label=gettext_lazy(
            "I have read what this correction changes: save it all the same"
        ),
    )

    def __init__(
        self,
        *args: Any,
        seats: list[Seat],
        check_url: str = "",
        save_url: str = "",
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.seats = seats
        self._check: ResultCheck | None = None
        self.asked: Consequences | None = None
        self.fields["seating"].initial = self.seating_signature(seats)
        self.fields["version"].initial = table_version(seats)
        for seat in seats:
            n = seat.number
            self.fields[f"day1_{n}"] = _score_field(_("After day 1"), False)
            self.fields[f"day2_{n}"] = _score_field(_("After day 2"), False)
            # The score, not the round: the round's "Final" is another word.
            label = pgettext("final florins", "Final")
            self.fields[f"final_{n}"] = _score_field(label, True)
            # In bold; the classes crispy gives come after (PartialFields).
            self.fields[f"final_{n}"].widget.attrs["class"] = "fw-bold"
        self.fields["time_called"] = forms.TypedChoiceField(
            label=_("Time called on day"),
            choices=TIME_CALLED_CHOICES,
            coerce=int,
            empty_value=None,
            required=False,
            help_text=_(
                "When time ran out, the day being played is scored and the "
                "game ends: the scores stand as recorded."
            ),
        )
        self.helper = FormHelper()
        self.helper.form_id = "result-form"
        scores = (f"{d}_{s.number}" for s in seats for d in ("day1", "day2", "final"))
        self.helper.layout = Layout(
            PartialFields(
                "scoring/gm/_result_fields.html",
                "seating",
                "version",
                "consequences",
                *scores,
                "time_called",
            )
        )
        self._add_buttons(check_url, save_url)

    def _add_buttons(self, check_url: str, save_url: str) -> None:
        """Save (the default: Enter without JavaScript), save and next, and the
        check; the live check posts the form to ``check_url`` 0.4 s after the
        last keystroke, a newer check replacing one still running. With a
        ``save_url`` the form posts there, and with JavaScript the saves are
        htmx's: the answer's part ``#table-work`` replaces the page's (the next
        table's form, or on the round page the table panel emptied)."""
        button = "btn-lg mt-3 me-2"
        saves = _save_attrs(save_url)
        if save_url:
            self.helper.form_action = save_url
        self.helper.add_input(
            Button(
                "save", _("Save results"), css_class=f"btn-primary {button}", **saves
            )
        )
        self.helper.add_input(
            Button(
                "next",
                _("Save and next table"),
                css_class=f"btn-success {button}",
                **saves,
            )
        )
        if not check_url:
            return
        self.helper.add_input(
            Button(
                "check",
                _("Check without saving"),
                css_class=f"btn-outline-secondary {button}",
                formaction=check_url,
            )
        )
        self.helper.attrs = {
            "hx-post": check_url,
            "hx-trigger": "input changed delay:400ms",
            "hx-target": "#result-check",
            "hx-sync": "this:replace",
        }

    @property
    def check(self) -> ResultCheck | None:
        """The dry run as the page shows it (``result_check.check_table_results``,
        set by the view), its findings in the active language; None before a
        dry run."""
        return self._check

    @check.setter
    def check(self, value: ResultCheck | None) -> None:
        self._check = shown_check(value)

    @staticmethod
    def seating_signature(seats: list[Seat]) -> str:
        """Who sat where when the form was drawn: the seating signature
        ("seat:player id" pairs, ``scoring.core.reported``), which a players'
        report stores too."""
        return seating_signature(seats)

    def clean(self) -> dict[str, Any]:
        """Refuse a form drawn before the table's seating changed (a swap): its
        scores would land on the wrong players."""
        super().clean()
        data = self.cleaned_data
        current = self.seating_signature(self.seats)
        if data.get("seating") != current:
            # The page drawn again shows today's names; sending it again is fine.
            self.data = _changeable(self.data)
            self.data["seating"] = current
            raise forms.ValidationError(
                _(
                    "The seating of this table changed after this form was opened "
                    "(a swap?): check the names and enter the results again."
                )
            )
        return data

    def show_saved(self, seats: list[Seat]) -> None:
        """Draw the form again with the table's saved values and version (after a
        save refused because someone else saved first)."""
        self.data = _changeable(self.data)
        for name, value in self.initial_for(seats).items():
            self.data[name] = "" if value is None else str(value)
        self.data["version"] = table_version(seats)
        self.data["seating"] = self.seating_signature(seats)

    @classmethod
    def initial_for(cls, seats: list[Seat]) -> dict[str, int | None]:
        """Initial values from the saved records and table (editing a result)."""
        # Empty until a result is saved: the page tells "saved" from "new" by it.
        initial: dict[str, int | None] = {}
        for seat in seats:
            record = getattr(seat, "record", None)
            if record is not None:
                initial[f"day1_{seat.number}"] = record.day1
                initial[f"day2_{seat.number}"] = record.day2
                initial[f"final_{seat.number}"] = record.final
                initial["time_called"] = seat.table.time_called
        return initial

    def time_called(self) -> int | None:
        """The day time was called (1-3), or ``None`` for a game played out."""
        day: int | None = self.cleaned_data.get("time_called")
        return day

    def scores(self) -> list[SeatScores]:
        """The cleaned values as ``SeatScores``, seat order; a value not typed,
        or not valid, is ``None`` (the draft scores of a form being filled)."""
        data = self.cleaned_data
        return [
            SeatScores(
                s.number,
                data.get(f"day1_{s.number}"),
                data.get(f"day2_{s.number}"),
                data.get(f"final_{s.number}"),
            )
            for s in self.seats
        ]

    def typed_errors(self, number: int) -> list[str]:
        """Seat ``number``'s errors on values typed ("Final: Ensure this value is
        greater than or equal to 0."); a value not typed yet is no error here."""
        found = self.errors.as_data() if self.is_bound else {}
        return [
            # Translators: a score field's label and its error, "Final: Ensure…".
            _("%(field)s: %(error)s")
            % {"field": self.fields[name].label, "error": error.messages[0]}
            for name in (f"day1_{number}", f"day2_{number}", f"final_{number}")
            for error in found.get(name, [])
            if error.code != "required"
        ]

    def seat_rows(self) -> list[dict[str, Any]]:
        """The seat grid's rows, seat order: ``number``, the player's ``name``
        (told apart from namesakes, ``heats.queries.desk.shown_names``; text:
        the template escapes it, never reads it as template source, or a player
        named ``{{ request.COOKIES.sessionid }}`` would print the viewer's
        session, issue 7), the seat's bound ``fields`` (day 1, day 2, final) and
        its check ``slot`` (:meth:`slot`)."""
        rows = []
        players = [seat.player for seat in self.seats]
        names = shown_names(players[0].event_id, players) if players else {}
        for seat in self.seats:
            n = seat.number
            rows.append(
                {
                    "number": n,
                    "name": names[seat.player_id],
                    "fields": [self[f"{d}_{n}"] for d in ("day1", "day2", "final")],
                    "slot": self.slot(n),
                }
            )
        return rows

    def slot(self, number: int, *, errors: bool = False) -> dict[str, Any]:
        """The context of seat ``number``'s check slot: its findings in the dry
        run ``self.check``, root first (``groups``), and, with ``errors``,
        :meth:`typed_errors`."""
        groups = self.check.seat_groups()[number] if self.check else []
        typed = self.typed_errors(number) if errors else []
        return {"number": number, "groups": groups, "errors": typed}

    def ask_confirmation(self, consequences: Consequences) -> None:
        """Draw the form again as the second step of a correction: the
        ``consequences`` key kept, ``confirm`` offered and not ticked."""
        self.asked = consequences
        self.data = _changeable(self.data)
        self.data["consequences"] = consequences.key
        self.data.pop("confirm", None)
        self.helper.layout.append(Field("confirm", wrapper_class="mt-3 fw-bold"))

    def confirmed(self) -> str | None:
        """The key of the consequences the GM confirmed, or ``None``."""
        if not self.cleaned_data.get("confirm"):
            return None
        key: str = self.cleaned_data.get("consequences", "")
        return key or None
