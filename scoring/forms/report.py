"""The players' report form of one table (``ReportForm``): the GM's result
entry form (``scoring.forms.result.ResultForm``: florins per seat, the day time
was called, the same live rules check) with the reporting seat, sent without a
login through the table's report link (tournament.md, "Reported results").
"""

from __future__ import annotations

import secrets
from typing import Any

from crispy_forms.layout import Field
from django import forms
from django.utils.translation import gettext, gettext_lazy

from heats.form_parts import Button
from heats.models import Seat
from heats.queries.desk import shown_names
from scoring.forms.result import ResultForm


class ReportForm(ResultForm):
    """:class:`ResultForm` with ``reporter``, the seat sending the report, and
    one button, "Send report"; the live check posts to ``check_url``.
    ``nonce`` is a random key drawn with the form: the same post sent again
    (a double press, a replay) is stored once."""

    nonce = forms.RegexField(
        regex=r"\A[0-9a-f]{32}\Z",
        required=False,
        widget=forms.HiddenInput,
        error_messages={"invalid": gettext_lazy("Not a key of this form.")},
    )

    def __init__(
        self, *args: Any, seats: list[Seat], check_url: str = "", **kwargs: Any
    ) -> None:
        super().__init__(*args, seats=seats, check_url=check_url, **kwargs)
        players = [s.player for s in seats]
        names = shown_names(players[0].event_id, players) if players else {}
        self.fields["nonce"].initial = secrets.token_hex(16)
        self.helper.layout.append(Field("nonce"))
        self.fields["reporter"] = forms.TypedChoiceField(
            label=gettext("Who is reporting?"),
            choices=[("", gettext("Choose your seat"))]
            + [
                (
                    s.number,
                    gettext("Seat %(seat)s: %(player)s")
                    % {"seat": s.number, "player": names[s.player_id]},
                )
                for s in seats
            ],
            coerce=int,
        )
        self.helper.layout.insert(3, Field("reporter"))

    def _add_buttons(self, check_url: str, save_url: str = "") -> None:
        self.helper.add_input(
            Button(
                "send",
                gettext("Send report"),
                css_class="btn-primary btn-lg mt-3 w-100",
            )
        )
        if check_url:
            self.helper.attrs = {
                "hx-post": check_url,
                "hx-trigger": "input changed delay:400ms",
                "hx-target": "#result-check",
                "hx-sync": "this:replace",
            }

    def clean(self) -> dict[str, Any]:
        """:meth:`ResultForm.clean`; a damaged ``nonce`` is named as the form's
        error (it is hidden)."""
        data = super().clean()
        if "nonce" in self.errors:
            nonce_error = self.errors.pop("nonce")
            raise forms.ValidationError(
                gettext("The form was damaged (%(error)s): open the link again.")
                % {"error": nonce_error.as_text().lstrip("* ")}
            )
        return data

    def nonce_key(self) -> str:
        """The form's random key (empty: a client that sent none)."""
        key: str = self.cleaned_data.get("nonce") or ""
        return key

    def reporter(self) -> int:
        """The reporting seat's number."""
        seat: int = self.cleaned_data["reporter"]
        return seat


class AutoConfirmForm(forms.Form):
    """The event's setting: two identical reports from two seats confirm."""

    two_reports_confirm = forms.BooleanField(required=False)
