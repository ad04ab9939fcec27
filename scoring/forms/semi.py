"""Forms of the semi-final page's check-in and publication setting: the
presence of every player on the list in one save, and the automatic
publication of the list (``scoring.services.semi_final.save_semi_presence``,
``scoring.services.publishing.set_auto_publish``).

``clean_*`` return domain values: lists of player ids, booleans.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from crispy_forms.helper import FormHelper
from django import forms
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from heats.form_parts import Button
from heats.forms import StorableTextForm
from heats.models import Event
from heats.queries.versions import form_version
from scoring.queries.published import auto_publish_on
from scoring.services import publishing
from scoring.services import semi_final as rounds

# A player id as a form may send it: digits, short enough for any database.
MAX_ID_DIGITS = 12


class PlayerIdsField(forms.Field):
    """Player ids sent as one field repeated (``name=12&name=15``); cleans to
    ``[12, 15]``, in the order sent."""

    widget = forms.MultipleHiddenInput

    def to_python(self, value: Any) -> list[int]:
        values = [str(v).strip() for v in value or []]
        if any(not v.isdecimal() or len(v) > MAX_ID_DIGITS for v in values):
            raise forms.ValidationError(gettext("Unknown player."), code="unknown")
        return [int(v) for v in values]


class SemiPresenceForm(StorableTextForm):
    """The semi-final check-in in one save: ``shown``, the players the page
    listed with a tick box; ``present``, the boxes ticked; ``all_present``
    counts every shown player present (the "All present" box, which also ticks
    the boxes when scripts run); ``absent_rest`` marks the others absent.
    ``version``: ``form_version(event, SEMI_PRESENCE)`` when drawn."""

    shown = PlayerIdsField(required=False)
    present = PlayerIdsField(required=False)
    all_present = forms.BooleanField(label=_("All present"), required=False)
    absent_rest = forms.BooleanField(
        label=_(
            "Mark the players not ticked absent (their seats go to the next alternates)"
        ),
        required=False,
    )
    version = forms.CharField(max_length=64, required=False)

    def present_ids(self) -> set[int]:
        """The players saved as present: every shown one with "All present"."""
        data = self.cleaned_data
        return set(data["shown"] if data["all_present"] else data["present"])


class AutoPublishForm(StorableTextForm):
    """The event's setting "publish the semi-final list automatically" (GMs);
    ``version``: ``form_version(event, AUTO_PUBLISH)`` when drawn."""

    auto_publish = forms.BooleanField(
        label=_(
            "Publish the list again automatically after each presence save and "
            "each result change (once it has been published)"
        ),
        required=False,
    )
    version = forms.CharField(max_length=64, required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, action: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_action = action
        self.helper.form_id = "auto-publish-form"
        self.helper.add_input(
            Button(
                "save",
                gettext("Save setting"),
                css_class="btn-outline-secondary btn-sm",
                css_id="submit-auto-publish",
            )
        )


def presence_form_data(
    event: Event, rows: Sequence[Mapping[str, object]]
) -> dict[str, Any]:
    """What the semi-final page's check-in form needs: its ``version``
    (``SEMI_PRESENCE``) and the ids of the players listed with a tick box
    (``shown``: every row of the list not seated yet, in list order)."""
    return {
        "version": form_version(event, rounds.SEMI_PRESENCE),
        "shown": [row["pk"] for row in rows if row["status"] != "seated"],
    }


def auto_publish_form(event: Event) -> AutoPublishForm:
    """The automatic-publication setting's form, as the event has it now."""
    return AutoPublishForm(
        initial={
            "auto_publish": auto_publish_on(event),
            "version": form_version(event, publishing.AUTO_PUBLISH),
        },
        action=reverse("scoring:semi-auto-publish", kwargs={"event": event.slug}),
    )
