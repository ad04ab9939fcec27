"""Forms for results (crispy-forms, Bootstrap 5)."""

from __future__ import annotations

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Submit
from django import forms

from heats.core.errors import UserError
from heats.core.files import check_size, decode_utf8
from heats.models import Event
from heats.services import EVENT_SETTINGS, settings_problems
from scoring.core.medici.rulesets import DEFAULT_RULESET, RULESETS
from scoring.core.medici.sheet import MAX_SHEET_BYTES
from scoring.core.results_csv import MAX_FILE_BYTES, SIZE_ADVICE, decode_results


class UploadOrPasteForm(forms.Form):
    """A text document given as an uploaded file or pasted; ``clean`` puts the text
    in ``cleaned_data["content"]``. Subclasses set the labels, the button, the most
    bytes a document may have and how its bytes are decoded.

    The paste box has no ``maxlength``: a browser would cut a long paste short
    without a word, and a cut results file can look whole.
    """

    file_label = "File"
    text_label = "…or paste it"
    submit_label = "Send"
    text_rows = 8
    max_bytes = MAX_FILE_BYTES

    file = forms.FileField(required=False)
    text = forms.CharField(required=False)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["file"].label = self.file_label
        self.fields["text"].label = self.text_label
        self.fields["text"].widget = forms.Textarea(
            attrs={"rows": self.text_rows, "class": "font-monospace"}
        )
        self.helper = FormHelper()
        self.helper.form_enctype = "multipart/form-data"
        self.helper.add_input(Submit("send", self.submit_label))

    def decode(self, data: bytes) -> str:
        """The text of an uploaded file; UserError when it cannot be read."""
        return decode_utf8(data)

    size_advice = ""

    def clean_file(self) -> str | None:
        upload = self.cleaned_data.get("file")
        if upload is None:
            return None
        try:
            check_size(upload.size, self.max_bytes, advice=self.size_advice)
            return self.decode(upload.read())
        except UserError as exc:
            raise forms.ValidationError(exc.message) from None

    def clean_text(self) -> str:
        text = self.cleaned_data.get("text") or ""
        try:
            check_size(
                len(text.encode()), self.max_bytes, "The pasted text", self.size_advice
            )
        except UserError as exc:
            raise forms.ValidationError(exc.message) from None
        return text

    def clean(self) -> dict:
        data = super().clean()
        if data.get("file") and (data.get("text") or "").strip():
            raise forms.ValidationError(
                "Give a file or pasted text, not both: which one should count?"
            )
        content = data.get("file") or data.get("text") or ""
        if not content.strip() and not self.errors:
            raise forms.ValidationError("Choose a file or paste its text.")
        data["content"] = content
        return data


class ResultsImportForm(UploadOrPasteForm):
    """Upload or paste a results CSV (formats.md, Results CSV)."""

    file_label = "Results CSV file"
    text_label = "…or paste the CSV"
    submit_label = "Import results"
    size_advice = SIZE_ADVICE

    def decode(self, data: bytes) -> str:
        """The text of a results file, as ``import_results`` on the command line
        reads it (``decode_results``)."""
        return decode_results(data)

    replace = forms.BooleanField(
        required=False,
        label="Replace saved records the file contradicts (GMs only; old values kept)",
    )


class ScoresheetForm(UploadOrPasteForm):
    """Upload or paste one scoresheet (formats.md, Scoresheet JSON)."""

    file_label = "Scoresheet JSON file"
    text_label = "…or paste the JSON"
    submit_label = "Check and attach scoresheet"
    text_rows = 6
    max_bytes = MAX_SHEET_BYTES


class EventForm(forms.Form):
    """A new event: its short name (the web address), name, rule set and heat
    settings (minutes after a heat's start, timer seconds), WBC defaults filled in.
    The fields are the Event model's; the settings are checked by the service's
    rules (``heats.services.settings_problems``), here and again when saved."""

    rules = forms.ChoiceField(
        label="Rule set",
        choices=[(name, name) for name in sorted(RULESETS)],
        initial=DEFAULT_RULESET,
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        fields = forms.fields_for_model(
            Event,
            fields=("name", "slug", *EVENT_SETTINGS),
            labels={"slug": "Short name"},
            help_texts={
                "slug": "Letters, digits, - and _: the event's web address, "
                "e.g. wbc2027 for /e/wbc2027/.",
                "min_late_table": "Late arrivals waiting before a late table "
                "forms (4–6).",
            },
        )
        rules = self.fields.pop("rules")
        self.fields = {"name": fields.pop("name"), "slug": fields.pop("slug")}
        self.fields.update(rules=rules, **fields)
        self.helper = FormHelper()
        self.helper.form_id = "event-form"
        self.helper.add_input(Submit("go", "Create event"))

    def clean(self) -> dict:
        data = super().clean()
        if all(name in data for name in EVENT_SETTINGS):
            for problem in settings_problems(self.settings()):
                self.add_error(None, problem)
        return data

    def settings(self) -> dict:
        """The heat settings as ``heats.services.create_event`` takes them."""
        return {name: self.cleaned_data[name] for name in EVENT_SETTINGS}
