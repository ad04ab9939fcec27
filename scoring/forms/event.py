"""The event's own forms (crispy-forms, Bootstrap 5): a new event (``EventForm``)
and its Settings page (``EventSettingsForm``).

One set of fields and one check for both: the fields are the Event model's, the
semi layouts typed one size a line ("25: 5 5 5 5 5",
``heats.core.layout.parse_semi_layouts``), the time zone picked from the zones
the machine knows; the settings are checked by the service's rules
(``heats.services.events.settings_problems``), here and again when saved, so a page
and a command refuse the same values with the same words.
"""

from __future__ import annotations

from typing import Any, cast

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Submit
from django import forms
from django.utils.translation import gettext_lazy as _

from heats.core.clock import zone_names
from heats.core.layout import LayoutTextError, format_semi_layouts, parse_semi_layouts
from heats.core.paper import paper_for_zone
from heats.forms import (
    FORMAT_CHOICES,
    SEATING_POLICY_CHOICES,
    TIEBREAK_FORM_CHOICES,
    StorableTextForm,
)
from heats.models import (
    Event,
    EventFormat,
    TiebreakOrder,
    default_semi_layouts,
    default_time_zone,
)
from heats.services.event_admin import settings_of
from heats.services.events import EVENT_SETTINGS, SETTING_LABELS, settings_problems
from scoring.core.medici.rulesets import DEFAULT_RULESET, RULESETS

# The settings whose form fields are the model's own.
MODEL_SETTINGS = tuple(
    n for n in EVENT_SETTINGS if n not in ("semi_layouts", "time_zone")
)


def _zone_choices(current: str) -> list[tuple[str, str]]:
    names = list(zone_names())
    if current not in names:  # the server's, even when this machine lacks it
        names.insert(0, current)
    return [(name, name.replace("_", " ")) for name in names]


# Help under the fields the form takes from the Event model.
MODEL_HELP = {
    "slug": _(
        "Letters, digits, - and _: the event's web address, e.g. "
        "wbc2027 for /e/wbc2027/."
    ),
    "min_late_table": _("Late arrivals waiting before a late table forms (4–6)."),
    "format": _("How heat winners reach the semi-final and the final."),
    "tiebreaks": _(
        "The order of the tie-breakers that rank heat winners when more are "
        "present than seats, as announced for the event (WBC 2018: margin of "
        "victory, then a die roll)."
    ),
    "heat_minutes": _("At most 120 minutes."),
    "language": _(
        "The language of the public pages, the kiosk and the printouts "
        "(a visitor may choose another)."
    ),
    "paper": _(
        "The paper every print button lays out for (a link's "
        "?paper=a4 or ?paper=letter still overrides it)."
    ),
}


class EventSettingsForm(StorableTextForm):
    """Every setting of an event: name, rule set, format (tournament.md, Event
    formats: ``hmw`` unless chosen), heat settings (minutes after a heat's start,
    timer seconds), semi layouts and time zone, WBC defaults and
    the server's time zone filled in. ``clean_semi_layouts`` returns the
    layouts as the model stores them (``{"25": [5, 5, 5, 5, 5]}``); left empty,
    the standard ones. ``version`` is the settings' form version
    (``heats.services.event_admin.SETTINGS``)."""

    tidied = ("name",)
    with_slug = False
    versioned = True
    submit_label = _("Save settings")
    form_id = "settings-form"

    rules = forms.ChoiceField(
        label=SETTING_LABELS["rules"],
        choices=[(name, name) for name in sorted(RULESETS)],
        initial=DEFAULT_RULESET,
    )
    semi_layouts = forms.CharField(
        label=SETTING_LABELS["semi_layouts"],
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 5, "class": "font-monospace"}),
        help_text=_(
            "One semi-final size a line: the players, a colon, the tables "
            "(4, 5 or 6 players each), e.g. 25: 5 5 5 5 5. Empty: the standard "
            "sizes 16, 20, 25, 30 and 36."
        ),
    )
    time_zone = forms.ChoiceField(
        label=SETTING_LABELS["time_zone"],
        required=False,
        help_text=_("Every time typed or shown on the event's pages is in it."),
    )
    version = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        own = ("name", "slug") if self.with_slug else ("name",)
        # Lazy text, which Django takes (django-stubs asks for str).
        labels: dict[str, Any] = {n: SETTING_LABELS[n] for n in (*own, *MODEL_SETTINGS)}
        help_texts: dict[str, Any] = MODEL_HELP
        fields = forms.fields_for_model(
            Event,
            fields=(*own, *MODEL_SETTINGS),
            labels=labels,
            help_texts=help_texts,
        )
        # A client that sends no format, tie-breakers or language gets the
        # model's defaults, hmw, bpa and English.
        fields["format"].required = False
        fields["tiebreaks"].required = False
        fields["language"].required = False
        fields["paper"].required = False  # none sent: as before, else the zone's
        fields["format"].choices = FORMAT_CHOICES
        fields["tiebreaks"].choices = TIEBREAK_FORM_CHOICES
        fields["seating_policy"].choices = SEATING_POLICY_CHOICES
        mine = {n: self.fields.pop(n) for n in ("rules", "semi_layouts", "time_zone")}
        version = self.fields.pop("version")
        self.fields = {n: fields.pop(n) for n in own}
        self.fields.update(rules=mine["rules"], **fields)
        self.fields.update(semi_layouts=mine["semi_layouts"])
        self.fields.update(time_zone=mine["time_zone"])
        self.fields["paper"] = self.fields.pop("paper")  # after its time zone
        if self.versioned:
            self.fields.update(version=version)
        zone = self.initial.get("time_zone") or default_time_zone()
        cast(forms.ChoiceField, self.fields["time_zone"]).choices = _zone_choices(zone)
        self.fields["time_zone"].initial = zone
        self.fields["semi_layouts"].initial = format_semi_layouts(
            {int(s): t for s, t in default_semi_layouts().items()}
        )
        self.helper = FormHelper()
        self.helper.form_id = self.form_id
        self.helper.add_input(Submit("go", self.submit_label))

    @classmethod
    def initial_of(cls, event: Event) -> dict[str, Any]:
        """The form's initial values: ``event``'s settings as it shows them."""
        initial = settings_of(event)
        initial["semi_layouts"] = format_semi_layouts(event.semi_layout_map())
        return initial

    def read_only(self) -> None:
        """Show the settings without a way to change them (an assistant GM)."""
        for field in self.fields.values():
            field.disabled = True
        self.helper.inputs = []

    def clean_semi_layouts(self) -> dict[str, list[int]]:
        text = self.cleaned_data["semi_layouts"].strip()
        if not text:
            return default_semi_layouts()
        try:
            layouts = parse_semi_layouts(text)
        except LayoutTextError as exc:
            raise forms.ValidationError(exc.problems) from None
        return {str(size): list(tables) for size, tables in layouts.items()}

    def clean_format(self) -> str:
        """The chosen format (tournament.md, Event formats), the default
        (``hmw``) when none was sent."""
        return self.cleaned_data.get("format") or EventFormat.HMW

    def clean_tiebreaks(self) -> str:
        """The chosen HMW tie-break order (tournament.md, Advancement, 2), the
        default (``bpa``) when none was sent."""
        return self.cleaned_data.get("tiebreaks") or TiebreakOrder.BPA

    def clean_language(self) -> str:
        """The language of the public pages and printouts (``settings.LANGUAGES``),
        English when none was sent."""
        return self.cleaned_data.get("language") or "en"

    def clean_time_zone(self) -> str:
        return str(self.cleaned_data["time_zone"] or default_time_zone())

    def clean_paper(self) -> str:
        """The paper chosen; none (a new event's "from the time zone", a
        client sending none): the event's paper as shown, else the paper of the
        time zone (``heats.core.paper.paper_for_zone``)."""
        zone = self.cleaned_data.get("time_zone") or default_time_zone()
        chosen = self.cleaned_data.get("paper") or self.initial.get("paper")
        return str(chosen or paper_for_zone(zone))

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        # Layouts and zone are checked alone: their own errors do not hide the
        # other settings' (missing, they take their valid defaults).
        if all(name in data for name in MODEL_SETTINGS):
            given = {name: data[name] for name in EVENT_SETTINGS if name in data}
            for problem in settings_problems(given):
                self.add_error(None, problem)
        return data

    def settings(self) -> dict[str, Any]:
        """The settings as ``heats.services.events.create_event`` takes them."""
        return {name: self.cleaned_data[name] for name in EVENT_SETTINGS}

    def changes(self) -> dict[str, Any]:
        """Name, rule set and settings as ``scoring.services.events.edit_event`` takes
        them."""
        data = self.cleaned_data
        return {"name": data["name"], "rules": data["rules"], **self.settings()}


class EventForm(EventSettingsForm):
    """A new event: its short name (the web address) and every setting."""

    with_slug = True
    versioned = False
    submit_label = _("Create event")
    form_id = "event-form"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        paper = cast(forms.ChoiceField, self.fields["paper"])
        # Read back, choices are a list of pairs (django-stubs types the getter
        # as what the setter takes).
        given = cast(list[tuple[str, str]], paper.choices)
        paper.choices = [
            ("", _("From the time zone: Letter in the Americas, else A4")),
            *[c for c in given if c[0]],
        ]
        paper.initial = ""
